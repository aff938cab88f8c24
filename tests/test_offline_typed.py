"""A user message as the rules read it (agent.offline.typed): percentages written out read as figures, and
every typing habit set aside at once, on kb/ and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

import pytest

from agent.offline.typed import _percent, read
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("typed,meant", [
    ("we trimmed search by 15 percent", "we trimmed search by 15%"),
    ("about forty-five per cent of them", "about 45% of them"),
    ("a 2.5 pct lift at best", "a 2.5% lift at best"),
    ("what percent of our list opens?", "what percent of our list opens?"),  # no figure: as typed
    ("some percent of it", "some percent of it"),
])
def test_a_percentage_written_out_is_read_as_a_figure(typed, meant):
    assert _percent(typed) == meant


def test_all_habits_at_once():
    typed = "quick q: whats the conversoin rate for pest contrl w/ a 20 percent discount tbh?"
    assert_unseen(typed)
    assert read(typed) == "what's the conversion rate for pest control with a 20% discount?"


@pytest.mark.parametrize("kb,clean", [
    ("kb", ["we spend $30k a month on paid social for our gym chain.", "if we cut that by 20%, what's left each month?"]),
    ("kb_txt2", ["we spend $12k a month on google ads for our roofing company.",
                 "if we cut that by 20%, what's left each month?"]),
])
def test_the_agent_works_a_percentage_written_out_as_the_figure(request, monkeypatch, kb, clean):
    typed = [clean[0], clean[1].replace("20%", "twenty percent")]
    assert_read_alike_on(request, monkeypatch, kb, typed, clean)
