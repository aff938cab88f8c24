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

from tests.test_paraphrase_holdout12 import set_test

# this set's own minimums (8 scenarios, 64 user turns; turns of each kind, the README's counts are the actual ones)
MIN_KINDS = dict(benchmarks=14, audience=10, calculations=12, key_facts=18, must_abstain=6, must_clarify=4,
                 small_talk=4, events=2)
test_dev20_passes_the_paraphrase_set_checks = set_test("paraphrase_dev20", min_user_turns=64, min_scenarios=8,
                                                       mix=MIN_KINDS)
