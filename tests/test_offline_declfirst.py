"""A business (or a metric) the KB has no table for is declined first, and no other business's figure is passed off
as the answer (h_declfig, 2026-11-30): the search beside a missed look-up used to open the answer with another
row's figure — another vertical's table, a list of other trades, another market's row — and say "the knowledge base
has no … benchmark" only after it. Wording of our own, on kb/ and on the plain-text stranger KBs kb_txt2 and
kb_txt3; each conversation opened with a figure on the code before this change."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.offline import declfirst
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
FIGURE = re.compile(r"[$€£]\s?\d|\d%")
NO_TABLE = ("it has no benchmark table for 'tattoo studio' (covered verticals: automotive, saas)")

KB_PHOTO = "we're a wedding photographer, typical CPC on google?"
KB_AFTER_TRAVEL = ["we're a travel agency, what's a normal CPC?", "and for a tattoo parlour?"]
KB_LAUNDRY = "i manage ads for a chain of laundromats. what should one new customer cost us?"
KB_CARWASH = "what ROAS do car washes usually see on meta?"
TXT2_TATTOO = "we run a tattoo studio, what cost per lead should we expect?"
TXT2_BOATS = "we sell used boats, what's a normal cost per lead?"
TXT2_MOVERS = "we're a moving company, what's a google click cost?"
TXT3_BAKERY = "I own a bakery. what does a google click cost for us?"
TXT3_PHOTO = "we're a wedding photographer, typical CPC on google?"
TXT3_BILLBOARD = "how much is a month of billboard advertising on a busy road?"


def test_wording_is_our_own():
    assert_unseen([KB_PHOTO, *KB_AFTER_TRAVEL, KB_LAUNDRY, KB_CARWASH, TXT2_TATTOO, TXT2_BOATS, TXT2_MOVERS, TXT3_BAKERY,
                   TXT3_PHOTO, TXT3_BILLBOARD])


def _answers(monkeypatch, engine, folder: str, messages: list[str]) -> list[str]:
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))  # the agent's whole-KB readers serve the engine's folder
    return [a for a, _ in turns(engine, messages)]


def _declines_first(a: str) -> None:
    assert a.startswith("The knowledge base "), a
    assert not FIGURE.search(a.split("\n\n")[0].split(" (")[0]), a


@pytest.mark.usefixtures("meaning")
@pytest.mark.parametrize("q", [KB_PHOTO, KB_LAUNDRY])
def test_another_verticals_table_is_no_answer_on_the_shipped_kb(monkeypatch, shipped_engine, q):
    a, = _answers(monkeypatch, shipped_engine, "kb", [q])
    _declines_first(a)
    assert not FIGURE.search(a) and "won't substitute" in a  # the plain decline: no ecommerce or retail range at all


@pytest.mark.usefixtures("meaning")
def test_the_last_turns_vertical_is_no_answer_for_a_new_business(monkeypatch, shipped_engine):
    first, second = _answers(monkeypatch, shipped_engine, "kb", KB_AFTER_TRAVEL)
    assert "$0.60–$1.40" in first  # travel, asked, answered
    _declines_first(second)
    assert "$0.60" not in second and "travel" not in second.split("(")[0]


@pytest.mark.usefixtures("meaning")
def test_a_metric_the_table_lacks_is_declined_before_the_passage(monkeypatch, shipped_engine):
    a, = _answers(monkeypatch, shipped_engine, "kb", [KB_CARWASH])
    _declines_first(a)
    assert "ROAS benchmark" in a.split("\n\n")[0]
    assert a.index("has no car washes ROAS") < a.index("$30,000")  # the worked example comes after the decline


@pytest.mark.usefixtures("meaning")
@pytest.mark.parametrize("q", [TXT2_TATTOO, TXT2_BOATS])
def test_other_trades_rows_are_no_answer_on_a_plain_text_kb(monkeypatch, kb_txt2_engine, q):
    a, = _answers(monkeypatch, kb_txt2_engine, "tests/fixtures/kb_txt2", [q])
    _declines_first(a)
    assert "Personal Injury Law Firms: $" not in a and not FIGURE.search(a)


@pytest.mark.usefixtures("meaning")
def test_a_covered_trade_is_still_answered_on_a_plain_text_kb(monkeypatch, kb_txt2_engine):
    a, = _answers(monkeypatch, kb_txt2_engine, "tests/fixtures/kb_txt2", [TXT2_MOVERS])
    assert a.startswith("Based on Knowledge Base") and "$3.70-4.30" in a


@pytest.mark.usefixtures("meaning")
@pytest.mark.parametrize("q, gone", [(TXT3_BAKERY, "Industrial Automation Equipment: $"), (TXT3_PHOTO, "Ontario: C$")])
def test_another_trades_or_markets_row_is_no_answer_on_a_third_kb(monkeypatch, kb_txt3_engine, q, gone):
    a, = _answers(monkeypatch, kb_txt3_engine, "tests/fixtures/kb_txt3", [q])
    _declines_first(a)
    assert gone not in a


@pytest.mark.usefixtures("meaning")
def test_a_rules_figure_above_a_channel_note_comes_after_it(monkeypatch, kb_txt3_engine):
    a, = _answers(monkeypatch, kb_txt3_engine, "tests/fixtures/kb_txt3", [TXT3_BILLBOARD])
    _declines_first(a)
    assert "billboard" in a.split("\n\n")[0] and "below" in a.split("\n\n")[0]


# the rules themselves, on paragraphs written here
def test_placed_puts_a_business_decline_first_unless_the_users_numbers_are_worked():
    miss = [("a tattoo studio CPL benchmark", NO_TABLE)]
    para = "Based on Knowledge Base [glossary#2]: Spend ÷ leads."
    assert declfirst.placed("tattoo studio cpl?", [para], miss, [])[0].startswith("The knowledge base has no tattoo")
    worked = "Its worked example, re-run on your figures:\n- $12,000 ÷ 80 = $150 [x#1]"
    out = declfirst.placed("we paid 12k for 80 orders, our real cost per order?", [worked], miss, [])
    assert out[0] == worked and out[1].startswith("The knowledge base has no tattoo")
    kb_worked = "Based on Knowledge Base [x#1]: Impressions are $30,000 ÷ $12 × 1,000 = 2,500,000."
    assert declfirst.placed("tattoo studio cpl?", [kb_worked], miss, [])[0].startswith("The knowledge base")


def test_a_place_or_platform_gap_keeps_the_answer_first():
    para = "Based on Knowledge Base [t#0], the Typical ecommerce CPC range is $0.70–$1.30."
    place = [("a figure for Portugal", "it has ecommerce CPC only for United States, not for Portugal")]
    assert declfirst.placed("ecommerce cpc in portugal?", [para], place, [])[0] == para
    assert not declfirst.no_business(place) and declfirst.no_business([("x", NO_TABLE)])
    assert declfirst.no_metric([("x", "the automotive table covers CAC, CPL but not ROAS, and no other passage …")])


def test_reviewed_says_only_the_gap_when_nothing_above_it_is_left(monkeypatch):
    monkeypatch.setattr(declfirst, "others", lambda q, p, o: ["Wedding Venues"])
    answer = ("Based on Knowledge Base [r#3]: Wedding venues pay 30-45% more in winter.\n\n"
              "The knowledge base has no billboard figure for this; the figures above are not billboard's.")
    out = declfirst.reviewed("what does a billboard cost?", [], answer)
    assert out == "The knowledge base has no billboard figure for this. " + declfirst.SUBSTITUTE
    assert declfirst.reviewed("what does a billboard cost?", [], "Based on Knowledge Base [r#3]: no gap here.") == \
        "Based on Knowledge Base [r#3]: no gap here."
