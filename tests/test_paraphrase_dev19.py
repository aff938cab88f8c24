"""Development paraphrase set dev19: whole planning conversations (6–10 turns) held the way a planner holds them with
an assistant, written blind to the agent but not sealed; its failures are read and worked on by rule-writers.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's count
of turns by kind (tests/test_paraphrase_holdout12.py), held here to this set's own minimums so a later edit cannot
quietly thin the mix it was written for. The pass rate is measured and reported in the set's README, never asserted."""
from __future__ import annotations

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

FOLDER = FIXTURES / "paraphrase_dev19" / "scenarios"
# the mix this set was written for (planning conversations): turns of each kind at least, and its size
MIN_KINDS = {"benchmarks": 12, "audience": 10, "calculations": 14, "key_facts": 12, "must_abstain": 6,
             "must_clarify": 5, "small_talk": 4, "events": 4}
MIN_SCENARIOS, MIN_USER_TURNS = 8, 64


def test_dev19_matches_the_schema_the_kb_and_the_wording_rules():
    """Strict scenario schema and KB values, size, and no user turn that dictates the operation."""
    check_schema_and_kb(FOLDER)
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_dev19_key_facts_come_from_their_sections_and_no_turn_is_copied():
    assert key_fact_errors(FOLDER) == []
    check_repeats_no_user_turn(FOLDER, other_sets(FOLDER.parent.name))


def test_dev19_keeps_the_mix_it_was_written_for():
    counts = kind_counts(FOLDER)
    assert {k: counts[k] for k in MIN_KINDS if counts[k] < MIN_KINDS[k]} == {}, counts
