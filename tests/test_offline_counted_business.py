"""A count before the business a user works for ("marketing for three physical therapy clinics") counts its sites;
the business is still named (it was dropped whole as a quantity, and the question went to a search that found
only the glossary's definition). What ``business()`` reads of such messages is in the one table of
tests/test_offline_business.py; here, the whole turn."""
from __future__ import annotations


def test_the_counted_clinics_get_their_verticals_figure(shipped_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    rec = c.send("i do the ads for two podiatry clinics outside tampa. about what should a lead run us?")
    assert "benchmarks-healthcare" in rec.assistant and "$40–$90" in rec.assistant
