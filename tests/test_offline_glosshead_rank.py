"""A section headed with the KB's own term for what the question says in everyday words is a contender for the answer
(agent.offline.glosshead.headed, weighed in agent.offline.reader) — unless its document's title says the term too.
Own wording only, on the shipped KB and the plain-text kb_txt3."""
from __future__ import annotations

from pathlib import Path

from agent.offline import glosshead
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = "is it ever fine not to bother with an A/B test?"
RAINY = "how much should we hold back for a rainy day?"
LIST = "can we upload our list of customers to meta for ads?"


def test_a_heading_saying_the_term_whole_is_counted_by_its_words(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    terms = glosshead.heads(SKIPPED)
    assert glosshead.headed(terms, "When not to test", "step-09-testing-design.md › Costs › When not to test") == 4
    assert glosshead.headed(terms, "Prioritizing candidate tests", "step-09-testing-design.md › Building a test roadmap") == 0
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    terms = glosshead.heads(RAINY)
    assert glosshead.headed(terms, "Section 5 - Test Reserve", "spend_and_pacing_rules.txt › Section 5 - Test Reserve")
    assert not glosshead.headed(terms, "Section 1 - Launch Shortlist", "spend_and_pacing_rules.txt › Section 1")


def test_a_term_the_document_title_says_heads_no_section_in_particular(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    terms = glosshead.heads(LIST)
    heading = "Why first-party data matters in the MPA-10 framework"  # the list is the KB's first-party data, …
    assert glosshead.headed(terms, heading, "elsewhere.md › " + heading) == 3
    # … which every section of the document titled so is about: its heading saying it picks out none
    assert glosshead.headed(terms, heading, "first-party-data.md › " + heading) == 0


def test_the_section_filed_under_the_term_answers(shipped_engine, kb_txt3_engine, monkeypatch):
    said = answer_on(shipped_engine, [SKIPPED], monkeypatch, str(ROOT / "kb"))
    assert "trivially reversible" in said  # "When not to test", not the A/B test's use case
    said = answer_on(kb_txt3_engine, [RAINY], monkeypatch, str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    assert "Hold 15%" in said


def test_own_wording_is_unseen():
    assert_unseen([SKIPPED, RAINY, LIST])
