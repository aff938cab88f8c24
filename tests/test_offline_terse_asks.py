"""Terse numbers questions (probe of 2026-11-29, h_calc): "we've got $1.2M/yr for UA. installs?".

* Two capitals after "for" / "in" are a place only when they are a state's postal code: "for UA" (user
  acquisition) named a market "UA" and sent the turn to a search (:func:`agent.offline.places._code`).
Wording of our own, on kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.parse import parse
from tests.unseen_wording import assert_unseen

GAMES = ["gaming cpi?", "we've got $1.2M/yr for UA. installs?"]
APPS = ["what does an install cost for a fitness app on tiktok", "we've got $300k/yr for UA. installs?"]


def test_capitals_after_a_preposition():
    assert_unseen(GAMES, APPS)  # the wording here is no data set's
    assert parse(GAMES[1]).geographies == []
    assert parse("budget is 20k for QA tooling").geographies == []
    assert parse("how many new parents are there in TX?").geographies  # a state's code still is one
    assert parse("what about for LA?").geographies
