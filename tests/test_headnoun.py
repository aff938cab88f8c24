"""A business phrase whose head names another trade than the label its modifier shares (mpa/headnoun.py): a "wedding
planner" is no "Wedding Venues" — on the plain-text kb_txt2 and kb_txt3 (the shipped KB's verticals are named by
the vocabulary, which this rule does not read). Wording of this file's own."""
from __future__ import annotations

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from mpa.fact_lookups import find_benchmarks
from mpa.headnoun import head, other_trade
from tests.offline_turns import turns
from tests.test_offline_kb_markets import TXT2, TXT3
from tests.unseen_wording import assert_unseen

TEXT = "we're a wedding planner. pinterest cpc?"


def test_wording_is_own():
    assert_unseen(TEXT)


def test_the_head_is_the_last_word_of_the_name_singular():
    assert head("wedding planners") == "planner" and head("dog walking company") == "walking"


@pytest.mark.parametrize("phrase,label", [("wedding planner", "Wedding Venues"), ("dog walker", "Dog Grooming"),
                                          ("wedding caterer", "Wedding Venues")])
def test_another_trades_doer_is_no_match(meaning, phrase, label):
    assert other_trade(phrase, label)


@pytest.mark.parametrize("phrase,label", [("pet groomer", "Dog Grooming"), ("roofing contractor", "Roofing Contractors"),
                                          ("divorce lawyer", "Family Law and Divorce Attorneys"),
                                          ("solar panels", "Solar Installers"), ("planner", "Wedding Venues"),
                                          ("card issuer", "Credit Cards"), ("solar farm developer", "Solar"),
                                          ("bookkeeping clerk", "Bookkeeping Services"),
                                          ("window washer", "Window Washing Companies")])
def test_the_same_trade_goods_a_form_word_or_one_word_are_left_alone(meaning, phrase, label):
    assert not other_trade(phrase, label)   # "lawyer" and "Attorneys" by meaning; a lone word is rule 3's


@pytest.mark.parametrize("fixture,kb", [("kb_txt2_engine", TXT2), ("kb_txt3_engine", TXT3)])
def test_no_venue_figures_for_a_planner(request, monkeypatch, meaning, fixture, kb):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    engine = request.getfixturevalue(fixture)
    assert find_benchmarks(engine, "wedding venue", "CPC").result    # the label itself still answers
    assert not find_benchmarks(engine, "wedding planner", "CPC").result
    [(_, calls)] = turns(engine, [TEXT])
    assert {"vertical": "wedding planner", "metric": "CPC", "platform": "Pinterest"} in calls, calls


def test_without_an_encoder_the_word_match_stands():
    assert not other_trade("wedding planner", "Wedding Venues")   # the suite's default: meaning off


def test_a_doer_of_the_work_a_label_sells_as_a_service_keeps_it(meaning):
    """ "tax preparers" do the work "Accountants and Tax Services" sells (kb_txt's Microsoft Ads CPC row); a
    venue is no service, so a photographer still is not one."""
    assert not other_trade("tax preparers", "Accountants and Tax Services")
    assert other_trade("wedding photographer", "Wedding Venues")
