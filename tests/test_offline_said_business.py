"""The business and the place as people describe them rather than name them (holdout7's lesson): a
count before the business ("we're 4 bakeries"), shops of one's own plus a web store (an omnichannel
retailer, the KB's retail table), a business supposed ("what if we counted ourselves as …", "if I
sold it from a little boutique instead") or owned ("back to my tea room"), modifiers said one after
another ("small, family-run motels"), and a place's code typed in lower case as a market ("the ny
metro") or a state's name clipped after "state of" ("the whole state of minn").

The business and the places each such message names are rows of the one table of each
(tests/test_offline_business.py, tests/test_offline_places.py); here, what follows from them. Every phrase here is
this file's own, checked unseen."""
from __future__ import annotations

import pytest

from agent.offline import parse
from agent.offline.business import business
from mpa.fact_lookups import find_benchmarks
from mpa.lookups import lookup_benchmark
from tests.unseen_wording import assert_unseen


def _talk(engine):
    """A conversation with the offline agent over ``engine``'s tools."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)

@pytest.mark.parametrize("text", ["what about the whole state of minn?", "and the entire state of penn"])
def test_a_clipped_state_is_no_business(text):
    assert parse(text).business_phrase is None


@pytest.mark.parametrize("text", ["the ad market is soft this week", "we're a few weeks out from launch",
                                  "we're 3 weeks into the test"])
def test_no_place_or_business_from_look_alikes(text):
    p = parse(text)
    assert p.geographies == [] and p.business_phrase is None


def test_shops_plus_a_web_store_read_the_retail_table(shipped_engine, kb_txt_engine):
    phrase = business("we're 4 furniture stores and also sell online. cpc?").phrase
    assert lookup_benchmark(shipped_engine, phrase, "CPC").result.vertical == "retail"
    assert {f.vertical for f in find_benchmarks(kb_txt_engine, phrase, "CPA").result} == {"Ecommerce and Retail"}


# a platform the vocabulary does not know, swapped into the platform's slot of a follow-up
SWAPPED = [  # (the question before, the follow-up, the platform it names)
    ("typical cpc on linkedin for b2b software?", "and on quora?", "quora"),
    ("what's a normal cpm on snapchat for a resort?", "how about twitch?", "twitch"),
    ("roas on pinterest for skincare shops?", "what about nextdoor — any figure?", None),  # a longer question: not a swap
    ("ctr on youtube for a car dealer?", "or discord instead?", "discord"),
    ("cpm on meta for an airline?", "vs threads? what's their cpm", "threads"),
    ("cpc on bing for lenders?", "and hotels?", None),                 # a business, not a platform
    ("cpc on bing for lenders?", "and statewide in ohio?", None),      # a place
    ("a normal ctr for clinics?", "and on quora?", None),              # no platform before: nothing to swap
]


def test_swapped_wording_is_unseen():
    assert_unseen([f for _, f, _ in SWAPPED if len(f) > 16])


@pytest.mark.parametrize("before,text,name", SWAPPED)
def test_an_unknown_platform_in_a_follow_up_takes_the_platform_slot(before, text, name):
    from agent.offline.platformslot import unknown_platform
    assert unknown_platform(text, before) == name


@pytest.mark.parametrize("engine", ["shipped_engine", "kb_txt_engine"])
def test_the_answer_says_the_kb_has_no_figure_for_that_platform(engine, request):
    c = _talk(request.getfixturevalue(engine))
    c.send("what's a typical cpc on linkedin for b2b software?")
    rec = c.send("and on quora?")
    assert any((t if isinstance(t, dict) else vars(t)).get("input", {}).get("platform") == "quora" for t in rec.tool_calls)
    said = rec.assistant.lower()
    assert "no quora figure" in said or "not for 'quora'" in said


# a channel's format referred back to by its modifier alone ("streaming" of "streaming audio")
ECHOED = [  # (a message naming the channel with a modifier, the question naming only the modifier, the KB row)
    ("we're weighing streaming audio against a radio buy for our bakery chain.",
     "what do streaming placements cost per mille?", "Streaming audio"),
    ("a vendor pitched us roadside billboard faces near the highway", "ok so what's the cpm for roadside?", "Roadside"),
    ("we're looking at retail media in-store screens for our snacks", "what's the cpm for in-store ones?", "In-store"),
    ("we're torn on transit billboard wraps on buses", "what do transit wraps go for per thousand?", "Transit"),
    ("our agency suggested street furniture billboard panels downtown",
     "and what does street furniture cost per thousand?", "street furniture"),
]


def test_echoed_wording_is_unseen():
    assert_unseen([x for a, b, _ in ECHOED for x in (a, b)])


@pytest.mark.parametrize("before,text,row", ECHOED)
def test_a_channel_format_referred_back_to_by_its_modifier(before, text, row, shipped_engine):
    from agent.offline.channelfig import echoed
    assert echoed(text, before)
    c = _talk(shipped_engine)
    c.send(before)
    assert row in c.send(text).assistant


@pytest.mark.parametrize("before,text", [("we run search ads for a clinic", "how many people search for clinics?"),
                                         ("our podcast ad went live", "what should our CPA be?")])
def test_no_echo_without_a_modifier_said_again(before, text):
    from agent.offline.channelfig import echoed
    assert not echoed(text, before)


# the metric said in the user's own word, glossed in brackets with the unit's name; a ratio's long name hyphenated
HYPHENATED = [
    "what customer-lifetime-value-to-acquisition-cost ratio do software firms aim for",
    "typical lifetime-value to acquisition-cost ratio for hotels?",
    "good lifetime-value/acquisition-cost ratio for a clinic?",
    "is a healthy lifetime-value-to-acquisition-cost ratio different for lenders?",
    "what lifetime-value-versus-acquisition-cost ratio should a game studio target",
]


def test_hyphenated_wording_is_unseen():
    assert_unseen(HYPHENATED)


@pytest.mark.parametrize("text", HYPHENATED)
def test_a_ratio_named_by_hyphenated_long_names(text):
    assert parse(text).metrics[:1] == ["LTV:CAC"]


CLIPPED_PLATFORMS = [  # a platform's name cut short after a preposition of where ads run
    ("what is a typical cpm on insta for a candle brand?", "instagram"),
    ("cpc via snap for a resort?", "snapchat"),
    ("ctr on pinter for a furniture shop?", "pinterest"),
    ("roas across prog for an airline?", "programmatic"),
    ("what do views cost on yout for a game?", "youtube"),
]


@pytest.mark.parametrize("text,name", CLIPPED_PLATFORMS)
def test_a_clipped_platform_name_is_written_out(text, name):
    from agent.offline.platformslot import unclipped
    assert name in unclipped(text).split() or f"{name}?" in unclipped(text)


@pytest.mark.parametrize("text", ["we work with data teams", "cpm on tiktok", "we share it with most clients"])
def test_words_that_begin_no_single_platform_stay(text):
    from agent.offline.platformslot import unclipped
    assert unclipped(text) == text


@pytest.mark.parametrize("engine", ["shipped_engine", "kb_txt_engine"])
def test_shops_with_a_web_store_named_by_the_vocabulary_read_as_omnichannel(engine, request):
    c = _talk(request.getfixturevalue(engine))
    rec = c.send("we run 3 lighting showrooms plus an online store. typical cac?")
    verts = [(t if isinstance(t, dict) else vars(t)).get("input", {}).get("vertical") for t in rec.tool_calls]
    assert "omnichannel retail" in verts


ELSEWHERE = [  # an audience named loosely, in a place the KB does not size it for
    ("how many retired folks in pennsylvania?", "Pennsylvania"),
    ("how many retired people are in the state of minn?", "Minnesota"),
    ("how many folks that are retired live in oregon?", "Oregon"),
    ("how many retired persons in nevada?", "Nevada"),
    ("how big is the retired crowd in georgia?", "Georgia"),
]


def test_clipped_platform_and_elsewhere_wording_is_unseen():
    assert_unseen([t for t, _ in CLIPPED_PLATFORMS + ELSEWHERE])


@pytest.mark.parametrize("text,place", ELSEWHERE)
def test_a_size_read_from_another_place_keeps_the_miss(text, place, shipped_engine):
    said = _talk(shipped_engine).send(text).assistant
    assert place in said and ("no size for" in said or "does not contain" in said)


def test_the_miss_is_dropped_when_the_passage_is_about_the_place():
    from agent.offline.sizing import elsewhere
    miss = ("a size for retirees in Ohio", "it sizes Retirees only for United States, Florida, not for Ohio")
    assert elsewhere(miss, "Florida: 5.0 million retirees") and not elsewhere(miss, "In Ohio: 2.1 million retirees")



@pytest.mark.parametrize("text,left", [("how many people live in the la market?", "how many people live in the"),
                                       ("how many new parents in the ny metro?", "how many new parents in the")])
def test_a_lower_case_code_and_its_kind_are_all_place(text, left):
    from agent.offline.places import without_places
    assert " ".join(without_places(text).split()).rstrip(" ?") == left
