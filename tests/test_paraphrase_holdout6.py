"""The sixth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. Same checks as the first set
(tests/test_paraphrase_set.py), plus: no user turn repeats one of an earlier set or of datasets/scenarios/.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_holdout12 import set_test
from tests.test_paraphrase_set import FIXTURES, check_repeats_no_user_turn

FOLDER = FIXTURES / "paraphrase_holdout6" / "scenarios"
# the first set's checks and no repeated turn (written before the seventh set's section check of key facts)
test_holdout6_passes_the_paraphrase_set_checks = set_test("paraphrase_holdout6", min_user_turns=60, min_scenarios=12,
                                                          key_facts=False)


def test_a_copied_user_turn_is_caught(tmp_path):
    """The repeat check fails on a set that shares a user turn with an earlier one (the shared checks'
    own failure cases are tested once, in tests/test_paraphrase_holdout.py)."""
    import shutil

    import pytest
    shutil.copy(sorted(FOLDER.glob("*.json"))[0], tmp_path)
    with pytest.raises(AssertionError, match="copied from an earlier"):
        check_repeats_no_user_turn(FOLDER, [tmp_path])
