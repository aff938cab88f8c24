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


def test_dev14_matches_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_dev14_key_facts_come_from_their_sections():
    """The set holds no key facts today; the check still guards any added later."""
    assert key_fact_errors(FOLDER) == []


def test_dev14_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_dev14_repeats_no_user_turn_of_another_set():
    check_repeats_no_user_turn(FOLDER, other_sets(NAME))


def test_dev14_keeps_the_calculation_heavy_mix():
    counts = kind_counts(FOLDER)
    assert all(counts[kind] >= floor for kind, floor in MIN_KINDS.items()), (counts, MIN_KINDS)
