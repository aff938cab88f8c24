"""A terse follow-up to a price that names only another unit asks that unit's price: after the cost of a lead,
"and a brand new patient, all in?" is the cost of a patient (the KB's CAC), not the lead's range again
(:mod:`agent.offline.unitprice`). The rule reads the parse and the memory only, so its cases hold on any KB; the
conversation runs on kb/. Wording of our own."""
from __future__ import annotations

from types import SimpleNamespace

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, rangenamed, unitprice
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASKED = [  # (follow-up, what it prices)
    ("how about a new patient?", (["cost per patient"], [])),
    ("what about one new customer?", ([], ["CAC"])),
    ("and a paying player?", (["cost per player"], [])),
    ("and a new guest, all in?", (["cost per guest"], [])),
    ("and a buyer, total?", (["cost per buyer"], [])),
]
NOT_ASKED = ["and clicks?", "and for us?", "and a plan for next month too?", "how about tiktok?"]
TURNS = ["i run a dental practice in tampa. what does a lead usually cost", "and a brand new patient, all in?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([a for a, _ in ASKED], NOT_ASKED, TURNS)


def _mem(metric="CPL", kind="benchmark"):
    return SimpleNamespace(last_metric=metric, last_kind=kind)


def test_a_unit_named_alone_after_a_price_is_priced():
    for text, (phrases, metrics) in ASKED:
        p = unitprice.read(parse(text), _mem())
        assert (p.metric_phrases, p.metrics) == (phrases, metrics), text


def test_only_right_after_a_price_and_only_one_unit():
    for text in NOT_ASKED:
        p = unitprice.read(parse(text), _mem())
        assert p.metric_phrases == parse(text).metric_phrases, text
    assert unitprice.read(parse("and a new patient?"), _mem(metric="CTR")).metric_phrases == []   # a rate, no price
    assert unitprice.read(parse("and a new patient?"), _mem(kind="calc")).metric_phrases == []    # a working's (unitswap)


def test_the_patient_is_priced_on_kb(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    last = [conv.send(t).assistant for t in TURNS][-1]
    assert "CAC" in last and "$120–$300" in last and "CPL" not in last, last


# two prices shown in a row, then a working that names the first by its unit ("that lead range")
WORKED = ["we sell accounting software. ballpark cost for one lead?", "what about one new customer?",
          "with 12k a month, how many do we get at the low end of that lead range"]


def test_the_range_named_by_its_unit_is_worked_at():
    assert_unseen(WORKED)
    ranges = {"CPL": (1.0, 2.0, "x"), "CAC": (3.0, 4.0, "y")}
    assert rangenamed.metric("at the top of that lead range", ranges) == "CPL"
    assert rangenamed.metric("using the customer cost range", ranges) == "CAC"
    assert rangenamed.metric("at the top of that range", ranges) is None          # no unit: the last one shown
    assert rangenamed.metric("at the top of the click range", ranges) is None     # a range never shown


def test_the_named_range_is_worked_on_kb(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    answers = [conv.send(t).assistant for t in WORKED]
    assert "CAC" in answers[1] and "CPL" in answers[2] and "leads" in answers[2] and "customers" not in answers[2], answers


TXT = ["college admissions office: what does a click cost us on google", "and an inquiry, all in?"]


def test_on_a_plain_text_kb_the_follow_up_asks_what_the_direct_question_asks(kb_txt2_engine):
    """The unit priced is the one said (the same look-up "what does one inquiry cost us" makes), not the click again."""
    assert_unseen(TXT)
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3)
    turn = [conv.send(t) for t in TXT][-1]
    asked = [c["input"].get("metric") for c in turn.tool_calls if c["name"] == "get_benchmark"]
    assert asked == ["cost per inquiry"], asked
