"""Newcomers' words: a term asked back mid-conversation is answered from the KB's definition (meaningask,
definition), "those two" are the metrics just given (pairback), a price of a person doing something is the
metric that counts it (doerplain), the payer said in a clause of its own is the business (payer), a count by a
unit already priced uses that price (unitsaid), and a competitor's own spend is no KB's (othersown). Wording of
our own, on kb/ and the plain-text fixture KBs."""
from __future__ import annotations

import pytest

from agent.offline import definition, doerplain, meaningask, othersown, pairback
from agent.offline.business import business
from agent.offline.parse import parse
from tests.offline_turns import offline_conversation
from tests.unseen_wording import assert_unseen

TERMS = {"oh sorry, what's a CPV? you mention it a lot": ["CPV"], "Excuse me, what is a lookalike? The owner asked.": [
    "lookalike"], "hmm what does MER even mean": ["MER"], "whats a holdout, my co-founder wants to know": ["holdout"],
    "what's the difference between CPI and CPA, the board mixes them up": ["CPI", "CPA"],
    "whats a sign-up worth": [], "what's a CPC, roughly?": [], "we're a florist, what's a CPC?": [],
    "so a credit union then — what's CAC there?": [], "what's a CTR, for a shop like mine?": [],
    "MER? what's that?": ["MER"], "huh? what's an MTA?": ["MTA"], "honestly i don't know what a GRP is": ["GRP"],
    "could you explain incrementality to me?": ["incrementality"], "what's this SOV thing you mentioned": ["SOV"],
    "what's CPCV mean": ["CPCV"], "explain the split again": [], "wait, is a CPI the same thing as a CPA?": ["CPI", "CPA"],
    "is our CAC the same as last quarter?": []}
DOERS = {"what does a bike shop pay to get one new person buying?": "cost per new customer",
         "and per child who actually attends?": "cost per child who attends",
         "what do we pay for somebody asking about a refinance": "cost per refinance request",
         "what does one household inquiry cost a roofer": "cost per inquiry"}
RIVALS = {"could you check how much our closest rival spends on tiktok?": True,
          "what's the bakery down the street paying for its ads": True,
          "how would we gauge what our competitors spend?": False,
          "what do competitors usually pay per click for plumbing?": False}


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(list(TERMS), list(DOERS), list(RIVALS))


@pytest.mark.parametrize("ask", TERMS)
def test_a_term_asked_back_with_an_apology_or_a_reason(ask):
    assert meaningask.asked(ask) == TERMS[ask]


def test_the_definite_form_is_left_to_the_figure_planning():
    assert meaningask.asked("whats the CPC") == [] and meaningask.asked("sorry, whats a CPC") == ["CPC"]
    calls = meaningask.calls("remind me, what is a CPL?", {"search_knowledge_base", "get_benchmark"}, 8)
    assert calls[0] == ("search_knowledge_base", {"query": "CPL cost per lead", "top_k": 8}), calls


def test_those_two_are_the_metrics_the_last_answers_led_with():
    said = ["Based on Knowledge Base [a#0], the Typical travel CPA (cost per acquisition) range is $40. CAC aside.",
            "Based on Knowledge Base [a#1], the Typical travel ROAS (return on ad spend) range is 4x."]
    assert pairback.named("how do those two differ? my partner keeps asking", said) == \
        "what's the difference between CPA and ROAS?"
    assert pairback.named("how do those two differ?", said[:1]) == "how do those two differ?"  # one metric: no pair
    assert pairback.named("hmm, what's the difference?", said) == "what's the difference between CPA and ROAS?"
    assert pairback.named("which of those two is cheaper?", said) == "which of those two is cheaper?"


@pytest.mark.parametrize("ask", DOERS)
def test_a_person_doing_something_is_priced_by_what_they_do(ask):
    p = parse(ask)
    assert DOERS[ask] in p.metric_phrases or (DOERS[ask] == "cost per new customer" and p.metrics == ["CAC"]), p
    assert not [m for m in p.metric_phrases if m in ("cost per joining", "cost per asking", "cost per household inquiry")]


def test_a_second_price_joined_by_and_for():
    found = [ph for *_, ph in doerplain.priced("what should we pay for a lead, and for an actual paying member?")]
    assert found == ["cost per paying member"], found


def test_the_payer_said_in_a_clause_of_its_own():
    assert business("what's the usual amount a food pantry spends to find one volunteer?").phrase == "food pantry"
    assert business("the amount we pay per lead seems high") is None


