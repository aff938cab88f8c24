"""How many of an audience just sized the user could reach (agent.offline.reachshare): the share is asked for, and
once said the count is the size times that share, from the size the conversation quoted. Wordings of our own, on the
agent's own audience sentences (no engine)."""
from __future__ import annotations

from agent.offline import reachshare

SIZED = ["Based on Knowledge Base [aud#3], Dog-Owning Households in Jutland: about 240k households. Methodology: households."]


def test_the_share_is_asked_for_then_worked():
    ask = reachshare.work("how many of those could we actually reach?", ["how many dog homes in Jutland?"], SIZED)
    assert ask and "?" in ask and reachshare.NEED in ask
    users = ["how many dog homes in Jutland?", "how many of those could we actually reach?"]
    got = reachshare.work("Our share of them we expect to reach, in percent is 40.", users, SIZED + [ask])
    assert "240,000 × 0.40 = 96,000 households" in got and got.startswith("Based on Knowledge Base [aud#3]")
    later = reachshare.work("right, so how many households is that?", users + ["we think 40 percent"], SIZED + [ask, got])
    assert "96,000 households" in later


def test_a_share_in_the_message_is_worked_at_once_and_nothing_without_a_size():
    got = reachshare.work("how many of them could we reach at 25%?", ["dog homes in Jutland?"], SIZED)
    assert "240,000 × 0.25 = 60,000 households" in got
    assert reachshare.work("how many of them could we reach?", ["what's a CPM?"], ["Based on Knowledge Base [x#1]: $8-14."]) is None
    assert reachshare.work("how many households is that?", ["hi"], SIZED) is None  # no share said
