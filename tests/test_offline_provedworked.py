""""How would we know if it worked?" answered from the measurement section of the page the answer drew on
(agent.offline.provedworked), in wording of our own on kb/ and a plain-text fixture KB."""
from __future__ import annotations

from pathlib import Path

from agent.offline import provedworked
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

HIGHWAY = "we're putting up three billboards by the highway, how would we tell if they worked?"
WORKFLOW = "following the planning workflow, how do we tell whether our campaign worked?"
FIXTURES = Path(__file__).parent / "fixtures"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(HIGHWAY, WORKFLOW)


def test_how_to_tell_whether_it_worked_in_plain_english():
    for q in (HIGHWAY, WORKFLOW, "can we even prove the radio spots did anything?", "how do i check whether the promo paid off"):
        assert provedworked.asks_proof(q), q
    for q in ("what worked best for others like us?", "how do billboards work?", "will it work for a bakery?"):
        assert not provedworked.asks_proof(q), q


def test_the_shipped_kb_reads_the_channel_page_s_measurement_section(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).parents[1] / "kb"))
    got = turns(shipped_engine, [HIGHWAY])[-1]
    assert got[0].startswith("Based on Knowledge Base [channel-ooh#") and "control markets" in got[0], got


def test_the_plain_text_kb_reads_its_measurement_step(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(FIXTURES / "kb_txt"))
    got = turns(kb_txt_engine, [WORKFLOW])[-1]
    assert got[0].startswith("Based on Knowledge Base [planning_workflow_steps#") and "success will be judged" in got[0], got
