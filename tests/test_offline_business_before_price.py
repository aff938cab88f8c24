"""The words before "cost per <unit>" are whose price it is (probe of 2026-11-29, h_calc): "med spa cost per lead"
asked the med spa's cost per lead and also a "cost per med spa" the KB has none of, which the answer then said it
lacks; "plumber cost per click" likewise. "<noun> cost" still prices the noun when no "per …" follows ("what a
click cost"). Wording of our own, on kb_txt2, kb_txt and kb/."""
from __future__ import annotations

from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SPA, PLUMBER, SHIPPED = "med spa cost per lead", "plumber cost per click", "ecommerce brand cost per acquisition"


def test_readings():
    assert_unseen([SPA, PLUMBER, SHIPPED])  # the wording here is no data set's
    assert parse(SPA).metrics == ["CPL"] and not parse(SPA).metric_phrases
    assert parse(PLUMBER).metrics == ["CPC"] and not parse(PLUMBER).metric_phrases
    assert "CPL" in parse("what does a lead cost").metrics  # a noun before "cost" alone is still priced
    assert "CPI" in parse("tell me what an install costs").metrics


def test_on_the_plain_text_kbs(kb_txt2_engine, kb_txt_engine):
    (spa, calls), = turns(kb_txt2_engine, [SPA])
    assert [c.get("metric") for c in calls] == ["CPL"] and "$61-74" in spa and "no " not in spa, (calls, spa)
    (plumber, calls), = turns(kb_txt_engine, [PLUMBER])
    assert all(c.get("metric") == "CPC" for c in calls if "metric" in c) and "$4.90-5.40" in plumber, plumber


def test_on_the_shipped_kb(shipped_engine):
    (text, calls), = turns(shipped_engine, [SHIPPED])
    assert {"vertical": "ecommerce", "metric": "CPA"} in calls and "$22–$40" in text, (calls, text)
