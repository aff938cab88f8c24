"""No input of the user's is asked for when the turn asks the knowledge base's figure or rule (agent.offline.normasked,
worthask's criteria and channel readings) — in wording of our own, on the shipped KB and plain-text fixture KBs."""
from __future__ import annotations

from agent.offline import normasked
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ASKED = "To work that out"
SHOP = "we run a bakery supply shop online, our budget is 6,000 a month"
TARGETS = "our boss wants targets that mean something this year. what makes a target a good one?"
APP = "we make a word puzzle app for tablets"
RATIO_KB = "is there a usual ratio between what a subscriber is worth and what it costs to get one, for game apps?"
SOFTWARE = "we sell project software to small firms on subscription, monthly budget is 9,000"
RATIO_TXT = "is there a healthy ratio of what a customer is worth against what it costs to win them, for subscription software?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SHOP, TARGETS, APP, RATIO_KB, SOFTWARE, RATIO_TXT)


def test_the_readings_in_plain_english():
    assert normasked.asks_share(parse("and of the people who reach our page how many actually sign up"))
    assert not normasked.asks_share(parse("of the 4,000 people who reach our page how many actually sign up"))
    assert not normasked.asks_share(parse("how many people will our page reach"))


def test_the_shipped_kb_looks_up_the_norm_and_the_rule(shipped_engine):
    got = turns(shipped_engine, [APP, RATIO_KB])[-1]
    assert not got[0].startswith(ASKED) and {"vertical": "gaming", "metric": "LTV:CAC"} in got[1], got
    for asked in (TARGETS, "is podcast advertising worth it for us at that size?"):
        got = turns(shipped_engine, [SHOP, asked])[-1]
        assert not got[0].startswith(ASKED) and "[" in got[0], (asked, got)
    assert turns(shipped_engine, [SHOP, "would that be worth it for us?"])[-1][0].startswith(ASKED)  # a result judged


def test_the_plain_text_kbs_too(kb_txt_engine, kb_txt2_engine):
    got = turns(kb_txt2_engine, [SOFTWARE, RATIO_TXT])[-1]
    assert not got[0].startswith(ASKED) and "LTV:CAC" in got[0] and "[budget_rules_and_ratios#" in got[0], got
    for asked in (TARGETS, "is tiktok worth it for us at that size?"):
        got = turns(kb_txt_engine, [SHOP, asked])[-1]
        assert not got[0].startswith(ASKED) and "[" in got[0], (asked, got)
