"""The development paraphrase sets (dev14 to dev18), each written blind to the agent on 2026-11-30 by a helper who
read only the KB, the schema and the validators, and then worked on: their failures are read, so they are no unseen
measure, but the checks keep them honest all the same.

- dev14: calculations on the user's own figures and on benchmark ranges, several in one turn, data changes and redos.
- dev15: look-ups with the metric or the business said in everyday words, audiences, how-to and named-rule questions,
  yes/no and claim checks, and abstentions.
- dev16: later turns that lean on earlier ones for their figures ("per month?", "and if 1 in 8 enrolls?"), funnels
  chained across turns, targets turned into budgets, and forecasts whose input was never given.
- dev17: knowledge questions in everyday words ("how do I…", "what's the difference between…", "what does the
  framework say about…") answered by a named section's key facts, with later turns that compute on the user's own
  numbers or an earlier answer, benchmark look-ups whose business only earlier turns name, abstentions and clarifications.
- dev18: benchmark look-ups whose business, channel or platform is said in everyday words, implied by an earlier turn
  or switched by a terse follow-up; audience sizes by place; plans missing a budget (a clarifying question), and pairs
  or businesses no table covers (abstentions).

Every check is imported from the earlier sets rather than copied (schema and KB values, key facts from the sections
their turns name, size and wording, no user turn repeated from any other set); only the minimums are each set's own,
matching the focus it was written for, so a later edit cannot quietly thin a set out."""
from __future__ import annotations

import pytest

from tests.test_paraphrase_holdout12 import set_checks

# name: (at least this many scenarios, user turns, and turns carrying each kind of expectation)
SETS = {
    "paraphrase_dev14": (8, 64, {"calculations": 35, "benchmarks": 15, "must_clarify": 3, "small_talk": 2, "events": 6}),
    "paraphrase_dev15": (8, 60, {"benchmarks": 20, "audience": 10, "key_facts": 20, "must_abstain": 10, "small_talk": 3}),
    "paraphrase_dev16": (8, 60, {"benchmarks": 10, "calculations": 40, "must_clarify": 3, "small_talk": 2}),
    "paraphrase_dev17": (8, 64, {"key_facts": 30, "calculations": 15, "benchmarks": 12, "audience": 2, "must_abstain": 8,
                                 "must_clarify": 3, "small_talk": 4}),
    "paraphrase_dev18": (10, 85, {"benchmarks": 32, "key_facts": 15, "audience": 16, "must_abstain": 10, "must_clarify": 5}),
}
CHECKS = {(name, check): run for name, (scenarios, turns, mix) in SETS.items()
          for check, run in set_checks(name, turns, scenarios, mix).items()}


@pytest.mark.parametrize("name,check", sorted(CHECKS))
def test_dev_set_passes_the_paraphrase_set_checks(name, check):
    CHECKS[name, check]()
