"""The sixth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. Same checks as the first set
(tests/test_paraphrase_set.py), plus: no user turn repeats one of an earlier set or of datasets/scenarios/.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

FOLDER = FIXTURES / "paraphrase_holdout6" / "scenarios"
MIN_SCENARIOS = 12
MIN_USER_TURNS = 60


def test_holdout6_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout6_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_holdout6_repeats_no_user_turn_of_an_earlier_set():
    check_repeats_no_user_turn(FOLDER, other_sets("paraphrase_holdout6"))


def test_a_copied_user_turn_is_caught(tmp_path):
    """The repeat check fails on a set that shares a user turn with an earlier one (the shared checks'
    own failure cases are tested once, in tests/test_paraphrase_holdout.py)."""
    import shutil

    import pytest
    shutil.copy(sorted(FOLDER.glob("*.json"))[0], tmp_path)
    with pytest.raises(AssertionError, match="copied from an earlier"):
        check_repeats_no_user_turn(FOLDER, [tmp_path])
