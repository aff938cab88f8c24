"""A knowledge base's own framework: the step tool serves the steps the KB numbers in its headings, with
their names and count, and the offline agent labels a step with the KB's name — not MPA-10's. Before,
on the plain-text fixture KB (whose step 7 is "Flighting and pacing"), "What happens in step 7?" was
answered "Step 7 (Channel mix): …" over the flighting passage, and a four-phase KB was offered steps
1–10. Also: audience counts under a heading that gives the country in parentheses, with a hedged figure,
and counted in households. Wording of our own, on kb/, kb_txt, kb_alt and a KB written here."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.engine import build_engine
from mpa.facts import extract_facts
from mpa.steps import STEP_NAMES, kb_step_names
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ASKS = ["What happens in step 7?", "Which step is about creative?", "What are the phases, in order?",
        "What comes after phase 2?", "How many runners are there?"]


def _docs(kb: Path) -> list[tuple[str, str]]:
    return [(p.name, p.read_text()) for p in sorted(kb.iterdir()) if p.suffix in (".md", ".txt")]


@pytest.fixture(scope="module")
def four_phase_kb(tmp_path_factory) -> Path:
    kb = tmp_path_factory.mktemp("four_phase_kb")
    (kb / "process.md").write_text(
        "# How we plan\n\n## Phase 1 — Discovery\nCollect the goal, the budget and past results before anything else.\n\n"
        "## Phase 2 — Audience\nDescribe who buys and count them with a census or a platform count.\n\n"
        "## Phase 3 — Channels and budget\nPick at most three channels and split the money 70/20/10.\n\n"
        "## Phase 4 — Launch and learn\nHold the plan for two weeks, then review it every week.\n")
    (kb / "people.txt").write_text(
        "AUDIENCE SIZES (United States, 2025 estimates)\n\n"
        "Runners: roughly 50 million adults run at least once a month.\n"
        "Pet owners: about 86 million households own at least one pet.\n")
    return kb


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKS)


def test_the_steps_each_kb_numbers_itself():
    assert kb_step_names(_docs(ROOT / "kb")) == STEP_NAMES  # the shipped KB's overview is MPA-10 itself
    txt = kb_step_names(_docs(ROOT / "tests/fixtures/kb_txt"))
    assert len(txt) == 10 and txt[7] == "Flighting and pacing" and txt[6] == "Channel mix"
    assert kb_step_names(_docs(ROOT / "tests/fixtures/kb_alt"))[3] == "Describe the people"
    # prose that opens with a step is not a heading; two numbered headings are not a framework
    assert kb_step_names([("a.md", "Step 1 (Goals) comes first, and it takes a whole paragraph to explain why "
                                   "that is so.\n## Step 2: Money\n## Step 3: People\n")]) == {}


def test_the_step_tool_declares_the_kbs_own_steps(four_phase_kb):
    ex = ToolExecutor(build_engine(four_phase_kb))
    tool = next(d for d in ex.definitions() if d["name"] == "get_step_guidance")
    assert "1 Discovery; 2 Audience; 3 Channels and budget; 4 Launch and learn" in tool["description"]
    assert "MPA-10" not in tool["description"] and tool["input_schema"]["properties"]["step"]["maximum"] == 4
    res = ex.execute("get_step_guidance", {"step": 3})
    assert not res.is_error and res.content.startswith("get_step_guidance: Step 3 (Channels and budget)")
    assert "70/20/10" in res.content
    assert ex.execute("get_step_guidance", {"step": 5}).is_error  # there is no fifth phase


def test_the_shipped_kb_keeps_mpa10(fixture_engine):
    tool = next(d for d in ToolExecutor(fixture_engine).definitions() if d["name"] == "get_step_guidance")
    assert "MPA-10" in tool["description"] and tool["input_schema"]["properties"]["step"]["maximum"] == 10


def test_the_agent_labels_a_step_with_the_kbs_name(kb_txt_engine):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3).send(ASKS[0])
    assert turn.assistant.startswith("Step 7 (Flighting and pacing)"), turn.assistant
    assert "Channel mix" not in turn.assistant
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3).send(ASKS[1])
    assert "Step 8 (Creative and testing plan)" in turn.assistant and "Measurement" not in turn.assistant


def test_the_agent_on_a_four_phase_kb(four_phase_kb):
    ex = ToolExecutor(build_engine(four_phase_kb))
    listing = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(ASKS[2]).assistant
    assert "Discovery" in listing and "Launch and learn" in listing and "Objectives" not in listing, listing
    assert "figure" not in listing  # the listing states the steps it was asked for
    nxt = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(ASKS[3]).assistant
    assert "Phase 3 (Channels and budget)" in nxt and "70/20/10" in nxt, nxt  # the KB's word for its steps


def test_audience_counts_under_a_heading_with_the_country_in_parentheses(four_phase_kb):
    facts = {f.audience: f for f in extract_facts("people.txt", (four_phase_kb / "people.txt").read_text())}
    assert facts["Runners"].low == 50_000_000 and facts["Runners"].geography == "United States"
    assert facts["Pet owners"].value == "86 million"
    ex = ToolExecutor(build_engine(four_phase_kb))
    res = ex.execute("get_audience_sizing", {"audience_type": "pet owners"})
    assert "Estimated size: 86 million households" in res.content, res.content  # households, not people
    answer = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(ASKS[4]).assistant
    assert "50 million" in answer and ".." not in answer, answer


LISTED = ("# How we run a campaign\n\nEvery campaign goes through four stages, in this order:\n\n"
          "1. **Brief** — agree the business goal, the budget and the deadline.\n"
          "2. **Research** — count the audience and read last year's results.\n"
          "3. **Channel plan** — choose at most three channels and split the money.\n"
          "4. **Review** — compare the results with the brief every fortnight.\n")
LIST_ASKS = ["What happens at stage 3?", "What comes after the research stage?", "What's in stage 9?"]


def test_a_framework_written_as_a_numbered_list(tmp_path):
    """Steps numbered in a list a line about stages leads into, not in headings: the step tool serves them
    and the agent quotes the item (stepask → steplist.item); kb/'s headings still win over its lists."""
    from mpa.steps import framework_steps, listed_step_names
    assert_unseen(LIST_ASKS)
    assert listed_step_names([("how.md", LISTED)]) == {1: "Brief", 2: "Research", 3: "Channel plan", 4: "Review"}
    assert framework_steps(_docs(ROOT / "kb")) == STEP_NAMES
    assert listed_step_names([("a.md", "Some things:\n1. **Brief** — x.\n2. **Plan** — y.\n3. **Go** — z.\n")]) == {}
    (tmp_path / "how.md").write_text(LISTED)
    ex = ToolExecutor(build_engine(tmp_path))
    third = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(LIST_ASKS[0]).assistant
    assert "Stage 3 (Channel plan)" in third and "choose at most three channels" in third, third  # its stages
    nxt = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(LIST_ASKS[1]).assistant
    assert "Stage 3 (Channel plan)" in nxt and "Stage 2 (Research)" in nxt, nxt
    beyond = ConversationEngine(OfflineAgent(), ex, max_tool_rounds=3).send(LIST_ASKS[2]).assistant
    assert beyond.startswith("There is no Step 9: the framework has 4 steps. The steps, in order: Step 1: Brief"), beyond
