"""Scorers: hand-computed ranked-list metrics, the [0, 1] contract, None when not applicable,
the composite, the LLM-judge error contract, and agreement with the human calibration labels."""
from __future__ import annotations

import importlib
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from scorers import (MissingScorerError, ScoreRangeError, all_scorers, case_composite, load_config, run_composite,
                     source_recall)
from scorers.base import ProjectScorer
from scorers.retrieval import (hit_rate_at_k, ndcg_at_k, precision_at_k, recall_at_k, reciprocal_rank,
                               retrieval_recall_at_k)

ROOT = Path(__file__).resolve().parents[1]
CALIBRATION = ROOT / "datasets" / "scorer_calibration.jsonl"


def ranked(ids, sources=None):
    return {"response": "", "retrieved": [{"id": i, "source": (sources or {}).get(i, i.split("#")[0] + ".md")}
                                          for i in ids]}


# ----------------------------------------------------------------- ranked-list metrics, by hand
def test_metrics_hand_computed_with_duplicates():
    run = ["a", "b", "a", "c", "d", "e"]  # "a" repeated: deduped to a b c d e
    rel = {"a", "c"}
    assert recall_at_k(run, rel, 5) == 1.0
    assert precision_at_k(run, rel, 5) == pytest.approx(2 / 5)
    assert reciprocal_rank(run, rel) == 1.0
    assert hit_rate_at_k(run, rel, 5) == 1.0
    dcg = 1 / math.log2(2) + 1 / math.log2(4)  # a at rank 1, c at rank 3 (after dedupe)
    idcg = 1 / math.log2(2) + 1 / math.log2(3)
    assert ndcg_at_k(run, rel, 5) == pytest.approx(dcg / idcg)
    assert ndcg_at_k(run, rel, 5) == pytest.approx(0.919720, abs=1e-6)


def test_duplicates_never_inflate():
    run = ["a"] * 5
    assert ndcg_at_k(run, {"a"}, 5) == 1.0  # not 1 + 1/log2(3) + ...
    assert hit_rate_at_k(run, {"a"}, 5) == 1.0  # not 2.0 / 5.0
    assert precision_at_k(run, {"a"}, 5) == pytest.approx(0.2)  # one distinct relevant item out of k=5
    assert recall_at_k(run, {"a"}, 5) == 1.0
    assert reciprocal_rank(["x", "x", "x", "a"], {"a"}) == 0.5  # rank 2 after dedupe, not 4


def test_rank_cutoffs_and_misses():
    assert reciprocal_rank(["x", "y", "a"], {"a"}) == pytest.approx(1 / 3)
    assert ndcg_at_k(["x", "y", "a"], {"a"}, 5) == pytest.approx(0.5)
    assert recall_at_k(["x", "y", "z", "w", "v", "a"], {"a"}, 5) == 0.0  # rank 6 is outside @5
    assert hit_rate_at_k(["x", "y", "z", "w", "v", "a"], {"a"}, 5) == 0.0
    assert reciprocal_rank(["x", "y"], {"a"}) == 0.0
    assert recall_at_k(["a", "x"], {"a", "b"}, 5) == 0.5
    # two relevant, found at ranks 2 and 3
    assert ndcg_at_k(["x", "a", "b"], {"a", "b"}, 5) == pytest.approx(
        (1 / math.log2(3) + 1 / math.log2(4)) / (1 + 1 / math.log2(3)))


def test_source_level_units_count_each_source_once():
    unit = lambda i: i.split("#")[0]  # noqa: E731
    run = ["doc1#0", "doc1#1", "doc2#0", "doc1#0"]
    assert ndcg_at_k(run, {"doc1"}, 5, unit=unit) == 1.0  # doc1's second chunk earns no extra gain
    assert precision_at_k(run, {"doc1"}, 5, unit=unit) == pytest.approx(2 / 5)  # two distinct doc1 passages
    assert recall_at_k(run, {"doc1", "doc3"}, 5, unit=unit) == 0.5


def test_scorer_reports_dedupe_and_uses_sources():
    s = retrieval_recall_at_k(5)(input="q", output=ranked(["benchmarks-ecommerce#2"] * 3 + ["glossary#1"]),
                                 expected={"expected_sources": ["benchmarks-ecommerce.md"]})
    assert s.name == "retrieval_recall@5" and s.score == 1.0
    assert s.metadata["duplicates_removed"] == 2
    assert s.metadata["found"] == ["benchmarks-ecommerce"]


