"""``benchmark_accuracy`` — the benchmark value returned or stated matches the expected one.

Two forms of expectation:

* a tool golden (``get_benchmark``): ``{"value": "$30–$55", "low": 30, "high": 55}`` (or the
  dataset's ``expected_*`` keys). The structured result's typical low and high must each match
  with autoevals ``NumericDiff`` ≥ 0.995 (≈ 1 % relative tolerance), and the returned value text
  must state the expected unit ("30–55 days" is not the dollar benchmark "$30–$55"). An *absent* pair
  (``"absent": true`` or ``"value": null``) scores 1 only when no value is returned — a near
  miss from another vertical or metric is an invented value and scores 0.
* a multi-fact tool golden: ``{"facts": [{"platform", "value", "low", "high", "unit", "source"}]}``
  (``expected_facts`` of the dataset) — every expected fact must come back with its platform, its
  value (1 % tolerance on both ends) and a citation into its source file; a returned fact that was
  not expected (another platform, a near-miss vertical) counts against the score:
  ``matched / (expected + unexpected)``. ``[]`` means absent: 1 only when no fact and no
  $/% figure is returned.
* a conversation turn: ``{"benchmarks": [{"vertical", "metric", "value"}]}`` — the answer text
  must state each range (both ends, the *same* unit — "30–55 days" or a unit-less "30–55" is not
  "$30–$55" — within the rounding the digits state); the score is the share found. A retrieved
  passage pasted whole (``scorers.claims.pasted_passage``) contains every figure of its table but
  answers nothing: it scores 0.
"""
from __future__ import annotations

from autoevals import NumericDiff

from scorers.base import ProjectScorer, View, trim
from scorers.claims import figures, same_unit
from scorers.text import close, numbers, parse_value_range, ranges, strip_citations, units_compatible

SIMILARITY = 0.995
_numeric_diff = NumericDiff()


def numeric_similarity(output: float, expected: float) -> float:
    return float(_numeric_diff.eval(output=float(output), expected=float(expected)).score)


def _get(d: dict, *keys):
    for k in keys:
        if k in d:
            return d[k]
    return None


def stated_in_text(text: str, value: str) -> tuple[bool, str | None]:
    """Is the range ``value`` ("$30–$55", "2.5:1–3.5:1", "0.9%") stated in ``text``?"""
    rng = parse_value_range(value)
    if rng is None:
        return False, None
    lo, hi, unit = rng
    clean = strip_citations(text)
    nums = numbers(clean)
    if lo == hi:
        for n in nums:
            if close(n.value, lo) and units_compatible(n.unit, unit):
                return True, n.text
        return False, None
    for a, b in ranges(clean, nums):
        if close(a.value, lo) and close(b.value, hi) and units_compatible(a.unit or b.unit, unit):
            return True, f"{a.text}–{b.text}"
    return False, None


