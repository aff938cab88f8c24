"""A KB's figure asked in other everyday words than its name (session 36, from the misses on the blind kb_txt12 and
kb_txt13), a platform asked without its owner's name, and the end of a rate the last answer quoted — each checked on
the KB it was found on and another, with phrasings of our own:

* "cost per scheduled appointment" is a "cost per booked visit" / "cost per booked job", "percentage that turn up" a
  "show-up rate", "estimate win rate" a "quote-to-visit rate", "cost per enquiry" a CPL (:mod:`mpa.wordkin`);
* "local services ads" is the KB's "Google Local Services Ads";
* "the bottom of that close rate" after an answer quoting "38-45%" works the KB's ceiling rule at 38%.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from mpa.captions import platforms_in_kb
from mpa.facts import kb_facts
from mpa.wordkin import akin, kin_metric
from tests.unseen_wording import assert_unseen

FIX = Path(__file__).resolve().parent / "fixtures"


@lru_cache(maxsize=None)
def _bench(kb: str) -> tuple:
    docs = [(p.name, p.read_text()) for p in sorted((FIX / kb).glob("*.txt"))]
    return tuple(f for f in kb_facts(docs) if f.kind == "benchmark" and f.vertical)


def _of(kb: str, *verticals: str) -> list:
    return [f for f in _bench(kb) if f.vertical in verticals]


@pytest.mark.parametrize("kb, verticals, asked, meant", [
    ("kb_txt13", ("Septic pumping services",), "cost per scheduled appointment", "cost per booked visit"),
    ("kb_txt13", ("Pole fitness studios",), "percentage that turn up", "show-up rate"),
    ("kb_txt13", ("Window cleaners",), "estimate win rate", "quote-to-visit rate"),
    ("kb_txt13", ("Pressure washing crews",), "cost per enquiry", "CPL"),
    ("kb_txt13", ("Chimney Sweep Profile",), "share of autumn bookings", "jobs booked in autumn"),
    ("kb_txt13", ("Chimney Sweep Profile",), "returning client share", "repeat within two years"),
    ("kb_txt12", ("Tree Removal Crews",), "cost per job on the schedule", "cost per booked job"),
    ("kb_txt12", ("Tree Removal Crews",), "call close rate", "call-to-job rate"),
    ("kb_txt12", ("Walk-In Flash Shops",), "flaking rate", "no-show rate"),
    ("kb_txt12", ("Custom Tattoo Studio Profile",), "share of customers who come back", "return within a year"),
])
def test_a_figure_asked_in_other_words(kb, verticals, asked, meant):
    assert_unseen(asked)
    assert kin_metric(asked, _of(kb, *verticals)) == meant


@pytest.mark.parametrize("kb, verticals, asked", [
    ("kb_txt13", ("Septic pumping services",), "cost per booked demo"),  # a word the figure does not say
    ("kb_txt13", ("Septic pumping services",), "show-up rate"),  # the vertical states none
    ("kb_txt13", ("Pole fitness studios",), "booked visit rate"),  # its rates say no booked visit
    ("kb_txt12", ("Tree Removal Crews",), "cost per customer"),  # a person alone names no figure
])
def test_nothing_the_words_do_not_mean(kb, verticals, asked):
    assert kin_metric(asked, _of(kb, *verticals)) is None


def test_a_quoted_figure_shares_a_word_with_the_ask():
    assert akin("cost per enquiry", ["cost per qualified inquiry"]) and not akin("cost per booked event", ["cost per qualified inquiry"])


@pytest.mark.parametrize("kb", ["kb_txt13", "kb_txt12"])
def test_a_platform_asked_without_its_owners_name(kb):
    stated = {f.platform for f in _bench(kb) if f.platform}
    assert platforms_in_kb("local services ads", stated) == {"Google Local Services Ads"}
    assert platforms_in_kb("services ads", stated | {"Bing Services Ads"}) == set()  # two names end so: none


@pytest.mark.parametrize("kb, said, answered, shown", [
    ("kb_txt9", "we clear about $2,000 gross profit a customer in year one; at the bottom of that close rate, what's "
                "the most we can pay per consultation?", "the consultation-to-contract rate figures are: 38-45% [x#1]",
     "$2,000 × 38% × 0.50 = $380"),
    ("kb_txt2", "a customer leaves us $900 of gross profit. at the top of that conversion rate, what's the allowable "
                "cost per lead?", "the lead-to-customer rate figures are: 18–24% [y#2]", "$900 × 24% × 0.50 = $108"),
])
def test_the_end_of_a_rate_the_last_answer_quoted(kb, said, answered, shown, monkeypatch):
    from agent.offline import kbcostrule, planmath
    from tests.test_kb_cost_rule import _served
    assert_unseen(said)
    _served(monkeypatch, FIX / kb)
    lines, _ = kbcostrule.work(said, "", answered, None, planmath.asks_most_per_unit)
    assert shown in lines[-1], lines
    lines, _ = kbcostrule.work(said, "", answered + " and 50–60% [z#3]", None, planmath.asks_most_per_unit)
    assert lines[0].startswith("?")  # two ranges quoted: which one is not guessed


@pytest.mark.parametrize("kb, asked", [
    ("kb_txt13", "of everyone who books that free class, how many actually show?"),
    ("kb_txt10", "and of the groups that book, how many really show?"),
])
def test_a_rate_named_by_a_verb_terms_drop_is_asked_by_that_verb(kb, asked):
    from agent.offline.ownrate import asked as rate_asked
    assert_unseen(asked)
    rates = sorted({f.metric for f in _bench(kb) if f.metric.endswith(" rate")})
    assert [n for _, n in rate_asked(asked, rates)] == [next(r for r in rates if r.startswith("show"))]


@pytest.mark.parametrize("kb, asked, meant", [
    ("kb_txt12", "of those bookings, how many people never show?", "no-show rate"),
    ("kb_txt12", "how full do workshops like that tend to get? our classes I mean", "class fill rate"),
    ("kb_txt9", "what share of siblings sign up as well?", "sibling enrollment rate"),
])
def test_a_rate_asked_in_its_kin_words(kb, asked, meant):
    from agent.offline.ownrate import asked as rate_asked
    assert_unseen(asked)
    rates = sorted({f.metric for f in _bench(kb) if f.metric.endswith(" rate")})
    assert [n for _, n in rate_asked(asked, rates)] == [meant]


def test_an_event_attended_is_no_business():
    from agent.offline.business import business
    assert business("and how many of them skip the consultation?") is None
    assert business("how many just never turn up for the session?") is None
    assert business("what does a click cost for a massage studio?").phrase == "massage studio"


@pytest.mark.parametrize("kb", ["kb", "tests/fixtures/kb_txt13"])
def test_what_one_ends_up_spending_is_no_trade(kb, monkeypatch):
    from agent.offline.parse import parse
    monkeypatch.setenv("MPA_KB_DIR", str(FIX.parents[1] / kb))
    said = ["We run a little climbing wall. What do we end up paying in ads for each member who joins?",
            "I run a dog grooming van. what do I wind up spending on ads for each pet owner who books?"]
    assert_unseen(said)
    assert [parse(s).business_phrase for s in said] == ["little climbing wall", "dog grooming van"]


def _section(kb: str, name: str, start: str, end: str) -> dict:
    text = (FIX / kb / name).read_text()
    return {"id": f"{name[:-4]}#1", "text": text[text.index(start):text.index(end)]}


OWN_MIX = {"id": "mix#0", "text": "WHAT DOES A FIRST MONTH LOOK LIKE?\nCHANNEL        FLORIST    BAKERY\n"
                                  "Instagram      50%        30%\nGoogle search  35%        55%\nTest money     15%        15%\n"}


@pytest.mark.parametrize("passage, business, shown", [
    (("kb_txt13", "budgets_rules_and_owner_faq.txt", "HOW SHOULD THE FIRST", "7.2 A SPLIT"), "we sweep chimneys",
     "$8,000 × 45% = $3,600 (Google Ads search)"),
    (("kb_txt13", "budgets_rules_and_owner_faq.txt", "HOW SHOULD THE FIRST", "7.2 A SPLIT"), "a pool cleaning crew",
     "$8,000 × 35% = $2,800 (Meta)"),
    (OWN_MIX, "our little bakery", "$8,000 × 55% = $4,400 (Google search)"),
])
def test_a_mix_per_kind_of_business_is_worked_for_the_one_named(passage, business, shown):
    from agent.offline import splitrule
    ps = _section(*passage) if isinstance(passage, tuple) else passage
    asked = "We have $8,000 a month. How would you divvy it up?"
    assert_unseen(asked)
    out = splitrule.apply(asked, "", [ps], (business, ""))
    assert out and shown in out, out
    assert splitrule.apply(asked, "", [ps], ("", "")) is None  # no business named: no kind's mix is guessed


def test_that_amount_divided_is_the_budget():
    from agent.offline.antecedent import budget_it
    for asked in ["I've got $3,000 a month. How would you parcel that out?", "we have $9k monthly, how do we divvy this up"]:
        assert_unseen(asked)
        assert "split the budget" in budget_it(asked), budget_it(asked)
    assert budget_it("the CPC is $3. is that high?") == "the CPC is $3. is that high?"


@pytest.mark.parametrize("kb, vertical, asked, platform, value", [
    ("kb_txt12", "Junk Removal Haulers", "price per call", "Local Services Ads", "$19-28"),
    ("kb_txt13", "Chimney sweeps", "cost per enquiry", "local services ads", "$31–44"),
])
def test_the_figure_the_platform_asked_states_under_a_kin_name(kb, vertical, asked, platform, value):
    from mpa.wordkin import on_platform
    m, facts = on_platform(asked, _of(kb, vertical), platform)
    assert m == "CPL" and [f.value for f in facts] == [value]
    assert on_platform(asked, _of(kb, vertical), "TikTok") is None  # stated on no such platform: nothing
