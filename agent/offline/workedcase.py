"""A section whose figures only work an example, against a section stating the rule for the same thing.

Why: "how long should it take to earn back what we pay to get a subscriber?" asks what the payback *should* be.
The reader's meaning match picked the section "Simple payback" of the shipped KB, whose one sentence with a figure
works the document's running example ("For the subscription case: $250 ÷ $35 ≈ 7.14 months"), while the words
ranked first the section stating the rule ("`UE-PAYBACK-12` is the MPA's default payback guardrail: … must recover
its CAC … within 12 months"). An example's result is the answer to the example, not to the question: when a
question asks what should be (the reader's ``NORMATIVE``), states no figure of its own to work, and the section
the words rank first states a rule — a heading naming a rule or carrying an identifier, or a "must"/"default"
sentence — a section whose every figure is shown arithmetic yields to it, as an illustration's heading already
makes a section yield (:mod:`~agent.offline.reader`). The same when the words themselves rank such sections first
("… to get a subscription customer?" shares "subscription" with the example) and the question asks a quantity
("how long", "how many months"): the rule section, close behind sections of its own document that state figures
and no rule, is put first (:func:`rule_first`) — unless such a section states its values as a range or a bound and
works nothing out (no "×", "÷" or "=" before a figure): "at least 45% and no more than 55% of the budget is spent by
the 15th", "email-only uploads often match 40%–70%" are the usual values asked for by "how much should be spent by
mid-month?" or "what match rate should we plan on?", not an example's result, and a rule heading nearby ("Minimum
monthly spend", "Unique rule: … decay") does not displace them. A section met by meaning that has no sentence of the
form the question asks ("how long …": a duration) yields the same way to a rule section that has one (the business's
cost ranges, met by "… to get a patient?", state no payback time).
"""
from __future__ import annotations

import re

from agent.offline.answerforms import has_form
from agent.offline.numbers import digits
from agent.offline.passages import IDENT, STEP

WORKED = re.compile(r"\d\s*[×÷]\s*\$?\d|=\s*\$?\d")  # shown arithmetic: "$3,333.33 × 1.2 = $4,000"
# a sentence stating what must or by default holds ("… must recover its CAC within 12 months", "the default is …")
CLOSE = 0.7  # the share of the first section's score a rule section needs to be put before worked examples
# a range ("40%–70%", "$1.60-2.40", "1.5 to 2") or a bound ("at least 45%", "no more than 55%", "30 or more") stated
# as a value
_VALUES = re.compile(r"\d\s*%?\s*(?:–|—|-|to)\s*[$€£]?\d|\b(?:at least|at most|no more than|no less than|up to|"
                     r"between)\s+[$€£]?\d|\d%?\s+or (?:more|fewer|less|above|below)\b", re.I)  # "30 or more" too
_RULE_SAID = re.compile(r"\b(?:must|must not|is required to|are required to|by default|default)\b", re.I)


def _figured(section: list) -> list:
    """The units of the section (``text``) stating a figure (a step's number is none)."""
    return [u for u in section if re.search(r"\d", digits(STEP.sub(" ", u.text)))]


def states_values(section: list) -> bool:
    """Does the section state a usual value — a range or a bound ("40%–70%", "at least 45%") — and show no
    arithmetic? Such figures are what a quantity asked "should be", not a worked example's result."""
    return not any(WORKED.search(u.text) for u in section) and any(
        _VALUES.search(digits(STEP.sub(" ", u.text))) for u in section)  # "six to eight weeks" is a range too


def only_worked(section: list) -> bool:
    """Is every figure of the section's units (``text``) inside shown arithmetic — an example worked out?"""
    figured = _figured(section)
    return bool(figured) and all(WORKED.search(u.text) for u in figured)


def states_rule(section: list, norm_head: re.Pattern) -> bool:
    """Does the section state a rule: its heading names one (``norm_head``) or carries an identifier, or one of its
    sentences says what must or by default hold?"""
    head = section[0].heading
    return bool(norm_head.search(head) or IDENT.search(head)) or any(_RULE_SAID.search(u.text) for u in section)


def yields(example: list, rule: list, norm_head: re.Pattern, forms: tuple = ()) -> bool:
    """Does the section ``example`` (its figures only worked arithmetic — or, when the question asks a form of answer,
    ``forms``, no sentence of that form where ``rule`` has one) yield to ``rule`` (stating a rule)? "How long should it
    take to earn back …?" met by meaning a section of the business's cost ranges, which states no duration, while the
    words ranked first the payback rule stating one."""
    unformed = bool(forms) and not _formed(example, forms) and _formed(rule, forms)
    return (only_worked(example) or unformed) and not states_rule(example, norm_head) and states_rule(rule, norm_head)


def _formed(section: list, forms: tuple) -> bool:
    """Does a sentence of the section have every form asked (:func:`~agent.offline.answerforms.has_form`)?"""
    return all(any(has_form(f, u) for u in section) for f in forms)


def rule_first(ranked: list, by: dict, sections: dict, norm_head: re.Pattern, doc) -> list:
    """``ranked`` with the first section stating a rule moved to the front when every section ahead of it is of the
    rule's own document (``doc``: a key's document) and states figures and no rule (an example worked out, a worked
    table) — no usual value (:func:`states_values`) — and it scores at least :data:`CLOSE` of the first."""
    for i, k in enumerate(ranked):
        if states_rule(sections[k], norm_head):
            if i and by[k] > 0 and by[k] >= CLOSE * by[ranked[0]] and all(
                    doc(j) == doc(k) and _figured(sections[j]) and not states_rule(sections[j], norm_head)
                    and not states_values(sections[j])
                    for j in ranked[:i]):
                return [k, *ranked[:i], *ranked[i + 1:]]
            return ranked
    return ranked
