"""A budget the user states and asks to split: the KB's split is applied to it, and "it" is read as that
budget. Before, "I have $10k a month for my restaurant. How should I split it?" was declined on a KB that
states a 70/20/10 rule (the words "split it" found nothing above the relevance threshold), and a split was
applied only when the question said "how much". Wording of our own, on kb/ and a KB written here."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.antecedent import budget_it
from mpa.engine import build_engine
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ON_KB = "We've got $40k a quarter. How do we split it between proven stuff and experiments?"
ON_SMALL = "I have $10k a month for my bakery. How should I split it up?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ON_KB, ON_SMALL])


def test_it_is_the_budget_only_after_an_amount():
    assert budget_it("I have $10k. How should I split it?") == "I have $10k. How should I split the budget?"
    assert budget_it("We can spend 25k. Where do we spend it first?").endswith("spend the budget first?")
    assert budget_it("How should I split it?") == "How should I split it?"  # no amount stated
    assert budget_it("The CPC is $3 — is it high?") == "The CPC is $3 — is it high?"  # not divided


def test_the_kbs_split_applied_to_the_users_budget(shipped_engine):
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ON_KB).assistant
    assert "70/20/10" in answer and "$40,000 × 70% = $28,000" in answer and "$40,000 × 10% = $4,000" in answer, answer


@pytest.fixture(scope="module")
def small_kb(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("split_kb")
    (folder / "planning.md").write_text(
        "# How we plan\n\n## Channels and budget\nPick at most three channels and split the budget 70/20/10 between "
        "proven, promising and experimental channels.\n\n## Launch\nHold bids for two weeks after launch.\n")
    (folder / "bakery-costs.md").write_text(
        "# Bakery advertising costs\n\n| Metric | Low | Typical | High |\n|---|---|---|---|\n"
        "| Cost per click (CPC) | $0.50 | $0.80–$1.30 | $2.10 |\n")
    return folder


def test_a_split_it_question_on_a_small_kb(small_kb):
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(build_engine(small_kb)), max_tool_rounds=3).send(
        ON_SMALL).assistant
    assert "split the budget 70/20/10" in answer and "$10,000 × 20% = $2,000" in answer, answer
