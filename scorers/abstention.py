"""``abstention`` — out-of-scope questions get an honest "not in the knowledge base"; in-scope
questions get an answer.

Applies when the expectation has ``must_abstain`` (true or false).

* ``must_abstain: true`` → 1 when the answer says plainly that the knowledge base does not
  cover it **and** asserts no unsupported number (a hedge such as "not in the KB, but typically
  $40" is an invented value and scores 0; related figures that the evidence does support, or a
  number explicitly labelled as the assistant's own estimate, are allowed — after the decline: a KB figure
  said *before* it, unless labelled as a row the user named, scores 0 too, :mod:`scorers.figurefirst`:
  "Personal Injury Law Firms: $410-520. The knowledge base has no tattoo studio CPL benchmark").
* ``must_abstain: false`` → 1 only when the answer *answers*: at least one substantive sentence
  (a figure or ≥ 3 content words; not a question, not a hedge such as "it depends on your
  business", not an echo of the user's message) and at least one claim the evidence supports,
  and it is not a retrieved passage pasted whole. A partial caveat beside a supported answer is
  fine. An answer that neither answers nor abstains — a cited hedge, the question echoed back,
  a pasted chunk — scores 0, as does declining an answerable question.
"""
from __future__ import annotations

from scorers.base import ProjectScorer, View, trim
from scorers.claims import pasted_passage, substantive_sentences
from scorers.figurefirst import opening_figures
from scorers.grounding import grounding
from scorers.text import abstains, cited_ids


class Abstention(ProjectScorer):
    name = "abstention"

    def score_view(self, view: View):
        if "must_abstain" not in view.expect or view.expect.get("must_abstain") is None:
            return None, {"reason": "no abstention expectation"}
        if view.expect.get("must_clarify") and not view.expect["must_abstain"]:
            return None, {"reason": "clarifying turn: expected_answer checks the question"}
        must = bool(view.expect["must_abstain"])
        text = view.response or ""
        if not text.strip():
            return 0.0, {"must_abstain": must, "reason": "empty answer"}
        said = abstains(text)
        g = grounding.analyse(view)
        invented = [u for u in g["_unsupported"] if "unsupported_numbers" in u]
        cites = cited_ids(text)
        det = {"must_abstain": must, "abstention_statement": said, "citations": trim(cites),
               "invented_numbers": trim(invented)}
        if must:
            opening = opening_figures(text, view.user_texts or [view.question])  # another row's figure, said first
            det["opening_figures"] = trim(opening)
            return (1.0 if said and not invented and not opening else 0.0), det
        subst = substantive_sentences(text, view.user_texts or [view.question])
        pasted = pasted_passage(text, view.passages)
        det.update({"substantive_sentences": len(subst), "supported_claims": g["supported"]})
        if pasted:
            det["pasted_passage"] = pasted
        answered = bool(subst) and g["supported"] > 0 and not pasted
        if not answered:
            det["reason"] = ("declines an answerable question" if said and not g["supported"] else
                             "pastes a retrieved passage instead of answering" if pasted else
                             "neither answers nor abstains (hedge, echo or no supported claim)")
        return (1.0 if answered else 0.0), det


abstention = Abstention()
