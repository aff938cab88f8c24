"""Benchmark questions that name the business, the metric or the platform loosely (own wording:
``tests/unseen_wording.py``). The probe ``bench/probe_benchmarks.py`` runs whole conversations;
these pin each rule on its own."""
from __future__ import annotations

import pytest

from agent.offline.metricnames import loosely_named, spread
from agent.offline.parse import parse
from mpa import resolve
from mpa.labels import match_labels
from tests.unseen_wording import assert_unseen

LOOSE = {
    "what return would be healthy on our ad spend?": "ROAS",
    "how often do shoppers click on those banners": "CTR",
    "how often do visitors buy something": "CVR",
    "what share of the users who tap the ad then sign up for a trial": "CVR",
    "how many of those visits turn into paying members": "CVR",   # "those": who is counted follows
}


def test_wording_is_own():
    assert_unseen(list(LOOSE))


def test_what_a_unit_is_worth_or_a_budget_is_no_price():
    assert parse("how much is one subscriber worth over a year").metric_phrases == []
    assert parse("how much is a budget of 40k going to buy").metric_phrases == []
    assert "CPC" not in parse("is the conversion rate per click any good").metrics


@pytest.mark.parametrize("text,metric", LOOSE.items())
def test_a_metric_said_around_other_words_is_named(text, metric):
    assert [k for _, k in loosely_named(text.lower())] == [metric]


def test_a_short_name_spread_out_is_chance():
    assert spread("the cost of our ads per click") == []          # two content words: too likely chance
    assert spread("return, on the other hand, ad spend") == []     # across a clause


LABELS = ["Solar", "Home Improvement and Roofing", "Senior Living", "Pet Supplies", "Fitness and Gyms"]


@pytest.fixture(autouse=True)
def _meaning_restored():
    """The tests below plug in their own similarity (or none); the one plugged in before them (the
    sentence encoder, agent/__init__.py) is put back after each, or every later test in this worker
    would resolve businesses with no meaning at all (tests/test_business_resolution.py failed so, in
    whichever order put this file first)."""
    saved = list(resolve._MEANING)
    yield
    resolve._MEANING[:] = saved


def _fake(nearest: dict[str, str]):
    """A similarity that puts each phrase nearest one label (and everything else far)."""
    def sims(phrase, texts):
        return [0.8 if nearest.get(phrase) == t else 0.1 for t in texts]
    return sims


def test_another_word_of_the_phrase_names_the_label_when_meaning_agrees():
    resolve.use_meaning(_fake({"solar farm developer": "Solar", "burial homes": "Senior Living"}))
    try:
        assert match_labels("solar farm developer", LABELS) == ["Solar"]
        assert match_labels("burial homes", LABELS) == ["Senior Living"]  # meaning alone, far ahead of the rest
    finally:
        resolve.use_meaning(None)


def test_without_meaning_only_the_first_word_names_a_label():
    resolve.use_meaning(None)
    assert match_labels("solar farm developer", LABELS) == ["Solar"]  # first word: the word rule itself
    assert match_labels("seaside solar", LABELS) == []
    assert match_labels("burial homes", LABELS) == []


def test_a_word_shared_with_a_label_meaning_rejects_names_nothing():
    resolve.use_meaning(_fake({"burial homes": "Senior Living"}))
    try:
        resolve.MEANING_ALONE, old = 0.9, resolve.MEANING_ALONE  # meaning alone not sure enough
        assert match_labels("burial homes", LABELS) == []  # "homes" is in Home Improvement, but it means otherwise
    finally:
        resolve.MEANING_ALONE = old
        resolve.use_meaning(None)


def test_a_word_only_one_introduction_says_with_meaning_names_its_key():
    texts = {"health": "clinics, dental and vision practices", "cars": "car dealers and used-car retailers"}
    names = {"health": ["clinics", "dental", "vision practices"], "cars": ["car dealers", "used-car retailers"]}
    resolve.use_meaning(lambda p, ts: [0.7 if t == "dental" else 0.2 for t in ts])
    try:
        assert resolve.by_word_and_meaning("orthodontic and dental offices", texts, names) == "health"
    finally:
        resolve.use_meaning(None)
    assert resolve.by_word_and_meaning("orthodontic and dental offices", texts, names) is None  # no meaning: no guess


def test_a_unit_no_label_words_is_priced_by_the_nearest_unit_only_without_doubt():
    labels = {"CPI": "CPI (cost per install)", "CPC": "CPC (cost per click)", "ROAS": "ROAS (return on ad spend)"}
    resolve.use_meaning(lambda p, ts: [0.7 if (p, t) == ("app fetch", "install") else 0.2 for t in ts])
    try:
        assert resolve.unit_by_meaning("cost per app fetch", labels) == "CPI"
        assert resolve.unit_by_meaning("cost per store walk-in", labels) is None  # nothing near enough
        assert resolve.unit_by_meaning("return per app fetch", labels) is None    # not a price
    finally:
        resolve.use_meaning(None)


def test_a_longer_follow_up_naming_one_metric_alone_is_a_follow_up():
    assert parse("and what about the typical share of visitors that go on to become members").followup
    assert not parse("and what about the typical share of visitors if we spend $9k on a new landing page").followup
