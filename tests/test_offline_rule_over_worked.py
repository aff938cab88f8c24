"""Asked what a duration or amount should be, the reader quotes the section stating the rule, not a section of the
same document whose figures only work an example (agent.offline.workedcase). Wording of our own."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, workedcase
from agent.offline.reader import NORM_HEAD
from mpa.engine import build_engine
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB_ASKS = ["how long should it take us to earn back what we pay for each subscriber?",  # the meaning match's pick
           "how long should it take to earn back what we spend to get a subscription customer?"]  # the words' pick
CLUB_ASK = "how many months should a club need to win back what it paid for a member?"
FRAME = "-" * 80
CLUB_KB = f"""MEMBERSHIP ECONOMICS FOR GYMS AND CLUBS - VERSION 1.0
META - Document: How gyms and clubs judge what a new member is worth and how fast the cost of winning one comes back

{FRAME}
SECTION 1 - MEMBER PAYBACK WORKED THROUGH
{FRAME}
META_TOPICS: payback, members, unit_economics

A club that pays $90 in media to win a member who brings in $15 a month after costs
wins back what it paid in $90 ÷ $15 = 6 months. A member who brings in $10 a month
takes $90 ÷ $10 = 9 months to win back the same $90.

{FRAME}
SECTION 2 - RULE CLUB-PAY-9: THE DEFAULT RECOVERY LIMIT
{FRAME}
META_TOPICS: payback, guardrail

Every new cohort of members must win back its acquisition cost within 9 months of
joining, from monthly dues after costs. A channel whose members take longer is
paused until the owner signs off on the longer wait.

{FRAME}
SECTION 3 - RETENTION AND CHURN
{FRAME}
META_TOPICS: churn, retention

Members who visit twice a week in their first month stay three times as long as
those who visit once. Send a welcome plan in week one and a check-in call in week three.
"""
CHANNELS = f"""CHANNELS FOR GYMS AND CLUBS - VERSION 1.0
META - Document: Where clubs buy media and what it costs

{FRAME}
SECTION 1 - LOCAL SEARCH
{FRAME}
META_TOPICS: search, local

Clubs buy search on terms near their address. Most clicks come from within five
miles of the club, so set the radius tight and raise bids in January.
"""


def test_the_wording_is_its_own():
    assert_unseen(KB_ASKS, [CLUB_ASK])


def test_the_shipped_kb_quotes_its_payback_guardrail(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    for ask in KB_ASKS:
        answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ask).assistant
        assert "[step-02-unit-economics#21]" in answer and "UE-PAYBACK-12" in answer, (ask, answer)
        assert "$250 ÷ $35" not in answer, (ask, answer)


def test_a_plain_text_kb_quotes_its_rule_not_its_worked_case(tmp_path, monkeypatch):
    (tmp_path / "membership_economics.txt").write_text(CLUB_KB)
    (tmp_path / "club_channels.txt").write_text(CHANNELS)
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    engine = build_engine(tmp_path, index_path=tmp_path / "index.json")
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(CLUB_ASK).assistant
    assert "must win back its acquisition cost within 9 months" in answer, answer
    assert "÷" not in answer, answer


def _sec(heading: str, *texts: str) -> list:
    return [SimpleNamespace(heading=heading, text=t) for t in texts]


def test_only_a_close_rule_of_the_same_document_goes_first():
    worked = _sec("Simple recovery", "For the running case: $90 ÷ $15 = 6 months.")
    rule = _sec("The recovery limit", "Each cohort must recover its cost within 9 months.")
    prose = _sec("Why recovery matters", "Cash tied up in acquisition cannot fund the next test.")
    targets = _sec("Weekly targets", "By the end of week two, 40-50% of the month's budget is spent.")  # usual values
    worded = _sec("Longest runs", "Stop a flight after six to eight weeks.")  # a range in words
    volume = _sec("Conversion volume", "Bidding settles at 40 or more conversions a month.")  # an open bound
    sections = {"w": worked, "r": rule, "p": prose, "t": targets, "o": worded, "v": volume}
    same = {"w": "a", "r": "a", "p": "a", "t": "a", "o": "a", "v": "a"}.get
    assert workedcase.rule_first(["w", "r"], {"w": 10, "r": 8}, sections, NORM_HEAD, same) == ["r", "w"]
    assert workedcase.rule_first(["w", "r"], {"w": 10, "r": 6}, sections, NORM_HEAD, same) == ["w", "r"]  # not close
    assert workedcase.rule_first(["w", "r"], {"w": 10, "r": 8}, sections, NORM_HEAD, {"w": "a", "r": "b"}.get) == [
        "w", "r"]  # another document's example
    assert workedcase.rule_first(["p", "r"], {"p": 10, "r": 8}, sections, NORM_HEAD, same) == ["p", "r"]  # no figures
    # a range or a bound stated as the usual value, nothing worked out, is the answer, not an example's result
    assert workedcase.rule_first(["t", "r"], {"t": 10, "r": 8}, sections, NORM_HEAD, same) == ["t", "r"]
    assert workedcase.rule_first(["o", "r"], {"o": 10, "r": 8}, sections, NORM_HEAD, same) == ["o", "r"]
    assert workedcase.rule_first(["v", "r"], {"v": 10, "r": 8}, sections, NORM_HEAD, same) == ["v", "r"]