def test_plural_payers_of_an_embedded_question_without_an_article():
    """'got any numbers on what dog groomers pay …': the payer of a question inside another, plural and bare."""
    assert business("got any numbers on what dog groomers pay per lead?").phrase == "dog groomers"
    assert business("any idea how much florists spend per click?").phrase == "florists"
    for nobody in ("do you know what most businesses pay per lead?", "what other companies pay per lead?",
                   "any idea what Google pays publishers?"):
        assert business(nobody) is None, nobody


def test_end_to_end_an_embedded_payer_is_not_the_last_turns_business(shipped_engine):
    """Never the earlier vertical's figure for a business named now (it was quoted as the answer)."""
    conv = offline_conversation(shipped_engine)
    conv.send("What's the typical CPL for SaaS?")
    got = conv.send("Got any numbers on what dog groomers pay per lead?").assistant
    assert "$80" not in got and "dog groomers" in got, got


@pytest.mark.parametrize("ask", RIVALS)
def test_a_competitors_own_spend_is_asked_as_a_fact(ask):
    assert othersown.asks(ask) is RIVALS[ask]


def test_end_to_end_a_term_asked_back_after_a_benchmark(shipped_engine):
    conv = offline_conversation(shipped_engine)
    conv.send("we're a car dealership. what's a typical CPC for us?")
    got = conv.send("sorry, what is a CPC? you keep using it").assistant
    assert "[glossary#" in got and "clicks" in got, got


def test_end_to_end_a_term_asked_back_on_a_plain_text_kb(kb_txt_engine):
    conv = offline_conversation(kb_txt_engine)
    conv.send("we run a dental practice. what's a normal CPC?")
    got = conv.send("pardon me, what is a CPC?").assistant
    assert "[glossary_and_methodology#" in got and "Media spend divided by clicks" in got, got


def test_end_to_end_a_count_by_a_unit_already_priced(shipped_engine):
    conv = offline_conversation(shipped_engine)
    conv.send("we market an online language course. what does one student inquiry usually run?")
    conv.send("and the cost per new customer?")
    got = conv.send("with $7,000, how many inquiries could we get?").assistant
    assert "CPL" in got and "$7,000 ÷ $85" in got, got
    got = conv.send("and how many new students would that be?").assistant
    assert "CAC" in got and "$7,000 ÷ $600" in got, got
    got = conv.send("and with only $3,500?").assistant  # the last working again: new students, not inquiries
    assert "$3,500 ÷ $600" in got and "new students" in got, got


def test_end_to_end_a_competitors_spend_is_declined(shipped_engine):
    got = offline_conversation(shipped_engine).send("could you check how much our closest rival spends on tiktok?").assistant
    assert got.startswith("The knowledge base does not contain") and "[" not in got, got


def test_a_unit_said_with_whose_it_is_is_the_unit(shipped_engine):
    from mpa.lookups import get_benchmark
    from mpa.unitowner import owned_phrase
    assert owned_phrase("cost per parent enquiry") == "cost per enquiry" and owned_phrase("cost per lead") is None
    got = get_benchmark(shipped_engine, "education", "cost per parent inquiry")
    assert got is not None and got.metric == "CPL", got


def test_a_medium_priced_is_no_unit():
    assert parse("what do billboards usually go for?").metric_phrases == []


def test_end_to_end_what_the_figure_just_given_counts(shipped_engine):
    conv = offline_conversation(shipped_engine)
    conv.send("we own a small hotel by the lake. what return should our ads bring?")
    got = conv.send("does that figure include the taxes guests pay?").assistant
    assert "[benchmarks-travel#" in got and "gross booking value" in got and "[glossary#" in got, got


def test_how_many_new_people_a_remembered_budget_brings():
    from agent.offline import newcount
    from agent.offline.memory import Memory
    mem = Memory()
    mem.facts["budget"] = 5000.0
    got = newcount.read(parse("and how many new members, realistically?"), mem)
    assert got.calc is not None and got.calc.target == "new members" and got.audiences == [], got
    assert newcount.read(parse("how many new members in ohio?"), mem).calc is None  # a place: an audience's size
    assert newcount.read(parse("how many new members?"), Memory()).calc is None  # no budget said
    assert newcount.read(parse("and how many new parents?"), mem).calc is None  # an audience of new people


def test_one_pointed_at_is_priced():
    assert parse("when one signs up and pays, what would that member typically cost?").metric_phrases == ["cost per member"]


def test_end_to_end_of_two_compared_the_one_the_kb_defines(kb_txt2_engine):
    got = offline_conversation(kb_txt2_engine).send("wait, is a CPL the same thing as a CPA?").assistant
    assert "[terms_and_definitions#" in got and "qualified leads" in got and got.endswith("does not define CPA."), got
