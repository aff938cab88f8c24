"""One split per case, each under its own caption: the case the user names is the list worked; none named, one question.

A plain-text KB lists its starting splits one per objective or client type ("LEAD GENERATION FOR LOCAL SERVICES",
"CONSUMER APPS"), each over "- Paid social: 35-45%" lines. The agent worked whichever list held the line the reader
quoted (or quoted lines of two lists), and answered "how should we split $30k?" from a minimum-budget table. Now: a
question naming a case's caption words gets that caption's list, whole, worked on its budget; a budget with no case
named gets one clarifying question listing the cases, and the reply naming one is worked on the budget first given;
a KB whose split is one rule (kb/'s 70/20/10) is worked as before, with no question asked.
"""
from __future__ import annotations

import pytest

from agent.offline import captionlists
from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

_KB_TXT = "tests/fixtures/kb_txt"
_ASKED = "Which of these is yours"

_TXT = [  # (messages, pieces the last answer shows, pieces it must not)
    (["We can put $30,000 a month into ads. How should we split it across channels?"],
     [_ASKED, "Lead generation for local services", "New product or new market launch"], ["×"]),
    (["We can put $30,000 a month into ads. How should we split it across channels?", "We're launching a new product."],
     ["$30,000 × 35% = $10,500 to $30,000 × 45% = $13,500 (Paid social)"], [_ASKED]),
    (["What starting split fits a new market launch?"],
     ["New product or new market launch: Paid social: 35-45%; Connected TV and online video: 20-30%"], ["Paid search including shopping"]),
    (["Our established online store has $40k monthly. How should we split it?"],
     ["(the split listed for online sales for an established store)", "$40,000 × 40% = $16,000"], [_ASKED]),
]
_TXT2 = [
    (["We're a veterinary practice with $10k a month, how should we split it?"],
     ["Veterinary and pet care clinics:", "$10,000 × 55% = $5,500 to $10,000 × 65% = $6,500"], [_ASKED]),
    (["What's the starting split for consumer apps?"],
     ["Consumer apps: Apple Search Ads: 25-35%; Google App Campaigns: 25-35%; TikTok: 20-30%"], ["Local Service Ads"]),
    (["Monthly we spend $30,000 on media. How would you split it?", "We sell B2B software to mid-market firms."],
     ["B2B software (mid-market)", "$30,000 × 35% = $10,500"], [_ASKED]),
    # the case said turns before: not asked again
    (["Our business is a veterinary clinic outside Tulsa.", "What does a lead usually cost us?",
      "There's $12,000 a month to work with - how should we split it across channels?"],
     ["Veterinary and pet care clinics:", "$12,000 × 55% = $6,600"], [_ASKED]),
]
_KB = [(["We have $30,000 a month; how should we split it across channels?"], ["$30,000 × 40% = $12,000"], [_ASKED])]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*[m for m, _, _ in _TXT + _TXT2 + _KB])


@pytest.mark.parametrize("kb,folder,msgs,shown,absent", [("kb_txt_engine", _KB_TXT, *c) for c in _TXT]
                         + [("kb_txt2_engine", "tests/fixtures/kb_txt2", *c) for c in _TXT2]
                         + [("shipped_engine", None, *c) for c in _KB])
def test_the_case_named_is_worked_and_an_unnamed_case_is_asked(request, monkeypatch, kb, folder, msgs, shown, absent):
    assert_answered_on(request, monkeypatch, kb, folder, msgs, shown, absent)


_TEXT = """These splits start a plan.

RETAIL STORES WITH FOOT TRAFFIC
- Local search: 50-60%
- Maps: 20%

SUBSCRIPTION BOXES
- Paid social: 45-55%
- Creators: 25%
"""


def test_captioned_lists_are_read_from_the_layout_alone():
    listed = captionlists.blocks(_TEXT)
    assert [c for c, _ in listed] == ["RETAIL STORES WITH FOOT TRAFFIC", "SUBSCRIPTION BOXES"]
    assert captionlists.named("what mix suits a subscription box brand?", listed)[0] == "SUBSCRIPTION BOXES"
    assert captionlists.named("what mix should we use?", listed) is None
    ask = captionlists.asks_which("we have $9,000, how to split it?", "", listed, "doc#1")
    assert "Retail stores with foot traffic; Subscription boxes" in ask
    assert captionlists.answered("a subscription box", ["we have $9,000, how to split it?"], [ask]).endswith("how to split it?")
