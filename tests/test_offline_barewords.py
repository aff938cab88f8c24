"""Contractions typed without their apostrophe whose bare form is also a word (agent.offline.barewords): read as
the contraction only where the next words settle it, on kb/ and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

import pytest

from agent.offline.barewords import read
from tests.offline_turns import assert_read_alike_on
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("typed,meant", [
    ("were a small bakery in ohio", "we're a small bakery in ohio"),
    ("were 4 clinics downtown. whats a fair cpa", "we're 4 clinics downtown. whats a fair cpa"),
    ("were spending 8k on search. too much?", "we're spending 8k on search. too much?"),
    ("until its stable, should we wait", "until it's stable, should we wait"),
    ("its not converting", "it's not converting"),
    ("wed rather test first", "we'd rather test first"),
    ("id like a cheaper option", "I'd like a cheaper option"),
    ("lets assume a $5 cpc", "let's assume a $5 cpc"),
    ("ill need the numbers by friday", "I'll need the numbers by friday"),
])
def test_a_contraction_whose_bare_form_is_a_word_is_read_where_the_next_words_settle_it(typed, meant):
    assert_unseen(typed)
    assert read(typed) == meant


@pytest.mark.parametrize("text", ["were the emails opened", "were spending levels higher last year?",
                                  "the shop and its staff", "its cpc doubled", "its worth to the brand is unclear",
                                  "the tool lets us cap it", "she got ill last week", "Were a team of four",
                                  "a wed anniversary"])
def test_the_bare_word_is_left_where_it_can_be_itself(text):
    assert read(text) == text


@pytest.mark.parametrize("kb,business,question", [
    ("kb", "a chain of 5 furniture stores", "what's a normal cost per sale from ads for a store like ours?"),
    ("kb_txt2", "a roofing company", "what does a click usually cost us?"),
])
def test_the_agent_reads_the_business_said_without_its_apostrophe(request, monkeypatch, kb, business, question):
    assert_read_alike_on(request, monkeypatch, kb, [f"were {business}. {question}"], [f"we're {business}. {question}"])
