"""A price metric asked in plain words instead of its initials (agent/offline/priceforms.py UNIT_FORMS and
pronoun_priced): "how much per <unit>", "the price of one <unit>", "what do those cost" after a counted
noun — the metric whose "cost per …" name counts that unit, looked up for the business on the shipped KB
and the plain-text fixture KB. A word merely mentioned, or a price of something no metric counts, is no
lookup. Wording of this file's own (checked against every seen data set)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

NOT_PRICED = [
    "our leads are low quality, why?",
    "how much per month should a bakery put into search?",
    "what's the cost of a campaign relaunch for a car dealer?",
    "we get plenty of clicks but few sales, how come?",
    "how expensive is the rebrand for a grocery chain?",
    "how many leads per click does a webinar bring?",
]
ON_BOTH = {
    "shipped_engine": ("How much per lead would a software company pay, typically?", "CPL"),
    "kb_txt_engine": ("how much per lead does a solar installer typically pay?", "CPL"),
}
_CLICKS = "Thinking about clicks now. What do those cost for hotels, typically?"


def test_wording_is_own():
    assert_unseen(NOT_PRICED, [t for t, _ in ON_BOTH.values()], _CLICKS)


@pytest.mark.parametrize("text", NOT_PRICED)
def test_a_word_mentioned_or_a_price_no_metric_counts_is_no_metric(text):
    p = parse(text)
    assert p.metrics == [] and p.metric_phrases == []


def _calls(engine, text):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return c.send(text).tool_calls


@pytest.mark.parametrize("kb_engine", list(ON_BOTH))
def test_the_lookup_asks_for_the_metric_on_either_kb(kb_engine, request):
    text, metric = ON_BOTH[kb_engine]
    bench = [t for t in _calls(request.getfixturevalue(kb_engine), text) if t["name"] == "get_benchmark"]
    assert bench and all(t["input"]["metric"] == metric for t in bench)


@pytest.mark.parametrize("kb_engine", ["shipped_engine", "kb_txt_engine"])
def test_those_points_back_at_the_counted_noun(kb_engine, request):
    bench = [t for t in _calls(request.getfixturevalue(kb_engine), _CLICKS) if t["name"] == "get_benchmark"]
    assert bench and bench[0]["input"] == {"vertical": "travel", "metric": "CPC"}


@pytest.mark.parametrize("kb_engine", ["shipped_engine", "kb_txt_engine"])
def test_a_mentioned_word_is_no_benchmark_lookup(kb_engine, request):
    assert not any(t["name"] == "get_benchmark" for t in _calls(request.getfixturevalue(kb_engine), NOT_PRICED[0]))


# a causative price: the person is got to do something, and what they do is the unit
CAUSED = "what's it cost in ads to get a pet owner to book a call with our vet clinic?"
SEEN = "roughly what does it cost to get a thousand folks to see an ad for our bakery?"


def test_a_person_got_to_act_is_priced_by_the_act(kb_txt2_engine, monkeypatch):
    """"What does it cost to get a family to book a tour?" prices a booked tour, not a family (kb_txt10's daycare
    scenario asked for "cost per family" and declined): on kb_txt2, whose vet clinics have a "cost per booked call" —
    only a unit some price counts: a thousand people got to see an ad is no "seed ad"."""
    assert_unseen([CAUSED, SEEN])
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    engine = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine))
    answer = engine.send(CAUSED).assistant
    assert "$46-55" in answer and "Veterinary Clinics" in answer, answer
    assert "cost per booked call" in parse(CAUSED).metric_phrases and "cost per pet owner" not in parse(CAUSED).metric_phrases
    assert not any("seed" in m for m in parse(SEEN).metric_phrases)
