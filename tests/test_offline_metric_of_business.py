"""A later turn asking another metric's value of the business the conversation is about — "what's their CPV",
"what's the ctr then" — looks that business's figure up (agent/offline/metricask.of_business): with no range word
and no business named it was only searched, quoting a definition on the shipped KB and declining on a KB whose
passages do not repeat the business beside each figure. A platform's figure asked ("whats pinterest cpm like?") or a
year's stays the platform's / a forecast. On the shipped KB and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import metricask
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_KB = [("cac for an online store?", "what's the ctr then", "0.9%–1.6%"),
       ("what's a typical cac for a travel company", "what would the cpc be", "$0.60–$1.40")]
_TXT = [("tiktok cpm for universities", "what's their CPV", "$0.032"),
        ("pinterest cpc for home decor brands", "what's the cpm", "$6.20-7.10")]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([t for case in _KB + _TXT for t in case[:2]])


@pytest.mark.parametrize("text,asked", [("what's the ctr then", True), ("what would the cpc be", True),
                                        ("whats pinterest cpm like", False), ("what will CPCs be in 2031?", False),
                                        ("what does CPM mean", False), ("how do I lower the cpc", False)])
def test_a_value_asked_of_the_business_talked_about(text, asked):
    metric = "CTR" if "ctr" in text else "CPM" if "cpm" in text.lower() else "CPC"
    assert metricask.of_business(text, [metric], "ecommerce") is asked
    assert metricask.of_business(text, [metric], None) is False  # no business talked about: nothing to carry


@pytest.mark.parametrize("first,then,figure", _KB)
def test_another_metric_of_the_same_business_on_the_shipped_kb(shipped_engine, first, then, figure):
    out, calls = turns(shipped_engine, [first, then])[1]
    assert any(c.get("metric") in ("CTR", "CPC") for c in calls), calls
    assert figure in out and "Typical" in out, out


@pytest.mark.parametrize("first,then,figure", _TXT)
def test_another_metric_of_the_same_business_on_a_plain_text_kb(kb_txt2_engine, monkeypatch, first, then, figure):
    out = answer_on(kb_txt2_engine, [first, then], monkeypatch, "tests/fixtures/kb_txt2")
    assert figure in out and "does not contain" not in out and "has no" not in out, out