def test_random_ranked_lists_stay_in_unit_interval():
    rng = random.Random(7)
    pool = [f"d{i}#{j}" for i in range(6) for j in range(3)]
    unit = lambda i: i.split("#")[0]  # noqa: E731
    for _ in range(600):
        run = [rng.choice(pool) for _ in range(rng.randint(0, 12))]
        rel = set(rng.sample([f"d{i}" for i in range(6)], rng.randint(1, 4)))
        k = rng.randint(1, 10)
        for fn in (recall_at_k, precision_at_k, ndcg_at_k, hit_rate_at_k, reciprocal_rank):
            v = fn(run, rel, k, unit=unit)
            assert 0.0 <= v <= 1.0, (fn.__name__, run, rel, k, v)


# ----------------------------------------------------------------- [0, 1] and None contracts
WEIRD_OUTPUTS = [
    None, "", "just a string", {}, {"response": None}, {"response": "", "retrieved": []},
    {"response": "Based on Knowledge Base [x#1][x#1][y#2]", "retrieved": [{"id": "x#1"}]},
    {"response": "CAC $30–$55 $30–$55 $30–$55 " * 20, "retrieved": [{"id": "a#1", "text": "$30–$55"}] * 10},
    {"response": "1 / 0 = 5. 50,000 ÷ 55 ≈ 909.", "tool_calls": [{"retrieved_ids": ["a#1", "a#1"]}]},
    {"response": "ok", "turns": [{"user": "hi", "assistant": "Based on Knowledge Base", "tool_calls": None}]},
]
WEIRD_EXPECTED = [None, {}, {"sources": ["a.md"]}, {"must_abstain": True}, {"must_cite": True},
                  {"calculations": [{"expression": "10 / 4", "result": 2.5}]},
                  {"benchmarks": [{"vertical": "ecommerce", "metric": "CAC", "value": "$30–$55"}]},
                  {"kind": "benchmark", "value": "$30–$55"}, {"kind": "audience", "size": 1000},
                  {"turns": [{"sources": ["a.md"], "must_abstain": False}]}]


def test_every_scorer_returns_none_or_unit_interval_on_odd_inputs():
    for scorer in all_scorers().values():
        for out in WEIRD_OUTPUTS:
            for exp in WEIRD_EXPECTED:
                s = scorer(input="How many customers?", output=out, expected=exp, metadata={})
                assert s.name == scorer.name
                assert s.score is None or 0.0 <= s.score <= 1.0, (scorer.name, out, exp, s)
                assert isinstance(s.metadata, dict)


def test_every_scorer_in_unit_interval_on_calibration_rows():
    for row in _calibration_rows():
        s = all_scorers()[row["scorer"]](input=row["input"], output=row["output"], expected=row["expected"])
        assert s.score is not None and 0.0 <= s.score <= 1.0, (row.get("id"), s)


NOT_APPLICABLE = [
    ("retrieval_recall@5", "q", ranked(["a#1"]), {}),
    ("precision@5", "q", ranked(["a#1"]), None),
    ("mrr", "q", ranked(["a#1"]), {"must_abstain": True}),
    ("ndcg@5", "q", ranked(["a#1"]), {}),
    ("hit_rate@5", "q", ranked(["a#1"]), {}),
    ("source_recall", "q", ranked(["a#1"]), {}),
    ("source_citation", "Plan steps?", {"response": "Start with objectives, then unit economics."}, {}),
    ("source_citation", "Weather?", {"response": "That is outside the knowledge base."}, {"must_abstain": True}),
    ("citation_validity", "q", {"response": "Start with objectives, then unit economics."}, {}),
    ("benchmark_accuracy", "q", {"response": "CAC is $30–$55."}, {}),
    ("benchmark_accuracy", "q", {"response": "x"}, {"kind": "audience", "size": 5}),
    ("audience_sizing", "What is a KPI tree?", {"response": "A KPI tree links..."}, {}),
    ("audience_sizing", "How many people in Ohio like crypto?", {"response": "Not covered."}, {"must_abstain": True}),
    ("calculation_presence", "q", {"response": "50,000 ÷ 55 ≈ 909"}, {}),
    ("grounding", "q", {"response": ""}, {}),
    ("grounding", "q", {"response": "Anything else?"}, {}),
    ("abstention", "q", {"response": "I could not find it."}, {}),
]