class BenchmarkAccuracy(ProjectScorer):
    name = "benchmark_accuracy"

    def score_view(self, view: View):
        exp = view.expect
        if exp.get("benchmarks"):
            return self._text(view, exp["benchmarks"])
        if exp.get("kind") not in (None, "benchmark"):
            return None, {"reason": f"not a benchmark case ({exp.get('kind')})"}
        if isinstance(exp.get("facts"), list):
            return self._facts(view, exp["facts"])
        has_value_key = any(k in exp for k in ("value", "expected_value"))
        if not has_value_key and "absent" not in exp:
            return None, {"reason": "no expected benchmark"}
        value = _get(exp, "value", "expected_value")
        absent = bool(exp.get("absent")) or (has_value_key and value in (None, ""))
        data = view.data if isinstance(view.data, dict) else None
        if data is not None and "value" not in data and "low" not in data:
            data = None  # a payload of another kind (e.g. audience) is not a benchmark
        if absent:
            if data is None:
                return 1.0, {"expected": "absent", "returned": None}
            return 0.0, {"expected": "absent", "returned": data.get("value"), "invented": True,
                         "returned_from": data.get("source")}
        if data is None:
            return 0.0, {"expected": value, "returned": None}
        # compare the value text the model reads (parsed here), falling back to the numbers
        rng_e = parse_value_range(str(value)) if value else None
        lo_e, hi_e = (rng_e[0], rng_e[1]) if rng_e else (_get(exp, "low", "expected_low"), _get(exp, "high", "expected_high"))
        if lo_e is None or hi_e is None:
            raise ValueError(f"cannot parse expected benchmark value {value!r}")
        rng_o = parse_value_range(str(data.get("value") or ""))
        lo_o, hi_o = (rng_o[0], rng_o[1]) if rng_o else (data.get("low"), data.get("high"))
        if lo_o is None or hi_o is None:
            return 0.0, {"expected": value, "returned": data.get("value"), "reason": "returned value has no number"}
        note = {}
        if isinstance(data.get("low"), (int, float)) and isinstance(data.get("high"), (int, float)) and not (
                close(data["low"], lo_o) and close(data["high"], hi_o)):
            note["payload_low_high_disagree_with_value"] = [data["low"], data["high"]]
        s_lo, s_hi = numeric_similarity(lo_o, lo_e), numeric_similarity(hi_o, hi_e)
        ok = s_lo >= SIMILARITY and s_hi >= SIMILARITY
        unit_e, unit_o = value_unit(str(value or "")), value_unit(str(data.get("value") or ""))
        if unit_e is not None and unit_o is not None and not same_unit(unit_o, unit_e):
            ok = False  # "$30–$55" restated as "30–55 days" is another quantity
            note["unit_mismatch"] = {"expected": unit_e, "returned": unit_o or "none"}
        return (1.0 if ok else 0.0), {"expected": value, "returned": data.get("value"),
                                      "numeric_diff": [round(s_lo, 4), round(s_hi, 4)], "threshold": SIMILARITY, **note}

    def _facts(self, view: View, expected: list[dict]):
        data = view.data if isinstance(view.data, dict) else None
        returned = []
        if data is not None and ("value" in data or "facts" in data):
            returned = list(data.get("facts") or [data])
        if not expected:
            figures = [n.text for n in numbers(strip_citations(view.response)) if n.unit in ("$", "%", "x")]
            ok = not returned and not figures
            return (1.0 if ok else 0.0), {"expected": "absent", "returned": trim([r.get("value") for r in returned]),
                                          "figures_in_text": trim(figures), "invented": not ok}
        unmatched = list(returned)
        found, missing = [], []
        for e in expected:
            hit = next((r for r in unmatched if _same_platform(r.get("platform"), e.get("platform"))
                        and _same_value(r, e) and _cited_in(view, r, e.get("source"))), None)
            label = f"{e.get('platform') or '-'} {e.get('value')}"
            if hit is None:
                missing.append(label)
            else:
                unmatched.remove(hit)
                found.append(label)
        extra = [f"{r.get('platform') or '-'} {r.get('value')}" for r in unmatched]
        score = len(found) / (len(expected) + len(extra))
        return score, {"found": trim(found), "missing": trim(missing), "unexpected": trim(extra)}

    def _text(self, view: View, expected: list[dict]):
        from scorers.claims import pasted_passage
        from scorers.expected_answer import states_value

        if not view.response.strip():
            return 0.0, {"reason": "empty answer", "missing": trim([b.get("value") for b in expected])}
        pasted = pasted_passage(view.response, view.passages)
        if pasted:
            return 0.0, {"reason": f"pastes retrieved passage {pasted} instead of answering"}
        found, missing = [], []
        for b in expected:
            ok, shown = states_value(view.response, str(b.get("value", "")))
            label = f"{b.get('vertical')} {b.get('metric')} {b.get('value')}"
            (found if ok else missing).append(label if ok else label)
        return len(found) / len(expected), {"found": trim(found), "missing": trim(missing)}


benchmark_accuracy = BenchmarkAccuracy()


def _same_platform(got, want) -> bool:
    return " ".join(str(got or "").lower().split()) == " ".join(str(want or "").lower().split())


def value_unit(value: str) -> str | None:
    """The unit a benchmark value text states ("$30–$55" → "$", "30–55 days" → "day", "2.5:1–3.5:1"
    → "ratio", "30–55" → ""), read strictly (``scorers.claims.figures``); None without a number."""
    figs = figures(value or "")
    if not figs:
        return None
    return next((f.unit for f in figs if f.unit), "")


def _same_value(got: dict, want: dict) -> bool:
    u_got, u_want = value_unit(str(got.get("value") or "")), value_unit(str(want.get("value") or ""))
    if u_got is not None and u_want is not None and not same_unit(u_got, u_want):
        return False
    rng = parse_value_range(str(got.get("value") or ""))
    lo, hi = (rng[0], rng[1]) if rng else (got.get("low"), got.get("high"))
    if lo is None or hi is None or want.get("low") is None:
        return False
    return numeric_similarity(lo, want["low"]) >= SIMILARITY and numeric_similarity(hi, want["high"]) >= SIMILARITY


def _cited_in(view: View, got: dict, source: str | None) -> bool:
    """The fact carries a citation (chunk id) into the expected source file."""
    cid = got.get("chunk_id")
    if not cid:
        return False
    src = got.get("source") or view.sources.get(cid) or ""
    return source is None or src == source

