"""The eval output record (``mpa.record``): one typed shape written by the tasks, one reading by
the scorers, and scorers that never touch what they are given.

* every producer's dict survives ``from_dict`` → ``to_dict`` unchanged (what Braintrust logs is
  the record, so nothing a producer wrote can be lost on the way to a scorer);
* a scorer gives the same score for the record and for its dict;
* every scorer, run on every calibration row and on a real conversation, leaves its input,
  output, expected and metadata exactly as it found them; explanations are only in
  ``Score.metadata`` (the eval harness copies them into the case record).
"""
from __future__ import annotations

import pickle
import json
from pathlib import Path

from types import SimpleNamespace

import pytest

from evals.common import keep_details, timed
from mpa.record import EvalOutput, ToolCall, Turn, as_record
from scorers import Composite, all_scorers
from scorers.judges import AnthropicGroundingJudge
from scorers.packing import PACKING_SCORERS

ROOT = Path(__file__).resolve().parents[1]
CALIBRATION = [json.loads(x) for x in (ROOT / "datasets" / "scorer_calibration.jsonl").read_text().splitlines()
               if x.strip()]


@pytest.fixture(scope="module")
def conversation(shipped_engine):
    """A real two-turn conversation record of the offline agent, with per-turn expectations."""
    from agent import ConversationEngine, make_model
    from mpa.tools import ToolExecutor

    conv = ConversationEngine(make_model("offline"), ToolExecutor(shipped_engine))
    conv.send("What is a typical CPC for ecommerce on Google Ads?")
    conv.send("And what CPM should I expect there?")
    for t in conv.turns:
        t.expect = {"must_abstain": False}
    return conv


class _Judge:
    """A stand-in for Claude under the grounding judge: every claim supported."""

    def __init__(self):
        block = SimpleNamespace(type="tool_use", input={"claims_total": 2, "claims_supported": 2, "rationale": "ok"})
        self.messages = SimpleNamespace(create=lambda **_: SimpleNamespace(content=[block]))


def _every_scorer() -> list:
    scorers = list(all_scorers().values()) + PACKING_SCORERS
    return scorers + [Composite(list(all_scorers().values())), AnthropicGroundingJudge(model="m", client=_Judge())]


def test_producer_dicts_round_trip(conversation):
    rec = conversation.record()
    assert EvalOutput.from_dict(rec).to_dict() == rec
    assert rec["turns"][0]["tool_calls"] and set(rec["turns"][0]["tool_calls"][0]) >= {
        "name", "input", "id", "round", "is_error", "latency_ms", "retrieved_ids", "citations", "content", "data"}
    out = conversation.output()
    assert isinstance(out.turns[0], Turn) and isinstance(out.tool_calls[0], ToolCall)
    # keys a producer adds that are not fields travel in ``extra`` and come back at the top level
    d = EvalOutput(retrieved=[{"id": "a#0", "source": "a.md"}], extra={"ranking": [{"id": "a#0"}], "reason": None})
    assert EvalOutput.from_dict(d.to_dict()) == d and d.to_dict()["ranking"] == [{"id": "a#0"}]


def test_as_record_reads_every_shape_and_copies():
    assert as_record("just text").response == "just text" and as_record(None).response == ""
    legacy = {"response": "r", "audience": {"size": 5}, "retrieved": ["x#1"]}
    rec = as_record(legacy)
    assert rec.payload == {"size": 5} and rec.retrieved == [{"id": "x#1"}] and "audience" not in rec.extra
    rec.retrieved[0]["id"] = "changed"
    assert legacy["retrieved"] == ["x#1"]
    typed = EvalOutput(response="a", turns=[Turn(user="q", assistant="a")])
    assert as_record(typed) == typed and as_record(typed) is not typed


def test_scorers_read_the_record_and_its_dict_alike(conversation):
    out = conversation.output()
    exp = {"turns": [{"must_abstain": False, "sources": ["benchmarks-ecommerce.md"]}] * 2}
    for name, s in all_scorers().items():
        a = s(input={"turns": ["q"]}, output=out, expected=exp, metadata={})
        b = s(input={"turns": ["q"]}, output=out.to_dict(), expected=exp, metadata={})
        assert (a.score, a.metadata) == (b.score, b.metadata), name


def test_no_scorer_changes_what_it_is_given(conversation):
    cases = [(r["input"], r["output"], r["expected"]) for r in CALIBRATION]
    cases.append(({"turns": ["q1", "q2"]}, conversation.record(), None))
    cases.append(({"turns": ["q1", "q2"]}, conversation.record(),
                  {"turns": [{"must_abstain": False, "sources": ["benchmarks-ecommerce.md"]}, {}]}))
    cases.append(({"query": "q"}, EvalOutput(context="A b. C d.", passages=[{"text": "A b. C d.", "source": "x.md",
                                                                           "tokens": 4}], tokens=4, budget=10).to_dict(),
                  {"answer_text": "C d.", "sources": ["x.md"]}))
    # each scorer gets its own copy of each case, and an untouched copy is what it must still equal
    # (pickle copies these plain records as deepcopy does, in a third of the time)
    blobs = [pickle.dumps({"input": inp, "output": out, "expected": exp, "metadata": {"case_id": "c"}})
             for inp, out, exp in cases]
    changed = []
    for scorer in _every_scorer():
        name = getattr(scorer, "name", getattr(scorer, "__name__", "?"))
        for blob in blobs:
            args, before = pickle.loads(blob), pickle.loads(blob)
            scorer(**args)
            if args != before:
                changed.append(f"{name}: {[k for k in args if args[k] != before[k]]}")
    assert not changed, sorted(set(changed))


def test_the_harness_keeps_the_explanations(conversation):
    """Braintrust keeps only the number: evals.common.timed copies each Score.metadata into the
    case metadata the reporter reads (the scorer itself writes nothing there)."""
    (scorer,) = timed([all_scorers()["citation_validity"]])
    md: dict = {}
    s = scorer(input={"turns": ["q"]}, output=conversation.record(), expected=None, metadata=md)
    assert md["score_details"]["citation_validity"] == s.metadata
    keep_details(md, None)  # a scorer that returned nothing adds nothing
    assert list(md["score_details"]) == ["citation_validity"]
