""""How would we know if it worked?" answered from the measurement section of the page the answer drew on
(agent.offline.provedworked), in wording of our own on kb/ and a plain-text fixture KB."""
from __future__ import annotations

from pathlib import Path

from agent.offline import provedworked
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

HIGHWAY = "our city lets us rent two billboards near the stadium. how will i ever know whether they worked?"
WORKFLOW = "following the planning workflow, how do we tell whether our campaign worked?"
DECLINED = "The knowledge base does not contain information that answers this question. I can't answer that from the knowledge base."
FIXTURES = Path(__file__).parent / "fixtures"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(HIGHWAY, WORKFLOW)


def test_how_to_tell_whether_it_worked_in_plain_english():
    for q in (HIGHWAY, WORKFLOW, "we're putting up three billboards, how would we tell if they worked?", "can we even prove the radio spots did anything?", "how do i check whether the promo paid off"):
        assert provedworked.asks_proof(q), q
    for q in ("what worked best for others like us?", "how do billboards work?", "will it work for a bakery?"):
        assert not provedworked.asks_proof(q), q


def test_the_shipped_kb_reads_the_channel_page_s_measurement_section(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).parents[1] / "kb"))
    got = turns(shipped_engine, [HIGHWAY])[-1]
    assert got[0].startswith("Based on Knowledge Base [channel-ooh#") and "control markets" in got[0], got


def _searched(engine, query: str):
    from agent.offline.toolread import read_outcome
    from mpa.tools import ToolExecutor
    r = ToolExecutor(engine).execute("search_knowledge_base", {"query": query, "top_k": 8})
    return read_outcome("search_knowledge_base", {"query": query}, r.content, r.is_error)


def test_the_plain_text_kb_reads_its_measurement_step_after_a_decline(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(FIXTURES / "kb_txt"))
    first = [_searched(kb_txt_engine, "planning workflow steps objectives")]  # the workflow's page ranked first
    q = provedworked.query(WORKFLOW, first, DECLINED)
    assert q == "Media Planning Workflow - Version 6.6 Step 9 - Measurement Design", q
    assert provedworked.query(WORKFLOW, first, "Based on Knowledge Base [planning_workflow_steps#2]: …") is None  # answered
    got = provedworked.read(WORKFLOW, first + [_searched(kb_txt_engine, q)], 3)
    assert got and got.startswith("Based on Knowledge Base [planning_workflow_steps#") and "success will be judged" in got, got
    assert provedworked.query("which step sets the budget?", first, DECLINED) is None


SIGN = "how would we ever know if the sign did anything? no one clicks a sign"


def test_a_question_naming_no_channel_carries_the_page_the_last_answer_cited(shipped_engine, kb_txt_engine, monkeypatch):
    assert_unseen(SIGN)
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).parents[1] / "kb"))
    other = [_searched(shipped_engine, "glossary of terms")]  # a page with no measurement section ranked first
    said = ["Based on Knowledge Base [channel-ooh#7]: Roadside bulletins …"]
    assert provedworked.query(SIGN, other, DECLINED, said) == "Out-of-home playbook Measurement via geo-lift"
    assert provedworked.query(SIGN, other, DECLINED) is None  # nothing carried, nothing of its own
    monkeypatch.setenv("MPA_KB_DIR", str(FIXTURES / "kb_txt"))
    other = [_searched(kb_txt_engine, "starting splits by objective")]
    said = ["Based on Knowledge Base [planning_workflow_steps#3]: …"]
    assert provedworked.query(SIGN, other, DECLINED, said) == "Media Planning Workflow - Version 6.6 Step 9 - Measurement Design"
