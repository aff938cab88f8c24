"""A why-question after a told story that names a metric and a judgement of it ("… says our CPA looks great. why
could that be misleading?") is answered from the KB's passages, not by asking for the user's figure or quoting the
benchmark range (:mod:`agent.offline.reasonask`); a why-question naming its metric ("why is CAC so high …?") or
giving figures is left to the lookups. Wording of our own, on kb/ and on the plain-text fixture KB."""
from __future__ import annotations

from agent.offline.reasonask import asks_reason
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

STORY = ["my boss thinks our cpa is great because the platform report looks healthy. why could that be misleading?",
         "meta says our roas is fine, it reports way more sales than our shop shows. why would the numbers differ?"]
OWN = ["why is cac so high for software companies?", "our roas is 3.2 - why is it lower than last year at 4?",
       "whats a normal ctr for retail, and why does it vary so much?"]


def test_wording_is_our_own():
    assert_unseen(STORY + OWN)


def test_the_reason_is_asked_only_after_a_story():
    assert all(asks_reason(q) for q in STORY)
    assert not any(asks_reason(q) for q in OWN + ["why?"])


def test_read_from_the_passages_on_kb(shipped_engine):
    (text, calls), = turns(shipped_engine, [STORY[0]])
    assert "Based on Knowledge Base" in text and "what is your" not in text.lower()
    assert all("vertical" not in c for c in calls)  # no benchmark range stands in for the reason


def test_read_from_the_passages_on_a_plain_text_kb(kb_txt_engine):
    (text, _), = turns(kb_txt_engine, [STORY[1]])
    assert "Based on Knowledge Base" in text and "what is your" not in text.lower()
