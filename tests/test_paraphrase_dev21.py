"""The twenty-first development paraphrase set: the general mix of the held-out sets (benchmarks, audience sizes,
calculations, abstain, clarify, small talk, data changes and the situations issue 13 lists), weighted towards the
KB's guidance asked in people's own words (how to do X, when to do Y, what the rule of thumb is), wording the KB's
sections do not use, so a reader that only matches words finds it hard. Written blind to the agent, so its wording
is independent of the rules, but it is a development set: its failures are read and worked on.

Nothing is re-implemented here: the schema and KB checks, the size and plain-wording check, the repeat check against
every other set and datasets/scenarios/ (tests/test_paraphrase_set.py), the section check of key facts (seventh set)
and the kind count (twelfth set) are imported and run on this folder, with minimums of this set's own so the
guidance-heavy mix cannot be thinned quietly. How well the agent answers is read in the README, not asserted."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout12 import kind_counts
from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import FIXTURES, check_repeats_no_user_turn, check_schema_and_kb
from tests.test_paraphrase_set import check_size_and_wording, other_sets

NAME = "paraphrase_dev21"
FOLDER = FIXTURES / NAME / "scenarios"
# turns of each kind this set keeps at least (guidance-heavy: 30 key-fact turns); the README's counts are the actual ones
LEAST = {"key_facts": 30, "benchmarks": 14, "calculations": 12, "audience": 10, "must_abstain": 6, "small_talk": 5,
         "must_clarify": 4, "events": 3}


def _facts_in_their_sections():
    errors = key_fact_errors(FOLDER)
    assert errors == [], "\n  ".join(errors)


def _mix():
    short = {kind: (have, LEAST[kind]) for kind, have in kind_counts(FOLDER).items() if have < LEAST[kind]}
    assert short == {}, f"kinds below this set's minimums (have, least): {short}"


@pytest.mark.parametrize("check", [
    lambda: check_schema_and_kb(FOLDER),
    lambda: check_size_and_wording(FOLDER, min_user_turns=80, min_scenarios=10),
    _facts_in_their_sections,
    lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME)),
    _mix,
], ids=["schema-and-kb", "size-and-wording", "facts-in-sections", "no-repeated-turn", "guidance-heavy-mix"])
def test_dev21(check):
    check()
