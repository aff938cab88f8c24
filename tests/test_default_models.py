"""The default Claude models must be ones the installed SDK still serves.

Why: ``claude-sonnet-4-5`` was the agent's and the judges' default until the SDK marked it for end-of-life on
2026-11-30; a default that the API retires makes every keyed run fail at once. The SDK ships the list of model
names it knows (``anthropic.types.Model``) and a table of deprecated ones (``anthropic._data``); this test
reads both, so upgrading the SDK past a deprecation turns CI red before the API does."""
from __future__ import annotations

import typing

import pytest

from agent.settings import AgentSettings
from rag.settings import RagSettings
from scorers.settings import ScorerSettings


def _defaults() -> dict[str, str]:
    return {"MPA_AGENT_MODEL": AgentSettings.from_env({}).agent_model,
            "MPA_JUDGE_MODEL": ScorerSettings.from_env({}).judge_model,
            "MPA_RERANK_MODEL": RagSettings.from_env({}).rerank_model}


def _known_models() -> set[str]:
    from anthropic.types import Model
    return {name for arg in typing.get_args(Model) for name in typing.get_args(arg)}


@pytest.mark.parametrize("variable", ["MPA_AGENT_MODEL", "MPA_JUDGE_MODEL", "MPA_RERANK_MODEL"])
def test_default_model_is_known_to_the_sdk_and_not_deprecated(variable):
    model = _defaults()[variable]
    assert model in _known_models(), f"{variable} default {model!r} is not a model the installed anthropic SDK lists"
    deprecated = pytest.importorskip("anthropic._data.deprecated_models").DEPRECATED_MODELS
    assert model not in deprecated, f"{variable} default {model!r} reaches end-of-life on {deprecated[model]}"
