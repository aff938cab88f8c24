"""The media-planning assistant's agent: the conversation engine (tool loop), the models it can
drive (Claude through the anthropic SDK, or OfflineAgent — a deterministic extractive baseline
policy, not Claude), the system prompt, the user simulator and the scenario runner.

``agent`` reaches the knowledge base only through :class:`mpa.tools.ToolExecutor`.
"""
from agent.engine import ConversationEngine, TurnRecord
from agent.models import AnthropicModel, ModelCallError, ModelResponse, make_model

__all__ = ["ConversationEngine", "TurnRecord", "AnthropicModel", "ModelCallError", "ModelResponse", "make_model",
           "OfflineAgent"]


def __getattr__(name):
    if name == "OfflineAgent":
        from agent.offline import OfflineAgent

        return OfflineAgent
    raise AttributeError(name)
