"""The sixth held-out paraphrase set (issue 13): written from the KB alone while the fourth set
(tests/fixtures/paraphrase_holdout3) was still sealed and the fifth (paraphrase_holdout4) had been released,
so that a fresh, sealed set measures generalisation. Same checks as the other sets (the helpers of
tests/test_paraphrase_set.py), including that no user turn repeats a turn of any earlier set, holdout4 and the
sealed holdout3 among them, or of datasets/scenarios: a repeated question would measure tuned wording, not
generalisation. The pass rate is measured by the lead, in aggregate only, and never asserted here."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout4 import EARLIER as BEFORE_HOLDOUT4
from tests.test_paraphrase_holdout4 import FOLDER as HOLDOUT4
from tests.test_paraphrase_set import FIXTURES, check_repeats_no_user_turn, check_schema_and_kb, check_size_and_wording

FOLDER = FIXTURES / "paraphrase_holdout5" / "scenarios"
EARLIER = [*BEFORE_HOLDOUT4, HOLDOUT4]

# one named check per case, so a failure says which property of the sealed set broke without opening it
CHECKS = {
    "schema and KB": lambda: check_schema_and_kb(FOLDER),
    "size and user wording": lambda: check_size_and_wording(FOLDER, min_user_turns=80, min_scenarios=12),
    "no user turn of an earlier set": lambda: check_repeats_no_user_turn(FOLDER, EARLIER),
}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_holdout5(check):
    CHECKS[check]()
