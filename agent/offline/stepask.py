"""Questions about one step of an ordered planning framework: "step N", "the first / last step",
"the step after / before X" — which step is meant, and the section of the KB that sums it up.

Why a module: such a question names its step by position, not by its words ("what's the final
step about?" shares no word with "Risk & contingency planning"), so a lexical search cannot find
it. The order is read at run time, never written here: the step numbers and names the
``get_step_guidance`` tool declares (its description lists "N Name; …", its schema the highest
number). A relative reference ("the step after the budget one") is resolved by the words of the
step names. The answer is the section *headed* with that step: a framework's summary entry for
it, preferred over the step document's own "This document covers …" opening.
"""
from __future__ import annotations

import re

from agent.offline.passages import is_pointer, terms, units

_ORDINALS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                        "twelfth".split(), start=1)}
_NUMBERED = re.compile(r"\bstep\s*#?\s*(\d{1,2})\b", re.I)
_ORDINAL = re.compile(r"\b(" + "|".join(_ORDINALS) + r"|last|final|closing|opening|initial)\s+(?:one\s+|planning\s+)?"
                      r"step\b", re.I)
_RELATIVE = re.compile(r"\b(?:right |just |immediately |straight )?"
                       r"(after|following|follows|before|preceding|precedes|prior to)\s+"
                       r"(?:the\s+|that\s+|this\s+)?(.{1,60}?)(?:\s+(?:step|stage|one|phase))?\s*(?:[?.!,;]|$)", re.I)
_NEXT = re.compile(r"\b(?:next|previous|prior|preceding|following)\b", re.I)
_SUMMARY = re.compile(r"^(?:This|The) (?:document|guide|file|page) (?:covers|explains|describes|is about)\b", re.I)
# words a question about a whole step uses around its reference ("what happens in", "what is it about")
_GENERIC = set(terms("happen happens about involve involves cover covers mean means come comes next previous "
                     "follow following after before step stage phase part framework process order what whats which "
                     "how tell explain describe summary summarize overview purpose point sum recap remind outline "
                     "gist entail consist goal aim for "
                     # the framework named in other words: "in the planning framework", "in your methodology"
                     "plan planning methodology method checklist sequence workflow model"))


def declared_steps(tools: list[dict] | None) -> dict[int, str]:
    """{number: name} of the steps the step-guidance tool declares ("1 Objectives & KPIs; 2 …"),
    plus bare numbers up to its schema maximum when it names none."""
    for t in tools or []:
        if t.get("name") != "get_step_guidance":
            continue
        named = {int(n): name.strip() for n, name in re.findall(r"(?:^|[:;]\s*)(\d{1,2}) ([^;:.]+?)(?=;|\.\s|$)",
                                                                  t.get("description", ""))}
        top = ((t.get("input_schema") or {}).get("properties", {}).get("step") or {}).get("maximum")
        if isinstance(top, int):
            named = {n: named.get(n, "") for n in range(1, top + 1)}
        return named
    return {}


