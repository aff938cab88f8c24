"""The conversation engine driving the real ``anthropic`` SDK against a local fake Messages API.

No network: :class:`tests.fake_anthropic.FakeMessagesServer` listens on 127.0.0.1 and answers from
a script. The assertions are on the exact request bodies the engine sent — message order, the
``tool_use`` blocks echoed back, ``tool_result`` ids and error flags, ``tool_choice`` at the round
cap — not only on the final text.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_anthropic import FakeMessagesServer, error_body, text_message, tool_use_message  # noqa: E402

from agent.engine import ConversationEngine  # noqa: E402
from agent.models import AnthropicModel, ModelCallError  # noqa: E402
from agent.prompts import FINAL_ANSWER_NOTE, SYSTEM_PROMPT  # noqa: E402
from mpa.tools import ToolExecutor  # noqa: E402

Q = "What's a typical CAC for a DTC brand?"


@pytest.fixture(scope="module")
def executor(shipped_engine):
    return ToolExecutor(shipped_engine)


def _model(srv, **kw):
    kw.setdefault("backoff_base", 0.001)
    kw.setdefault("backoff_max", 0.01)
    return AnthropicModel("claude-test", api_key="test-key", base_url=srv.url, **kw)


def _conv(srv, executor, **kw):
    rounds = kw.pop("max_tool_rounds", 3)
    return ConversationEngine(_model(srv, **kw), executor, SYSTEM_PROMPT, max_tool_rounds=rounds)


def test_single_tool_call_then_final_text(executor):
    final = "Based on Knowledge Base [benchmarks-ecommerce#0], the Typical ecommerce CAC is $30–$55."
    with FakeMessagesServer([
        tool_use_message(("toolu_01", "get_benchmark", {"vertical": "DTC", "metric": "CAC"}), text="Let me check."),
        text_message(final),
    ]) as srv:
        conv = _conv(srv, executor)
        turn = conv.send(Q)
    assert srv.paths == ["/v1/messages", "/v1/messages"]
    first, second = srv.requests
    assert first["model"] == "claude-test" and first["system"] == SYSTEM_PROMPT
    assert first["messages"] == [{"role": "user", "content": Q}]
    assert [t["name"] for t in first["tools"]] == executor.names
    assert "tool_choice" not in first
    msgs = second["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant", "user"]
    assert msgs[1]["content"] == [
        {"type": "text", "text": "Let me check."},
        {"type": "tool_use", "id": "toolu_01", "name": "get_benchmark", "input": {"vertical": "DTC", "metric": "CAC"}},
    ]
    (result,) = msgs[2]["content"]
    assert result["type"] == "tool_result" and result["tool_use_id"] == "toolu_01"
    assert "is_error" not in result
    assert '<passage id="benchmarks-ecommerce#0"' in result["content"] and "$30–$55" in result["content"]
    assert turn.error is None and turn.assistant == final
    assert turn.tool_calls[0]["name"] == "get_benchmark" and not turn.tool_calls[0]["is_error"]
    assert turn.retrieved_ids[0] == "benchmarks-ecommerce#0"
    assert turn.citations == ["benchmarks-ecommerce#0"] and turn.invalid_citations == []
    assert turn.usage == {"input_tokens": 220, "output_tokens": 60}
    rec = conv.record()
    assert rec["response"] == final and rec["benchmark"]["value"] == "$30–$55"
    assert rec["tool_calls"][0]["retrieved_ids"] == turn.retrieved_ids


def test_two_parallel_tool_calls_answered_in_one_message_in_order(executor):
    with FakeMessagesServer([
        tool_use_message(("toolu_a", "get_benchmark", {"vertical": "ecommerce", "metric": "CPM"}),
                         ("toolu_b", "get_audience_sizing", {"audience_type": "new parents", "geography": "TX"})),
        text_message("Based on Knowledge Base [benchmarks-ecommerce#0] and [audience-sizing-reference#2]: done."),
    ]) as srv:
        turn = _conv(srv, executor).send("CPM for ecommerce, and how many new parents in Texas?")
    msgs = srv.requests[1]["messages"]
    assert len(msgs) == 3 and msgs[2]["role"] == "user"
    ids = [b["tool_use_id"] for b in msgs[2]["content"]]
    assert ids == ["toolu_a", "toolu_b"]
    assert "694,000" in msgs[2]["content"][1]["content"]
    assert [c["name"] for c in turn.tool_calls] == ["get_benchmark", "get_audience_sizing"]
    assert turn.invalid_citations == []


def test_tool_error_is_reported_to_the_model_and_the_turn_continues(executor):
    with FakeMessagesServer([
        tool_use_message(("toolu_bad", "get_benchmark", {"vertical": "ecommerce"}),  # metric missing
                         ("toolu_nope", "no_such_tool", {})),
        tool_use_message(("toolu_ok", "get_benchmark", {"vertical": "ecommerce", "metric": "CAC"})),
        text_message("Based on Knowledge Base [benchmarks-ecommerce#0], $30–$55."),
    ]) as srv:
        turn = _conv(srv, executor).send(Q)
    bad, nope = srv.requests[1]["messages"][2]["content"]
    assert bad["tool_use_id"] == "toolu_bad" and bad["is_error"] is True
    assert "'metric' is a required property" in bad["content"]
    assert nope["is_error"] is True and "unknown tool 'no_such_tool'" in nope["content"]
    # the next request carries both rounds, in order
    roles = [m["role"] for m in srv.requests[2]["messages"]]
    assert roles == ["user", "assistant", "user", "assistant", "user"]
    assert srv.requests[2]["messages"][4]["content"][0]["tool_use_id"] == "toolu_ok"
    assert turn.error is None and turn.tool_rounds == 2
    assert [c["is_error"] for c in turn.tool_calls] == [True, True, False]


def test_rate_limit_then_success(executor):
    with FakeMessagesServer([
        (429, error_body("rate_limit_error", "slow down"), {"retry-after": "0"}),
        text_message("The knowledge base does not contain that."),
    ]) as srv:
        conv = _conv(srv, executor)
        turn = conv.send("Who won the World Cup?")
    assert len(srv.requests) == 2 and srv.requests[0] == srv.requests[1]
    assert conv.model.retries == 1
    assert turn.error is None and turn.assistant.startswith("The knowledge base does not contain")


def test_server_errors_until_give_up_are_recorded_and_history_rolled_back(executor):
    script = [(500, error_body("api_error", "boom"))] * 3
    with FakeMessagesServer(script) as srv:
        conv = _conv(srv, executor, max_retries=2)
        turn = conv.send(Q)
    assert len(srv.requests) == 3
    assert turn.error and "failed after 3 attempts" in turn.error and "HTTP 500" in turn.error
    assert conv.messages == []  # the failed turn left no dangling user message
    assert conv.record()["errors"] == [f"turn 0: {turn.error}"]


def test_model_call_error_is_raised_directly_by_the_model(executor):
    with FakeMessagesServer([(500, error_body("api_error", "boom"))] * 2) as srv:
        model = _model(srv, max_retries=1)
        with pytest.raises(ModelCallError) as info:
            model.create(system="s", messages=[{"role": "user", "content": "hi"}], tools=None, max_tokens=10)
    assert info.value.status_code == 500 and info.value.attempts == 2


def test_bad_request_is_not_retried(executor):
    with FakeMessagesServer([(400, error_body("invalid_request_error", "messages: bad"))]) as srv:
        turn = _conv(srv, executor).send(Q)
    assert len(srv.requests) == 1
    assert "not retried" in turn.error and "HTTP 400" in turn.error


def test_round_cap_final_answer_is_the_models_own_text(executor):
    with FakeMessagesServer([
        tool_use_message(("toolu_1", "search_knowledge_base", {"query": "pacing"})),
        text_message("Based on Knowledge Base [budget-allocation-pacing#0]: pace weekly."),
    ]) as srv:
        turn = _conv(srv, executor, max_tool_rounds=1).send("How do I pace a budget?")
    assert srv.requests[1]["tool_choice"] == {"type": "none"}
    assert turn.assistant == "Based on Knowledge Base [budget-allocation-pacing#0]: pace weekly."
    assert turn.forced_final and turn.error is None


def test_round_cap_asks_for_a_final_answer_without_tools(executor):
    with FakeMessagesServer([
        tool_use_message(("toolu_1", "search_knowledge_base", {"query": "pacing"})),
        tool_use_message(("toolu_2", "search_knowledge_base", {"query": "more pacing"})),  # ignored: cap reached
    ]) as srv:
        conv = _conv(srv, executor, max_tool_rounds=1)
        turn = conv.send("How do I pace a budget?")
    final_req = srv.requests[1]
    assert final_req["tool_choice"] == {"type": "none"}
    last = final_req["messages"][-1]["content"]
    assert last[0]["type"] == "tool_result" and last[-1] == {"type": "text", "text": FINAL_ANSWER_NOTE}
    # the model insisted on a tool: nothing more ran, no canned reply was invented, and the
    # turn is recorded as failed with the history rolled back to a valid state
    assert len(turn.tool_calls) == 1 and turn.assistant == ""
    assert "no text answer after the tool-round limit" in turn.error and turn.notes
    assert conv.messages == []


def test_history_keeps_tool_pairs_across_turns_and_flags_invalid_citations(executor):
    with FakeMessagesServer([
        tool_use_message(("toolu_1", "get_benchmark", {"vertical": "ecommerce", "metric": "CAC"})),
        text_message("Based on Knowledge Base [benchmarks-ecommerce#0], $30–$55."),
        text_message("As before [benchmarks-ecommerce#0]; also [made-up#7]."),
    ]) as srv:
        conv = _conv(srv, executor)
        conv.send(Q)
        turn2 = conv.send("Remind me of that range?")
    msgs = srv.requests[2]["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant", "user", "assistant", "user"]
    assert msgs[1]["content"][0]["type"] == "tool_use" and msgs[2]["content"][0]["type"] == "tool_result"
    assert msgs[4] == {"role": "user", "content": "Remind me of that range?"}
    assert turn2.citations == ["benchmarks-ecommerce#0", "made-up#7"]
    assert turn2.invalid_citations == ["made-up#7"]


def test_llm_user_simulator_keeps_the_scripted_numbers():
    from agent.scenario import load_scenario
    from agent.simulator import LLMUserSimulator

    scenario = load_scenario({
        "id": "llm-sim", "title": "t", "persona": {"type": "novice", "name": "Ana", "description": "Shop owner."},
        "fact_sheet": {"knows": {"budget_usd": 50000}, "does_not_know": ["ltv_usd"],
                       "labels": {"budget_usd": "monthly budget", "ltv_usd": "customer lifetime value"}},
        "turns": [{"user": "We have {budget_usd} dollars. Budget divided by CAC at $50?"},
                  {"user": "What is a typical ecommerce CAC?"},
                  {"respond_to": "ltv_usd"}, {"user": "Thanks!"}],
        "expectations": {}})
    with FakeMessagesServer([
        text_message("Hey! My boss handed me 50000 dollars — if each customer costs $50, how many is that?"),
        text_message("So what does a typical ecommerce customer cost, like 40 bucks?"),  # invents a number
        text_message("Thanks a lot!"),
    ]) as srv:
        sim = LLMUserSimulator(scenario, _model(srv))
        texts = [sim.user_turn(i) for i in range(4)]
    assert texts[0].startswith("Hey! My boss handed me 50000 dollars")
    assert texts[1] == "What is a typical ecommerce CAC?"  # rejected rephrasing: it added "40"
    assert texts[2] == "I don't know our customer lifetime value."  # answered from the fact sheet, no model call
    assert len(srv.requests) == 3 and "Ana" in srv.requests[0]["system"]
    assert srv.requests[0]["messages"] == [{"role": "user", "content": "We have 50000 dollars. Budget divided by CAC at $50?"}]
    assert any(b["kind"] == "rephrase" and "scripted text used" in b["detail"] for b in sim.beats)
