"""The twentieth development paraphrase set: people new to advertising (a taco-truck owner, a church volunteer, a
teacher running a school's ads, a founder's first marketing hire, shop owners) asking in their own words, without
the trade's vocabulary, then following up on the assistant's jargon. Written blind to the agent, so its wording is
independent of the rules, but it is a development set: its failures are read and worked on.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's kind
count (tests/test_paraphrase_holdout12.py) held to this set's own minimums, so a later edit cannot quietly thin the
mix it was written for. The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_dev20"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 8
MIN_USER_TURNS = 64
# turns carrying each kind of expectation, at least (the README's counts are the actual ones)
MIN_KINDS = {"benchmarks": 14, "audience": 10, "calculations": 12, "key_facts": 18, "must_abstain": 6,
             "must_clarify": 4, "small_talk": 4, "events": 2}


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
def test_dev20_passes_the_earlier_sets_checks(check):
    CHECKS[check]()