@pytest.mark.parametrize("name,inp,out,exp", NOT_APPLICABLE)
def test_none_when_not_applicable(name, inp, out, exp):
    s = all_scorers()[name](input=inp, output=out, expected=exp, metadata={})
    assert s.score is None, (name, s)
    assert s.metadata.get("applicable") is False and s.metadata.get("reason")


def test_conversation_scores_average_only_applicable_turns():
    out = {"response": "", "turns": [
        {"user": "DTC CAC?", "assistant": "CAC is $30–$55 [benchmarks-ecommerce#0].",
         "tool_calls": [{"name": "get_benchmark", "retrieved_ids": ["benchmarks-ecommerce#0"]}],
         "retrieved_ids": ["benchmarks-ecommerce#0"]},
        {"user": "thanks!", "assistant": "You're welcome.", "tool_calls": [], "retrieved_ids": []},
        {"user": "and CPM?", "assistant": "CPM is $8–$14 [benchmarks-ecommerce#9].", "tool_calls": [], "retrieved_ids": []}]}
    exp = {"turns": [{}, {}, {}]}
    s = all_scorers()["citation_validity"](input=None, output=out, expected=exp)
    assert s.score == pytest.approx(0.5)  # turn 0 valid, turn 1 not applicable, turn 2 invalid
    assert [t["turn"] for t in s.metadata["turns"]] == [0, 2]
    assert s.metadata["turns"][1]["never_retrieved"] == ["benchmarks-ecommerce#9"]
    r = source_recall()(input=None, output=out, expected={"turns": [{"sources": ["benchmarks-ecommerce.md"]}, {}, {}]})
    assert r.score == 1.0 and [t["turn"] for t in r.metadata["turns"]] == [0] if "turns" in r.metadata \
        else r.score == 1.0


def test_metadata_explains_the_verdict():
    out = {"response": "Typical ecommerce CAC is $22–$40 [benchmarks-ecommerce#5].",
           "retrieved": [{"id": "benchmarks-ecommerce#0", "text": "| CPA | $12 | $22–$40 | $70 |"}]}
    g = all_scorers()["grounding"](input="typical DTC CAC?", output=out, expected={})
    assert g.score == 0.0 and "outside ecommerce CAC range" in json.dumps(g.metadata)
    v = all_scorers()["citation_validity"](input="q", output=out, expected={})
    assert v.score == 0.0 and v.metadata["never_retrieved"] == ["benchmarks-ecommerce#5"]


def test_out_of_range_score_is_an_error():
    class Broken(ProjectScorer):
        name = "broken"

        def score_view(self, view):
            return 1.5, {}

    with pytest.raises(ScoreRangeError):
        Broken()(input="q", output={"response": "x"}, expected={})


def test_scorers_do_not_import_the_engine():
    """``import scorers`` afresh, in this process: the project's modules are set aside (the other
    packages stay loaded — they import none of ours), and put back afterwards. A Python process
    to import it in cost ~0.8 s of CPU, most of it importing braintrust again."""
    ours = ("rag", "mpa", "agent", "scorers", "evals")
    mine = lambda: [m for m in sys.modules if m.split(".")[0] in ours]  # noqa: E731
    saved = {m: sys.modules.pop(m) for m in mine()}
    try:
        importlib.import_module("scorers")
        bad = [m for m in sys.modules if m in ('rag.engine', 'agent', 'evals')]
    finally:
        for m in mine():
            del sys.modules[m]
        sys.modules.update(saved)
    assert bad == [], bad


# ----------------------------------------------------------------- composite
def test_case_composite_skips_not_applicable():
    w = {"a": 1.0, "b": 3.0}
    assert case_composite({"a": None, "b": 0.5}, w) == 0.5
    assert case_composite({"a": 1.0, "b": 0.0}, w) == 0.25
    assert case_composite({"a": None, "b": None}, w) is None
    assert case_composite({"c": 1.0}, w) is None  # unweighted scorers never enter


