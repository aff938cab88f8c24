"""One client factory and one retry policy (rag.llm) for the agent, the reranker and the judges."""
from __future__ import annotations

import pytest

from fake_anthropic import FakeMessagesServer, error_body, text_message
from rag.llm import LLMCallError, RetryingMessages, RetryPolicy, anthropic_client


def _client(srv, **policy):
    return RetryingMessages(anthropic_client(api_key="k", base_url=srv.url, trace=False),
                            RetryPolicy(backoff_base=0.001, **policy))


def test_retryable_errors_are_retried_with_the_servers_delay_then_succeed():
    slept = []
    script = [(529, error_body("overloaded_error", "busy"), {"retry-after": "0.002"}),
              (500, error_body("api_error", "boom")), text_message("ok")]
    with FakeMessagesServer(script) as srv:
        c = _client(srv, sleep=slept.append)
        msg = c.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert msg.content[0].text == "ok" and len(srv.requests) == 3
    assert c.policy.calls == 3 and c.policy.retries == 2 and slept[0] == pytest.approx(0.002)


def test_client_errors_fail_at_once_and_giving_up_names_the_attempts():
    with FakeMessagesServer([(400, error_body("invalid_request_error", "bad"))]) as srv:
        with pytest.raises(LLMCallError, match="not retried.*HTTP 400"):
            _client(srv).messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
        assert len(srv.requests) == 1
    with FakeMessagesServer([(500, error_body("api_error", "boom"))] * 3) as srv:
        with pytest.raises(LLMCallError) as info:
            _client(srv, max_retries=2, sleep=lambda s: None).messages.create(
                model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
    assert info.value.attempts == 3 and info.value.status_code == 500


def test_every_caller_gets_the_same_factory_and_policy(monkeypatch):
    from agent.models import AnthropicModel
    from rag.rerank import LLMReranker
    from scorers.judges import judge_scorers

    monkeypatch.setenv("ANTHROPIC_API_KEY", "k")
    assert isinstance(LLMReranker().client, RetryingMessages)
    judges = judge_scorers()
    assert judges and all(isinstance(j.client, RetryingMessages) for j in judges if hasattr(j, "client"))
    assert isinstance(AnthropicModel().policy, RetryPolicy)
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    with pytest.raises(LLMCallError, match="ANTHROPIC_API_KEY is not set"):
        anthropic_client()
