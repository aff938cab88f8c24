"""Terse numbers questions (probe of 2026-11-29, h_calc): "we've got $1.2M/yr for UA. installs?".

* Two capitals after "for" / "in" are a place only when they are a state's postal code: "for UA" (user
  acquisition) named a market "UA" and sent the turn to a search (:func:`agent.offline.places._code`);
* a budget stated and a result asked by its name alone ("installs?", "so, leads?") asks how many of them the
  budget buys — the result named, not the last working's (:func:`agent.offline.buyask.bare`).
Wording of our own, on kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.buyask import bare
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

GAMES = ["gaming cpi?", "we've got $1.2M/yr for UA. installs?"]
APPS = ["what does an install cost for a fitness app on tiktok", "we've got $300k/yr for UA. installs?"]


def test_capitals_after_a_preposition():
    assert_unseen(GAMES, APPS)  # the wording here is no data set's
    assert parse(GAMES[1]).geographies == []
    assert parse("budget is 20k for QA tooling").geographies == []
    assert parse("how many new parents are there in TX?").geographies  # a state's code still is one
    assert parse("what about for LA?").geographies


def test_a_result_named_alone():
    assert bare(parse(GAMES[1])).unit == "installs"
    assert bare(parse("ok $40k a month, so leads?")).unit == "leads"
    assert bare(parse("we spent $40k and got 300 leads?")).calc is None  # two figures: no bare ask
    assert bare(parse("installs?")).calc is None  # no budget
    assert bare(parse("we have $40k, is that enough for leads?")).calc is None  # a question of its own


def test_a_result_named_alone_on_the_shipped_kb(shipped_engine):
    _, (text, calls) = turns(shipped_engine, GAMES)
    assert {"vertical": "gaming", "metric": "CPI"} in calls, calls
    assert "$1,200,000 ÷ $5 = 240,000 installs" in text and "$1,200,000 ÷ $2.50 = 480,000 installs" in text, text
    (_, _), (_, _), (leads, lead_calls) = turns(shipped_engine, GAMES + ["ok $40k a month, so leads?"])
    assert {"vertical": "gaming", "metric": "CPL"} in lead_calls and "installs" not in leads, leads  # not the last unit


def test_a_result_named_alone_on_a_plain_text_kb(kb_txt2_engine):
    _, (text, _) = turns(kb_txt2_engine, APPS)
    assert "$300,000 ÷ $2.30 ≈ 130,435 installs" in text, text


CLINIC = ["healthcare clinic, 20 grand a month. patients?", "what if budget drops 25%"]
SKIRTS = ["pinterest cpm for womenswear", "10k budget - impressions?"]


def test_any_counted_plural_named_alone():
    assert_unseen(CLINIC, SKIRTS)
    assert bare(parse("10k budget - impressions?")).calc.per_thousand  # bought by the thousand
    assert bare(parse("15k/month on google, clicks?")).unit == "clicks"
    for text in ("we have $40k, thoughts?", "$40k - costs?", "20k a month, benchmarks?"):
        assert bare(parse(text)).calc is None, text  # no result counted


def test_a_bare_result_is_remembered_as_a_working(shipped_engine):
    (first, _), (cut, _) = turns(shipped_engine, CLINIC)
    assert "$20,000 ÷ $300 ≈ 67 patients" in first, first
    assert "$20,000 × (1 − 25%) = $20,000 × 0.75 = $15,000" in cut and "$15,000 ÷ $300 = 50 patients" in cut, cut


def test_impressions_named_alone_on_a_plain_text_kb(kb_txt2_engine):
    _, (text, _) = turns(kb_txt2_engine, SKIRTS)
    assert "$10,000 ÷ $6 × 1,000 ≈ 1,666,667 impressions" in text, text
