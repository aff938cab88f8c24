"""The ninth held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a helper
who read neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, and who
never ran the agent on them, so the lead's one aggregate read measures wording nobody tuned against. The checks
are the seventh set's (imported, not copied): the strict schema and KB checks, size and user wording, no user
turn repeated from an earlier set or datasets/scenarios/, and every key fact checked word by word (and figure by
figure) against the sections its turn names. The pass rate is measured and reported in the set's README, never
asserted here."""
from __future__ import annotations

from tests.test_paraphrase_holdout7 import assert_a_made_up_key_fact_is_caught
from tests.test_paraphrase_holdout12 import set_test
from tests.test_paraphrase_set import FIXTURES, assert_a_copied_user_turn_is_caught

NAME = "paraphrase_holdout9"
FOLDER = FIXTURES / NAME / "scenarios"
test_holdout9_passes_the_held_out_set_checks = set_test(NAME, min_user_turns=100, min_scenarios=14)


def test_a_copied_user_turn_is_caught(tmp_path):
    assert_a_copied_user_turn_is_caught(FOLDER, tmp_path)


def test_a_key_fact_from_outside_its_section_is_caught(tmp_path):
    assert_a_made_up_key_fact_is_caught(FOLDER, tmp_path, "walruses juggle 4321 lanterns", "4321")
