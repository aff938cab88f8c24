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
from functools import lru_cache

from agent.offline import opening, steplist
from agent.offline.passages import is_pointer, terms, units
from mpa import romans
from mpa.steps import guide_step
from rag.documents import framed_at

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
# words a question about a whole step uses around its reference ("what happens in", "what does it require")
_GENERIC = set(terms("happen happens go goes going during about involve involves cover covers mean means come comes next previous do does "
                     "follow following after before step stage phase part framework process order what whats which "
                     "how tell explain describe summary summarize overview purpose point sum recap remind outline "
                     "gist entail consist goal aim for walk walking through require requires need needs "
                     # the framework named in other words: "in the planning framework", "in your methodology"
                     "plan planning methodology method checklist sequence workflow model "
                     # "which number is the X one": the number asked, the step pointed at with "one"
                     "number one ones "
                     # "which step deals with X", "what's step 3 called"
                     "deal deals handle handles concern concerns called call name named"))
# "after it", "before that one": a step named elsewhere in the same message ("the geography one, and after it?")
_PRONOUN = re.compile(r"(?:it|that|this|that one|this one|them)", re.I)


def declared_steps(tools: list[dict] | None) -> dict[int, str]:
    """{number: name} of the steps the step-guidance tool declares ("1 Objectives & KPIs; 2 …"),
    plus bare numbers up to its schema maximum when it names none."""
    for t in tools or []:
        if t.get("name") != "get_step_guidance":
            continue
        top = ((t.get("input_schema") or {}).get("properties", {}).get("step") or {}).get("maximum")
        return dict(_declared(t.get("description", ""), top if isinstance(top, int) else None))
    return {}


@lru_cache(maxsize=64)
def _declared(description: str, top: int | None) -> dict[int, str]:  # read on every model call; the same tool each time
    named = {int(n): name.strip() for n, name in re.findall(r"(?:^|[:;]\s*)(\d{1,2}) ([^;:.]+?)(?=;|\.\s|$)", description)}
    return {n: named.get(n, "") for n in range(1, top + 1)} if top is not None else named


def _by_name(phrase: str, steps: dict[int, str]) -> int | None:
    """The one step whose name shares most of ``phrase``'s content words (None when tied or none)."""
    m = _NUMBERED.search(phrase)
    if m and int(m.group(1)) in steps:
        return int(m.group(1))
    words = set(terms(phrase)) - _GENERIC
    if not words:
        return None
    scored = sorted(((len(words & set(terms(name))) + 0.5 * bool(words & set(terms(name)[-1:])), n)  # its object word
                     for n, name in steps.items()), reverse=True)  # breaks a tie: "budget setting", "Size the budget"
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def asked_step(text: str, steps: dict[int, str]) -> tuple[int, int | None] | None:
    """(step asked about, step it was named relative to or None) — or None when the message names
    no step by number, ordinal or position relative to another step."""
    if not steps:
        return None
    text = spelled(text)
    last = max(steps)
    rel = _RELATIVE.search(text)
    if rel and re.search(r"\b(?:steps?|stages?|phases?)\b", text, re.I):  # "after the test" alone is no step
        anchor = _by_name(rel.group(2), steps)
        if anchor is None and _PRONOUN.fullmatch(rel.group(2).strip()):
            anchor = _by_name(text[:rel.start()] + " " + text[rel.end():], steps)
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
    if by_topic(text):  # "what number is the measurement step?": the one step whose declared name it uses
        n = _by_name(text, steps)
        return (n, None) if n is not None else None
    m = _TOPIC_STEP.search(text)  # "tell me about the channel mix step": the step its name words pick
    n = _by_name(m.group(1), steps) if m else None
    return (n, None) if n is not None else None


_TOPIC_STEP = re.compile(r"\bthe\s+((?:[\w&'-]+\s+){1,3})(?:step|stage|phase)\b", re.I)
_NUMBER_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_SPELLED = re.compile(r"\b(step|stage|phase)\s+(" + "|".join(_NUMBER_WORDS) + r")\b", re.I)


