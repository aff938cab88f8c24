"""The fourteenth development paraphrase set: scenarios centred on arithmetic, written blind to the offline agent (its
author read neither the agent's rules, the resolver, nor any other set's scenarios), so its wording is independent even
though its failures are read and worked on. It leans on calculations on the user's own figures and on Typical ranges
(both ends of a range, CAC/ROAS/LTV:CAC/payback, several results in one turn, reach x frequency at a CPM, percent
changes, data changed mid-conversation and redone), with plain benchmark look-ups around them.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of datasets/scenarios,
size and user wording, no user turn repeated from any other set or from datasets/scenarios/, and every key fact checked
against its sections. The mix floor is this set's own, so a later edit cannot quietly drop the calculations it exists
for. The pass rate is measured, never asserted."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_dev14"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 8
MIN_USER_TURNS = 64
# turns carrying each kind of expectation, at least (the README's counts are the actual ones)
MIN_KINDS = {"calculations": 35, "benchmarks": 15, "must_clarify": 3, "small_talk": 2, "events": 6}


def _no_key_fact_errors() -> None:
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def _keeps_the_mix() -> None:
    """At least as many turns of each kind as this calculation-heavy set was written with."""
    counts = kind_counts(FOLDER)
    low = {k: f"{counts[k]} < {n}" for k, n in MIN_KINDS.items() if counts[k] < n}
    assert not low, f"turns of each kind: {low}"


CHECKS = {"schema and KB values": lambda: check_schema_and_kb(FOLDER),
          "key facts from their sections": _no_key_fact_errors,
          "size and user wording": lambda: check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS),
          "no user turn of another set": lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME)),
          "the mix it was written for": _keeps_the_mix}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_dev14_passes_the_earlier_sets_checks(check):
    CHECKS[check]()
