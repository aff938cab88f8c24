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

from tests.test_paraphrase_holdout12 import set_test

# turns of each kind this set keeps at least (guidance-heavy: 30 key-fact turns); the README's counts are the actual ones
LEAST = {"key_facts": 30, "benchmarks": 14, "calculations": 12, "audience": 10, "must_abstain": 6, "small_talk": 5,
         "must_clarify": 4, "events": 3}
test_dev21 = set_test("paraphrase_dev21", min_user_turns=80, min_scenarios=10, mix=LEAST)
