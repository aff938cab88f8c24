"""``calculation_presence`` — answers that need arithmetic show it, and it is right.

Applies when the expectation lists ``calculations`` (``{"expression": "50000 / 55",
"result": 909.09, "tolerance": 0.01}``; tolerance is relative). A calculation counts as shown
when the answer contains an equation ("$50,000 ÷ $55 ≈ 909") whose operands include the
expression's operands, which evaluates correctly, and whose result matches the expected result
within tolerance — or, in prose, when the operands, an operation word and the result all appear.
Any *wrong* equation in the answer makes the whole answer score 0 (a shown but wrong
calculation is worse than none). Score = share of expected calculations shown.

A percentage a dataset writes as a fraction of 100 ("24000 * 50 / 100") is one operand, the share:
"$24,000 × 50% = $12,000", "24,000 × 0.5" and "24,000 × 50 ÷ 100" all show it (the 100 only turns 50
into a share; an answer that writes the share as a percentage never writes it).
"""
from __future__ import annotations

import re

from scorers.base import ProjectScorer, View, trim
from scorers.text import close, equations, eval_expression, expression_operands, numbers, strip_citations

OP_WORD = re.compile(r"÷|/|×|\*|\bdivid\w*|\btimes\b|\bmultipl\w*\b|\bper\b|\bminus\b|\bplus\b", re.I)


# "× 50 / 100": a percentage written as a fraction of 100, right after a multiplication
_PERCENT_OF = re.compile(r"(\*\s*\d[\d.]*)\s*/\s*100(?![\d.])")


def _operands(expr: str) -> list[float]:
    """The operands an answer must show for ``expr``: its numbers, a percentage's "/ 100" left out
    (module doc) — its share still has to be shown, as 50, 50% or 0.5."""
    return expression_operands(_PERCENT_OF.sub(r"\1", expr))


def _match_operand(v: float, pool: list[float]) -> bool:
    return any(close(v, o, 0.005) or close(v / 100.0, o, 0.005) or close(v * 100.0, o, 0.005) for o in pool)


def _result_ok(shown: float, result: float, tol: float) -> bool:
    if close(shown, result, tol):
        return True
    return float(shown).is_integer() and abs(shown - result) < 1.0


class CalculationPresence(ProjectScorer):
    name = "calculation_presence"

    def score_view(self, view: View):
        calcs = view.expect.get("calculations") or []
        if not calcs:
            return None, {"reason": "no calculation expected"}
        text = strip_citations(view.response)
        eqs = equations(text)
        wrong = [e.text for e in eqs if not e.correct]
        shown_vals = [n.value / (100.0 if n.unit == "%" else 1.0) for n in numbers(text)] + \
                     [n.value for n in numbers(text)]
        done, missing = [], []
        for c in calcs:
            expr = str(c.get("expression", ""))
            result = c.get("result")
            if result is None:
                result = eval_expression(expr)
            tol = float(c.get("tolerance") or 0.01)
            ops = _operands(expr)
            how = None
            for e in eqs:
                if e.correct and _result_ok(e.shown_result, result, tol) and all(_match_operand(v, e.operands) for v in ops):
                    how = f"equation: {e.text}"
                    break
            if how is None and OP_WORD.search(text) and all(_match_operand(v, shown_vals) for v in ops) \
                    and any(_result_ok(v, result, tol) for v in shown_vals):
                how = "prose: operands, operation and result all stated"
            label = f"{expr} = {round(result, 4)}"
            if how:
                done.append({"calc": label, "shown": how[:160]})
            else:
                missing.append(label)
        det = {"shown": trim(done), "missing": trim(missing)}
        if wrong:
            det["wrong_arithmetic"] = trim(wrong)
            return 0.0, det
        return len(done) / len(calcs), det


calculation_presence = CalculationPresence()
