"""Whose figures the quoted passage states is read from the KB's own row labels, never from the file's name
(agent.offline.ownrow.other_verticals): a plain-text KB may file a universities section under a name about software.
Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, ownrow
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ASK = "coding bootcamp owner: ballpark price for a single inquiry?"


def _section(kb: Path, name: str, start: str, length: int) -> dict:
    text = (kb / name).read_text()
    return {"source": f"{name} › Some section", "text": text[text.index(start):][:length]}


def test_the_wording_is_its_own():
    assert_unseen([ASK])


def test_a_section_filed_under_another_business_is_named_by_its_own_rows(kb_txt2_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(ASK).assistant
    assert "$240-295" in answer, answer
    note, quoted = answer.split("\n\n", 1)  # whose figures they are is said first (h_declfig), then the figures
    assert "figures below are for Online MBA Programs" in note and "$240-295" in quoted, answer
    assert "saas" not in note.lower(), answer  # the file name is cited, never named as the business


def test_the_labels_are_the_rows_the_answer_quotes_from_the_passage(monkeypatch):
    kb = ROOT / "tests" / "fixtures" / "kb_txt2"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    rows = _section(kb, "b2b_saas_and_finance_costs.txt", "COST PER INQUIRY", 400)
    assert ownrow.other_verticals(None, [rows], "MBA: $240-295, community college: $38") == [
        "Online MBA Programs", "Community College Programs"]
    assert ownrow.other_verticals(None, [rows]) == ["Online MBA Programs", "Nursing Degree Programs",
                                                    "Undergraduate Admissions", "Community College Programs"]
    cards = _section(kb, "b2b_saas_and_finance_costs.txt", "COST PER APPROVED APPLICATION", 300)
    assert ownrow.other_verticals(None, [cards]) == ["Credit Cards"]  # platform rows: the business they are listed for
    # prose with no figure the KB labels, in a file named after software, that never says software: nobody's
    prose = _section(kb, "b2b_saas_and_finance_costs.txt", "An inquiry is a request", 150)
    assert ownrow.other_verticals(None, [prose]) == []


def test_the_shipped_kb_still_names_the_vertical_of_its_benchmark_documents(monkeypatch):
    kb = ROOT / "kb"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    table = _section(kb, "benchmarks-cpg.md", "| CPCV", 200)
    assert ownrow.other_verticals(None, [table]) == ["cpg"]
    assert ownrow.other_verticals("cpg", [table]) == []  # the conversation's own business: no note
    prose = _section(kb, "benchmarks-cpg.md", "### CPG seasonal", 300)  # names CPG in its own words
    assert ownrow.other_verticals("travel", [prose]) == ["cpg"]
