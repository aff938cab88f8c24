"""Two or three named platforms/channels set side by side are each answered from the knowledge base, each
cited (agent/offline/sidebyside.py): one search per side (a platform's with its channel word: a KB that
writes a "Search playbook" answers for Google Ads), then for each side the lead of the best section about
it. A side the KB says nothing about is declared, never filled with another side's text. Wording of our
own, on both knowledge bases.
"""
from __future__ import annotations

import re

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.sidebyside import sides
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

# (kb fixture, question, [(side, words naming it or its channel)], [sides the KB does not know])
CASES = [
    ("shipped_engine", "is LinkedIn or TikTok the better bet for a B2B launch?",
     [("LinkedIn", ["linkedin"]), ("TikTok", ["tiktok"])], []),
    ("shipped_engine", "podcasts versus CTV for awareness?",
     [("podcast", ["podcast", "audio"]), ("CTV", ["ctv", "connected tv"])], []),
    ("shipped_engine", "compare bing ads with meta for a furniture store",
     [("Bing", ["bing", "search"]), ("Meta", ["meta"])], []),
    ("shipped_engine", "google or facebook for a small skincare label spending $20k a month — which one?",
     [("Google", ["google", "search"]), ("Meta", ["meta", "facebook"])], []),
    ("shipped_engine", "which is better for a pottery studio, pinterest or snapchat?",
     [("Pinterest", ["pinterest"]), ("Snapchat", ["snapchat"])], []),
    ("shipped_engine", "twitter or linkedin for promoting a b2b webinar?", [("LinkedIn", ["linkedin"])], ["X (twitter)"]),
    ("kb_txt_engine", "is LinkedIn or TikTok the better bet for a B2B launch?",
     [("LinkedIn", ["linkedin"]), ("TikTok", ["tiktok"])], []),
    ("kb_txt_engine", "compare bing ads with meta for a furniture store",
     [("Bing", ["bing"]), ("Meta", ["meta"])], []),
    ("kb_txt_engine", "google or facebook for a small skincare label spending $20k a month — which one?",
     [("Google", ["google", "search"]), ("Meta", ["meta", "facebook"])], []),
    ("kb_txt_engine", "podcasts versus CTV for awareness?",
     [("podcast", ["podcast"]), ("CTV", ["ctv", "connected tv"])], []),
    ("kb_txt_engine", "pinterest or meta for a home decor shop?", [("Meta", ["meta"])], ["Pinterest"]),
]
NOT_SIDES = ["how should we split the budget between search and social?",
             "what does meta say about frequency caps on instagram?",
             "we run google ads and also some meta campaigns; how do we set up conversion tracking?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([q for _, q, _, _ in CASES], NOT_SIDES)


@pytest.mark.parametrize("ask", NOT_SIDES)
def test_names_not_set_against_each_other_are_no_sides(ask):
    assert sides(ask) == []


def _segments(answer: str) -> list[str]:
    """Each cited quote of the answer with the words up to the next citation (its section in brackets too)."""
    cuts = [m.start() for m in re.finditer(r"\[[\w.-]+#\d+\]", answer)]
    return [answer[a:b] for a, b in zip(cuts, cuts[1:] + [len(answer)])]


@pytest.mark.parametrize("kb,ask,known,unknown", CASES)
def test_each_side_is_quoted_from_a_passage_about_it(kb, ask, known, unknown, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    answer = conv.send(ask).assistant
    segs = _segments(answer)
    used: set[int] = set()
    for side, words in known:  # each side its own cited quote, naming it (or the channel it sells)
        hit = next((i for i, s in enumerate(segs) if i not in used and any(
            re.search(rf"(?<![a-z]){re.escape(w)}", s.lower()) for w in words)), None)
        assert hit is not None, (side, answer)
        used.add(hit)
    for side in unknown:  # declared, not substituted
        assert f"nothing about {side}" in answer, answer
        assert not any(side in s for s in segs if "says nothing" not in s), answer


BUDGETED = ["google or facebook for a small skincare label spending $20k a month — which one?",
            "bing vs instagram for our bakery, about 15k monthly?"]


def test_budget_wording_is_unseen():
    assert_unseen(BUDGETED)


@pytest.mark.parametrize("ask", BUDGETED)
def test_a_stated_budget_adds_the_split_of_its_band(ask, shipped_engine):
    """kb/ heads its mix advice by monthly budget tier: the tier holding the budget says how it splits
    between the sides' channels (a band for another budget is not quoted)."""
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    answer = conv.send(ask).assistant
    split = [s for s in _segments(answer) if re.search(r"\bsearch\b[^.]*\d+%[^.]*\bsocial\b", s)]
    assert split and "under $50k" in split[0], answer


def test_what_the_kb_says_of_both_sides_at_once_is_said_once(shipped_engine):
    """kb/ writes one playbook for two channels ("Email and SMS"): its sentence about both is quoted once,
    for both sides, and no section is repeated as their comparison."""
    ask = "text messages vs email — which should a candle shop start with? sms or email?"
    assert_unseen([ask])
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    answer = conv.send(ask).assistant
    segs = _segments(answer)
    assert segs and all("channel-email" in s for s in segs), answer
    assert len({s.split("]")[0] for s in segs}) == len(segs) and re.search(r"\b(?:sms and email|email and sms):", answer,
                                                                            re.I), answer


def test_a_quote_naming_every_side_is_kept_after_the_sides_one_naming_one_side_is_not():
    from agent.offline.sidebyside import merged
    ask = "radio-style podcast spots or streaming tv for a regional bank?"
    sides_para = "podcast: Based on Knowledge Base [a#1]: … Connected TV: Based on Knowledge Base [b#2]: …"
    verdict = "Based on Knowledge Base [c#3]: Podcasts reach commuters; CTV reaches the living room."
    single = "Based on Knowledge Base [d#4]: A worked CTV flight for a hypothetical advertiser."
    repeated = "Based on Knowledge Base [b#2]: podcast and CTV …"
    assert merged(ask, sides_para, [verdict, single, repeated]) == [sides_para, verdict]
