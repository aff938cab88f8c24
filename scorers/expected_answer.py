"""``expected_answer`` — the answer contains what a correct answer must contain.

The other answer scorers check self-consistency (is what was said supported, cited, computed
right?). This one checks the turn's expectation (``datasets/README.md``, ``SCHEMA``), one check
per expected item; the score is the share of checks passed:

* ``benchmarks`` [{vertical, metric, value}] — the figure is stated *with its unit*: "$30–$55"
  needs a range whose ends are $30 and $55 ("30–55 days" or a unit-less "30–55" do not count);
  ends match within the rounding their digits state.
* ``audience`` [{audience, geography, size}] — the size is stated as a count within its stated
  rounding (2 significant figures accepted: "6.7 million" states 6,712,000; "67 million" does not).
* ``calculations`` [{expression, result, tolerance}] — the result is stated (relative tolerance,
  or the integer display of the true value: "909" for 909.09).
* ``key_facts`` [str] — a fact that states figures is covered when every one of them appears with
  its unit (its words alone do not cover it: "more than 20% unspent" is not the fact "more than
  15% unspent"); any other fact when ≥ ``KEY_FACT_SHARE`` of its stemmed content words appear in
  the answer's substantive sentences (echoes of the user, questions and hedges do not count).
* ``must_clarify`` — the answer asks a question of its own (the user's question echoed back
  is not one) and asserts no figure that is neither the user's,
  nor in the evidence, nor computed from those (no answering with invented inputs).
* ``must_abstain: true`` — the ``abstention`` verdict (says the KB does not cover it, invents nothing).
* ``sources`` with ``must_cite`` — at least one cited chunk comes from an expected file; with
  ``sections``, at least one cited chunk holds one of the expected section headers.

A whole retrieved passage pasted into the answer (``scorers.claims.pasted_passage``) scores 0:
it contains the expected figure but answers nothing. Not applicable when the turn carries none
of these expectations.
"""
from __future__ import annotations

import re

from scorers.abstention import abstention
from scorers.base import ProjectScorer, View, trim
from scorers.claims import (claim_figures, figure_pairs, figures, is_echo, pasted_passage, same_unit,
                            substantive_sentences, value_matches)
from scorers.grounding import grounding
from scorers.retrieval import source_stem
from scorers.text import cited_ids, close, content_words, eval_expression, sentences, strip_citations

KEY_FACT_SHARE = 0.6


def states_value(answer: str, value: str) -> tuple[bool, str | None]:
    """Is the KB figure ``value`` ("$30–$55", "2.5:1–3.5:1", "0.9%") stated with its unit?"""
    want = figures(value or "")
    if not want:
        return False, None
    clean = strip_citations(answer)
    if len(want) >= 2:
        lo, hi = want[0], want[1]
        for a, b in set(figure_pairs(clean).values()):
            if same_unit(a.unit, lo.unit or hi.unit) and same_unit(b.unit, hi.unit or lo.unit) \
                    and value_matches(a, lo.value) and value_matches(b, hi.value):
                return True, f"{a.text}–{b.text}"
        return False, None
    for f in figures(clean):
        if same_unit(f.unit, want[0].unit) and value_matches(f, want[0].value):
            return True, f.text
    return False, None


def states_size(answer: str, size: float) -> str | None:
    for f in figures(strip_citations(answer)):
        if not f.unit and value_matches(f, float(size)):
            return f.text
    return None


def states_result(answer: str, result: float, tol: float) -> str | None:
    for f in figures(strip_citations(answer)):
        v = f.value / 100.0 if f.unit == "%" else f.value
        for x in {v, f.value}:
            if close(x, result, tol) or (float(x).is_integer() and abs(x - result) < 1.0) or value_matches(f, result):
                return f.text
    return None


def covers_fact(fact: str, body: str) -> tuple[bool, float]:
    words = set(content_words(fact))
    have = set(content_words(body))
    share = len(words & have) / len(words) if words else 0.0
    figs = claim_figures(fact)
    if figs:  # a fact that states figures is covered only when its figures are stated
        return all(any(same_unit(f.unit, g.unit) and value_matches(g, f.value) for g in figures(body)) for f in figs), share
    return share >= KEY_FACT_SHARE, share


