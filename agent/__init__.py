"""The media-planning assistant's agent: the conversation engine (tool loop), the models it can
drive (Claude through the anthropic SDK, or OfflineAgent — a deterministic extractive baseline
policy, not Claude), the system prompt, the user simulator and the scenario runner.

``agent`` reaches the knowledge base only through :class:`mpa.tools.ToolExecutor`.
"""
from agent.engine import ConversationEngine, TurnRecord
from agent.models import AnthropicModel, ModelCallError, ModelResponse, make_model
from agent.offline import semantic as _semantic
from mpa.resolve import use_meaning

# The domain look-ups' last resort (a business or a priced unit named in words the KB lacks) resolves by
# meaning with the cached sentence encoder, for every agent (Claude or offline) and every eval that imports
# ``agent``: plugged in here, not by whichever module happened to be imported first (the tools eval gave
# get_benchmark 0.956 or 0.934 depending on whether the offline agent had been imported).
use_meaning(_semantic.similarities)

__all__ = ["ConversationEngine", "TurnRecord", "AnthropicModel", "ModelCallError", "ModelResponse", "make_model",
           "OfflineAgent"]


def __getattr__(name):
    if name == "OfflineAgent":
        from agent.offline import OfflineAgent

        return OfflineAgent
    raise AttributeError(name)
