"""The twenty-third development paraphrase set: the held-out sets' ordinary mix as a new user writes it (a business
described by what it makes, sells or does rather than named as a vertical, a metric said in plain words about as often
as named, how-to questions in everyday words whose answer sits in a section written in the trade's words, figures worked
from the user's own numbers, a turn the KB cannot answer and one that lacks an input). Written blind to the agent, so
its wording is independent of the rules, but it is a development set: its failures are read and worked on.

Nothing is checked here that an earlier set's test does not already define: the strict schema and KB values, size and
user wording, no user turn shared with any other set or datasets/scenarios/, key facts read from the sections their
turns name, and the kind count of the twelfth set, held to this set's own floors so a later edit cannot thin the mix.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

SET = "paraphrase_dev23"
SCENARIOS = FIXTURES / SET / "scenarios"
# floors, not the actual counts (those are in the README): 10 conversations, 80 user turns, and per kind of expectation
FLOORS = {"benchmarks": 12, "audience": 8, "calculations": 10, "key_facts": 20, "must_abstain": 6, "must_clarify": 4,
          "small_talk": 3, "events": 3}


def _kinds_below_their_floor() -> dict[str, tuple[int, int]]:
    have = kind_counts(SCENARIOS)
    return {kind: (have[kind], floor) for kind, floor in FLOORS.items() if have[kind] < floor}


def test_dev23_is_valid_against_the_schema_and_the_kb_sections():
    check_schema_and_kb(SCENARIOS)
    assert key_fact_errors(SCENARIOS) == []


def test_dev23_is_big_enough_worded_freely_and_new():
    check_size_and_wording(SCENARIOS, 80, 10)
    check_repeats_no_user_turn(SCENARIOS, other_sets(SET))


def test_dev23_keeps_the_mix_it_was_written_for():
    assert _kinds_below_their_floor() == {}, "(have, floor) per kind"
