"""Each part of a message keeps its own platform: "what does X cost a Y, and what does one cost on Z?" asks Y's own
figure and Z's (agent.offline.partplatform), and the business named before ", and what …" is still read
(agent.offline.business: the clause break ends the "cost a <business>" phrase as the end of the message does). The
platform of the later part had scoped the whole look-up, and the first part — which the KB holds — was declined
with it. Wording of our own, on kb_txt3 (where it was found) and kb/."""
from __future__ import annotations

import pytest

from agent.offline import partplatform
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

CASES = [  # (engine, served folder, message, pieces of the answer, look-ups expected)
    ("kb_txt3_engine", "tests/fixtures/kb_txt3", "What would one new donor cost a food bank, and what would one cost through email?",
     ["$31-37", "not for 'Email'"], [{"vertical": "food bank", "metric": "cost per donor"},
                                     {"vertical": "food bank", "metric": "cost per donor", "platform": "Email"}]),
    ("kb_txt3_engine", "tests/fixtures/kb_txt3", "How much does an animal welfare charity pay for each new donor, and what is one on email?",
     ["$48-56"], [{"vertical": "animal welfare charity", "metric": "cost per donor"}]),
    ("shipped_engine", "kb", "What's a typical CPC for retail stores, and what is it on Google?",
     ["$0.50–$1.10"], [{"vertical": "retail", "metric": "CPC"}, {"vertical": "retail", "metric": "CPC", "platform": "Google Ads"}]),
]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([m for _, _, m, _, _ in CASES], [_OUTSIDE])


@pytest.mark.parametrize("kb,folder,message,shown,looked", CASES)
def test_each_part_is_looked_up_with_its_own_platform(request, monkeypatch, kb, folder, message, shown, looked):
    monkeypatch.setenv("MPA_KB_DIR", folder)
    answer, calls = turns(request.getfixturevalue(kb), [message])[0]
    assert all(s in answer for s in shown), answer
    assert all(c in calls for c in looked), calls


def test_a_platform_named_in_every_part_is_left_alone():
    assert partplatform.with_unnamed("what's the CPC on Bing, and on Google?", "CPC", ["Bing Ads", "Google Ads"]) == ["Bing Ads", "Google Ads"]
    assert partplatform.with_unnamed("we're a dentist, and what's the CPC on Google?", "CPC", ["Google Ads"]) == ["Google Ads"]
    assert partplatform.with_unnamed("what's the CPC for dentists?", "CPC", []) == []


_OUTSIDE = "my cousin keeps telling me about tiktok ads. what does one new customer usually cost a bakery?"


def test_a_platform_said_outside_every_part_adds_nothing():
    assert partplatform.with_unnamed(_OUTSIDE, "CAC", ["TikTok"]) == ["TikTok"]


def test_an_end_of_the_range_is_no_business():
    from agent.offline.business import business
    assert business("How many clicks is that if each one costs the top of that range?") is None
    assert business("What does one new donor cost a food bank, and what does one cost through email?").phrase == "food bank"
