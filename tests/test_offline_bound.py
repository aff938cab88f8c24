"""A question asking the upper bound ("the longest …") is not answered from a section whose heading names only the
lower one ("Minimum duration rules"), nor the reverse (agent.offline.bound). Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, bound
from mpa.engine import build_engine
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ENOUGH = "we have 2k a month for linkedin, is that enough to learn anything?"
KB_ASK = "what is the longest we should let a geo experiment go on?"
PROMO_ASK = "what's the longest we should keep a promo flight running?"
FRAME = "-" * 80
PROMO_KB = f"""PROMOTION FLIGHT PLANNING - VERSION 1.0
META - Document: How long a promotional flight runs and how its budget is spent

{FRAME}
SECTION 1 - MINIMUM FLIGHT LENGTH
{FRAME}
META_TOPICS: flights, duration

Run a promotional flight for at least 10 days, so every weekday is seen twice. A flight
that runs fewer days cannot be read, and a promo flight stopped early after a good first
weekend usually reads as a win it was not. Keep a promotional flight running while the
offer is live. Shoppers who saw the first ads need time to come back, compare prices and
buy; a flight that ends before they return credits the sale to whatever ran next. Plan
the first read of a promo flight for the second Monday, once a full week of sales is in,
and hold any change to bids or audiences until then. Small stores with few daily orders
should treat the floor as two full weeks, because a single busy Saturday can swing a
short flight's result either way.

{FRAME}
SECTION 2 - MAXIMUM FLIGHT LENGTH
{FRAME}
META_TOPICS: flights, duration

Stop a promotion after 6 weeks. Past that, regular buyers wait for the next discount and
full-price sales fall. Brands that ran the same offer for a whole quarter saw full-price
orders drop by a third in the month after it ended. If demand is still strong at the
cut-off, end the offer anyway and return later with a different one.

{FRAME}
SECTION 3 - CREATIVE FOR PROMOTIONS
{FRAME}
META_TOPICS: creative

Show the discount in the first second and name the end date in every ad. Use the same
offer wording in the ad, on the landing page and at checkout, so nobody wonders whether
the price they saw still applies.
"""


def test_the_wording_is_its_own():
    assert_unseen([KB_ASK, PROMO_ASK, ENOUGH])


def test_the_bound_asked_and_a_heading_naming_the_other():
    assert bound.asked(KB_ASK) == "upper" and bound.asked("what's the shortest a test can run?") == "lower"
    assert bound.asked("what is the least we can spend at most?") == ""  # both: none
    assert bound.asked("how long should a test run?") == ""
    assert bound.fit("upper", 1.0, "Minimum duration rules") == bound.OPPOSITE
    assert bound.fit("lower", 1.0, "Maximum duration") == bound.OPPOSITE
    assert bound.fit("upper", 1.0, "Maximum duration") == 1.0 and bound.fit("upper", 1.0, "Test duration") == 1.0
    assert bound.fit("upper", 1.0, "Floors and ceilings") == 1.0  # both bounds named
    assert bound.fit("", 1.0, "Minimum duration rules") == 1.0


def test_the_shipped_kb_quotes_the_maximum_duration(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(KB_ASK).assistant
    assert "[step-09-testing-design#23]" in answer and "eight to ten weeks" in answer, answer


def test_a_plain_text_kb_quotes_its_maximum_not_its_minimum(tmp_path, monkeypatch, meaning):
    (tmp_path / "promo_flights.txt").write_text(PROMO_KB)
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    engine = build_engine(tmp_path, index_path=tmp_path / "index.json")
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(PROMO_ASK).assistant
    assert "6 weeks" in answer and "at least 10 days" not in answer, answer


def test_a_bound_asked_in_other_words_than_a_headings_weighs_the_heading_naming_it():
    assert bound.sought(ENOUGH) == ("lower", bound.SAME)  # whether an amount suffices: the floor it must clear
    assert bound.sought("what's the least we could start a radio test with?") == ("lower", bound.SAME)
    assert bound.sought("can we even afford a tv flight on this?") == ("lower", bound.SAME)
    # the question says the heading's own word: its words meet the heading already
    assert bound.sought("can we only just cover the minimum for a new channel?") == ("lower", 1.0)
    assert bound.sought("is the plan good?") == ("", 1.0)
    assert bound.fit("lower", bound.SAME, "Minimum viable budget and ramp") == bound.SAME
    assert bound.fit("lower", bound.SAME, "Maximum duration") == bound.OPPOSITE


def test_is_it_enough_is_answered_from_the_floor(shipped_engine, kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ENOUGH).assistant
    assert "[step-07-channel-mix#8]" in answer and "50 events per ad set" in answer, answer  # the learning-phase floor
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3).send(ENOUGH).assistant
    assert "[budget_and_channel_mix#0]" in answer, answer  # "Section 1 - Minimum Viable Budgets"
