"""A seller's quote judged by the CPM it implies (agent.offline.quotedreach) and a "normal return on that same N"
worked as spend × the KB's ROAS (agent.offline.stagerate): wording of our own, on kb/ and a plain-text KB."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from agent.offline.quotedreach import implied
from agent.offline.stagerate import rate
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

BOARD = "A billboard company quoted us $1,800 for the month and says about 240,000 people drive past it. Is that a fair price?"
LATER = ["we're thinking about a billboard by the interstate. what do those go for?",
         "The sign guy wants $4,000 for four weeks and claims 300,000 cars go by. is that reasonable?"]
CTV = "the streaming tv rep quoted $9,000 for 300,000 impressions. is that reasonable for ctv?"
RETURN = ["I run a retail store in tulsa. what should a store like mine expect back per ad dollar?",
          "and if I got a normal return on that same 900 what would sales look like"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([BOARD, CTV], LATER, RETURN, ["and if I got a normal return on that same 1500 what would sales look like"])


def test_readings():
    assert implied(BOARD, parse(BOARD)) == (1800.0, 240000.0)
    assert implied(LATER[1], parse(LATER[1])) == (4000.0, 300000.0)  # "four weeks" is the period, not a figure
    assert not implied("we have $1,800 and 240,000 people in town. how should we split it?",
                       parse("we have $1,800 and 240,000 people in town. how should we split it?"))
    assert not implied("we spent $900 and got 30 new customers, is that good?", parse("we spent $900 and got 30 new customers, is that good?"))
    assert rate(parse(RETURN[1])) == "ROAS"
    assert rate(parse("I spent $1,000 last month. what would sales be at a normal return on that 1000")) == "ROAS"
    assert rate(parse("what's a normal return on ad spend for retail?")) is None


def _conv(request, kb):
    return ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)


def test_quote_worked_against_the_format_range(request):
    conv = _conv(request, "shipped_engine")
    a = conv.send(BOARD).assistant
    assert "$1,800 ÷ 240,000 × 1,000 = $7.50 CPM" in a and "inside the range of $3–$12" in a, a
    conv = _conv(request, "shipped_engine")
    conv.send(LATER[0])
    a = conv.send(LATER[1]).assistant  # the channel of an earlier message; no "cost per car"
    assert "= $13.33 CPM" in a and "above the range" in a and "per car" not in a, a


def test_quote_on_a_plain_text_kb(request):
    a = _conv(request, "kb_txt_engine").send(CTV).assistant
    assert "$9,000 ÷ 300,000 × 1,000 = $30.00 CPM" in a and "[ctv_programmatic_cpm" in a, a


def test_normal_return_on_the_same_spend(request):
    conv = _conv(request, "shipped_engine")
    conv.send(RETURN[0])
    a = conv.send(RETURN[1]).assistant
    assert "$900 × 3.0 = $2,700" in a and "$900 × 5.0 = $4,500" in a, a


def test_normal_return_after_own_roas(request):
    """After the user's own ROAS was worked, "a normal return on that same N" is spend × the KB's range, not N ÷ N."""
    conv = _conv(request, "shipped_engine")
    conv.send("I run a retail store in waco. what return per ad dollar is typical for us?")
    conv.send("last month I spent $1,500 on facebook and it says $5,200 in sales came from it. is that good?")
    a = conv.send("and if I got a normal return on that same 1500 what would sales look like").assistant
    assert "$1,500 × 3.0 = $4,500" in a and "$1,500 ÷ $1,500" not in a, a


def test_reach_medium_priced_by_its_units(request):
    """"what do billboards usually run?" after an uncovered business: the medium's CPM, not "cost per billboards"."""
    first = "Is there a usual amount a mosque pays per new attendee through ads?"
    then = "a board member wants a billboard by the interstate. what do billboards usually run?"
    assert_unseen([first, then])
    conv = _conv(request, "shipped_engine")
    conv.send(first)
    a = conv.send(then).assistant
    assert "Roadside bulletins and billboards CPM: $3–$12" in a and "mosque" not in a, a


def test_count_at_normal_prices_uses_the_range(request):
    """After the user's own CAC was worked out, "… at normal prices" counts at the KB's range, not at their CAC."""
    turns = ["i sell knitted hats online. what does it usually cost a web shop to get a first time buyer",
             "i ran ads for a month, spent $800 and got 12 new customers. how does that compare",
             "ok so next month i can do $2,000. how many new customers would that bring at normal prices"]
    assert_unseen(turns)
    conv = _conv(request, "shipped_engine")
    for t in turns[:-1]:
        conv.send(t)
    a = conv.send(turns[-1]).assistant
    assert "$2,000 ÷ $55" in a and "$2,000 ÷ $30" in a and "$66.67" not in a, a
