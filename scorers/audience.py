"""``audience_sizing`` — a sizing answer gives a size *and* a methodology.

* tool golden (``get_audience_sizing``): the structured result must carry a positive size
  (within 2 % of the expected size when the golden has one), a methodology (the factor chain or
  the method name), and come from the expected source; an absent audience must return nothing.
* text answer: a scenario turn's ``audience`` ([{audience, geography, size}]) or a sizing question
  (applies to sizing questions ("how many … are there in …", "how big is the
  audience…", "audience size for…" — not "how many customers does the budget buy"); the answer must state a size (≥ 1,000 or with a magnitude word) and show how it was
  derived (base population × qualifiers, a named method, or shown arithmetic)); with an expected
  size, the stated size must match it within its stated rounding. A pasted passage scores 0.
Binary: size and method both present → 1, otherwise 0 (metadata says which part is missing).
"""
from __future__ import annotations

import re

from scorers.base import ProjectScorer, View
from scorers.retrieval import source_stem
from scorers.text import close, equations, numbers, strip_citations

SIZE_TOLERANCE = 0.02
SIZING_QUESTION = re.compile(
    r"\bhow many\b[^?.!]{0,80}?\b(?:are there|are in|are (?:located|based) in|live in|living in|reside in|exist)\b"
    r"|\bhow (?:big|large) (?:is|are) (?:the|our|my|this|that)? ?(?:audience|market|segment|population)"
    r"|\b(?:audience|market|segment) sizes? (?:for|of)\b|\bsize (?:of )?(?:the|our|my|this) (?:audience|market|segment)\b"
    r"|\b(?:what is|what's) the (?:tam|total addressable (?:audience|market))\b",
    re.I)
_MONEY_CUE = re.compile(r"\$|\bdollars?\b|\bbudget\b|\bbuys?\b|\bspend|\bcac\b|\bcp[amlci]\b|\bcpcv\b", re.I)
METHOD_CUE = re.compile(
    r"×|\bmultipl|\bbase population\b|\bpenetration\b|\bqualifier|\bshare of\b|\bAUD-[A-Z0-9-]+|\bmethod|"
    r"\btop-down\b|\bbottom-up\b|\bstart(?:ing)? (?:from|with)\b|\bfactor|\bderived\b|\b\d+(?:\.\d+)?% (?:of|are|who)\b",
    re.I)


def is_sizing_question(text: str) -> bool:
    """"How many X are there in Y?", "How big is the audience…", "audience size for…" — a question
    about a population, not about what a budget buys ("how many customers does $50,000 buy")."""
    return bool(SIZING_QUESTION.search(text or "")) and not _MONEY_CUE.search(text or "")


class AudienceSizing(ProjectScorer):
    name = "audience_sizing"

    def score_view(self, view: View):
        if view.expect.get("kind") == "audience":  # a get_audience_sizing golden
            return self._tool(view, view.expect)
        if view.expect.get("kind") not in (None, "audience"):
            return None, {"reason": f"not a sizing case ({view.expect.get('kind')})"}
        if view.expect.get("must_abstain"):
            return None, {"reason": "abstention expected"}
        exp = view.expect.get("audience")
        if isinstance(exp, list):  # scenario turns: [{audience, geography, size}] (datasets/README.md)
            exp = next((a for a in exp if isinstance(a, dict) and a.get("size") is not None), None)
        exp = exp if isinstance(exp, dict) else None
        if exp is None and not is_sizing_question(view.question):
            return None, {"reason": "not a sizing question"}
        return self._text(view, exp or {})

    def _tool(self, view: View, exp: dict):
        size_e = exp.get("size", exp.get("expected_size"))
        absent = bool(exp.get("absent"))
        data = view.data if isinstance(view.data, dict) else None
        if data is not None and "total_size" not in data and "size_text" not in data:
            data = None
        if absent:
            return (1.0, {"expected": "absent", "returned": None}) if data is None else \
                (0.0, {"expected": "absent", "returned": data.get("size_text") or data.get("total_size"),
                       "invented": True})
        if data is None:
            return 0.0, {"reason": "no sizing returned", "expected_size": size_e}
        size = data.get("total_size")
        if size is None and data.get("size_text"):
            ns = numbers(str(data["size_text"]))
            size = ns[0].value if ns else None
        method = str(data.get("methodology") or "").strip()
        size_ok = isinstance(size, (int, float)) and size > 0 and (size_e is None or close(size, size_e, SIZE_TOLERANCE))
        method_ok = len(method.split()) >= 2 or bool(METHOD_CUE.search(method))
        src_e = exp.get("source", exp.get("expected_source"))
        source_ok = not src_e or source_stem(str(data.get("source") or "")) == source_stem(src_e)
        ok = size_ok and method_ok and source_ok
        det = {"size": size, "expected_size": size_e, "size_ok": size_ok, "methodology": method[:160],
               "method_ok": method_ok, "source": data.get("source"), "source_ok": source_ok}
        return (1.0 if ok else 0.0), det

    def _text(self, view: View, exp: dict):
        from scorers.claims import pasted_passage

        text = strip_citations(view.response)
        if not text.strip():
            return 0.0, {"reason": "empty answer"}
        pasted = pasted_passage(view.response, view.passages)
        if pasted:
            return 0.0, {"reason": f"pastes retrieved passage {pasted} instead of answering"}
        sizes = [n for n in numbers(text)
                 if not n.unit and n.value >= 1000 and not (1900 <= n.value <= 2100 and "," not in n.raw)]
        size_e = exp.get("size", exp.get("expected_size"))
        if size_e is not None:  # the stated rounding (2 significant figures accepted), never 10x
            from scorers.claims import states_size_in

            size_ok = states_size_in(text, float(size_e))
        else:
            size_ok = bool(sizes)
        method_ok = bool(METHOD_CUE.search(text)) or bool(equations(text))
        ok = size_ok and method_ok
        return (1.0 if ok else 0.0), {"sizes_stated": [n.text for n in sizes][:6], "size_ok": size_ok,
                                      "method_ok": method_ok, "expected_size": size_e}


audience_sizing = AudienceSizing()