def spelled(text: str) -> str:
    """"step seven" written with its figure ("step 7"), so one pattern reads both."""
    return _SPELLED.sub(lambda m: f"{m.group(1)} {_NUMBER_WORDS[m.group(2).lower()]}", text)


def by_topic(text: str) -> bool:
    """Does the message ask which step a topic is ("which step deals with risk?"), naming none by number?"""
    return bool(_WHICH.search(text)) and not _NUMBERED.search(text)


def about_whole_step(text: str, steps: dict[int, str], ref: tuple[int, int | None], names: set[str] = frozenset()) -> bool:
    """Does the message ask what a step is, not something inside it? Nothing is left of its content words once the step
    reference, the names of the steps it names, the framework's own name (``names``: "leg 5 of the route") and the words
    of asking about a step ("what comes after") are set aside."""
    rel = _RELATIVE.search(text) if ref[1] is not None else None  # the words naming the step it counts from, too
    named = " ".join(steps.get(n, "") for n in ref if n) + (f" {rel.group(2)}" if rel else "")
    left = set(terms(_NUMBERED.sub(" ", spelled(text)))) - _GENERIC - set(terms(named)) - set(terms(" ".join(_ORDINALS)))
    left -= set(terms("last final closing opening initial right just immediately straight")) | opening.PLANNING | set(names)
    return not left


def query(n: int, steps: dict[int, str]) -> str:
    """The search for step ``n``'s summary: its number, its declared name and what a summary of a
    step states (its purpose), so a framework's entry for the step ranks with the step's own guide."""
    return f"Step {n} {steps.get(n, '')} purpose".strip()


def _heads(ps: dict) -> list[str]:
    """A passage's headings: its source's section path, its first unit's heading, a capitalised line."""
    # a chunk of two short sections is headed "A + B" in its source path: each is a heading of it
    heads = [h.strip() for h in re.split(r"›| \+ ", ps.get("source", ""))[1:]]
    heads += [u.heading for u in units(ps.get("text", ""))[:1]]
    lines = ps.get("text", "").splitlines()  # and each framed heading of a chunk of several sections ("-----" around it)
    heads += [lines[i] for i in framed_at(lines)]
    return heads + [ln for ln in lines[:4] if ln.strip() and ln.strip() == ln.strip().upper()]


def _headed(ps: dict, n: int) -> bool:
    head = _head_re(n)
    return any(head.match(h or "") for h in _heads(ps))


def _section(n: int, passages: list[dict], whole: dict[str, dict], k: int, name: str = "") -> tuple[str, list[str]] | None:
    """(cite id, sentences) of the section headed with step ``n`` — a summary entry before a
    document's own opening, and a heading with the step's name ("Step 5 (Budget …)") before one
    about a part of it ("Step 5 outputs") — or None when no passage is headed with it."""
    found = [whole.get(ps["id"], ps) for ps in passages if _headed(whole.get(ps["id"], ps), n)]
    def opening(ps: dict) -> bool:
        return any(_SUMMARY.match(u.text) for u in units(ps.get("text", ""))[:2])
    def named(ps: dict) -> int:
        head = _head_re(n)
        return max((len(set(terms(h)) & set(terms(name))) for h in _heads(ps) if head.match(h or "")), default=0)
    head = _head_re(n)
    for ps in sorted(found, key=lambda p: (opening(p), -named(p)))[:1]:
        us = [u for u in units(_own_part(ps["text"], head)) if not is_pointer(u.text)]
        own = [u for u in us if head.match(u.heading or "")]  # the step's own section of a chunk of several
        said = [u.text for u in (own or us)][:k]
        if said:
            return ps["id"], said
    return steplist.item(n, name, [whole.get(ps["id"], ps) for ps in passages])  # "3. **Channel plan** — …"


