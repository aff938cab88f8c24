"""A business said with a word of scope ("we also sell …", agent/offline/business.py) is read as the user's
business; and one whose word is a KB label's word with another front glued on ("menswear" / "Womenswear",
mpa/labelsibling.py) is not served that sibling's figures by meaning alone — on the shipped KB and the plain-text
kb_txt2. Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline.business import business
from mpa.labelsibling import sibling
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB, TXT2 as TXT2_KB
from tests.unseen_wording import assert_unseen

# the business, then the words of scope and verb said before it
SCOPED = [("handmade pottery", "we also sell"), ("vintage watches", "I mostly repair"),
          ("wedding invitations", "our studio now designs")]
SHIPPED = ["we also sell handmade pottery", "ballpark cpc for us?"]
PLAIN = ["we also sell menswear online", "ballpark pinterest cpm for us?"]


def test_wording_is_own_and_a_word_of_scope_keeps_the_business():
    said = [f"{before} {phrase}" for phrase, before in SCOPED]
    assert_unseen(said, SHIPPED, PLAIN)
    assert [business(t).phrase for t in said] == [phrase for phrase, _ in SCOPED]


def test_a_sibling_word_is_no_match():
    assert sibling("menswear", "Womenswear") and sibling("snowshoes rental", "Shoes")
    assert not sibling("roofing", "Roofing Contractors") and not sibling("pet care", "Healthcare")


@pytest.mark.parametrize("fixture,kb,messages,said", [("shipped_engine", KB, SHIPPED, "handmade pottery"),
                                                       ("kb_txt2_engine", TXT2_KB, PLAIN, "menswear")])
def test_the_business_is_asked_for_and_no_sibling_answers(request, monkeypatch, fixture, kb, messages, said):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    _, (answer, calls) = turns(request.getfixturevalue(fixture), messages)
    assert any(said in str(c.get("vertical", "")) for c in calls), calls
    assert "$5.30" not in answer and "$0.82" not in answer   # Womenswear's figures


def test_a_sibling_label_is_not_served(monkeypatch, kb_txt2_engine):
    monkeypatch.setenv("MPA_KB_DIR", TXT2_KB)
    text = "roughly what does pinterest charge per click for menswear?"
    assert_unseen(text)
    [(answer, calls)] = turns(kb_txt2_engine, [text])
    assert {"vertical": "menswear", "metric": "CPC", "platform": "Pinterest"} in calls, calls
    assert "$0.82" not in answer   # the covered verticals may be listed; their figure is not served
