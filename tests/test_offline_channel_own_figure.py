"""A channel's own figure asked inside a business's conversation, a budget judged against a channel, and
audience follow-ups asked in other words (agent.offline.channelfig, business, affordask, memory, parse, focus,
valueask; mpa.resolve.gerunds_said):

* "what do those run per thousand impressions?", "what kind of CPM are we talking?" ask a figure: the channel's
  own table is searched by its name and quoted;
* "for reaching/targeting/hiring X" says whom the ads are for, not what the business is; and a gerund alone
  ("reaching") never names a vertical by its stem ("reach-driven campaigns");
* "is 21k a month enough to run CTV?" after a budget was divided asks the KB's minimum/tier rule, not leads again;
* "<place> specifically?" after a size is the same audience there; "<audience> population in A vs B" asks both
  sizes; "members who work out" is a relative clause, not a new question; "our loan officers" is no tax/legal ask;
* "what kind of match rate would we get?" asks a usual value.

Wording of our own, on the shipped KB and on the plain-text fixture KB kb_txt2.
"""
from __future__ import annotations

import pytest

from agent.offline import affordask, channelfig, valueask
from agent.offline.focus import trade_unstated
from agent.offline.parse import parse
from mpa.resolve import gerunds_said
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

BILLBOARD = ["we have a furniture store. what's a typical retail CPM?",
             "we're weighing some billboards near the highway exit. what do those run per thousand impressions?"]
LINKEDIN = ["we sell accounting software to small firms.",
            "would linkedin make sense for targeting finance directors? what kind of CPM are we talking"]
AFFORD = ["we're a car dealer. what's the usual CPL for automotive?",
          "our monthly budget is 24k. how many leads would that buy at the typical range?",
          "is 24k a month even enough to run connected tv alongside search?"]
AFFORD_TXT = ["we do plumbing. our budget is 3k a month. how many clicks at a $4 cpc?",
              "would 3k a month be enough for linkedin?"]
PLACE_TXT = ["how many recent home buyers are in orlando?", "st. louis specifically?"]
POPULATION = "what's the hispanic adult population in florida vs texas?"
PLATFORM_TXT = ["we run two veterinary clinics. whats a normal google ads cpc for us?",
                "thinking about spotify too. what do those ads usually run per thousand?",
                "is tiktok any good for reaching young pet owners? what kind of cpm are we talking"]
COMPARED_TXT3 = "plant and operations managers, ontario vs quebec?"
ADDED_TXT2 = ["how many recent home buyers in orlando?",
              "also dog-owning households in boise, meaning homes that have a dog which sees a vet"]
