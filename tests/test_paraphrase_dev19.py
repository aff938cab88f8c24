"""Development paraphrase set dev19: whole planning conversations (6–10 turns) held the way a planner holds them with
an assistant, written blind to the agent but not sealed; its failures are read and worked on by rule-writers.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's count
of turns by kind (tests/test_paraphrase_holdout12.py), held here to this set's own minimums so a later edit cannot
quietly thin the mix it was written for. The pass rate is measured and reported in the set's README, never asserted."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_dev19"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 8
MIN_USER_TURNS = 64
# the mix this set was written for (planning conversations): turns of each kind, at least
MIN_KINDS = {"benchmarks": 12, "audience": 10, "calculations": 14, "key_facts": 12, "must_abstain": 6,
             "must_clarify": 5, "small_talk": 4, "events": 4}


def _no_key_fact_errors() -> None:
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def _keeps_the_mix() -> None:
    counts = kind_counts(FOLDER)
    low = {k: f"{counts[k]} < {n}" for k, n in MIN_KINDS.items() if counts[k] < n}
    assert not low, f"turns of each kind: {low}"


CHECKS = {"schema and KB values": lambda: check_schema_and_kb(FOLDER),
          "key facts from their sections": _no_key_fact_errors,
          "size and user wording": lambda: check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS),
          "no user turn of another set": lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME)),
          "the mix it was written for": _keeps_the_mix}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_dev19_passes_the_earlier_sets_checks(check):
    CHECKS[check]()
