"""A development paraphrase set (dev15), written blind to the agent: benchmark look-ups with the business and the
metric named in everyday words, follow-ups that change only the metric, the vertical or the place, a platform's own
figure asked inside a business's conversation, how-to and named-rule questions, yes/no and "my boss says" claims, and
many turns the KB cannot answer. Its failures are read and worked on, so it is not an unseen measure; the checks keep
it honest all the same.

Every check is imported from the earlier sets rather than copied (schema and KB values, key facts against their
sections, size and wording, no user turn of another set, the mix count of tests/test_paraphrase_holdout12.py); only
the minimums are this set's own, matching the focus it was written for."""
from __future__ import annotations

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_dev15"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 8
MIN_USER_TURNS = 60
# this set's focus: look-ups, audiences, passages and abstentions (the README's counts are the actual ones)
MIN_KINDS = {"benchmarks": 20, "audience": 10, "key_facts": 20, "must_abstain": 10, "small_talk": 3}


def test_dev15_matches_the_schema_the_kb_and_its_sections():
    check_schema_and_kb(FOLDER)
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def test_dev15_is_big_enough_worded_freely_and_copies_no_other_set():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)
    check_repeats_no_user_turn(FOLDER, other_sets(NAME))


def test_dev15_keeps_the_focus_it_was_written_for():
    counts = kind_counts(FOLDER)
    assert all(counts[k] >= n for k, n in MIN_KINDS.items()), {k: (counts[k], n) for k, n in MIN_KINDS.items()}
