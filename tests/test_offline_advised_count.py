""""How many channels should we run on $20k?" asks the planning rules for a recommendation — it is no
purchase count (budget ÷ a price: there is no "cost per channel") and no audience to size.

The rule (``roles.ADVISED_COUNT``) is English grammar: "how many X should I/we <verb>" where the verb
is not one of getting or expecting an outcome ("how many leads should we expect / plan for?" stays a
count to work out); the planning rules are searched instead. Wording of our own, on both knowledge
bases.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ADVISED = ["on a 20k monthly budget, how many channels should we be running?",
           "we have about $12k a month. how many platforms should i realistically be on?",
           "with 35k per month how many ad networks should we even use, and how do we split it?"]
COUNTED = ["we have $18,000 a month at $30 a lead. how many leads should we expect?",
           "with 25k a month, how many customers should I plan for at a $50 CAC?",
           "on a 40k budget how many clicks should we get?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ADVISED, COUNTED)


@pytest.mark.parametrize("ask", ADVISED)
def test_how_many_things_a_plan_should_have_is_no_purchase_count(ask):
    p = parse(ask)
    assert p.calc is None and not p.asks_count and not p.sizing_cue


@pytest.mark.parametrize("ask", COUNTED)
def test_how_many_outcomes_to_expect_stays_a_count(ask):
    assert parse(ask).asks_count


def _sec(pid: str, heading: str, body: str) -> dict:
    return {"id": pid, "source": f"{pid.split('#')[0]}.md › {heading}", "text": f"### {heading}\n\n{body}"}


E2E = [("shipped_engine", "we sell dog treats online. on a 20k monthly budget, how many channels should we be running "
        "and how do we split the money?", "step-07-channel-mix"),
       ("kb_txt_engine", "we sell dog treats online. with $15k a month, how many platforms should we be on?", None)]


def test_end_to_end_wording_is_unseen():
    assert_unseen([q for _, q, _ in E2E])


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_no_phantom_cost_per_channel(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    rec = conv.send(ask)
    calls = [tc if isinstance(tc, dict) else vars(tc) for tc in rec.tool_calls]
    assert not any(c.get("name") in ("get_benchmark", "get_audience_sizing") for c in calls), calls
    assert "cost per" not in rec.assistant.lower()
    if said:
        assert said in rec.assistant, rec.assistant



# a stated budget: the section whose heading names the band holding it answers, in a close call with an overview of
# every band (which would quote another band's row) or a section nearer in meaning
BANDS = [_sec("t#1", "Flyer plans by monthly budget", "How many districts to cover and how many flyer designs to print "
              "depends on the monthly budget: under $5k, one district and one design; $5k–$20k, three districts and "
              "two designs; over $20k, the whole city and a design per district."),
         _sec("t#2", "Band A: under $5k per month", "Typical shape: cover one district with one flyer design, and add "
              "districts or designs only once the monthly budget passes $5k.")]
BAND_ASKS = ["with 3k a month, how many districts should we cover and how many designs?",
             "our monthly budget is $4,000. how many flyer designs should we print for the districts?"]


def test_band_wording_is_unseen():
    assert_unseen(BAND_ASKS)


@pytest.mark.parametrize("ask", BAND_ASKS)
def test_a_stated_budget_reads_the_section_of_its_own_band(ask):
    got = extract(ask, BANDS, 3)
    assert got and "[t#2]" in got, got