def test_run_composite_coverage_and_loud_failures():
    w = {"a": 1.0, "b": 1.0}
    r = run_composite({"a": [1.0, None, 0.0, None], "b": [1.0, 1.0, 1.0, 1.0], "judge": [0.0]}, w=w)
    assert r.composite == pytest.approx((0.5 + 1.0) / 2)
    assert r.coverage["a"] == (2, 4) and r.coverage["b"] == (4, 4)
    with pytest.raises(MissingScorerError, match="produced no score"):
        run_composite({"a": [None, None], "b": [1.0]}, w=w)
    with pytest.raises(MissingScorerError, match="were not run"):
        run_composite({"a": [1.0]}, w=w, required=["a", "b"])


def test_weights_config_is_valid_and_deterministic_only():
    cfg = load_config()
    assert 0 < cfg["gate"]["threshold"] <= 1
    names = set(all_scorers())
    unknown = set(cfg["weights"]) - names
    assert not unknown, f"weights name scorers that do not exist: {unknown}"
    assert not any(k.startswith("judge_") for k in cfg["weights"])


# ----------------------------------------------------------------- LLM judges
class _FakeBlock:
    def __init__(self, **kw):
        self.__dict__.update(kw)


class _FakeMessages:
    def __init__(self, reply=None, exc=None):
        self.reply, self.exc, self.calls = reply, exc, []

    def create(self, **kw):
        self.calls.append(kw)
        if self.exc:
            raise self.exc
        return _FakeBlock(content=[_FakeBlock(type="tool_use", input=self.reply)])


class _FakeClient:
    def __init__(self, **kw):
        self.messages = _FakeMessages(**kw)


def test_judges_off_without_keys(monkeypatch):
    from scorers.judges import judge_scorers

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert judge_scorers() == []


def test_anthropic_judge_structured_temperature_zero_and_errors():
    from scorers.judges import AnthropicGroundingJudge, JudgeError

    out = {"response": "CAC is $30–$55.", "retrieved": [{"id": "a#0", "text": "CAC $30–$55"}]}
    client = _FakeClient(reply={"claims_total": 2, "claims_supported": 1, "unsupported_claims": ["x"],
                                "rationale": "r"})
    s = AnthropicGroundingJudge(model="m", client=client)(input="q", output=out, expected={})
    assert s.score == 0.5 and s.name == "judge_grounding"
    call = client.messages.calls[0]
    assert call["extra_body"]["temperature"] == 0
    assert call["tool_choice"] == {"type": "tool", "name": "record_verdict"}
    assert "CAC $30–$55" in call["messages"][0]["content"]  # the evidence is in the prompt
    with pytest.raises(JudgeError):  # an API failure is an error, never a 0.5
        AnthropicGroundingJudge(client=_FakeClient(exc=RuntimeError("boom")))(input="q", output=out, expected={})
    with pytest.raises(JudgeError):  # malformed verdict
        AnthropicGroundingJudge(client=_FakeClient(reply={"claims_total": 1, "claims_supported": 3,
                                                          "unsupported_claims": [], "rationale": ""}))(
            input="q", output=out, expected={})


def test_anthropic_judge_through_the_real_sdk():
    """The installed SDK must accept the judge's call (a fake client would hide a bad kwarg)."""
    import anthropic

    from scorers.judges import AnthropicGroundingJudge
    from tests.fake_anthropic import FakeMessagesServer, tool_use_message

    verdict = {"claims_total": 2, "claims_supported": 2, "unsupported_claims": [], "rationale": "ok"}
    out = {"response": "CAC is $30–$55.", "retrieved": [{"id": "a#0", "text": "CAC $30–$55"}]}
    with FakeMessagesServer([tool_use_message(("t1", "record_verdict", verdict))]) as srv:
        client = anthropic.Anthropic(api_key="k", base_url=srv.url, max_retries=0)
        s = AnthropicGroundingJudge(model="m", client=client)(input="q", output=out, expected={})
    assert s.score == 1.0
    body = srv.requests[0]
    assert body["temperature"] == 0 and body["tool_choice"] == {"type": "tool", "name": "record_verdict"}


