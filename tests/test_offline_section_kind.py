"""A question asking how to do something — and no figure — is answered from a method, not from a benchmark
document's figure section that shares its words (agent.offline.sectionkind). Wording of our own, on
hand-written passages and both knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, sectionkind
from agent.offline.answerforms import answer_forms
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

LIFT = "how do we show our radio spots really lifted bouquet sales?"
PRICEY = "how can we tell if the florist's radio spots are too expensive?"
FLORIST = [{"id": "benchmarks-florists#2", "source": "benchmarks-florists.md › Radio spot ROAS for florists",
            "text": "### Radio spot ROAS for florists\n\nFlorist radio spots return bouquet sales of 2.0x–3.5x the spend; "
                    "Valentine's week lifts sales toward the high end."},
           {"id": "radio-playbook#4", "source": "radio-playbook.md › Proving radio's effect",
            "text": "### Proving radio's effect\n\nTo show that radio spots lifted bouquet sales, run the spots in "
                    "matched test towns, keep control towns dark, and compare sales in the two groups."}]
E2E = [("shipped_engine", "how do we show that our grocery ads really lifted store sales?", "benchmarks-"),
       ("kb_txt_engine", "how do we show that the solar ads really caused the leads?", "_benchmarks")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([LIFT, PRICEY], [q for _, q, _ in E2E])


def test_a_how_to_question_asks_a_method_unless_it_asks_or_judges_a_figure():
    assert sectionkind.asks_method(LIFT, answer_forms(LIFT))
    assert not sectionkind.asks_method(PRICEY, answer_forms(PRICEY))  # "too expensive": judged against a benchmark
    assert not sectionkind.asks_method("how much do florists pay per radio spot?", [])
    assert not sectionkind.asks_method("what does a radio spot cost a florist?", [])  # no "how to"
    assert sectionkind.fit(True, "benchmarks-florists.md › Radio spot ROAS") == sectionkind.BENCHMARK_FIT
    assert sectionkind.fit(True, "radio-playbook.md › Proving radio's effect") == 1.0
    assert sectionkind.fit(False, "benchmarks-florists.md › Radio spot ROAS") == 1.0


def test_the_method_answers_a_how_to_question():
    got = extract(LIFT, FLORIST, 3)
    assert "[radio-playbook#4]" in got and "control towns" in got, got


@pytest.mark.parametrize("kb,ask,not_cited", E2E)
def test_end_to_end_a_method_not_a_benchmark(kb, ask, not_cited, request):
    engine = request.getfixturevalue(kb)
    cited = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(ask).assistant.split("]")[0]
    assert cited.startswith("Based on Knowledge Base [") and not_cited not in cited, cited
