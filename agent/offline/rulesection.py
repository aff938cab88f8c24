"""A question that asks what one may or must do, answered from the section stating the KB's rule for it.

Why: "our ads are getting stale — do we need to redo the whole creative?" or "when are we allowed to switch that
publisher back on?" asks for the rule that allows or forbids the user's plan. The search often returns that rule
("Rule of thumb: replace the hook before the concept", "The 72-hour re-entry rule …") among the passages, yet the
reader quotes the section sharing most of the user's words (a definition of creative fatigue, a CTR benchmark, a
root-cause checklist): the rule is worded as the KB states it, not as the user asks. Here the *kind* of section
narrows the choice: of the few dozen sections of a KB whose heading states a rule, the one nearest in meaning to
the question is the rule it asks for, when a search of this turn returned it.

General conditions, all read from the question's English form and the KB's own headings:

* the question asks leave (:func:`~agent.offline.leaveask.asks_leave`: "should we …", "do we need to …", "any
  reason not to?") or names what it asks for ("is there a rule for …", "the standard", "the limit", "when are we
  allowed …", "how fast can we …") — :func:`asks_leave_or_rule`; a follow-up that leans on the last turn does not;
* a section states a rule when its own heading names one (the reader's ``NORM_HEAD``: rule, standard, threshold,
  guardrail, limit, floor, …) or carries an identifier (``ABC-XYZ-10``) the KB does not use as the name of a
  whole (one in :data:`WHOLE` or more headings, as "MPA-10" is the framework's name); never an illustration's
  heading (an example, a worked case, a dialogue), nor a document's own lead ("Spend And Pacing Rules": its title
  names all it covers) — :func:`rule_sections`;
* a question offering two alternatives asks which to take, not leave (:mod:`~agent.offline.alternatives`);
* the turn looked things up with the search tools alone, its answer is the reader's quote of a section that states
  no rule (or the plain decline), and the nearest rule section in meaning (its heading path and first sentence,
  the statement of the rule: MiniLM via :mod:`~agent.offline.semantic`) among *all* the KB's rule sections is held
  by a passage a search returned — a rule found by meaning alone, not by the turn's words, is not quoted — and
  nearer than the next rule section by :data:`MARGIN`;
* a name or code the question asks about must be in it, and what it asks for stated (as
  :func:`agent.offline.meaningsearch.read` requires).

Measured (2026-11-29, against main fc41a67). Over the whole KB the nearest rule section in meaning was the expected one
for 6 of 17 failing rule turns of the development sets, and an override by meaning alone (any gate of similarity and
margin) changed 2–10 passing turns for each it fixed: too weak alone. Held by the turn's passages, nearest among all
rule sections and with the guards above, it changes 4 development turns (3 fixed; 1 failing before and after: its
rule, "any reason not to?" of a budget shift, was never returned), no validation turn, and on the probes one turn
of kb_txt2 failing before and after (a KB of two rule sections: the nearest of two tells little). The rule
questions it cannot reach are those whose rule no search of the turn returned.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from agent.offline import alternatives, focus, leaveask, servedkb
from agent.offline.asking import marked
from agent.offline.meaningsearch import _DECLINE, _SEARCHING, HELD, Section, _holding, _kb, quote, sections
from agent.offline.passages import IDENT, names_found, terms
from agent.offline.reader import NORM_HEAD
from agent.offline.searchq import leans_on_previous
from agent.offline.sectionkind import EXAMPLE_HEAD
from agent.offline.semantic import similarities, switched_off
from agent.offline.toolread import ToolOutcome
from rag.documents import RULE_LINE  # the plain-text convention's frame line ("-----")
from rag.types import DECLARED_LINE

MARGIN = 0.03  # the least lead in similarity of the nearest rule over the next: nearer by a hair, meaning cannot tell
WHOLE = 3  # headings an identifier is in when it names a whole (a framework, an edition), not one rule
QUOTED = "Based on Knowledge Base ["  # the reader's answer: a quote of one section, cited
# asks for a rule by naming what it asks for: a rule, standard, limit …; "when are we allowed …" ("how long should
# we …", "how fast can we …" ask for a duration or a pace, not leave: the reader's answer forms find those)
_NAMES_RULE = re.compile(r"\b(?:rules?|standards?|guidelines?|limits?|thresholds?|allowed|permitted|supposed to|"
                         r"guardrails?|red lines?)\b|\bwhen (?:can|could|may|are) (?:i|we)\b", re.I)
# a rule word heading the heading's phrase ("Rule of thumb: …", "the re-entry rule for …", "Brand campaign rules"), not
# qualifying the next noun ("Standard exclusions", "Minimum viable budget …": what is usual or least, not a rule)
_HEAD_NOUN = re.compile(r"(?:\s*(?:$|[:;,.()\[\]])|\s+(?:[\d–—-]|(?:of|for|by|and|or|on|in|to|at|before|after|when|with|"
                        r"per|under|over|from|is|are)\b))", re.I)
_FIRST = re.compile(r"(.+?[.!?])(?=\s|$)")


def asks_leave_or_rule(question: str) -> bool:
    """Does the question ask what one may or must do — leave for a plan, or a rule it names? A question offering
    two alternatives ("should we plan by DMA or by state?") asks which to take: :mod:`alternatives` answers it."""
    return (leaveask.asks_leave(question) or bool(_NAMES_RULE.search(question))) and not alternatives.options(question)


def states_rule(path: tuple[str, ...], wholes: frozenset[str] = frozenset()) -> bool:
    """Does the section under ``path`` state a rule by its own heading (not an illustration's)?"""
    head = path[-1]
    named = any(_HEAD_NOUN.match(head, m.end()) for m in NORM_HEAD.finditer(head))
    return len(path) > 1 and not any(EXAMPLE_HEAD.search(h) for h in path) and bool(named or set(IDENT.findall(head)) - wholes)


@lru_cache(maxsize=4)
def rule_sections(kb: str) -> tuple[Section, ...]:
    """The sections of the KB in ``kb`` whose heading states a rule."""
    secs = sections(kb)
    seen = Counter(i for s in secs for i in set(IDENT.findall(" ".join(s.path[1:]))))
    wholes = frozenset(i for i, n in seen.items() if n >= WHOLE)
    return tuple(s for s in secs if states_rule(s.path, wholes))


@lru_cache(maxsize=4)
def statements(kb: str) -> dict[tuple[str, tuple[str, ...]], str]:
    """What is encoded of each rule section of ``kb``: its headings below the document's title, and its first
    sentence — the statement of the rule — read from its own lines without a plain-text KB's frame of rule lines,
    its heading line and its declared ``META_KEY: value`` lines (they state no rule)."""
    wanted = {(s.source, s.path) for s in rule_sections(kb)}
    out = {}
    for d in servedkb.documents(kb):
        for sec in d.sections:
            if (d.source, sec.path) not in wanted:
                continue
            lines = [ln for ln in d.text[sec.start:sec.end].splitlines() if ln.strip() and not RULE_LINE.match(ln)
                     and not DECLARED_LINE.match(ln) and ln.strip(" \t#*").lower() != sec.path[-1].lower()]
            body = " ".join(" ".join(lines).split())
            m = _FIRST.match(body)
            out[(d.source, sec.path)] = f"{' › '.join(sec.path[1:])}: {m.group(1) if m else body}"
    return out


def _quotes_rule(answer: str, rules: tuple[Section, ...]) -> bool:
    """Does the answer quote a rule section already (its first words after the citation are in one)?"""
    m = re.search(r"\]:\s+(.{30})", answer)
    return bool(m) and any(m.group(1) in s.text for s in rules)


def read(question: str, outcomes: list[ToolOutcome], answer: str, k: int) -> str | None:
    """The answer from the rule the question asks for, quoted from a passage a search returned; None when the turn
    is no such question, already quotes a rule, or the nearest rule in meaning was not returned."""
    if switched_off() or not outcomes or any(o.name not in _SEARCHING for o in outcomes) or not asks_leave_or_rule(question) \
            or leans_on_previous(question) or not (answer.startswith(QUOTED) or answer.startswith(_DECLINE)):
        return None
    secs = _kb(outcomes)
    rules = rule_sections(servedkb.folder()) if secs else ()
    if not rules or _quotes_rule(answer, rules):
        return None
    passages = [p for o in outcomes for p in o.passages]
    if not any(_holding(s, passages) for s in rules):
        return None  # (no rule returned: nothing to encode)
    said = statements(servedkb.folder())
    sims = similarities(marked(question), [said.get((s.source, s.path), s.text) for s in rules])
    if not sims:
        return None
    order = sorted(range(len(rules)), key=lambda i: (-sims[i], i))
    if sims[order[0]] < HELD or (len(order) > 1 and sims[order[0]] - sims[order[1]] < MARGIN):
        return None  # none near enough, or two rules about as near: the question's meaning does not choose
    sec = rules[order[0]]
    held = _holding(sec, passages)[:1]
    if not held or not names_found(question, set(terms(question)) & set(terms(held[0]["text"])), held) \
            or not focus.stated(question, held):
        return None
    return quote(sec, held[0], k)