# ----------------------------------------------------------------- calibration
def _calibration_rows() -> list[dict]:
    assert CALIBRATION.is_file(), "datasets/scorer_calibration.jsonl is missing"
    return [json.loads(line) for line in CALIBRATION.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_calibration_covers_every_scorer_both_ways():
    rows = _calibration_rows()
    assert len(rows) >= 60
    seen = defaultdict(set)
    for r in rows:
        seen[r["scorer"]].add(r["verdict"])
    for name in all_scorers():
        assert seen.get(name) == {0, 1}, f"{name}: calibration needs good and bad rows, has {seen.get(name)}"
    assert set(seen) <= set(all_scorers()), f"unknown scorers in calibration: {set(seen) - set(all_scorers())}"


def test_calibration_agreement_per_scorer():
    thresholds = load_config()["calibration_pass_threshold"]
    scorers = all_scorers()
    by: dict[str, list] = defaultdict(list)
    for r in _calibration_rows():
        s = scorers[r["scorer"]](input=r["input"], output=r["output"], expected=r["expected"], metadata={})
        t = thresholds.get(r["scorer"], thresholds["default"])
        pred = None if s.score is None else int(s.score >= t)
        by[r["scorer"]].append((r, s, pred))
    failures, report = [], []
    for name, items in sorted(by.items()):
        agree = sum(1 for r, _, p in items if p == r["verdict"])
        rate = agree / len(items)
        report.append(f"{name}: {agree}/{len(items)} = {rate:.0%}")
        if rate < 0.95:
            for r, s, p in items:
                if p != r["verdict"]:
                    failures.append(f"  [{name}] {r.get('id')}: human={r['verdict']} scorer={s.score} "
                                    f"(threshold {thresholds.get(name, thresholds['default'])}) why={r.get('why')}\n"
                                    f"      output={json.dumps(r['output'], ensure_ascii=False)[:300]}\n"
                                    f"      metadata={json.dumps(s.metadata, ensure_ascii=False)[:400]}")
    print("\n".join(report))
    assert not failures, "scorer/human agreement below 95%:\n" + "\n".join(report) + "\nfailing rows:\n" + \
        "\n".join(failures)


def test_composite_scorer_returns_components_and_weighted_mean():
    from scorers import Composite, abstention, citation_validity

    comp = Composite([citation_validity, abstention], w={"citation_validity": 2.0, "abstention": 1.0})
    out = {"response": "Typical ecommerce CAC is $30–$55 [benchmarks-ecommerce#9].",
           "retrieved": [{"id": "benchmarks-ecommerce#0", "text": "| CAC | $18 | $30–$55 | $95 |"}]}
    scores = {s.name: s.score for s in comp(input="DTC CAC?", output=out, expected={"must_abstain": False})}
    assert scores["citation_validity"] == 0.0 and scores["abstention"] == 1.0
    assert scores["composite"] == pytest.approx(1 / 3)
    scores = {s.name: s.score for s in comp(input="DTC CAC?", output={"response": "No citations here."}, expected={})}
    assert scores["composite"] is None  # nothing applicable: skipped, not a free 1.0


def test_source_citation_counts_spelled_out_user_numbers_and_unit_factors_as_not_kb_claims():
    """A user's "thirty grand" and the × 1,000 of CPM working need no citation; the KB price does."""
    from scorers.citations import derived_values, kb_claims, user_numbers

    users = user_numbers(["we've got thirty grand for this"])
    s = "At a $12 CPM, $30,000 ÷ $12 × 1,000 = 2,500,000 impressions."
    assert set(kb_claims(s, users, derived_values(s))) == {"$12"}
    wrong = "At a $12 CPM, $30,000 ÷ $12 × 1,000 = 9,999 impressions."  # wrong arithmetic: nothing is excused
    assert "1,000" in kb_claims(wrong, users, derived_values(wrong))


def test_source_citation_reads_a_users_price_said_as_dollars_and_cents():
    """"a buck forty apiece" is the user's $1.40, "sixty cents" their $0.60: no KB claim to cite."""
    from scorers.citations import derived_values, kb_claims, user_numbers

    users = user_numbers(["roughly 5,000 clicks at a buck forty apiece, and views at sixty cents"])
    s = "5,000 × $1.40 = $7,000; a view at $0.60."
    assert kb_claims(s, users, derived_values(s)) == []