def _own_part(text: str, head: re.Pattern) -> str:
    """The part of a chunk of several framed sections ("-----" / "Phase IV - Pick The Routes" / "-----") under the one
    ``head`` matches, up to the next framed heading — the whole text when no framed heading matches."""
    lines = text.split("\n")
    framed = framed_at(lines)
    at = next((i for i in framed if head.match(lines[i])), None)
    if at is None:
        return text
    end = next((i - 1 for i in framed if i > at), len(lines))
    return "\n".join(lines[at + 2:end])


def _name(n: int, steps: dict[int, str]) -> str:
    """"Step 3 (Audience)" — or in the KB's own word for its steps, as its step tool declares it ("Gate 3 (Market
    selection)" on a KB whose steps are gates: a word it never uses for them reads as another framework's)."""
    word = re.sub(r"\\(.)", r"\1", _HEAD_WORDS[-1])  # the declared word, as escaped for the heading patterns
    return f"{word.capitalize()} {n}" + (f" ({steps[n]})" if steps.get(n) else "")


def summary(n: int, steps: dict[int, str], ref: tuple[int, int | None], passages: list[dict],
            max_sentences: int = 3, outcomes: list | None = None, show_anchor: bool = False,
            which: bool = False) -> str | None:
    """The cited sentences of the section headed with step ``n``, introduced by where the step
    sits — or None when no passage is headed with it. With ``show_anchor`` ("which number is the
    X one, and what comes after it?") the step it was named relative to is summed up first; with
    ``which`` ("which step deals with X?") the step is said first ("That is Step N"). A
    passage one tool sent trimmed and another whole is read whole."""
    whole: dict[str, dict] = {}
    for ps in [p for o in outcomes or [] for p in o.passages] + passages:
        if len(ps.get("text", "")) > len(whole.get(ps["id"], {}).get("text", "")):
            whole[ps["id"]] = ps
    sec = _section(n, passages, whole, max_sentences, steps.get(n, ""))
    if sec is None:
        return None
    anchor = ref[1]
    first = ""
    if anchor is not None:
        lead = (f"The next step after {_name(anchor, steps)} is {_name(n, steps)}." if n > anchor
                else f"The step before {_name(anchor, steps)} is {_name(n, steps)}.")
        if show_anchor and (asec := _section(anchor, passages, whole, max_sentences, steps.get(anchor, ""))):
            first = f"That is {_name(anchor, steps)}. Based on Knowledge Base [{asec[0]}]: {' '.join(asec[1])}\n\n"
    elif which:
        lead = f"That is {_name(n, steps)}."
    elif n == max(steps) and n > 1:
        lead = f"The last step is {_name(n, steps)}."
    else:
        lead = f"{_name(n, steps)}:"
    return f"{first}{lead} Based on Knowledge Base [{sec[0]}]: " + " ".join(sec[1])


def asks_anchor(text: str) -> bool:
    """Does the message ask which step it counts from is ("which number is the X one, and what's after it?")?"""
    rel = _RELATIVE.search(text)
    which = _WHICH.search(text[:rel.start()]) if rel else None
    # a clause of its own ("which number is X, and what …"), not the neighbour asked ("which step follows X")
    return bool(which and re.search(r"[,;]|\band\b", text[which.end():rel.start()]))


_WHICH = re.compile(r"\b(?:which|what) (?:step|stage|phase|number)\b", re.I)


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


# Asking for the whole sequence: "list the steps", "walk me through each stage", "what are the phases, in order?"
_LISTING = re.compile(r"\b(?:all|each|every|list|name|walk\w*|run|go|take|outline)\b[^?.!]{0,40}\b(?:steps|stages|phases)\b|"
                      r"\b(?:each|every)\s+(?:step|stage|phase)\b|"
                      r"\bwhat (?:are|were) (?:the|your|its|their)\b[^?.!]{0,30}\b(?:steps|stages|phases)\b|"
                      r"\b(?:steps|stages|phases)\b[^?.!]{0,20}\bin (?:order|sequence)\b|"
                      r"\bhow many (?:steps|stages|phases)\b|\b(?:your|the|this|its|whole)\s+(?:(?:media[- ])?planning\s+)?(?:process|framework|workflow|methodology)\b[^?.!]{0,40}\b(?:start to finish|end to end|beginning to end|in (?:the )?(?:right |correct |proper )?(?:order|sequence))\b", re.I)  # "the process, start to finish"
