"""The fourth stranger plain-text KB (tests/fixtures/kb_txt4): what its tool look-ups must answer, and the
general readers each probe failure led to, each also checked on a KB written here in another wording."""
from __future__ import annotations

import pytest

from mpa.steps import kb_step_names, step_word
from mpa.tools import ToolExecutor


def _tool(engine, name="get_benchmark", **inp):
    """The tool's own lines, before the passages it quotes."""
    return ToolExecutor(engine).execute(name, inp).content.split("Knowledge-base passages follow")[0]


# ---------------------------------------------------------------- a workflow of numbered gates is the KB's steps
def test_kb_txt4_gates_are_its_steps(kb_txt4_engine):
    """"GATE 4 - AUDIENCE AND OFFER": the step tool serves the KB's eight gates by their own names (it served
    MPA-10's ten, and step 4 was "Geography & markets"), and says the KB calls them gates."""
    assert "Step 4 (Audience and offer)" in _tool(kb_txt4_engine, "get_step_guidance", step=4)
    assert "Error" in _tool(kb_txt4_engine, "get_step_guidance", step=9)
    d = next(t for t in ToolExecutor(kb_txt4_engine).definitions() if t["name"] == "get_step_guidance")
    assert "8-step" in d["description"] and "calls the steps gates" in d["description"]


def test_milestones_in_another_layout_are_steps():
    """The same rule in Markdown, with milestones; a document's SECTIONs are never its steps."""
    doc = ("# Rollout\n\n## Milestone 1: Brief signed\nx\n\n## Milestone 2: Media booked\ny\n\n"
           "## Milestone 3: Live\nz\n")
    assert kb_step_names([("rollout.md", doc)]) == {1: "Brief signed", 2: "Media booked", 3: "Live"}
    assert step_word([("rollout.md", doc)]) == "milestone"
    sections = "SECTION 1 - A\nx\nSECTION 2 - B\ny\nSECTION 3 - C\nz\n"
    assert kb_step_names([("s.txt", sections)]) == {} and step_word([("s.txt", sections)]) is None
