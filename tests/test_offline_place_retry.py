"""A market of the KB's own named in the user's words (probe of 2026-11-29, h_calc): "how many recent home buyers
in orlando" — the place typed in lower case and by its first city ("Orlando-Daytona Beach"), so the sizing tool was
asked for the nation and said it sizes the audience only for three markets; one of them was named, so it is asked
again for it (:mod:`agent.offline.placeretry`), and follow-ups name the others loosely ("st louis?", "and
sacramento"; :func:`agent.offline.places.sized_place`). A place the user asked for that the KB lacks stays said.
Wording of our own, on kb_txt2 and kb/."""
from __future__ import annotations

from agent.offline.places import sized_place
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

BUYERS = ["how many recent home buyers in orlando", "st louis?", "and sacramento"]
RETIREES = ["our client sits in Tampa. how many retirees are there in Tampa and in Florida?"]
SIZED = ["Orlando-Daytona Beach", "Sacramento-Stockton-Modesto", "St. Louis"]


def test_readings():
    assert_unseen(BUYERS, RETIREES)  # the wording here is no data set's
    assert sized_place("in orlando", SIZED) == "Orlando-Daytona Beach"  # a hyphenated market by its first city
    assert sized_place("st louis?", SIZED) == "St. Louis"  # its dot optional
    assert sized_place("and stockton", SIZED) is None  # a later city is no market's name
    assert sized_place("orlando or st louis?", SIZED) is None  # two: none


def test_a_market_by_its_first_city_on_a_plain_text_kb(kb_txt2_engine):
    (first, calls), (louis, _), (sac, _) = turns(kb_txt2_engine, BUYERS)
    assert {"audience_type": calls[0]["audience_type"], "geography": "Orlando-Daytona Beach"} in calls, calls
    assert "143,000" in first and "not contain" not in first, first
    assert "76,000" in louis and "104,000" in sac, (louis, sac)


def test_a_place_asked_and_missing_stays_said_on_the_shipped_kb(shipped_engine):
    (text, _), = turns(shipped_engine, RETIREES)
    assert "5.0 million" in text and "Tampa" in text, text