_FRAMEWORK = set(terms("framework workflow process methodology checklist planning"))
_LIST_WORDS = set(terms("all each every list name walk walking run go take outline order sequence many steps stages phases "
                        "first last two three four five six seven eight nine ten again remind please quick quickly"))
_STEP_REFS = re.compile(r"\bstep\s*0?(\d{1,2})\b", re.I)


def framework_names(tools: list[dict] | None) -> set[str]:
    """Words of the framework's own name as the step tool writes it in capitals ("MPA-10")."""
    for t in tools or []:
        if t.get("name") == "get_step_guidance":
            return set(_framework_words(t.get("description", "")))
    return set()


@lru_cache(maxsize=64)
def _framework_words(description: str) -> frozenset[str]:  # read on every model call, like :func:`_declared`
    return frozenset(terms(" ".join(re.findall(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*\b", description))))


_HEAD_WORDS = ["step"]  # what a section about one step is headed with: "Step 4", and the KB's own word


def _head_re(n: int) -> re.Pattern:  # "Step 4", "Phase IV"
    numeral = next((r for r, v in romans.VALUES.items() if v == n), str(n))
    return re.compile(rf"^\W*(?:{'|'.join(_HEAD_WORDS)})\s*(?:0?{n}|{numeral}(?![\w.]))\b", re.I)


def in_step_words(text: str, tools: list[dict] | None) -> str:
    """``text`` with the KB's own word for a step (when the step tool says the KB calls its steps phases)
    said as "step" ("phase 4", "the last phase"), the word every step rule reads; sections headed
    "Phase 4" are then step 4's. Without tools, as the last call declared."""
    for t in [t for t in tools or [] if t.get("name") == "get_step_guidance"]:
        m = re.search(r"calls the steps ([a-z]+?)s\.", t.get("description", ""))
        _HEAD_WORDS[1:] = [re.escape(m.group(1))] if m else []
    for word in _HEAD_WORDS[1:]:
        text = re.sub(rf"\b{word}(s?)\b", r"step\1", text, flags=re.I)
    return romans.after(text, ("step", "stage", "phase"))  # "step IV", "phase iv": step 4


def asks_all_steps(text: str, steps: dict[int, str], names: set[str] = frozenset()) -> bool:
    """Does the message ask for the framework's steps as a whole, in order? Plural steps with a
    listing cue, the framework named (by its own name or as a framework / workflow / process), and
    no single step referred to — "walk me through the steps to set up a pixel" names no framework."""
    if not steps or not _LISTING.search(text) or asked_step(text, steps):  # (the cheap cue first: both must hold)
        return False
    words = set(terms(text))  # "what are the steps, in order?" alone asks for them too: it says nothing else
    return bool(words & (set(names) | _FRAMEWORK)) or not words - _GENERIC - _LIST_WORDS


def listing_query(steps: dict[int, str]) -> str:
    """The search for the passage that lists the steps: their numbers and declared names."""
    return "; ".join(f"Step {n} {steps.get(n, '')}".strip() for n in sorted(steps))[:400]


def unlisted(steps: dict[int, str], passages: list[dict]) -> list[int]:
    """The steps neither listed together in one sentence nor heading a passage of their own: what
    is left to look up one by one with the step tool before the sequence can be given whole."""
    if any(len({int(n) for n in _STEP_REFS.findall(u.text)} & set(steps)) >= max(2, -(-2 * len(steps) // 3))
           for ps in passages for u in units(ps.get("text", ""))):
        return []
    return [n for n in sorted(steps) if not any(_headed(ps, n) for ps in passages)]


def listing(steps: dict[int, str], passages: list[dict]) -> str | None:
    """The steps in order, in the KB's own words: the sentence that lists most of them (with its
    section's opening sentence), or else each step's own section heading — None when the passages
    name fewer than two thirds of the steps."""
    need = max(2, -(-2 * len(steps) // 3))
    best = None
    for ps in passages:
        said = [u.text for u in units(ps.get("text", "")) if not is_pointer(u.text)]
        for i, u in enumerate(said):
            named = {int(n) for n in _STEP_REFS.findall(u)} & set(steps)
            if len(named) >= need and (best is None or len(named) > best[0]):
                best = (len(named), ps["id"], said[:1] + [u] if i else [u])
    if best:
        return f"Based on Knowledge Base [{best[1]}]: " + " ".join(best[2])
    heads = {}
    for n in sorted(steps):
        ps = next((p for p in passages if _headed(p, n)), None)
        if ps is not None:
            head = next(h for h in _heads(ps) if _head_re(n).match(h or ""))
            heads[n] = (re.sub(r"^\W*", "", _head_re(n).sub("", head, count=1)).strip(), ps["id"])
    if len(heads) < need:
        return None
    return "The steps, in order: " + "; ".join(f"Step {n}: {h.capitalize() if h.isupper() else h} [{i}]"
                                               for n, (h, i) in heads.items()) + "."


# "and the next one?", "what comes after that?", "the step before it?": a neighbour of the step last talked about
_NEIGHBOUR = re.compile(r"\b(?:(next|following|previous|prior|preceding)\b(?:\s+(?:one|step|stage|phase))?|"
                        r"(?:comes?|is|happens|step|stage|phase|one)\s+(after|before)\s+(?:it|that|this)(?:\s+one)?)\s*[?.!]*\s*$", re.I)


def neighbour_of_last(text: str, steps: dict[int, str], last: int | None) -> tuple[int, int] | None:
    """(step asked, step last talked about) for a follow-up that asks only for the step next to the
    one the previous turn was about, else None: the message says nothing else."""
    m = _NEIGHBOUR.search(text)
    if last is None or not m or asked_step(text, steps):
        return None
    word = (m.group(1) or m.group(2)).lower()
    n = last + (1 if word in ("next", "following", "after") else -1)
    left = set(terms(text[:m.start()])) - _GENERIC - set(terms("and then so ok okay cool great thanks right"))
    return (n, last) if n in steps and not left else None


_POINTS = re.compile(r"\b(?:it|its|it's|this step|that step|this stage|that stage|this one|that one)\b", re.I)


def last_looked_up(outcomes: list) -> int | None:
    """The step the previous turn looked up with the step tool, if any."""
    return next((o.input.get("step") for o in outcomes if o.name == "get_step_guidance"), None)


def inside_last(text: str, steps: dict[int, str], last: int | None) -> int | None:
    """For "what does it output?" after a turn about one step: that step (the message points back
    and names no step of its own), else None."""
    if last not in steps or not _POINTS.search(text) or asked_step(text, steps) or _all_named(text, steps):
        return None
    # a short question about the step ("what are its outputs?"), not a new topic ("is it worth running CTV?")
    return last if len(set(terms(text)) - _GENERIC) <= 2 else None


def _all_named(text: str, steps: dict[int, str]) -> bool:
    return bool(_NUMBERED.search(spelled(text)) or by_topic(text) or _TOPIC_STEP.search(text))


def of_step(n: int, passages: list[dict], outcomes: list) -> list[dict]:
    """The passages about step ``n``: the ones headed with it, else the ones from the step's own guide
    the step tool returned (a passage that merely mentions every step is about none of them)."""
    headed = [p for p in passages if _headed(p, n)]
    tool = {p["id"] for o in outcomes if o.name == "get_step_guidance" and o.input.get("step") == n for p in o.passages
            if guide_step(p.get("source", "")) == n}
    return headed or [p for p in passages if p["id"] in tool]
