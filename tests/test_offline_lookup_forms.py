"""Look-ups said in everyday forms (agent/offline/priceforms.py, channelfig.py, places.py, memory.carry):
a channel named by its plural, a price asked "what's a X cost" or "the going rate for a X", a place name
clipped ("across penn"), and a sizing request that asks no question while audiences are being sized.
Wording of our own, checked against every seen set."""
from __future__ import annotations

import pytest

from agent.offline.channelfig import named, queries
from agent.offline.memory import Memory, carry
from agent.offline.parse import parse
from agent.offline.places import geographies, without_places
from tests.offline_turns import offline_conversation
from tests.unseen_wording import assert_unseen

NOT_PRICES = ["what's a good conversion rate for a lead form?", "what's the click rate for an email blast?",
              "what's a typical test run length for us?"]
STORE = "we sell handmade soap on our own online store. what's a normal CAC?"
BILLBOARDS = "a neighbour raves about billboards. roughly what do those go for per thousand impressions?"
LINKEDIN = "our intern keeps bringing up linkedin. what's a single click on there cost, more or less?"
CLIPPED = [("how many new parents live in cali?", "California"), ("pet owners across penn and ohio", "Pennsylvania"),
           ("how many registered nurses in mass only", "Massachusetts")]
NOT_CLIPPED = ["how many nurses in india?", "how many leads in total?", "what works in practice?"]
SIZED = "how many retirees are there nationwide?"
REQUEST = "next up retirees in Florida and across Ohio for the spring flight"
QUESTION = "what do retirees in Florida and Ohio respond to?"


def test_own_wording_is_not_in_the_seen_sets():
    assert_unseen(NOT_PRICES, STORE, BILLBOARDS, LINKEDIN, [t for t, _ in CLIPPED],
                  NOT_CLIPPED, SIZED, REQUEST, QUESTION)


@pytest.mark.parametrize("text", NOT_PRICES)
def test_a_rate_of_something_is_no_price(text):
    assert not {"CPL", "cost per email blast", "cost per test"} & set(parse(text).metrics + parse(text).metric_phrases)


def test_a_channel_named_by_its_plural_is_a_channel_and_its_name_is_searched_with_the_metric():
    assert named("do podcasts ever work for stores?") and named(BILLBOARDS) and not named("how many clicks?")
    assert queries(LINKEDIN, ["CPC"])[-1] == "linkedin CPC cost per click"
    assert len(queries("meta CPMs jumped: when do we act on it?", ["CPM"])) == 1  # a rule asked, not a figure


def test_a_channel_figure_is_found_after_a_turn_about_the_business(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(STORE)
    turn = c.send(BILLBOARDS)
    assert "$3–$12" in turn.assistant and "channel-ooh#" in turn.assistant
    turn = offline_conversation(shipped_engine).send(LINKEDIN)
    assert "$5.00–$12.00" in turn.assistant and "channel-social#" in turn.assistant


def test_a_platform_click_price_said_in_speech_on_the_plain_text_kb(kb_txt_engine):
    turn = offline_conversation(kb_txt_engine).send("We run a B2B software company. " + LINKEDIN)
    assert "7.20-8.40" in turn.assistant  # the LinkedIn CPC of its B2B software list


@pytest.mark.parametrize("engine_name,expected", [("shipped_engine", "$45–$110"), ("kb_txt_engine", None)])
def test_the_going_rate_for_a_lead_is_the_cost_per_lead(engine_name, expected, request):
    turn = offline_conversation(request.getfixturevalue(engine_name)).send("We're a community bank. What's the going rate for a lead these days?")
    assert [t["input"].get("metric") for t in turn.tool_calls if t["name"] == "get_benchmark"] == ["CPL"]
    assert expected is None or expected in turn.assistant


@pytest.mark.parametrize("text,place", CLIPPED)
def test_a_place_name_cut_short_is_that_place(text, place):
    assert place in [g for _, g in geographies(text)]
    assert text.split()[-1] not in without_places(text).lower() or place == "Massachusetts"


@pytest.mark.parametrize("text", NOT_CLIPPED)
def test_a_word_that_is_no_clipping_names_no_place(text):
    # "india" is no clipped "Indiana" (the country is a place of its own: agent.offline.worldplaces)
    assert not [g for _, g in geographies(text) if g != "India"]


def test_a_clipped_place_is_sized_on_the_alternative_kb(kb_alt_engine):
    turn = offline_conversation(kb_alt_engine).send("how many recent movers live in ariz?")
    assert "290,000" in turn.assistant


def test_a_request_naming_an_audience_and_places_while_sizing_asks_their_sizes(shipped_engine):
    mem = Memory(last_kind="audience", audiences=[("retirees", None)])
    p = carry(parse(REQUEST), mem)
    assert p.sizing_cue and p.audiences == [("retirees", "Florida"), ("retirees", "Ohio")]
    assert not carry(parse(QUESTION), mem).sizing_cue  # a question about them asks something else
    assert not carry(parse(REQUEST), Memory(last_kind="benchmark")).sizing_cue  # not while sizing: no size asked
    c = offline_conversation(shipped_engine)
    c.send(SIZED)
    turn = c.send(REQUEST)
    assert [t["input"].get("geography") for t in turn.tool_calls if t["name"] == "get_audience_sizing"] == [
        "Florida", "Ohio"]


PITCH = ["For a pitch deck: typical CPC for hotels, and for universities?", "now those two again with CTR instead",
         "the next pitch is a bank. the same figure for them?"]


def test_own_pitch_wording_is_not_in_the_seen_sets():
    assert_unseen(PITCH)


@pytest.mark.parametrize("engine_name", ["shipped_engine", "kb_txt_engine"])
def test_those_two_with_another_metric_keeps_both_businesses_and_the_same_figure_moves_to_a_new_one(engine_name, request):
    c = offline_conversation(request.getfixturevalue(engine_name))
    c.send(PITCH[0])
    two = c.send(PITCH[1])
    asked = [(t["input"]["vertical"], t["input"]["metric"]) for t in two.tool_calls if t["name"] == "get_benchmark"]
    assert len(asked) == 2 and {m for _, m in asked} == {"CTR"} and len({v for v, _ in asked}) == 2
    assert "Your CTR" not in two.assistant  # "two" counts the businesses: it is no CTR of the user's
    third = c.send(PITCH[2])
    assert [(t["input"]["vertical"], t["input"]["metric"]) for t in third.tool_calls if t["name"] == "get_benchmark"] \
        == [("financial-services", "CTR")]


def test_which_step_is_about_a_count_sizes_no_audience():
    from agent.offline.sizing import counts_things
    assert counts_things("which stage deals with how many buyers there are?")
    assert not counts_things("how many buyers are there in Ohio?")
