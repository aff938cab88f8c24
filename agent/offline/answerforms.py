"""The form of the answer a question asks for, and whether a sentence has it: "how often" asks for a
frequency, "how long" for a duration, "how much" for a number, "what does X need" for a requirement,
"what do I do" for a procedure, "which first" for an order, "what day of the week" for a weekday, "how should we split it" for shares, "when is it
worth it" for a condition, "how do I combine …" for a formula.

Why a module: the reader (:mod:`~agent.offline.reader`) ranks sections by the question's words, and
a section that shares the words but has no sentence of the asked-for form cannot answer ("how
long …" and a section with no duration). The pairs (question pattern, sentence pattern) are English
question forms and English ways of stating the answer — nothing read from a data set.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import whenask
from agent.offline.passages import STEP, terms
from agent.offline.rulecalc import ASKS_TO_APPLY, MULTIPLIER

# the form of the answer a question asks for → a sentence having that form
_NUM = r"\d[\d,.]*"
_UNIT_T = r"(?:hours?|days?|weeks?|months?|quarters?|years?)"
FORMS: tuple[tuple[re.Pattern, re.Pattern], ...] = (
    (re.compile(r"\bhow (?:often|frequently)\b|\bhow many times\b", re.I),
     # (an amount by the period — "$3,000 a month", "20k a week" — is a spend rate, no frequency)
     re.compile(rf"(?<!\d )(?<!\d[kKmM] )\b(?:per|a|each|every)\s+(?:{_NUM}[- ])?{_UNIT_T}\b|\b(?:daily|weekly|monthly|quarterly|annually)\b"
                rf"|\bevery\s+{_NUM}\b", re.I)),
    (re.compile(r"\bhow long\b|\b(?:shortest|longest)\b", re.I), re.compile(rf"\b{_NUM}(?:\s*(?:–|-|to)\s*{_NUM})?[- ]?{_UNIT_T}\b", re.I)),
    (re.compile(r"\bhow (?:fast|quickly|soon)\b", re.I),
     re.compile(rf"\b{_NUM}(?:\s*(?:–|-|to)\s*{_NUM})?[- ]?{_UNIT_T}\b|\b{_NUM}\s*%", re.I)),
    (re.compile(r"\bhow (?:much|many|big|high|low|expensive|cheap|costly|different|far apart)\b|\bwhat (?:\w+ )?(?:rate|share|percent(?:age)?|level|threshold|"
                r"ceiling|floor|limit|minimum|maximum|cap|number|amount)\b|\btoo (?:high|low|much|many|big|small)\b",
                re.I), NUMBER := re.compile(rf"{_NUM}")),
    (re.compile(r"\bwhat makes\b|\bwhat (?:does|do|should|must) .{0,60}\b(?:need|require|include|contain|have)\b|"
                r"\bwhat goes into\b|\brequired\b", re.I),
     re.compile(r"\b(?:must|required?|requires|at least|every|each|only if|no less than)\b", re.I)),
    # "what do I do?", "walk me through it": a procedure — a numbered or bulleted list, or a section
    # headed as steps / a response / a checklist (matched on the unit's heading, see _has_form)
    (re.compile(r"\bwhat (?:do|should|can|must) (?:i|we) do\b|\bwhat (?:are )?(?:the )?(?:next |first )?steps\b|"
                r"\bhow (?:do|should|can) (?:i|we) (?:respond|react|handle|deal|fix|recover)\b|\bwalk (?:me|us) through\b",
                re.I), PROCEDURE := re.compile(r"\b(?:steps?|response|checklist|playbook|process|procedure|how to)\b",
                                               re.I)),
    # "A says one thing, B another: which do we trust?": asks to settle a disagreement — a sentence saying
    # which source prevails
    (re.compile(r"\b(?:which|who)(?: one| of (?:them|the two|these|those))? (?:do|should|can|would) (?:i|we|you) "
                r"(?:believe|trust|go with|rely on|listen to|follow)\b|\bwhich (?:one )?is (?:right|correct)\b", re.I),
     re.compile(r"\b(?:wins?|prevails?|takes? precedence|overrides?|outranks?|is (?:to be )?trusted|trust the)\b",
                re.I)),
    # "when is it worth …?", "at what point …?": asks for the condition — a sentence stating one ("only if", "unless")
    (re.compile(r"\bwhen (?:is|are|does|do) [\w-]+(?: [\w-]+)? (?:worth|ok|okay|safe|allowed|justified|right)\b|"
                r"\bat what point\b|\bunder what (?:conditions?|circumstances)\b", re.I),
     re.compile(r"\bonly (?:if|when|once|after|until)\b|\bunless\b|\bas long as\b|\bprovided\b|"
                r"\bno (?:less|fewer|more|sooner|later) than\b|\bnot (?:before|until)\b", re.I)),
    # "how do I combine / work out …?": asks for the computation — a formula or the arithmetic it takes
    (re.compile(r"\bhow (?:do|should|can|would) (?:i|we|you|one) (?:combine|calculate|compute|work out|add up|merge|"
                r"convert|translate|derive|estimate)\b|\bwhat(?:'s| is) the (?:formula|equation|math)\b", re.I),
     FORMULA := re.compile(r"\S\s*=\s*\S|[×÷]|\b(?:multiply|multiplied|divide|divided|subtract|minus)\b", re.I)),
    # "If X needs N, what do I need?": a rule that can be applied to the user's number (rulecalc)
    (ASKS_TO_APPLY, MULTIPLIER),
    # "what day of the week should we go live?": a day — a sentence naming a weekday (or the weekend)
    (re.compile(r"\b(?:what|which) (?:days?|weekdays?) of the week\b|\b(?:what|which) (?:week)?days? (?:is|are) best\b|"
                r"\bwhich weekdays?\b|\bwhat weekdays?\b", re.I),
     re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b|\bweekdays?\b", re.I)),
    # "how should we split it across channels?": a division of the budget — a sentence stating shares ("Meta: 20-30%", "70/20/10")
    (DIVIDE_ASK := re.compile(r"\bhow (?:do|should|would|can|could|might|to) (?:i |we |you |one )?(?:best )?(?:split|divide|"
                              r"allocate|apportion|spread|distribute|carve up)\b", re.I),
     re.compile(r"\d\s*%|\b\d{1,2}\s*/\s*\d{1,2}\s*/\s*\d{1,2}\b|\bpercent\b", re.I)),
    # "which lines go first?", "what do I check first?": an order — a sentence saying what comes first, or the order
    # "where should the savings come from?" asks which source goes first
    (re.compile(r"\b(?:which|what)\b[^.?!]{0,40}\bfirst\b|\bin what order\b|\bprioriti[sz]e\b|"
                r"\bwhere (?:should|do|does|would|could|can|will|must)\b[^.?!]{0,40}\bcome (?:out of|from)\b", re.I),
     re.compile(r"\bfirst\b|\bin (?:this |that )?order\b|\bpriorit(?:y|ies|i[sz]e)\b|\bbefore\b", re.I)),
)


QUANTITY = frozenset(form for _, form in FORMS[:4])  # a frequency, a duration, a pace or a number is asked: a quantity


def has_form(form: re.Pattern, c) -> bool:
    """Does the answer unit ``c`` (its ``text``, its ``heading``, its list ``item``) have the form?
    A procedure is a list item or a unit under a heading that names steps; the others are read in its text."""
    if form is PROCEDURE:
        return c.item >= 0 or bool(form.search(c.heading))
    if form is NUMBER:  # "Step 2 (Unit economics)" names a step of a framework: no figure
        return bool(form.search(STEP.sub(" ", c.text)))
    return bool(form.search(c.text))


# "at what level should we plan?": of the nouns a "what …" question asks a figure of, the one that also names a rank or
# a kind (a level of geography, of seniority); a rate, a share, a cap or a threshold is a figure whatever the heading
_WHAT_NOUN = re.compile(r"\bwhat (?:\w+ )?(levels?)\b", re.I)


def noun_asked(question: str) -> set[str]:
    """The terms of the noun a "what level …" question asks about. A section headed with that noun ("Choosing the
    planning level") tells which one, figure or not: "at what level should we plan?" asks for a level of geography,
    which a table of situations states in words (:data:`NUMBER` is no form it must have)."""
    return {t for m in _WHAT_NOUN.finditer(question) for t in terms(m.group(1))}


def answer_forms(question: str) -> list[re.Pattern]:
    """Patterns a sentence answering ``question`` would match (none for an open question); a time of year asked
    (:func:`~agent.offline.whenask.asks`): a sentence naming a point of the calendar."""
    return list(_forms(question))


@lru_cache(maxsize=4096)  # of the question alone, asked for each passage the reader weighs (~26 a turn)
def _forms(question: str) -> tuple[re.Pattern, ...]:
    return tuple(form for ask, form in FORMS if ask.search(question)) + ((whenask.CALENDAR,) if whenask.asks(question) else ())
