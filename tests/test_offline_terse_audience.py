"""An audience and a market typed with nothing else (probe of 2026-11-29, h_calc): "prospective adult learners
pittsburgh", "solar-ready homeowners in phoenix". No sizing cue, no vocabulary audience or place: the message is
also handed to the sizing tool as it stands, and only a size it finds is said (:mod:`agent.offline.terseaudience`);
a follow-up then swaps the market ("and milwaukee"). Wording of our own, on kb_txt2, kb_txt and kb/."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from agent.offline.terseaudience import asked
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

LEARNERS = ["prospective adult learners pittsburgh", "and milwaukee"]
SOLAR = ["solar-ready homeowners in phoenix"]
SHIPPED = ["ev intenders los angeles", "holiday gift shoppers"]


def test_readings():
    assert_unseen(LEARNERS, SOLAR, SHIPPED)  # the wording here is no data set's
    assert asked(LEARNERS[0], parse(LEARNERS[0])) and asked(SOLAR[0], parse(SOLAR[0]))
    for text in ("what is a dma?", "how many retirees in ohio", "ecommerce cpc", "budget 20k", "thanks"):
        assert not asked(text, parse(text)), text


def test_a_bare_audience_and_market_on_kb_txt2(kb_txt2_engine):
    (first, _), (second, calls) = turns(kb_txt2_engine, LEARNERS)
    assert "88,000" in first and "Pittsburgh" in first, first
    assert "71,000" in second and any(c.get("geography") == "Milwaukee" for c in calls), second


def test_a_bare_audience_and_market_on_kb_txt(kb_txt_engine):
    (text, _), = turns(kb_txt_engine, SOLAR)
    assert "612,000" in text, text


def test_on_the_shipped_kb_a_miss_says_nothing(shipped_engine):
    (ev, _), (plan, calls) = turns(shipped_engine, SHIPPED)
    assert "779,000" in ev, ev
    assert any("audience_type" in c for c in calls) and "does not contain a size" not in plan, plan  # the guess missed


def test_a_missed_guess_leaves_the_conversation_as_it_was(kb_txt2_engine):
    # ("… in the minneapolis dma" is now read as the market "Minneapolis DMA" and sized: test_offline_place_short)
    msgs = ["households in the minneapolis metro", "and pittsburgh"]
    assert_unseen(msgs)
    _, (text, calls) = turns(kb_txt2_engine, msgs)  # the sizing guess missed: no audience to carry to Pittsburgh
    assert not any("audience_type" in c for c in calls) and "1.17M" in text, (calls, text)


# the same bare audience and market typed as a question (probe of 2026-11-30, h_small3): the "?" at the end asks
# nothing more, so it is sized as before — the search alone quoted another market's row first, or none
ASKED = ["dog-owning households, san antonio?", "solar ready homeowners in denver?"]


def test_a_question_mark_at_the_end_changes_nothing(kb_txt2_engine, kb_txt_engine):
    assert_unseen(ASKED)
    assert asked(ASKED[0], parse(ASKED[0])) and not asked("ecommerce? cpc", parse("ecommerce? cpc"))
    (dogs, calls), = turns(kb_txt2_engine, ASKED[:1])
    assert "436,000" in dogs and "1,010,000" not in dogs, dogs
    assert all("?" not in c.get("audience_type", "") for c in calls), calls
    (solar, _), = turns(kb_txt_engine, ASKED[1:])
    assert "429,000" in solar, solar


def test_a_statement_about_the_users_own_business_is_no_audience_to_size(shipped_engine, kb_txt_engine):
    own = ["we're a bike repair shop", "we sell handmade leather bags", "I run two nail salons", "our shop sells tea"]
    assert_unseen(own)
    for text in own:
        assert not asked(text, parse(text)), text
    for engine in (shipped_engine, kb_txt_engine):
        (_, calls), = turns(engine, own[:1])
        assert not any("audience_type" in c for c in calls), calls


@pytest.mark.parametrize("kb,question,said", [
    ("shipped_engine", "what's the size of the electric vehicle intender audience in california?", "Electric vehicle intenders"),
    ("kb_txt_engine", "what's the size of the audience of solar-ready homeowners in phoenix?", "612,000"),
    ("shipped_engine", "what is the size of the moms audience in ohio?", "does not size 'moms'"),
])
def test_the_size_of_an_audience_asked_as_a_noun_phrase_is_looked_up(kb, question, said, request):
    assert_unseen(question)
    (text, calls), = turns(request.getfixturevalue(kb), [question])
    assert any("audience_type" in c and "size" not in c["audience_type"] and "audience" not in c["audience_type"]
               for c in calls), calls
    assert said in text, text