RELATIVE = ["how many new parents live in texas?",
            "next, fitness enthusiasts in the united states, i mean people who hit the gym 3+ times a week"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(BILLBOARD, LINKEDIN, AFFORD, AFFORD_TXT, PLACE_TXT, POPULATION, RELATIVE, PLATFORM_TXT, COMPARED_TXT3, ADDED_TXT2)


@pytest.mark.parametrize("text", ["what would billboards usually run per thousand impressions?",
                                  "what kind of CPM are we talking for podcasts?",
                                  "what do podcast spots go for per thousand downloads"])
def test_a_figure_asked_in_other_words_searches_the_channel_by_name(text):
    p = parse(text)
    assert len(channelfig.queries(text, p.metrics or ["CPM"])) == 2


def test_a_rule_asked_about_a_channel_is_not_a_figure_search():
    assert len(channelfig.queries("our podcast CPMs jumped. when do we act?", ["CPM"])) == 1


def test_a_gerund_alone_names_no_vertical_by_its_stem():
    assert not gerunds_said("reaching", "campaigns with reach-driven goals")
    assert gerunds_said("gaming", "mobile gaming advertisers")
    assert gerunds_said("brands selling online", "brands that sell through their own store")


def test_a_nonsense_business_gets_no_other_verticals_figure(shipped_engine):
    from mpa.tools import ToolExecutor
    out = ToolExecutor(shipped_engine).execute("get_benchmark", {"vertical": "targeting practice", "metric": "CPM"})
    assert "not in the knowledge base" in out.content


def test_a_channels_figure_in_a_business_conversation(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, BILLBOARD, monkeypatch)
    assert "$3–$12" in out and "channel-ooh" in out


def test_a_platforms_figure_for_a_purpose(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, LINKEDIN, monkeypatch)
    assert "$30–$80" in out and "channel-social" in out


def test_a_platforms_own_list_when_the_business_has_no_row_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    (_, _), (spotify, _), (tiktok, _) = turns(kb_txt2_engine, PLATFORM_TXT)
    assert "Video Takeover $25.00-30.00" in spotify  # the platform's list by format
    assert "$" not in tiktok  # its list by vertical is other businesses' figures: the clinics' miss is said


def test_a_budget_judged_against_a_channel():
    p = parse(AFFORD[-1])
    assert affordask.asks(AFFORD[-1], p)
    assert not affordask.asks("what CPA can we afford on Meta?", parse("what CPA can we afford on Meta?"))
    assert not affordask.asks("is 24k enough for 500 leads?", parse("is 24k enough for 500 leads?"))


def test_a_budget_judged_against_a_channel_asks_the_kbs_rule(shipped_engine):
    answer, calls = turns(shipped_engine, AFFORD)[-1]
    assert "÷" not in answer and not any("metric" in c for c in calls)
    assert "Tier 1" in answer or "minimum" in answer.lower()


def test_a_budget_judged_against_a_platform_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, AFFORD_TXT, monkeypatch, "tests/fixtures/kb_txt2")
    assert "LinkedIn: $5,000" in out and "÷" not in out


def test_a_place_said_specifically_is_the_same_audience_there(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, PLACE_TXT, monkeypatch, "tests/fixtures/kb_txt2")
    assert "76,000" in out


def test_an_audiences_population_in_two_places(shipped_engine):
    answer, calls = turns(shipped_engine, [POPULATION])[-1]
    assert "8.4 million" in answer and "4.6 million" in answer


def test_a_relative_clause_is_no_new_question_while_sizing(shipped_engine):
    answer, calls = turns(shipped_engine, RELATIVE)[-1]
    assert any(c.get("audience_type") for c in calls) and "34.7 million" in answer


def test_the_speakers_own_people_are_no_trade_question():
    passages = [{"text": "Hispanic/Latino adults in Texas: 8.4 million."}]
    assert not trade_unstated("our loan officers speak spanish. hispanic adults in texas?", passages)
    assert trade_unstated("how do loans get taxed? hispanic adults in texas?", passages)


def test_what_kind_of_value_one_would_get_asks_a_usual_value():
    assert valueask.asked("our list is mostly emails. what kind of match rate would we get?") == {""}
    assert valueask.asked("what kind of creative works on tiktok?") == set()


def test_a_kb_labelled_audience_in_two_of_its_markets_on_a_plain_text_kb(kb_txt3_engine, monkeypatch):
    out = answer_on(kb_txt3_engine, [COMPARED_TXT3], monkeypatch, "tests/fixtures/kb_txt3")
    assert "38,500" in out and "24,000" in out and "212,000" not in out


def test_one_more_audience_added_with_its_description_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, ADDED_TXT2, monkeypatch, "tests/fixtures/kb_txt2")
    assert "158,000" in out


def test_an_acronym_inside_a_platforms_name_is_found_by_the_platforms_other_names():
    from agent.offline import namedpart
    assert namedpart.in_said_name("TV", "is 30k enough for connected TV?", "A $25,000 CTV minimum would …")
    assert not namedpart.in_said_name("TV", "is 30k enough for connected TV?", "Search and social only.")
    assert not namedpart.in_said_name("ROI", "what ROI on connected TV?", "A $25,000 CTV minimum would …")
