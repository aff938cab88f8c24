"""The offline agent on the fourth stranger plain-text KB (tests/fixtures/kb_txt4): what its probe turns must answer,
and the general reading rules each failure led to, each also checked in another wording (the tool look-ups are in
tests/test_kb_txt4.py)."""
from __future__ import annotations

import pytest

from mpa.tools import ToolExecutor
from tests.offline_turns import declaring


def test_agent_answers_the_market_asked(kb_txt4_engine):
    """Asked for one market, the offline agent quotes that market's figure alone; asked for none, the figures said
    with no market (a storage operator asking what clicks cost got three currencies, and the scenario's next turn
    could not tell which top of range to divide by)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3)
    a = conv.send("what's the search CPC for a language school in Germany").assistant
    assert "€1.35-1.60" in a and "A$" not in a
    a = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3).send(
        "what do hearing aid clinics pay per click on google").assistant
    assert "$4.90-5.60" in a and "A$" not in a and "€" not in a  # no market asked: the KB's own (unmarked) market's
    a = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3).send(
        "what do language schools pay per click?").assistant
    assert "A$2.30-2.70" in a and "€1.35-1.60" in a  # only markets named: each, said with its market


@pytest.mark.parametrize("question, figure", [
    ("what view-through rate should I expect on snapchat?", "28-34%"),
    ("what's a good MER for a meal kit business?", "3.1-3.6x"),
])
def test_agent_reads_an_acronym_by_its_name(kb_txt4_engine, question, figure):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    assert figure in ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3).send(
        question).assistant


def test_declared_acronym_rate_said_by_name():
    """The agent's reader of declared metrics, on another KB's declaration: a rate or ratio keyed by an acronym is
    read when the message says the acronym or the name; a "cost per" acronym only by the acronym, as before."""
    from agent.offline import kbmetrics

    with declaring("LVR (lead velocity ratio); CPB (cost per booking)"):
        assert [n for _, n in kbmetrics.named_in("what lead velocity ratio do dentists see")] == ["lead velocity ratio"]
        assert [n for _, n in kbmetrics.named_in("what's the LVR")] == ["lead velocity ratio"]
        assert kbmetrics.named_in("what's the cost per booking") == []


# ---------------------------------------------------------------- a declared name written without its hyphens
def test_agent_reads_a_hyphenated_metric_written_apart(kb_txt4_engine):
    """"add to cart rate" is the KB's "add-to-cart rate": the agent looks it up (it only searched, and quoted a
    definition with no figure)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    a = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3).send(
        "what's the add to cart rate from pinterest traffic").assistant
    assert "6.1-7.0%" in a


def test_declared_name_hyphens_either_way():
    from agent.offline import kbmetrics

    with declaring("install-to-verified rate; cost per sign-up"):
        assert [n for _, n in kbmetrics.named_in("our install to verified rate is low")] == ["install-to-verified rate"]
        assert [n for _, n in kbmetrics.named_in("what is the cost per sign up")] == ["cost per sign-up"]


def test_agent_plans_with_the_home_market_figure(kb_txt4_engine):
    """The one figure left for the market (none named: the unmarked one) is the figure to plan with: the next turn's
    arithmetic divides by its top."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3)
    conv.send("we own a couple of self-storage sites. what's a google click going to cost us?")
    a = conv.send("we have 4000 dollars monthly. at the high end of that click price, how many clicks do we get?").assistant
    assert "1,013" in a


def test_agent_reads_a_two_word_figure_name(kb_txt4_engine):
    """"contribution margin", a KB's own two-word figure: the agent looks it up (it searched, and quoted another
    business's margin from the passage)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from agent.offline import kbmetrics

    a = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt4_engine), max_tool_rounds=3).send(
        "what contribution margin do language learning apps make?").assistant
    assert "38-46%" in a
    # a figure noun last ("churn") is a name said in full; "monthly spend" stays a user's own words
    with declaring("membership churn; monthly spend"):
        assert [n for _, n in kbmetrics.named_in("what membership churn do gyms see")] == ["membership churn"]
        assert kbmetrics.named_in("our monthly spend is 5k") == []
