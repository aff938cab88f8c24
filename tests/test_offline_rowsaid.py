"""A channel format or platform asked about in everyday words is priced from the channel document's cost table, not
from the vertical's blended row nor a description paragraph (agent.offline.rowsaid, channelfig). Wording of our own,
on the shipped KB and a plain-text fixture KB."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, channelfig, rowsaid
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROW_SAID = [("sponsored product ads on walmart, what do they go for per click?", ["Sponsored products"]),
            ("and the digital screens inside stores near the registers?", ["In-store digital screens"]),
            ("how many college students live in ohio", []),
            ("we print banners for car dealerships. typical cpc?", [])]
E2E = [(["sponsored product ads on walmart, what do they go for per click?", "and the digital screens inside stores near the registers?"],
        "In-store digital screens CPM: $5–$15"),
       (["we run a bakery website. whats the cpm on a plain banner ad?"], "Open exchange display CPM: $2–$6"),
       (["what's the insta cpm?"], "$7–$15")]


def test_wording_is_our_own():
    assert_unseen([a for a, _ in ROW_SAID], [t for ts, _ in E2E for t in ts])


@pytest.mark.parametrize("ask,labels", ROW_SAID)
def test_a_priced_row_is_said_by_most_of_its_words(ask, labels):
    assert rowsaid.labels_said(ask) == labels


def test_the_row_s_own_unit_prices_a_terse_follow_up():
    assert channelfig.priced("and the digital screens inside stores near the registers?") == ["CPM"]
    assert channelfig.priced("and the digital screens inside stores near the registers, are they worth testing?") == []


def test_a_bare_metric_code_asked_is_a_figure_ask():
    assert channelfig.queries("a plain banner ad, cpm?", ["CPM"])[1:] == ["banner ad programmatic display CPM cost per thousand"]
    assert channelfig.queries("CPMs jumped on display: what now?", ["CPM"])[1:] == []


@pytest.mark.parametrize("turns,said", E2E)
def test_end_to_end_the_channel_table_answers(turns, said, shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    for t in turns:
        got = conv.send(t).assistant
    assert said in got and "podcast" not in got, got  # (a row of another channel: not the platform's)


def test_plain_text_kb_has_no_priced_rows_and_keeps_its_platform_figure(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    assert rowsaid.labels_said("the sponsored product ads on amazon, what do those go for per click?") == []
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3)
    got = conv.send("the sponsored product ads on amazon, what do those go for per click?").assistant
    assert "$" in got and "[" in got, got


# (the reading, the message, what it reads as — None: the message whole)
READS = [("without", "and a lead, like someone who signs up for our newsletter", "and a lead?"),
         ("without", "ok and the clicks, meaning people who tap through?", "ok and the clicks?"),
         ("without", "ok and a real buyer, somebody who pays in full?", None),
         ("without", "and for my sisters dental office, what does a new patient cost", None),
         ("without", "and clicks on pinterest, for the b2c side of it?", None),
         ("question_alone", "wow. and on snapchat? our riders are mostly in their twenties", "and on snapchat?"),
         ("question_alone", "hmm ok. what about pinterest? lots of our buyers pin recipes", "what about pinterest?"),
         ("question_alone", "and on snapchat? we have $4k to put there", None),
         ("question_alone", "and on snapchat? is it worth it?", None),
         ("question_alone", "and cpm for retail? plus cpc if you have it", None),
         ("question_alone", "and for dentists? the cvr i mean", None)]


@pytest.mark.parametrize("reading,ask,read", READS)
def test_an_aside_or_a_remark_around_a_terse_follow_up_is_dropped(reading, ask, read):
    from agent.offline import asidegloss
    assert_unseen(ask)
    assert getattr(asidegloss, reading)(ask) == (read or ask)


# (the turns, what the last answer says)
FOLLOW_UPS = [(["we're a fintech lender. whats a typical cac?", "and a lead, like someone who signs up for our newsletter"], "$45–$110"),
              (["we run a small hotel. typical cpa?", "and a lead, like someone asking about a wedding package"],
               "does not contain a travel CPL"),
              (["we run a trade school. what do linkedin ads usually run per 1000 impressions",
                "wow. and on snapchat? our students are mostly in their twenties"], "$3–$10"),
              (["we run a trade school. what do linkedin ads usually run per 1000 impressions",  # the turn before read alone
                "wow. and on snapchat? our students are mostly in their twenties", "and insta?"], "$7–$15")]


@pytest.mark.parametrize("turns,said", FOLLOW_UPS)
def test_end_to_end_the_follow_up_keeps_the_other_slots(turns, said, shipped_engine):
    assert_unseen(turns)
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    for t in turns:
        got = conv.send(t).assistant
    assert said in got, got

def test_everyday_platform_names_are_trade_vocabulary():
    from mpa.vocabulary import VOCABULARY, match_terms
    assert match_terms("roku ads for our sofas", VOCABULARY["platforms"]) == ["Connected TV"]
    assert match_terms("ads on smart tvs", VOCABULARY["platforms"]) == ["Connected TV"]
    assert match_terms("is insta worth it", VOCABULARY["platforms"]) == ["Meta"]
    assert match_terms("we print banners for dealers", VOCABULARY["platforms"]) == []