def _has_heading(text: str, header: str) -> bool:
    h = re.escape(header.strip().lower())
    return bool(re.search(rf"^#+\s*{h}\s*$", (text or "").lower(), re.M))


class ExpectedAnswer(ProjectScorer):
    name = "expected_answer"

    def score_view(self, view: View):
        exp = view.expect
        if exp.get("kind") in ("benchmark", "audience"):
            return None, {"reason": "tool golden (benchmark_accuracy / audience_sizing score it)"}
        keys = [k for k in ("benchmarks", "audience", "calculations", "key_facts") if exp.get(k)]
        must_abstain, must_clarify = exp.get("must_abstain") is True, exp.get("must_clarify") is True
        if not keys and not must_abstain and not must_clarify:
            return None, {"reason": "no expected answer for this turn"}
        text = view.response or ""
        if not text.strip():
            return 0.0, {"reason": "empty answer"}
        if must_abstain:
            s, det = abstention.score_view(view)
            return s, {"must_abstain": True, **det}
        pasted = pasted_passage(text, view.passages)
        if pasted:
            return 0.0, {"reason": f"pastes retrieved passage {pasted} instead of answering"}
        users = list(view.user_texts or [view.question])
        body = "\n".join(substantive_sentences(text, users))
        checks: list[tuple[str, bool, str]] = []
        for b in exp.get("benchmarks") or []:
            ok, shown = states_value(body, str(b.get("value", "")))
            checks.append((f"benchmark {b.get('vertical')} {b.get('metric')} {b.get('value')}", ok, shown or "not stated"))
        aud = exp.get("audience") or []
        for a in aud if isinstance(aud, list) else [aud]:
            if isinstance(a, dict) and a.get("size") is not None:
                shown = states_size(body, float(a["size"]))
                checks.append((f"audience {a.get('audience', '')} {a.get('geography', '')} {a['size']:,}", bool(shown),
                               shown or "size not stated"))
        for c in exp.get("calculations") or []:
            result = c.get("result")
            result = eval_expression(str(c.get("expression", ""))) if result is None else float(result)
            shown = states_result(body, result, float(c.get("tolerance") or 0.01))
            checks.append((f"calculation {c.get('expression')} = {round(result, 4)}", bool(shown),
                           shown or "result not stated"))
        for fact in exp.get("key_facts") or []:
            ok, share = covers_fact(str(fact), body)
            checks.append((f"key fact: {fact}", ok, f"{share:.0%} of its words"))
        if must_clarify:
            # the user's own question echoed back asks nothing of the user
            asks = any(s.rstrip().endswith("?") and not is_echo(s, users) for s in sentences(strip_citations(text)))
            invented = [u for u in grounding.analyse(view)["_unsupported"] if "unsupported_numbers" in u]
            ok = asks and not invented
            why = "asks" if ok else ("asks no question" if not asks else f"answers with invented inputs: {invented[0]}")
            checks.append(("clarifying question, no invented inputs", ok, str(why)[:200]))
        if exp.get("must_cite") and exp.get("sources"):
            cited = cited_ids(text)
            want = {source_stem(s) for s in exp["sources"]}
            hit = [i for i in cited if source_stem(view.sources.get(i) or i.split("#")[0]) in want]
            checks.append((f"cites an expected source {sorted(want)}", bool(hit), ", ".join(hit) or "no"))
            if exp.get("sections"):
                secs = [str(s) for s in exp["sections"]]
                sec_hit = [i for i in hit if any(s.lower() in [h.lower() for h in view.sections.get(i) or []]
                                                 or _has_heading(view.passages.get(i, ""), s) for s in secs)]
                checks.append((f"cites an expected section {secs}", bool(sec_hit), ", ".join(sec_hit) or "no"))
        if not checks:
            return None, {"reason": "no checkable expectation"}
        passed = sum(ok for _, ok, _ in checks)
        det = {"passed": passed, "checks": len(checks),
               "missing": trim([f"{name} ({why})" for name, ok, why in checks if not ok]),
               "found": trim([f"{name}: {why}" for name, ok, why in checks if ok])}
        return passed / len(checks), det


expected_answer = ExpectedAnswer()
