"""The offline baseline agent, the conversation engine's loop, the user simulator and strict
scenario loading — all without a network (the SDK path is in test_anthropic_sdk.py)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from agent import offline
from agent.engine import ConversationEngine, cited_ids
from agent.models import ModelResponse, make_model
from agent.offline import OfflineAgent, parse, statement
from agent.prompts import FINAL_ANSWER_NOTE
from agent.scenario import ScenarioError, load_scenario, run_scenario
from agent.simulator import UserSimulator
from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def executor(shipped_engine):
    return ToolExecutor(shipped_engine)


def _conv(executor, **kw):
    return ConversationEngine(OfflineAgent(), executor, max_tool_rounds=kw.get("max_tool_rounds", 3))


# ------------------------------------------------------------------ parsing the user's text
@pytest.mark.parametrize("text,op,a,b,thousand", [
    ("Just divide the budget by the CAC.", "div", "budget", "price", False),
    ("Budget divided by CPM times 1000.", "div", "budget", "price", True),
    ("What's our LTV to CAC ratio? Divide LTV by CAC.", "ratio", "LTV", "price", False),
    ("At $85 per customer, what budget would that need? Multiply customers by CAC.", "mul", "count", "price", False),
    ("What's the new CAC? Multiply the old CAC by 1 plus the increase.", "change", "price", "pct", False),
])
def test_parse_calculation_requests(text, op, a, b, thousand):
    c = parse(text).calc
    assert (c.op, c.a, c.b, c.per_thousand) == (op, a, b, thousand)


@pytest.mark.parametrize("text,roles", [
    ("With 60000 dollars a month at a 40 dollar CPA, how many purchases?", {"budget": 60000, "price:CPA": 40}),
    ("With 180000 dollars at a $40 CAC, how many new customers?", {"price:CAC": 40}),
    ("At the new CAC of 63 dollars, how many customers does 120000 dollars buy now?", {"price:CAC": 63}),
    ("A funded account is worth 1050 dollars and our blended CAC is 210 dollars.", {"LTV": 1050, "price:CAC": 210}),
    ("The CFO's target is 6000 new customers a month. At $85 per customer", {"count": 6000, "price:customer": 85}),
    ("Our CAC just jumped 40% in three weeks from 45 dollars.", {"pct": 40}),
])
def test_numbers_get_roles_from_nearby_words(text, roles):
    got = {n.role: n.value for n in parse(text).numbers if n.role}
    assert {k: got.get(k) for k in roles} == roles


def test_metric_inside_a_longer_metric_is_not_counted():
    assert parse("What's the typical LTV:CAC ratio for financial services?").metrics == ["LTV:CAC"]
    assert parse("What is a typical DTC CAC and CPM?").metrics == ["CAC", "CPM"]


def test_uncovered_industry_beats_a_remembered_vertical():
    p = parse("We're also looking at an insurance product. What's the typical CPA for insurance companies?")
    assert p.industry_phrase == "insurance" and p.vertical is None


def test_statements_are_not_questions():
    assert statement("I don't know our customer lifetime value.") == ("unknown", "customer lifetime value")
    assert statement("Our monthly budget is 50000.") == ("known", "monthly budget", "50000")
    assert statement("What is our budget?") is None


# ------------------------------------------------------------------ the offline policy end to end
def test_benchmark_question_calls_the_tool_and_cites_only_what_it_got(executor):
    conv = _conv(executor)
    turn = conv.send("Hi! What's a typical customer acquisition cost for a DTC brand like mine?")
    assert [(c["name"], c["input"]) for c in turn.tool_calls] == [
        ("get_benchmark", {"vertical": "ecommerce", "metric": "CAC"})]
    assert "$30–$55" in turn.assistant and "Based on Knowledge Base [benchmarks-ecommerce#0]" in turn.assistant
    assert turn.citations and set(turn.citations) <= set(turn.retrieved_ids) and turn.invalid_citations == []


def test_calculation_is_shown_with_inputs_operation_and_result(executor):
    conv = _conv(executor)
    conv.send("What's a typical CAC for ecommerce?")
    turn = conv.send("My boss gave me 50000 dollars a month. How many new customers would that buy at "
                     "$55? Just divide the budget by the CAC.")
    assert "$50,000 ÷ $55 ≈ 909 new customers" in turn.assistant
    turn = conv.send("If we put 20000 dollars into social at a $14 CPM, how many impressions is that? "
                     "Budget divided by CPM times 1000.")
    assert "$20,000 ÷ $14 × 1,000 ≈ 1,428,571 impressions" in turn.assistant
    turn = conv.send("With 50000 dollars a month, how many customers at the typical CAC? Budget divided by CAC.")
    assert "$50,000 ÷ $55 ≈ 909" in turn.assistant and "$50,000 ÷ $30 ≈ 1,667" in turn.assistant
    assert "Typical ecommerce CAC (customer acquisition cost) range of $30–$55 (Based on Knowledge Base [benchmarks-ecommerce#0])" \
        in turn.assistant


def test_audience_question_gives_size_and_method(executor):
    turn = _conv(executor).send("How many new moms and dads are there in Chicago?")
    assert turn.tool_calls[0]["input"] == {"audience_type": "new parents", "geography": "Chicago DMA"}
    assert "195,000" in turn.assistant and "×" in turn.assistant and "Methodology" in turn.assistant


@pytest.mark.parametrize("question", [
    "What's the typical CPI for B2B SaaS?",
    "What's the typical CPA for insurance companies?",
    "How many dentists are there in Ohio?",
    "What will the weather be like for our photo shoot tomorrow?",
    "Write a SQL query that returns the second-highest salary from an employees table.",
])
def test_out_of_scope_gets_an_honest_abstention(executor, question):
    turn = _conv(executor).send(question)
    assert turn.assistant.startswith("The knowledge base does not contain")
    assert turn.citations == [] and "$" not in turn.assistant.split("—")[0]


def test_general_question_quotes_the_passage_it_cites(executor, shipped_engine):
    turn = _conv(executor).send("What does Step 2 say about the payback guardrail UE-PAYBACK-12?")
    assert turn.citations and turn.citations[0].startswith("step-02-unit-economics#")
    quoted = turn.assistant.split("]: ", 1)[1].split(". ")[0]
    assert quoted in shipped_engine.chunk(turn.citations[0]).text.replace("\n", " ")


def test_offline_agent_speaks_messages_shapes():
    agent = make_model("offline")
    tools = [{"name": "get_benchmark", "description": "d", "input_schema": {"type": "object"}}]
    r = agent.create(system="s", messages=[{"role": "user", "content": "Typical CPM for travel?"}], tools=tools,
                     max_tokens=100)
    assert r.stop_reason == "tool_use" and r.content[0]["type"] == "tool_use"
    assert r.content[0]["input"] == {"vertical": "travel", "metric": "CPM"}
    forced = agent.create(system="s", messages=[{"role": "user", "content": "Typical CPM for travel?"}], tools=tools,
                          max_tokens=100, tool_choice={"type": "none"})
    assert forced.stop_reason == "end_turn" and forced.content[0]["type"] == "text"


# ------------------------------------------------------------------ the engine loop with a scripted model
class ScriptedModel:
    """A model that replays responses and records what it was sent."""

    name = "scripted"

    def __init__(self, responses):
        self.responses = list(responses)
        self.calls = []

    def create(self, **kw):
        self.calls.append(copy.deepcopy(kw))
        r = self.responses.pop(0)
        if isinstance(r, Exception):
            raise r
        return r


def _use(i, name, inp):
    return {"type": "tool_use", "id": i, "name": name, "input": inp}


def test_engine_runs_every_tool_use_and_answers_in_one_message(executor):
    m = ScriptedModel([
        ModelResponse([_use("a", "get_benchmark", {"vertical": "retail", "metric": "CAC"}),
                       _use("b", "search_knowledge_base", {"query": ""}),
                       _use("c", "get_step_guidance", {"step": 5})], "tool_use"),
        ModelResponse([{"type": "text", "text": "Based on Knowledge Base [benchmarks-retail#0], $20–$40."}], "end_turn"),
    ])
    conv = ConversationEngine(m, executor)
    turn = conv.send("q")
    results = m.calls[1]["messages"][2]["content"]
    assert [r["tool_use_id"] for r in results] == ["a", "b", "c"]
    assert [r.get("is_error", False) for r in results] == [False, True, False]
    assert turn.tool_rounds == 1 and len(turn.tool_calls) == 3 and turn.invalid_citations == []


def test_round_cap_then_final_answer_without_tools(executor):
    use = ModelResponse([_use("x1", "search_knowledge_base", {"query": "pacing"})], "tool_use")
    use2 = ModelResponse([_use("x2", "search_knowledge_base", {"query": "pacing rules"})], "tool_use")
    final = ModelResponse([{"type": "text", "text": "Pace weekly."}], "end_turn")
    m = ScriptedModel([use, use2, final])
    turn = ConversationEngine(m, executor, max_tool_rounds=2).send("q")
    assert [c.get("tool_choice") for c in m.calls] == [None, None, {"type": "none"}]
    assert m.calls[2]["messages"][-1]["content"][-1] == {"type": "text", "text": FINAL_ANSWER_NOTE}
    assert turn.assistant == "Pace weekly." and turn.forced_final and turn.tool_rounds == 2


def test_model_failure_mid_turn_rolls_back_history(executor):
    m = ScriptedModel([ModelResponse([_use("a", "search_knowledge_base", {"query": "ctv"})], "tool_use"),
                       RuntimeError("connection reset")])
    conv = ConversationEngine(m, executor)
    turn = conv.send("q")
    assert turn.error == "RuntimeError: connection reset" and conv.messages == []
    assert turn.tool_calls and conv.record()["errors"]


def test_cited_ids_parsing():
    text = "Based on Knowledge Base [a#1], [b-c#2, d#3][e.f#4] but not [Step 3] or [x]."
    assert cited_ids(text) == ["a#1", "b-c#2", "d#3", "e.f#4"]


# ------------------------------------------------------------------ simulator and scenario schema
def _scenario(**over):
    s = {
        "id": "t-demo", "title": "demo",
        "persona": {"type": "novice", "name": "Ana", "description": "Runs a shop.", "vertical": "ecommerce"},
        "fact_sheet": {"knows": {"budget_usd": 50000}, "does_not_know": ["ltv_usd"],
                       "labels": {"budget_usd": "monthly budget", "ltv_usd": "customer lifetime value"}},
        "turns": [{"user": "What's a typical ecommerce CAC?", "expect": {"must_cite": True}},
                  {"user": "We have {budget_usd} dollars. Budget divided by CAC at $50?",
                   "expect": {"calculations": [{"expression": "50000 / 50", "result": 1000}]}},
                  {"respond_to": "ltv_usd"},
                  {"user": "Budget is now {budget_usd} dollars. Budget divided by CAC at $50?"},
                  {"respond_to": "budget_usd"}],
        "events": [{"turn": 3, "kind": "budget_change", "changes": {"budget_usd": 80000}}],
        "expectations": {"must_cite": True},
    }
    s.update(over)
    return s


def test_simulator_applies_events_before_rendering_and_records_beats():
    sim = UserSimulator(load_scenario(_scenario()))
    texts = [sim.user_turn(i) for i in range(5)]
    assert texts[1] == "We have 50000 dollars. Budget divided by CAC at $50?"
    assert texts[2] == "I don't know our customer lifetime value."
    assert texts[3] == "Budget is now 80000 dollars. Budget divided by CAC at $50?"
    assert texts[4] == "Our monthly budget is 80000."
    assert [(b["turn"], b["kind"], b["ok"]) for b in sim.beats] == [
        (2, "respond_to", True), (3, "budget_change", True), (4, "respond_to", True)]


def test_run_scenario_record_has_beats_expectations_and_no_errors(shipped_engine):
    rec = run_scenario(_scenario(), shipped_engine, model=make_model("offline"))
    assert rec["scenario_id"] == "t-demo" and rec["errors"] == [] and rec["beats_ok"]
    assert len(rec["turns"]) == 5 and rec["turns"][1]["expect"]["calculations"][0]["result"] == 1000
    assert "$80,000 ÷ $50 = 1,600" in rec["turns"][3]["assistant"]
    assert {"response", "turns", "tool_calls", "retrieved", "citations", "context"} <= set(rec)
    assert all({"id", "source", "section", "score", "text"} <= set(r) for r in rec["retrieved"])


@pytest.mark.parametrize("mutate,needle", [
    (lambda s: s["turns"][0].__setitem__("expct", {}), "'expct' was unexpected"),
    (lambda s: s["persona"].__setitem__("vertical", "real-estate"), "is not one of"),
    (lambda s: s["turns"][1].__setitem__("user", "We have {budgt_usd} dollars."), "placeholder {budgt_usd}"),
    (lambda s: s["turns"][2].__setitem__("respond_to", "margin_pct"), "'margin_pct' is neither known"),
    (lambda s: s["turns"][1]["expect"]["calculations"][0].__setitem__("result", 900), "result 900"),
    (lambda s: s["events"][0].__setitem__("turn", 9), "past the last turn"),
    (lambda s: s["turns"][0].__setitem__("respond_to", "ltv_usd"), "exactly one of 'user' or 'respond_to'"),
    (lambda s: s.__setitem__("turns", s["turns"][:3]), "is too short"),
])
def test_scenario_validation_is_strict(mutate, needle):
    s = _scenario()
    mutate(s)
    with pytest.raises(ScenarioError) as info:
        load_scenario(s)
    assert needle in str(info.value)


def test_scenario_id_must_match_file_name(tmp_path):
    p = tmp_path / "other-name.json"
    p.write_text(json.dumps(_scenario()))
    with pytest.raises(ScenarioError, match="must equal the file name stem"):
        load_scenario(p)


# ------------------------------------------------------------------ the command line
def test_chat_cli_works_with_piped_input(run_main, monkeypatch, tmp_path, shipped_index):
    from agent.__main__ import main

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("MPA_FEEDBACK_DB", str(tmp_path / "feedback.sqlite3"))  # not the checkout's .feedback/
    index = ["--index", shipped_index] if shipped_index else ["--index", str(tmp_path / "kb-index.json")]
    code, out, err = run_main(main, [*index, "chat"], stdin="What's a typical CAC for a DTC brand?\n"
                                                  "Who won the 2022 World Cup final?\nquit\n")
    assert code == 0, err
    assert "OfflineAgent (a deterministic extractive baseline policy, not Claude)" in out
    assert "↳ get_benchmark(vertical='ecommerce', metric='CAC')" in out
    assert "citations: benchmarks-ecommerce#0" in out
    assert "The knowledge base does not contain" in out


def test_run_scenario_cli_prints_a_transcript(tmp_path, run_main, monkeypatch, shipped_index):
    from agent.__main__ import main

    p = tmp_path / "t-demo.json"
    p.write_text(json.dumps(_scenario()))
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    code, out, err = run_main(main, ["--index", shipped_index or str(tmp_path / "i.json"), "--model", "offline", "run-scenario", p, "--json", tmp_path / "rec.json"])
    assert code == 0, err
    assert "[3] USER: Budget is now 80000 dollars." in out and "beat turn 3 budget_change: ok" in out
    assert json.loads((tmp_path / "rec.json").read_text())["beats_ok"] is True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**_scenario(), "id": "bad", "extra": 1}))
    code, out, err = run_main(main, ["--index", shipped_index or str(tmp_path / "i.json"), "run-scenario", bad])
    assert code == 2 and "'extra' was unexpected" in err and "Traceback" not in err


def test_offline_module_is_named_as_a_baseline():
    assert "not Claude" in (offline.__doc__ or "") and OfflineAgent.name == "offline-extractive-baseline"


def test_runtime_citation_check_flags_and_optionally_removes(executor):
    def script():
        return ScriptedModel([
            ModelResponse([_use("a", "get_benchmark", {"vertical": "retail", "metric": "CAC"})], "tool_use"),
            ModelResponse([{"type": "text", "text": "Based on Knowledge Base [benchmarks-retail#0, made-up#9], "
                                                    "retail CAC runs $20–$40 [other-doc#3]."}], "end_turn"),
        ])
    flagged = ConversationEngine(script(), executor).send("retail CAC?")
    assert flagged.invalid_citations == ["made-up#9", "other-doc#3"]
    assert "made-up#9" in flagged.assistant  # flagged only, text untouched by default
    fixed = ConversationEngine(script(), executor, strip_invalid_citations=True).send("retail CAC?")
    assert fixed.invalid_citations == ["made-up#9", "other-doc#3"]
    assert "[benchmarks-retail#0]" in fixed.assistant and "made-up#9]" not in fixed.assistant
    assert "$20–$40." in fixed.assistant and "removed citation(s) made-up#9, other-doc#3" in fixed.assistant
    assert fixed.citations == ["benchmarks-retail#0"] and fixed.notes
