"""The third held-out paraphrase set (issue 13): written from the KB alone, after engineers had seen both
earlier sets (tests/fixtures/paraphrase, tests/fixtures/paraphrase_holdout), so it is the one that still
measures generalisation. Same checks as the other sets (the helpers of tests/test_paraphrase_set.py, whose
ability to fail is shown in tests/test_paraphrase_holdout.py), plus one of its own: no user turn repeats a turn
of an earlier set, since a repeated question would measure tuned wording. The pass rate is measured once by the
lead and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_set import FIXTURES, check_repeats_no_user_turn, check_schema_and_kb, check_size_and_wording

FOLDER = FIXTURES / "paraphrase_holdout2" / "scenarios"
EARLIER = [FIXTURES / "paraphrase" / "scenarios", FIXTURES / "paraphrase_holdout" / "scenarios"]


def test_holdout2_is_valid_and_big_enough():
    check_schema_and_kb(FOLDER)
    check_size_and_wording(FOLDER, min_user_turns=60, min_scenarios=12)


def test_holdout2_repeats_no_user_turn_of_an_earlier_set():
    check_repeats_no_user_turn(FOLDER, EARLIER)
