"""The twenty-first development paraphrase set: the general mix of the held-out sets (benchmarks, audience sizes,
calculations, abstain, clarify, small talk, data changes and the situations issue 13 lists), weighted towards the
KB's guidance asked in people's own words (how to do X, when to do Y, what the rule of thumb is), wording the KB's
sections do not use, so a reader that only matches words finds it hard. Written blind to the agent, so its wording
is independent of the rules, but it is a development set: its failures are read and worked on.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's kind
count (tests/test_paraphrase_holdout12.py) held to this set's own minimums, so a later edit cannot quietly thin the
mix it was written for. The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

FOLDER = FIXTURES / "paraphrase_dev21" / "scenarios"
# this set's own minimums (user turns, scenarios; turns of each kind: the README's counts are the actual ones)
SIZE = (80, 10)
MIN_KINDS = dict(benchmarks=14, audience=10, calculations=12, key_facts=30, must_abstain=6, must_clarify=4,
                 small_talk=5, events=3)


def test_dev21_follows_the_schema_the_kb_and_plain_wording():
    check_schema_and_kb(FOLDER)
    check_size_and_wording(FOLDER, *SIZE)


def test_dev21_facts_sit_in_their_sections_and_no_turn_comes_from_another_set():
    assert not key_fact_errors(FOLDER), "\n  ".join(key_fact_errors(FOLDER))
    check_repeats_no_user_turn(FOLDER, other_sets("paraphrase_dev21"))


def test_dev21_holds_its_focus_mix():
    have = kind_counts(FOLDER)
    assert all(have[kind] >= least for kind, least in MIN_KINDS.items()), (have, MIN_KINDS)
