"""Abstention in both directions for questions typed as people type them: a country in lower case,
a year gone by, a business named without its article, a market said where a business would be.

Every question is worded here, none taken from a dataset or fixture turn. Declines and answers are
judged by the project's abstention scorer (``tests.test_offline_declines._scored``), on kb/ and on
the plain-text KB.
"""
from __future__ import annotations

import pytest

from tests.test_offline_declines import KB, TXT, _scored, _scorer_reads_the_kb_asked, score_of  # noqa: F401 (autouse fixture)

DECLINE = [
    (KB, "whats a typical cpm in germany for ecommerce"),  # a country typed in lower case is a place
    (KB, "how many new parents are there in brazil"),  # … which the audience look-up is asked for
    (KB, "what did travel cpm look like back in 2018"),  # a year the cited passages do not state
    (KB, "what was saas cpc last year"),
    (KB, "whats a normal cpc for ecommerce || ok and for the uk?"),  # a market said alone is no vertical
    (KB, "orthodontist office here, what roas should we expect from ads"),  # a business without its article
    (TXT, "whats the google cpc for dental practices in canada"),
    (TXT, "what was the google cpc for dental practices back in 2019"),
    (TXT, "how many people live across scandinavia"),
]
ANSWER = [
    (KB, "how many new parents are there in texas"),
    (KB, "we started back in 2019, whats a typical saas cpc"),  # a year said of the business, no figure asked of it
    (KB, "our saas cpc was 6 dollars in 2023, is that normal?"),  # the user's own figure: asked about now
    (KB, "whats a normal conversion rate for an online store"),
    (TXT, "roofing company here, whats a normal cpc on google"),
    (TXT, "what's a good google cpc for dental practices"),
]


@pytest.mark.parametrize("kb,question,must", [(k, q, True) for k, q in DECLINE] + [(k, q, False) for k, q in ANSWER])
def test_declined_or_answered(kb, question, must, request):
    score, said = _scored(request.getfixturevalue(kb), question, must)
    assert score == 1.0, said
    if not must:  # an answer to a question of now or of the US carries no note of a time or market it lacks
        assert "has no figures for" not in said and "has no figure for" not in said, said


def test_world_places_need_a_place_context():
    from agent.offline.worldplaces import is_world_place, world_places
    assert world_places("cpm in germany?") == ((7, "Germany"),)
    assert world_places("launching across the uk next month") == ((21, "UK"),)
    assert world_places("the brazil market is new for us") == ((4, "Brazil"),)
    assert world_places("we sell fine china online") == ()  # a name that is also a word, out of a place's context
    assert world_places("turkey sales before thanksgiving") == ()
    assert is_world_place("the uk") and is_world_place("Latin America") and not is_world_place("dental clinics")


def test_world_places_join_the_message_places():
    from agent.offline.places import geographies, without_places
    assert [g for _, g in geographies("how many gamers in california and in mexico?")] == ["California", "Mexico"]
    assert [g for _, g in geographies("roofers in new mexico")] == ["New Mexico"]  # the state, not the country
    assert "germany" not in without_places("cpm in germany for ecommerce")


def test_a_past_year_only_when_a_figure_is_asked_of_it():
    from agent.offline.pastyear import past_year
    assert past_year("what was the average cpc back in 2019", "Typical CPC $3.50-$7.00") == "2019"
    assert past_year("what were cpms like last year", "CPM $8-$14") == "last year"
    assert past_year("what was the cpc in 2024", "Google Ads 2024: $3.40-3.90") is None  # stated by the passage
    assert past_year("our cac was $40 in 2023, ok?", "CAC $30-$55") is None  # the user's own figure
    assert past_year("what is the cpc for 2019 launches", "CPC $1") is None  # no past tense: no time asked


def test_a_business_named_without_its_article():
    from agent.offline.business import business
    assert business("dental clinic group here, what roas should we expect").phrase == "dental clinic group"
    assert business("bike shop here: whats a normal cpc").phrase == "bike shop"
    assert business("newbie here, whats a normal cpc") is None  # no word that ends a business's name
    assert business("what was the cpc for dental practices back in 2019").phrase == "dental practices"


