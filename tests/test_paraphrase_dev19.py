"""Development paraphrase set dev19: whole planning conversations (6–10 turns) held the way a planner holds them with
an assistant, written blind to the agent but not sealed; its failures are read and worked on by rule-writers.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's count
of turns by kind (tests/test_paraphrase_holdout12.py), held here to this set's own minimums so a later edit cannot
quietly thin the mix it was written for. The pass rate is measured and reported in the set's README, never asserted."""
from __future__ import annotations

from tests.test_paraphrase_holdout12 import set_test

# the mix this set was written for (planning conversations): turns of each kind at least, and its size
MIN_KINDS = {"benchmarks": 12, "audience": 10, "calculations": 14, "key_facts": 12, "must_abstain": 6,
             "must_clarify": 5, "small_talk": 4, "events": 4}
test_dev19_passes_the_paraphrase_set_checks = set_test("paraphrase_dev19", min_user_turns=64, min_scenarios=8,
                                                       mix=MIN_KINDS)
