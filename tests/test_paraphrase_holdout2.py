"""The third held-out paraphrase set (issue 13): written from the KB alone, after engineers had seen both
earlier sets (tests/fixtures/paraphrase, tests/fixtures/paraphrase_holdout), so it is the one that still
measures generalisation. Same checks as the other sets (the helpers of tests/test_paraphrase_set.py, whose
ability to fail is shown in tests/test_paraphrase_holdout.py); the pass rate is measured once by the lead and
reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_set import FIXTURES, check_schema_and_kb, check_size_and_wording

FOLDER = FIXTURES / "paraphrase_holdout2" / "scenarios"
MIN_SCENARIOS = 12
MIN_USER_TURNS = 60


def test_holdout2_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout2_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)
