"""A follow-up asking whether the rule just quoted fits the user ("is that rule right for us?") answered from the
section of the same document that says when it applies or bends (agent.offline.fitask) — own wording, on the shipped
KB ("When to bend 70/20/10") and on the plain-text kb_txt5 ("SECTION 4 - WHEN TO USE WHICH")."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import fitask
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
RULE = ["what is the 70/20/10 rule?", "we're a tiny startup with no track record, is that rule right for us"]
TWITCH = ["how do brands usually run ads on twitch?", "does that still make sense for a small wine club like ours"]
# the circumstance said first, then "does that change the <rule's noun>?"
CHANGE = ["what is the 70/20/10 rule?", "we launched last spring and have almost no track record. would that change the split?"]
CHANGE_TXT = ["how do brands usually run ads on twitch?", "we sell wine to retirees only. does that change the plan?"]


def test_own_wording_is_unseen():
    assert_unseen(RULE, TWITCH, CHANGE, CHANGE_TXT)


@pytest.mark.parametrize("text,fit", [
    (RULE[1], True),
    (TWITCH[1], True),
    ("would this work for a shop our size?", True),
    ("does it apply to us if we only sell online", True),
    ("what makes sense for a first campaign?", False),  # no pointer back: a question of its own
    ("how does that work?", False),  # how it works, not whether it fits the user
    (CHANGE[1], True),
    ("does that change anything?", False),  # no rule's noun pointed at
    ("how do we change the split?", False),  # no circumstance pointed back at
])
def test_a_fit_question(text, fit):
    assert fitask.asks_fit(text) is fit


def test_the_rule_s_own_when_section_answers(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = turns(shipped_engine, RULE)[-1][0]
    assert answer.startswith("Based on Knowledge Base [budget-allocation-pacing#") and "50/30/20" in answer, answer


def test_a_plain_text_kb_s_when_section_answers(kb_txt5_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt5"))
    answer = turns(kb_txt5_engine, TWITCH)[-1][0]
    assert "[native_and_creator_video_platforms#" in answer and "Twitch suits" in answer, answer


def test_a_changed_circumstance_asks_the_rule_s_when_section(shipped_engine, kb_txt5_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = turns(shipped_engine, CHANGE)[-1][0]
    assert answer.startswith("Based on Knowledge Base [budget-allocation-pacing#") and "50/30/20" in answer, answer
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt5"))
    answer = turns(kb_txt5_engine, CHANGE_TXT)[-1][0]
    assert "[native_and_creator_video_platforms#" in answer and "Twitch suits" in answer, answer
