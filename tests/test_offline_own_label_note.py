"""A file's name is no label it states (agent.offline.gaps): on a plain-text KB whose benchmark file is named after
one vertical but lists several businesses' figures, a question naming a business by the KB's own label, answered
with that label's figure, gets no "the figures above are <the file's vertical>'s" note. Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, ownrow
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ASK = "online mba program here, what's a single inquiry cost us"


def test_the_wording_is_its_own():
    assert_unseen([ASK])


def test_a_business_the_passage_names_by_the_kbs_label_gets_no_other_verticals_note(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(ASK).assistant
    assert "$240-295" in answer, answer
    assert "figures above are" not in answer, answer



def test_only_a_row_label_the_question_names_in_full_counts(monkeypatch):
    """The guard: a business the KB has no row for ("coding bootcamp"), or names only in part ("mba"), is not
    stated by a passage listing other programmes, so the note stays."""
    kb = ROOT / "tests" / "fixtures" / "kb_txt2"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    text = (kb / "b2b_saas_and_finance_costs.txt").read_text()
    passages = [{"source": "b2b_saas_and_finance_costs.txt", "text": text[text.index("COST PER INQUIRY"):][:400]}]
    asks = ["online mba program here, what's a single inquiry cost us", "our coding bootcamp here, what's a single inquiry cost us",
            "mba, what's a single inquiry cost us"]
    assert_unseen(asks)
    assert [ownrow.stated(a, passages) for a in asks] == [True, False, False]
