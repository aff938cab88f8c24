"""Chat short forms and contractions typed without their apostrophe are read in full
(agent.offline.shortforms), on kb/ and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

import pytest

from agent.offline.shortforms import contractions, expand
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("typed,meant", [
    ("whats a fair cpm w/ ur current targeting", "what's a fair cpm with your current targeting"),
    ("Whats left if ur team drops the podcast line", "What's left if your team drops the podcast line"),
    ("im sure it doesnt matter abt the lead count b4 launch", "I'm sure it doesn't matter about the lead count before launch"),
    ("we cant go w/o search cuz leads", "we can't go without search because leads"),
    ("can u size it for us", "can you size it for us"),
])
def test_short_forms_and_bare_contractions_are_written_in_full(typed, meant):
    assert_unseen(typed)
    assert expand(typed) == meant


@pytest.mark.parametrize("text", ["its cost were well above what ill teams shed", "an RN in BC, U.S. and UR", "and bc?",
                                  "the u-shaped curve", "lets see", "see www.abt.com/ppl"])
def test_real_words_acronyms_and_addresses_are_left_as_typed(text):
    assert expand(text) == text


def test_only_contractions_whose_bare_form_is_no_word_of_its_own_or_a_rare_one():
    table = contractions()
    assert {"dont", "doesnt", "im", "youre", "whats", "cant"} <= set(table)
    assert not {"its", "were", "well", "ill", "lets", "shed", "id", "wed", "hell", "shell"} & set(table)


@pytest.mark.parametrize("kb,clean", [
    ("kb", ["what's a typical cpc for people shopping for used cars?", "what about healthcare?"]),
    ("kb_txt2", ["what's the cpc for dog grooming on google?", "what about driving schools?"]),
])
def test_the_agent_answers_the_short_forms_as_the_full_words(request, monkeypatch, kb, clean):
    typed = [clean[0].replace("what's", "whats"), clean[1].replace("about", "abt")]
    assert_read_alike_on(request, monkeypatch, kb, typed, clean)
