"""The thirteenth held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a helper
who read neither the offline agent's rules, the resolver, nor any other paraphrase set's scenarios, and nobody ran the
agent on them while they were written, so one aggregate read measures wording nobody tuned against.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's mix
count (tests/test_paraphrase_holdout12.py), so a later edit cannot quietly turn this set into an easier one. That the
repeat and mix checks fail on a copied turn and a thinned set is shown by the twelfth set's test, and the section
check by the seventh's. The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import MIN_KINDS, kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_holdout13"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 14
MIN_USER_TURNS = 100


def _no_key_fact_errors() -> None:
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def _keeps_the_mix() -> None:
    """At least as many turns of each kind as the twelfth set asks for (the README's counts are the actual ones)."""
    counts = kind_counts(FOLDER)
    low = {k: f"{counts[k]} < {n}" for k, n in MIN_KINDS.items() if counts[k] < n}
    assert not low, f"turns of each kind: {low}"


CHECKS = {"schema and KB values": lambda: check_schema_and_kb(FOLDER),
          "key facts from their sections": _no_key_fact_errors,
          "size and user wording": lambda: check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS),
          "no user turn of another set": lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME)),
          "the mix it was written for": _keeps_the_mix}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_holdout13_passes_the_earlier_sets_checks(check):
    CHECKS[check]()