def _by_name(phrase: str, steps: dict[int, str]) -> int | None:
    """The one step whose name shares most of ``phrase``'s content words (None when tied or none)."""
    m = _NUMBERED.search(phrase)
    if m and int(m.group(1)) in steps:
        return int(m.group(1))
    words = set(terms(phrase)) - _GENERIC
    if not words:
        return None
    scored = sorted(((len(words & set(terms(name))), n) for n, name in steps.items()), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def asked_step(text: str, steps: dict[int, str]) -> tuple[int, int | None] | None:
    """(step asked about, step it was named relative to or None) — or None when the message names
    no step by number, ordinal or position relative to another step."""
    if not steps:
        return None
    last = max(steps)
    rel = _RELATIVE.search(text)
    if rel and re.search(r"\b(?:steps?|stages?|phases?)\b", text, re.I):  # "after the test" alone is no step
        anchor = _by_name(rel.group(2), steps)
        if anchor is not None:
            n = anchor + (1 if rel.group(1).lower() in ("after", "following", "follows") else -1)
            return (n, anchor) if n in steps else None
    m = _NUMBERED.search(text)
    if m:
        n = int(m.group(1))
        return (n, None) if n in steps else None
    m = _ORDINAL.search(text)
    if m:
        word = m.group(1).lower()
        n = last if word in ("last", "final", "closing") else 1 if word in ("opening", "initial") else _ORDINALS[word]
        return (n, None) if n in steps else None
    return None


def about_whole_step(text: str, steps: dict[int, str], ref: tuple[int, int | None]) -> bool:
    """Does the message ask what a step is, not something inside it? Nothing is left of its
    content words once the step reference, the names of the steps it names and the words of
    asking about a step ("what happens in", "what comes after") are set aside."""
    named = " ".join(steps.get(n, "") for n in ref if n)
    left = set(terms(_NUMBERED.sub(" ", text))) - _GENERIC - set(terms(named)) - set(terms(" ".join(_ORDINALS)))
    left -= set(terms("last final closing opening initial right just immediately"))
    return not left


def query(n: int, steps: dict[int, str]) -> str:
    """The search for step ``n``'s summary: its number and its declared name."""
    return f"Step {n} {steps.get(n, '')}".strip()


def _headed(ps: dict, n: int) -> bool:
    head = re.compile(rf"^\W*step\s*0?{n}\b", re.I)
    src = ps.get("source", "")
    heads = [h.strip() for h in src.split("›")[1:]] + [u.heading for u in units(ps.get("text", ""))[:1]]
    heads += [ln for ln in ps.get("text", "").splitlines()[:4] if ln.strip() and ln.strip() == ln.strip().upper()]
    return any(head.match(h or "") for h in heads)


def summary(n: int, steps: dict[int, str], ref: tuple[int, int | None], passages: list[dict],
            max_sentences: int = 3, outcomes: list | None = None) -> str | None:
    """The cited sentences of the section headed with step ``n`` (a summary entry before a
    document's own opening), introduced by where the step sits — or None when no passage is
    headed with it. A passage one tool sent trimmed and another whole is read whole."""
    whole: dict[str, dict] = {}
    for ps in [p for o in outcomes or [] for p in o.passages] + passages:
        if len(ps.get("text", "")) > len(whole.get(ps["id"], {}).get("text", "")):
            whole[ps["id"]] = ps
    found = [whole.get(ps["id"], ps) for ps in passages if _headed(whole.get(ps["id"], ps), n)]
    if not found:
        return None
    def opening(ps: dict) -> bool:
        return any(_SUMMARY.match(u.text) for u in units(ps.get("text", ""))[:2])
    ps = sorted(found, key=lambda p: opening(p))[0]
    said = [u.text for u in units(ps["text"]) if not is_pointer(u.text)][:max_sentences]
    if not said:
        return None
    name = f"Step {n}" + (f" ({steps[n]})" if steps.get(n) else "")
    anchor = ref[1]
    if anchor is not None:
        other = f"Step {anchor}" + (f" ({steps[anchor]})" if steps.get(anchor) else "")
        lead = f"The next step after {other} is {name}." if n > anchor else f"The step before {other} is {name}."
    elif n == max(steps) and n > 1:
        lead = f"The last step is {name}."
    else:
        lead = f"{name}:"
    return f"{lead} Based on Knowledge Base [{ps['id']}]: " + " ".join(said)


_WHICH = re.compile(r"\b(?:which|what) (?:step|stage|phase)\b", re.I)


def named_in_answer(text: str, para: str, passages: list[dict], steps: dict[int, str]) -> str | None:
    """For "which step is where …?": the step the quoted section is headed with, said first
    ("That is Step 2 (Unit economics).") — None when the question asks no such thing or the
    cited section is not headed with a step."""
    m = re.search(r"\[([^\[\]\s]+#\d+)\]", para or "")
    if not _WHICH.search(text) or not m:
        return None
    ps = next((p for p in passages if p.get("id") == m.group(1)), None)
    n = next((k for k in sorted(steps, reverse=True) if ps and _headed(ps, k)), None)
    if n is None:
        return None
    return f"That is Step {n}" + (f" ({steps[n]})." if steps.get(n) else ".")
