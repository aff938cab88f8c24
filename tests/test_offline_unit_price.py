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
