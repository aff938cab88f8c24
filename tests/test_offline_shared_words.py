"""The word lists several readers share — the calendar (agent.offline.calendarwords), the words naming a campaign
(agent.offline.campaignwords) and the ends of a range (agent.offline.endwords) — read alike by every reader built from
them, in wording of our own, on kb/ and a plain-text fixture KB: a campaign the copies once missed ("the autumn
pilot", "the winter test") is named in the budget asked for."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import askshape, business, chainback, otherbudget, ownquestion, perperiod, places, planinputs, roles, whenask
from agent.offline.calendarwords import MONTH_SHORT, MONTHS, SEASONS, WEEKDAYS
from agent.offline.campaignwords import CAMPAIGN
from agent.offline.endwords import HIGH_END, LOW_END
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

KB_TURNS = ["we're a b2b software startup. the autumn pilot has its own budget though, how many leads would it bring in?"]
TXT_TURNS = ["we run a food bank. the winter test has a separate budget, how many donors would that get us?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(KB_TURNS, TXT_TURNS)


def test_the_budget_asked_for_names_the_campaign_on_the_shipped_and_a_plain_text_kb(shipped_engine, kb_txt3_engine,
                                                                                    monkeypatch):
    got = turns(shipped_engine, KB_TURNS)[-1]
    assert got[0].startswith("To work that out") and "budget for the autumn pilot" in got[0] and not got[1], got
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).parent / "fixtures" / "kb_txt3"))
    got = turns(kb_txt3_engine, TXT_TURNS)[-1]
    assert got[0].startswith("To work that out") and "budget for the winter test" in got[0] and not got[1], got


@pytest.mark.parametrize("word", CAMPAIGN)
def test_every_campaign_word_is_a_campaign_to_each_reader(word):
    assert business._OCCASION.search(f"the spring {word}")  # no business
    assert roles._FOR_A_PUSH.match(f" {word}")  # "$20k for a {word}": that campaign's budget, no unit price
    assert otherbudget.need(parse(f"the spring {word} has its own budget, how many leads?")) == f"budget for the spring {word}"
    assert planinputs._OWN_EFFORT.search(f"will this {word} bring in 40 leads")
    assert not roles._WHOLE_STAY.match(f" over the whole {word}")  # a campaign's span, not a customer's stay
    assert perperiod.asked(f"what's that per month over the {word}?") == ("month", None, None)  # a period asked, no more


@pytest.mark.parametrize("month", MONTHS)
def test_every_month_is_a_time_to_each_reader(month):
    assert business._TIME.match(f"{month} sale")
    assert whenask.CALENDAR.search(f"most bookings come in {month}")
    assert places._NOT_NAMED_PLACE.match(month.capitalize())
    assert ownquestion.asks_own(f"should we spend more in {month}?") is (month != "may")  # "may" is the verb as often


def test_short_months_days_and_seasons_are_times():
    for w in MONTH_SHORT + SEASONS:
        assert business._TIME.match(f"{w} sale") and ownquestion.asks_own(f"should we spend more in {w}?"), w
    for w in MONTH_SHORT:
        assert whenask.CALENDAR.search(f"most bookings come in {w}"), w
    for w in WEEKDAYS:
        assert business._TIME.match(f"{w} deals") and places._NOT_NAMED_PLACE.match(w.capitalize()), w


def test_every_end_word_names_its_end_to_each_reader():
    for w in HIGH_END:
        assert parse(f"how many leads at the {w} end?").end == "high" and business._RANGE_END.match(f"{w} end"), w
        assert chainback._TOP.search(f"at the {w} end") and not chainback._LOW.search(f"at the {w} end"), w
    for w in LOW_END:
        assert parse(f"how many leads at the {w} end?").end == "low" and business._RANGE_END.match(f"{w} end"), w
        assert chainback._LOW.search(f"at the {w} end") and not chainback._TOP.search(f"at the {w} end"), w
    assert askshape._BOTH_ENDS.search(f"the {HIGH_END[-1]} and {LOW_END[-1]} case")
