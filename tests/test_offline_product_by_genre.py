"""A business named by the product it makes — a genre and the device it runs on — and a budget named but not given.

* "we're building a roguelike for the switch": the device after "for"/"on" is where the product runs, never the
  business; the product being made is, and a genre without its medium's noun is a game (agent.offline.madefor).
* "the summer promo has a budget of its own …, how many sign-ups": the remembered budget is not that one, so it is
  asked for (agent.offline.otherbudget); a forecast whose counted noun is followed by its own subject ("… bookings
  the relaunch will land") asks for budget and price (agent.offline.planinputs.result_count).
Wording of our own, checked unseen; on kb/ and on the plain-text KB kb_txt2 (its "Mobile Games" rows).
"""
from __future__ import annotations

import pytest

from agent.offline.madefor import as_business, is_device
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

DEVICES = ["phones", "the switch", "ios and android", "pc and console", "tablets"]
NOT_DEVICES = ["bakery", "phone repair shop", "switchgear supplier"]
GAME_CHATS = [["small studio here, we're developing a city builder for tablets. whats typical cost per install?",
               "with 8k how many installs is that"]]
OTHER_BUDGET = ["we run two furniture stores. whats a typical cac for retail",
                "with 6,000 a month how many new customers at both ends",
                "the summer promo has a budget of its own, apart from the monthly one. how many sign-ups would it bring"]
OWN_SUBJECT = ["we want to predict how many new bookings the relaunch will land, can you do that for us"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(GAME_CHATS[0], OTHER_BUDGET, OWN_SUBJECT)


@pytest.mark.parametrize("phrase", DEVICES)
def test_devices_are_where_a_product_runs(phrase):
    assert is_device(phrase)


@pytest.mark.parametrize("phrase", NOT_DEVICES)
def test_businesses_are_not_devices(phrase):
    assert not is_device(phrase) and as_business(phrase) == phrase


def test_a_game_made_for_a_device_gets_the_gaming_install_price_and_keeps_it(shipped_engine):
    (first, calls), (second, _) = turns(shipped_engine, GAME_CHATS[0])
    assert calls and "gaming" in first and "$2.50–$5.00" in first, first
    assert "3,200 installs" in second and "1,600 installs" in second, second


def test_on_a_plain_text_kb_the_game_is_its_mobile_games_row(kb_txt2_engine, monkeypatch):
    got = answer_on(kb_txt2_engine, ["we're developing a cozy sim on mobile, typical cpi?"], monkeypatch,
                    "tests/fixtures/kb_txt2")
    assert "Mobile Games" in got and "$0.85-1.10" in got, got


def test_a_budget_of_its_own_not_given_is_asked_for(shipped_engine):
    got = turns(shipped_engine, OTHER_BUDGET)[-1][0]
    assert got.rstrip().endswith("?") and "budget for the summer promo" in got and "÷" not in got, got


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt2_engine"])
def test_a_forecast_whose_count_has_its_own_subject_asks_for_the_budget(kb, request):
    got = turns(request.getfixturevalue(kb), OWN_SUBJECT)[-1][0]
    assert got.rstrip().endswith("?") and "budget" in got and "Based on Knowledge Base" not in got, got


ENDS_NO_PREPOSITION = [("the board raised it to 9k. leads both ends?", "leads"),
                       ("ok 14k now, sign-ups either end again", "sign-ups")]


@pytest.mark.parametrize("text,unit", ENDS_NO_PREPOSITION)
def test_a_count_at_both_ends_said_without_its_preposition_is_worked(text, unit):
    from agent.offline.parse import parse

    assert_unseen([text])
    p = parse(text)
    assert p.unit == unit and p.calc is not None and p.asks_count