def test_a_short_whole_question_with_its_own_subject_leans_on_nothing():
    from agent.offline.searchq import leans_on_previous
    assert not leans_on_previous("should i spend more in december")
    assert not leans_on_previous("how do i lower my cpa")
    assert leans_on_previous("can i go higher?")  # names nothing of its own
    assert leans_on_previous("should we do that?")  # points back
    assert leans_on_previous("what about cpc")  # opens as a follow-up


@pytest.mark.parametrize("kb,turns,before", [
    (KB, "whats a holdout group || should i spend more in december", "step-09-testing-design"),
    (TXT, "how does a geo holdout test work || should we spend more in q4", "geography_market_guidance"),
])
def test_the_last_topic_is_not_searched_with_a_new_question(kb, turns, before, request):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    said = [conv.send(m) for m in turns.split(" || ")]
    queries = [c.input["query"] if hasattr(c, "input") else c["input"]["query"] for c in said[-1].tool_calls]
    assert queries and all("holdout" not in q for q in queries), queries
    assert f"[{before}#" not in said[-1].assistant, said[-1].assistant


@pytest.mark.parametrize("kb,turns,source", [
    (KB, "car dealership, what roas should i aim for || ok what should i track instead", None),
    (TXT, "ok different q, whats the minimum monthly budget for a campaign", "budget_and_channel_mix"),
])
def test_a_question_after_a_pleasantry_without_its_question_mark_is_answered(kb, turns, source, request):
    score, said = _scored(request.getfixturevalue(kb), turns, False)
    assert score == 1.0, said
    assert "Glad that helps" not in said
    assert source is None or f"[{source}#" in said, said


def test_a_pleasantry_alone_stays_small_talk():
    from agent.offline.scope import chat
    assert chat("cool, what a great answer", True)
    assert chat("ok thanks", True)
    assert not chat("ok what should i track instead", True)


@pytest.mark.parametrize("kb,turns", [
    (KB, "we sell shoes online || how should we figure out our own cac"),
    (KB, "we're a vet clinic, what does a new client usually cost us || how should we figure out our own cac"),
    (TXT, "we run a roofing company || how do we work out our own cpa"),
])
def test_how_to_work_out_ones_own_figure_asks_a_method_not_a_benchmark(kb, turns, request):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    said = [conv.send(m) for m in turns.split(" || ")]
    names = [c.name if hasattr(c, "name") else c["name"] for c in said[-1].tool_calls]
    assert names and "get_benchmark" not in names, names
    assert "figure for this" not in said[-1].assistant, said[-1].assistant  # a worked example is no benchmark
    assert score_of(conv, said, False) == 1.0, said[-1].assistant  # answered (a method), scored as the sets are


@pytest.mark.parametrize("kb,turns,result", [
    (KB, "how many leads can i get || we sell accounting software to small businesses || about 20 grand a month", "250"),
    (TXT, "how many clicks would i get on google || we're a roofing company || around 8k a month", None),
])
def test_a_budget_given_after_a_prose_turn_works_the_calculation_that_asked_for_it(kb, turns, result, request):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    said = [conv.send(m) for m in turns.split(" || ")]
    assert said[0].assistant.rstrip().endswith("budget?"), said[0].assistant
    assert "÷" in said[-1].assistant, said[-1].assistant
    assert result is None or result in said[-1].assistant, said[-1].assistant


def test_a_difference_asked_gets_no_missing_figure_note():
    from agent.offline.gaps import _MEANING
    assert _MEANING.search("whats the difference between cpl and cpa anyway")
    assert not _MEANING.search("whats the typical cpl for saas")


def test_a_question_tagged_on_without_its_mark_is_no_statement():
    from agent.offline.compose import statement
    assert statement("our cac was 60 bucks last year, is that ok for ecommerce") is None
    assert statement("our ltv is 400.") == ("known", "ltv", "400")


@pytest.mark.parametrize("kb,question", [
    (KB, "our cac was 60 bucks last year, is that ok for ecommerce"),
    (TXT, "our cpc is 5 bucks, is that ok for dental practices on google"),
])
def test_a_tagged_question_is_answered_without_an_echo(kb, question, request):
    score, said = _scored(request.getfixturevalue(kb), question, False)
    assert score == 1.0 and "I'll use your" not in said, said
