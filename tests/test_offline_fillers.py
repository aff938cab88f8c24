"""Filler and hedges around a question are set aside (agent.offline.fillers): the rules read what is asked,
on kb/ and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

import pytest

from agent.offline.fillers import strip
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen


CASES = [
    ("quick question: which channel should carry a launch tbh?", "which channel should carry a launch?"),
    ("umm, and for like the whole state lol?", "and for the whole state?"),
    ("ok so we have like 30k for spring, is that enough if that makes sense", "we have 30k for spring, is that enough"),
    ("what's like a sensible frequency cap for a pet brand, thanks?", "what's a sensible frequency cap for a pet brand?"),
    ("we spend 12 grand like a month on it i think", "we spend 12 grand a month on it"),
    ("hey, what does like a lead cost a gym?", "what does a lead cost a gym?"),
    ("hi there, and for roofers?", "and for roofers?"),
]


@pytest.mark.parametrize("typed,meant", CASES)
def test_lead_ins_trailing_hedges_and_the_discourse_like_are_set_aside(typed, meant):
    assert_unseen(typed)
    assert strip(typed) == meant


@pytest.mark.parametrize("text", ["brands like ours pay what?", "what will next quarter look like?",
                                  "we like the first plan better", "ok thanks", "lol", "great, thanks!",
                                  "so which of the two is cheaper?", "ok, and for dentists?",
                                  "hi! quick q", "hey how are you"])
def test_content_likes_closings_and_bare_fillers_are_kept(text):
    assert strip(text) == text


@pytest.mark.parametrize("kb,clean", [
    ("kb", ["how many registered nurses live in texas?", "and for the US overall?", "and for Florida?"]),
    ("kb_txt2", ["what does a click cost for pest control on google?", "and for moving companies?", "and for roofers?"]),
])
def test_the_agent_answers_the_filled_wording_as_the_plain_one(request, monkeypatch, kb, clean):
    typed = ["quick q: " + clean[0].replace("?", " tbh?"), "umm, " + clean[1].replace(" the ", " like the ").replace("?", " lol?"),
             "hey, " + clean[2]]
    assert_read_alike_on(request, monkeypatch, kb, typed, clean)
