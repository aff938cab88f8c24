"""A name the user quotes beside the question ("… wrote 'SMART' on the whiteboard … how do we set a target?") searched
with the asking sentence, and the section the KB headed with it quoted when the turn would decline
(agent.offline.quotedterm) — own wording, on the shipped KB and on the plain-text kb_txt2."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import quotedterm
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
WHITEBOARD = ("the new intern wrote 'SMART' on the whiteboard next to our quarterly plan and nobody knew what it meant. "
              "how do we set a proper target for the campaign?")
PULSING = ('my cousin who works at an agency swears by "pulsing" and keeps texting me about it. how should we spread '
           "our spend across the year?")
PLUMBER = 'my cofounder mentioned "local service ads" for our plumbing company. how do they charge us?'


def test_own_wording_is_unseen():
    assert_unseen([WHITEBOARD, PULSING, PLUMBER])


@pytest.mark.parametrize("text,names", [
    (WHITEBOARD, ["SMART"]),
    (PULSING, ["pulsing"]),
    ("it's fine, what's a good cpm for retail?", []),  # an apostrophe inside a word opens no quote
    ('we call it "the 3 rule", is that ok?', []),  # a quoted figure is the user's data, not a name
    ("‘always-on’ or bursts — which suits a small shop?", ["always-on"]),  # curly quotes
])
def test_quoted_names(text, names):
    assert quotedterm.terms(text) == names


def test_the_asking_sentence_is_searched_with_the_name():
    assert quotedterm.query(WHITEBOARD) == "how do we set a proper target for the campaign? SMART"
    assert quotedterm.query("what does 'SMART' mean?") is None  # the name is in the asking sentence already


def test_the_section_headed_with_the_quoted_name_answers(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer, calls = turns(shipped_engine, [WHITEBOARD])[-1]
    assert {"query": "how do we set a proper target for the campaign? SMART", "top_k": 8} in calls
    assert answer.startswith("Based on Knowledge Base [step-01-objectives#") and "Time-bound" in answer, answer


def test_a_quoted_name_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    answer, calls = turns(kb_txt2_engine, [PLUMBER])[-1]
    assert {"query": "how do they charge us? local service ads", "top_k": 8} in calls
    assert "[local_services_search_costs#" in answer and "per lead" in answer, answer
