"""A development paraphrase set (dev16), written blind to the agent: multi-turn conversations whose later turns ask
for arithmetic on figures given or looked up turns before ("per month?", "and if we only had half that?", "how many
clicks is that then", "what would we need to spend to hit 600"), funnels chained across turns (impressions -> clicks
-> conversions, budget -> leads -> sales), targets turned into budgets, benchmark questions with the metric named in
everyday words, and later forecasts whose input was never given (one clarifying question expected). Its failures are
read and worked on, so it is not an unseen measure; the checks keep it honest all the same.

Every check is imported from the earlier sets rather than copied; only the minimums are this set's own, matching the
focus it was written for."""
from __future__ import annotations

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_dev16"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 8
MIN_USER_TURNS = 60
# this set's focus: chained calculations, the benchmarks they lean on, and forecasts missing an input
MIN_KINDS = {"benchmarks": 10, "calculations": 40, "must_clarify": 3, "small_talk": 2}


def test_dev16_matches_the_schema_the_kb_and_its_sections():
    check_schema_and_kb(FOLDER)
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def test_dev16_is_big_enough_worded_freely_and_copies_no_other_set():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)
    check_repeats_no_user_turn(FOLDER, other_sets(NAME))


def test_dev16_keeps_the_focus_it_was_written_for():
    counts = kind_counts(FOLDER)
    assert all(counts[k] >= n for k, n in MIN_KINDS.items()), {k: (counts[k], n) for k, n in MIN_KINDS.items()}
