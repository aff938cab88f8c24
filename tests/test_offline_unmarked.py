"""Lower-case typing (agent.offline.unmarked): a place code after a preposition of place is read back, on kb/
and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

import pytest

from agent.offline.unmarked import mark
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("typed,meant", [
    ("how many dentists practice in tx", "how many dentists practice in Texas"),
    ("and the whole us, roughly", "and the whole US, roughly"),
    ("what about nurses around la and sf", "what about nurses around LA and sf"),
    ("could you size hunters in mt only?", "could you size hunters in Montana only?"),
    ("how many nurses in tx are night shift", "how many nurses in Texas are night shift"),
    ("golfers around la who play weekly", "golfers around LA who play weekly"),
])
def test_place_codes_are_read_back(typed, meant):
    assert_unseen(typed)
    assert mark(typed) == meant


@pytest.mark.parametrize("text", ["we moved in pa last year", "send the plan to us", "tell us more about in-game ads",
                                  "we spend 40k a month", "ok thanks", "is it any good", "how do i cap frequency"])
def test_words_pronouns_and_questions_without_their_mark_are_left_as_typed(text):
    assert mark(text) == text


@pytest.mark.parametrize("kb,clean", [
    ("kb", ["roughly how many retirees are there in Florida?"]),
    ("kb_txt2", ["how many households are there in Texas, roughly?"]),
])
def test_the_agent_reads_the_place_typed_in_lower_case(request, monkeypatch, kb, clean):
    typed = [c.replace("Florida", "fl").replace("Texas", "tx") for c in clean]
    assert_read_alike_on(request, monkeypatch, kb, typed, clean)


def test_a_states_code_is_read_as_its_name_and_a_markets_initials_stay_initials():
    assert mark("how many teachers live in fl") == "how many teachers live in Florida"
    assert mark("and nurses in la only") == "and nurses in LA only"  # also Louisiana's: left to the reader
    assert mark("sweet, works for me") == "sweet, works for me"
