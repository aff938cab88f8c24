"""Lower-case typing of the KB's own acronyms and names (agent.offline.kbcase): read in the KB's capitals, on
kb/ and on the plain-text kb_txt2 (the agent's turns: tests/test_offline_typed.py's READ_ALIKE) — own wording only."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline.kbcase import forms, mark
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB, TXT2 = str(ROOT / "kb"), str(ROOT / "tests" / "fixtures" / "kb_txt2")


@pytest.mark.parametrize("folder,typed,meant", [
    (KB, "is an ev buyer worth chasing on linkedin", "is an EV buyer worth chasing on LinkedIn"),
    (KB, "two mmms disagree on roi", "two MMMs disagree on ROI"),
    (TXT2, "does ctv beat search on acos", "does CTV beat search on ACoS"),
])
def test_a_kb_acronym_or_name_typed_in_lower_case_is_read_as_the_kb_writes_it(folder, typed, meant):
    assert_unseen(typed)
    assert mark(typed, folder) == meant


@pytest.mark.parametrize("text", ["ok so what about us", "tell me about it", "thx, that helps",
                                  "our Ev launch slipped", "see kb.example.com/ev", "a roi-based view"])
def test_english_words_chat_words_capitalised_words_and_addresses_are_left_as_typed(text):
    assert mark(text, KB) == text


def test_only_what_the_kb_writes_in_capitals_and_never_in_lower_case_is_known():
    kb = forms(KB)
    assert kb["ev"] == "EV" and "ok" not in kb and "us" not in kb and "the" not in kb
    assert "ev" not in forms(TXT2)  # each KB its own acronyms
    assert forms(None) == {}
