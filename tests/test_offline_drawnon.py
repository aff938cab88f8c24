"""A section in a document the conversation's answers cited, found by meaning (agent.offline.drawnon and
meaningsearch.drawn/read/query with ``cited``), in wording of our own on a small hand-written KB: a user's own-words
question about their business is searched and quoted from the lower floor; questions the KB cannot answer, and
a section in a document the conversation never cited, keep the decline."""
from __future__ import annotations

import pytest

from agent.offline import drawnon, meaningsearch
from agent.offline.toolread import ToolOutcome
from tests.test_offline_meaningsearch import (BLADES, DECLINED, OURS_OFF, PRUNING, WATERING, _found, garden_kb,  # noqa: F401
                                              needs_encoder)

# own wording: no word of "Watering schedule" is said ("watering" is not "water"? it is: so ask without it)
DRY = "my tomatoes look droopy by the afternoon in july, how often should they get a soak?"
CITED = frozenset({"garden"})


def _empty(query: str) -> ToolOutcome:
    return _found(query)


def test_the_documents_cited_by_earlier_answers():
    said = ["Based on Knowledge Base [benchmarks-healthcare#1]: CPL runs $40–$90.", "Hello!",
            "Per [measurement_and_testing#3] and [budget_and_channel_mix#0] …"]
    assert drawnon.files(said) == {"benchmarks-healthcare", "measurement_and_testing", "budget_and_channel_mix"}
    assert drawnon.stem("benchmarks-healthcare.md") == "benchmarks-healthcare"
    assert drawnon.stem("measurement_and_testing.txt") == "measurement_and_testing"


def test_without_the_encoder_nothing_changes(garden_kb):
    assert meaningsearch.drawn(DRY, [_empty(DRY)], CITED) is None


@needs_encoder
def test_a_section_of_a_cited_document_is_searched_before_the_word_retries(meaning, garden_kb):
    near = meaningsearch.nearest(DRY, [_empty(DRY)])
    assert near and near[0].path[-1] == "Watering schedule" and meaningsearch.HELD <= near[1], near
    assert meaningsearch.drawn(DRY, [_empty(DRY)], CITED) == "Garden care playbook Watering schedule"
    assert meaningsearch.drawn(DRY, [_empty(DRY)], frozenset({"shed"})) is None  # not a document it cited
    assert meaningsearch.drawn(DRY, [_empty(DRY)], frozenset()) is None
    assert meaningsearch.drawn(DRY, [_found(DRY, PRUNING)], CITED) is None  # a search found something: the reader's


@needs_encoder
def test_the_held_section_of_a_cited_document_is_quoted(meaning, garden_kb):
    outcomes = [_found(DRY, BLADES, WATERING)]
    got = meaningsearch.read(DRY, outcomes, DECLINED, 3, CITED)
    assert got and got.startswith("Based on Knowledge Base [garden#1]: Water tomato"), got


@needs_encoder
def test_off_topic_questions_keep_the_decline_in_a_cited_document(meaning, garden_kb):
    for q in OURS_OFF:
        assert meaningsearch.drawn(q, [_empty(q)], CITED | {"shed"}) is None, q
        outcomes = [_found(q, WATERING, PRUNING, BLADES)]
        assert meaningsearch.read(q, outcomes, DECLINED, 3, CITED | {"shed"}) is None, q
        assert meaningsearch.query(q, outcomes, DECLINED, CITED | {"shed"}) is None, q


def test_what_a_cited_section_needs_besides_meaning(garden_kb):
    secs = meaningsearch.sections(str(garden_kb.resolve()))
    water = next(s for s in secs if s.path[-1] == "Watering schedule")
    assert drawnon.drew(DRY, water, True, CITED, secs)
    assert not drawnon.drew(DRY, water, False, CITED, secs)  # not near enough in meaning
    assert not drawnon.drew(DRY, water, True, frozenset({"shed"}), secs)  # a document no answer cited
    assert not drawnon.drew("my tomatoes droop by 3pm in july, how often a soak?", water, True, CITED, secs)  # a figure
    assert not drawnon.drew("is the weather in july good for a picnic?", water, True, CITED, secs)  # one word shared
    lead = meaningsearch.Section("garden.md", ("Garden care playbook",), water.text)
    assert not drawnon.drew(DRY, lead, True, CITED, secs)  # the document's lead
    shown = meaningsearch.Section("garden.md", ("Garden care playbook", "Worked example: a dry July"), water.text)
    assert not drawnon.drew(DRY, shown, True, CITED, secs)  # an illustration


# own wording, on the shipped KB: a clinic's conversation, then a pixel on condition pages in the user's words
CLINIC = "i handle ads for a chain of audiology practices. what does a lead usually cost in healthcare?"
PIXEL = "is it alright to have the facebook pixel firing on our tinnitus info pages?"
PIXEL_TOO = "can we use the meta pixel on pages about specific injuries and conditions?"
WEATHER = "will it rain on our open day this saturday?"


def test_the_wording_here_is_not_dataset_wording():
    from tests.test_offline_meaningsearch import ROOT
    corpus = " ".join(p.read_text(encoding="utf-8").lower() for d in (
        "datasets", "tests/fixtures/paraphrase", "tests/fixtures/paraphrase_holdout", "tests/fixtures/paraphrase_holdout2",
        "tests/fixtures/paraphrase_holdout4", "tests/fixtures/paraphrase_holdout11", "tests/fixtures/paraphrase_holdout12",
        "tests/fixtures/kb_txt_datasets") for p in (ROOT / d).rglob("*.json*"))
    for phrase in [DRY, CLINIC, PIXEL, PIXEL_TOO, WEATHER]:
        assert phrase.lower() not in corpus, phrase


@pytest.mark.slow  # a cold cache encodes every section of kb/
@needs_encoder
def test_the_shipped_kb_answers_from_the_business_page_and_keeps_declining(meaning, monkeypatch, shipped_engine):
    from tests.offline_turns import turns
    from tests.test_offline_meaningsearch import ROOT
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    for asked in (PIXEL, PIXEL_TOO):
        first, got = turns(shipped_engine, [CLINIC, asked])
        assert "[benchmarks-healthcare#" in first[0]
        assert got[0].startswith("Based on Knowledge Base [benchmarks-healthcare#") and "Tracking pixels" in got[0], got
    assert turns(shipped_engine, [CLINIC, WEATHER])[-1][0] == DECLINED


@pytest.mark.slow  # a cold cache encodes every section of kb_txt
@needs_encoder
def test_the_plain_text_kb_keeps_off_topic_questions_declined_in_its_cited_documents(meaning, monkeypatch):
    from tests.test_offline_meaningsearch import ROOT
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    cited = frozenset({"measurement_and_testing", "social_platform_benchmarks", "budget_and_channel_mix",
                       "glossary_and_methodology", "ctv_programmatic_cpm", "planning_workflow_steps"})
    for q in [*OURS_OFF, WEATHER, "what's the best pizza place near our office?"]:
        assert meaningsearch.drawn(q, [_empty(q)], cited) is None, q
