"""How soon a customer pays back what winning them cost, on wording of this file's own (checked unseen), on the
shipped KB and the plain-text KB — one mechanism (amounts.payback, through planmath.missing):

* asked of the user's own customers with no monthly figure said, the one clarifying question asks for the
  figure in the KB's own payback formula ("CAC ÷ monthly contribution per customer");
* the usual, healthy or typical period asked is the KB's to state, not asked back;
* with the monthly figure said, the payback is worked out instead (cost ÷ what one brings in a month).
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

WORDING = "monthly contribution per customer"
ASKS = ["And how soon will each new client pay back what it cost to win them?",
        "when would a new subscriber earn back their acquisition cost?",
        "how many months until a new member pays back the 300 we spend to sign them?",
        "how fast does a typical patient pay back their acquisition cost for us?",
        "Our CAC is $420. How long before each buyer makes that back?",
        "how long until a new gym member earns back what we paid to sign them up?",
        "When does a subscriber of our meal kit pay back their acquisition cost?",
        "how quickly will each new dental patient pay us back for the ads?",
        "how many months before a new client recoups what we spent winning them?",
        "how soon does a new customer pay back what we spent acquiring them?",
        "how long until payback on a new yoga member for us?",
        "how soon will a new tenant pay us back for the listing ads?"]
NORMS = ["what's a healthy payback period for a meal kit subscriber?",
         "how long does payback usually take for a subscription box?",
         "what's the usual payback for a language school?",
         "how long a payback is healthy for a coworking space?",
         "how many months of payback would be reasonable for a pet insurer?"]
WORKED = [("a member costs us $300 and nets $25 a month. how long until they pay back?", "$300 ÷ $25 = 12 months"),
          ("each new student costs 240 to enrol and brings in $30 a month; how soon do they pay back?",
           "$240 ÷ $30 = 8 months")]
KBS = ["shipped_engine", "kb_txt_engine"]


def _reply(kb: str, text: str, request) -> str:
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    return conv.send(text).assistant


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKS, NORMS, [t for t, _ in WORKED])


@pytest.mark.parametrize("kb", KBS)
@pytest.mark.parametrize("ask", ASKS)
def test_how_soon_a_customer_pays_back_asks_for_the_monthly_contribution(kb, ask, request):
    got = _reply(kb, ask, request)
    assert got.rstrip().endswith("?") and WORDING in got and got.count("?") == 1, got


@pytest.mark.parametrize("kb", KBS)
@pytest.mark.parametrize("ask", NORMS)
def test_the_usual_period_is_not_asked_back(kb, ask, request):
    assert WORDING not in (got := _reply(kb, ask, request)), got


@pytest.mark.parametrize("kb", KBS)
@pytest.mark.parametrize("ask,shown", WORKED)
def test_with_the_monthly_figure_the_payback_is_worked_out(kb, ask, shown, request):
    got = _reply(kb, ask, request)
    assert shown in got and WORDING not in got, got
