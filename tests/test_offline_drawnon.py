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
