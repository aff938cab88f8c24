"""The fifth held-out paraphrase set (issue 13): written from the KB alone while the fourth set
(tests/fixtures/paraphrase_holdout3) was still sealed, so that a fresh set measures generalisation once the
fourth has been spent. Same checks as the other sets (the helpers of tests/test_paraphrase_set.py), including
that no user turn repeats a turn of any earlier set or of datasets/scenarios: a repeated question would measure
tuned wording, not generalisation. The pass rate is measured by the lead and reported in the set's README,
never asserted here."""
from __future__ import annotations

from tests.test_datasets import DATASETS
from tests.test_paraphrase_holdout3 import EARLIER as BEFORE_HOLDOUT3
from tests.test_paraphrase_holdout3 import FOLDER as HOLDOUT3
from tests.test_paraphrase_set import FIXTURES, check_repeats_no_user_turn, check_schema_and_kb, check_size_and_wording

FOLDER = FIXTURES / "paraphrase_holdout4" / "scenarios"
EARLIER = [*BEFORE_HOLDOUT3, HOLDOUT3, DATASETS / "scenarios"]


def test_holdout4_is_valid_and_big_enough():
    check_schema_and_kb(FOLDER)
    check_size_and_wording(FOLDER, min_user_turns=80, min_scenarios=12)


def test_holdout4_repeats_no_user_turn_of_an_earlier_set():
    check_repeats_no_user_turn(FOLDER, EARLIER)
