"""A question asking what one may or must do, answered from the KB's rule section nearest in meaning
(agent.offline.rulesection), in wording of our own — on the shipped KB and on the plain-text kb_txt2 (written as a
stranger's KB). Which headings state a rule, which questions ask for one, and the guards that keep the reader's answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, rulesection
from agent.offline.toolread import ToolOutcome, read_outcome
from mpa.tools import ToolExecutor
from rag import dense

ROOT = Path(__file__).resolve().parents[1]
KB_TXT2 = ROOT / "tests" / "fixtures" / "kb_txt2"
needs_encoder = pytest.mark.skipif(not dense.available(), reason="all-MiniLM-L6-v2 weights not installed")
DECLINED = ("The knowledge base does not contain information that answers this question. I can't answer that from "
            "the knowledge base.")

# own wording: a tired creative, asked as leave to rebuild it (kb/ states "Rule of thumb: replace the hook …")
TIRED = "the creative feels tired and people scroll past it now. do we need to redo the creative from the ground up?"
# own wording: one channel taking nearly all of a plan, asked as leave (kb_txt2 states its concentration rules)
PETS = "we run two pet clinics on about 25k a month. is it fine to give google nearly the whole amount?"
# the reader's answer from the section sharing the question's words (kb_txt2's search costs), stating no rule
SEARCH_COSTS = ("Based on Knowledge Base [local_services_search_costs#0]: Service firms buy clicks from people who are "
                "about to pick up the phone.")


def test_the_wording_here_is_not_dataset_wording():
    corpus = " ".join(p.read_text(encoding="utf-8").lower() for d in (
        "datasets", "tests/fixtures/paraphrase", "tests/fixtures/paraphrase_holdout", "tests/fixtures/paraphrase_holdout2",
        "tests/fixtures/paraphrase_holdout4", "tests/fixtures/paraphrase_holdout5", "tests/fixtures/kb_txt_datasets",
        "tests/fixtures/kb_txt2_datasets", "tests/fixtures/kb_txt3_datasets", "tests/fixtures/kb_txt4_datasets") for p in (ROOT / d).rglob("*.json*"))
    for phrase in (TIRED, PETS, "scroll past it", "from the ground up", "give google nearly the whole amount"):
        assert phrase.lower() not in corpus, phrase


@pytest.mark.parametrize("question", [
    "can we shift half the display money to audio by Friday?",  # leave, asked with a modal first
    "the agency wants every line item below five thousand. is that okay?",  # a verdict asked for
    "is there a rule for how many versions of an ad to test at once?",  # the rule named
    "when are we allowed to restart a paused sponsorship?",
])
def test_a_question_asking_what_one_may_or_must_do_asks_a_rule(question):
    assert rulesection.asks_leave_or_rule(question)


@pytest.mark.parametrize("question", [
    "should we buy the spots by metro area or by region?",  # a choice between two options: which, not whether
    "how long should a holdout run?",  # a duration asked for
    "how fast can we scale a winning ad set?",  # a pace asked for
    "what does a cost per thousand impressions measure?",
])
def test_a_choice_a_duration_or_a_definition_asks_no_rule(question):
    assert not rulesection.asks_leave_or_rule(question)


@pytest.mark.parametrize("path, rule", [
    (("Doc", "Creative fatigue", "Rule of thumb: replace the hook before the concept"), True),
    (("Doc", "Playbook", "The 72-hour re-entry rule for brand-safety incidents"), True),
    (("Doc", "Section 3 - Concentration And Scaling Rules"), True),
    (("Doc", "Payback", "Identifier UE-PAYBACK-12: the default payback guardrail"), True),  # an identifier, and a guardrail
    (("Doc", "Inclusion", "Standard exclusions"), False),  # "standard" qualifies the noun: the usual exclusions
    (("Doc", "Minimum viable budget and ramp for CTV"), False),  # "minimum" qualifies the noun: the least budget
    (("Doc", "Rule-based attribution models"), False),  # a kind of model, not a rule
    (("Doc", "Worked example: the social learning-phase floor"), False),  # an illustration of a rule
    (("Spend And Pacing Rules",), False),  # a document's own lead: its title names all it covers
])
def test_a_section_states_a_rule_by_its_own_heading(path, rule):
    assert rulesection.states_rule(path) is rule


def test_an_identifier_naming_a_whole_names_no_rule():
    rules = {s.path[-1] for s in rulesection.rule_sections(str(ROOT / "kb"))}
    assert "Rule of thumb: replace the hook before the concept" in rules
    assert "Identifier BUD-SHIFT-20/14: the reallocation speed limit" in rules
    assert "What the MPA-10 framework is" not in rules  # "MPA-10" heads many sections: the framework's name
    assert "Standard exclusions" not in rules and "Minimum viable budget and ramp for CTV" not in rules


def test_a_plain_text_rule_is_stated_by_its_prose_not_its_frame():
    kb = str(KB_TXT2)
    rules = {s.path[-1] for s in rulesection.rule_sections(kb)}
    assert rules == {"Section 3 - Concentration And Scaling Rules", "Section 5 - Sizing Rules"}
    said = next(v for (src, path), v in rulesection.statements(kb).items() if path[-1].startswith("Section 3"))
    assert said.startswith("Section 3 - Concentration And Scaling Rules: No single channel takes more than 70%"), said
    assert "META_" not in said and "-----" not in said


def _found(executor: ToolExecutor, query: str):
    r = executor.execute("search_knowledge_base", {"query": query, "top_k": 8})
    return read_outcome("search_knowledge_base", {"query": query}, r.content, r.is_error)


@pytest.fixture
def txt2(monkeypatch, kb_txt2_engine):
    monkeypatch.setenv("MPA_KB_DIR", str(KB_TXT2))
    executor = ToolExecutor(kb_txt2_engine)  # the session's engine of the same KB: building it is not what is tested
    # the question's own search, and one that returned the rule (as the agent's added "… rule" search may)
    return [_found(executor, PETS), _found(executor, "concentration and scaling rules")]


def test_without_the_encoder_nothing_changes(txt2):
    assert rulesection.read(PETS, txt2, SEARCH_COSTS, 3) is None


@needs_encoder
def test_the_plain_text_kb_answers_a_leave_question_from_its_rule(meaning, txt2):
    got = rulesection.read(PETS, txt2, SEARCH_COSTS, 3)
    assert got and got.startswith("Based on Knowledge Base [budget_rules_and_ratios#"), got
    assert "No single channel takes more than 70% of a plan" in got
    assert rulesection.read(PETS, txt2, DECLINED, 3) == got  # a declined turn too


@needs_encoder
def test_the_reader_keeps_its_answer_when_it_is_no_rule_question_or_the_rule_was_not_returned(meaning, txt2):
    assert rulesection.read(PETS, txt2, rulesection.read(PETS, txt2, SEARCH_COSTS, 3), 3) is None  # a rule quoted already
    choice = "should the pet clinics put the money into google or into meta?"
    assert rulesection.read(choice, txt2, SEARCH_COSTS, 3) is None
    later = "and is that ok for the other clinic too?"
    assert rulesection.asks_leave_or_rule(later) and rulesection.read(later, txt2, SEARCH_COSTS, 3) is None  # leans on the last turn
    without = ToolOutcome("search_knowledge_base", {"query": PETS}, "…", False)
    without.passages = [p for o in txt2 for p in o.passages if "SECTION 3 - CONCENTRATION" not in p["text"]]
    assert len(without.passages) < sum(len(o.passages) for o in txt2)
    assert rulesection.read(PETS, [without], SEARCH_COSTS, 3) is None  # the nearest rule not returned: not quoted
    benchmark = read_outcome("get_benchmark", {"vertical": "pet care", "metric": "CPC"}, "not in the knowledge base", False)
    assert rulesection.read(PETS, [*txt2, benchmark], SEARCH_COSTS, 3) is None  # a look-up answered: not a search turn


@needs_encoder
def test_the_shipped_kb_answers_leave_to_rebuild_a_tired_creative_from_its_rule(meaning, monkeypatch, shipped_engine):
    kb = ROOT / "kb"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    engine = shipped_engine

    def ask() -> str:
        return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(TIRED).assistant

    got = ask()
    assert got.startswith("Based on Knowledge Base [step-06-value-proposition#12]:"), got
    assert "swap only the first three seconds (the hook)" in got
    monkeypatch.setattr(rulesection, "read", lambda *a, **k: None)
    assert "first three seconds" not in ask()  # the reader alone quotes the section sharing the question's words
