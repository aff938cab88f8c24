"""The metrics a knowledge base names in its own words, as the benchmark tool declares them.

Why: the vocabulary knows the usual price metrics (CPC, CPL, CAC …); a KB may state figures for one
it defines itself — "CPB (cost per booking)", "cost per consultation". The offline agent sees only
what Claude sees, so it learns those from get_benchmark's description ("This knowledge base also
states its own: CPB (cost per booking); cost per consultation.") — never from a list written here —
and reads them in the user's words: the acronym said ("what's the CPB for vets?") is that "cost per
<unit>" phrase, and the unit is one a price can be asked of ("how much per consultation", :func:`priced`).

:func:`declare` is called once per model call with the tools it was handed (another KB, another
list); :func:`named_in` and :func:`priced` read the declared list, :func:`state` keys cached readings.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agent.offline import earnask, ownrate
from agent.offline.passages import terms
from rag.regexes import compiled

# Each is replaced whole by :func:`declare`, never changed in place: the evals play cases in threads, and a reader in
# one must never meet the lists half rebuilt by another's model call (or a dict changing size while it iterates)
_DECLARED: dict[str, str] = {}   # key as the tool states it ("CPB", "cost per consultation") → its "cost per …" name
_OTHER: dict[str, str] = {}      # the KB's own figures that are no price and no rate ("average first gift")
_BY_BUSINESS: frozenset[str] = frozenset()  # the metrics it states for two or more businesses ("Figures by business …: CPC.")
_SOLE: dict[str, str] = {}  # a vocabulary metric it states for one business only → that business ("CPI (gaming)")
_ACRONYMS: tuple[str, ...] = ()  # the KB's own metrics it names by an acronym alone ("ACOS"): said by it, in any case
_STATE: tuple = ()  # :func:`state` of the lists above, made with them (asked on every reading of a message)
# the word that says which statistic of a figure the KB gives ("average first gift", "minimum monthly spend"): a user
# names the figure by the rest ("how big is a first gift", "the smallest monthly spend")
_STATISTIC = re.compile(r"^(?:average|typical|median|mean|minimum|maximum|min|max)\s+", re.I)
_OWN = re.compile(r"also states its own: ([^\n]+?)\.(?:\s|$)")
_BUSINESS = re.compile(r"Figures by business in this knowledge base: ([^\n]+?)\.(?:\s|$)")
_ONE_BUSINESS = re.compile(r"For one business only: ([^\n]+?)\.(?:\s|$)")
# a two-word name that is a figure by its last word ("contribution margin", "membership churn"): said in full, the KB's
_FIGURE_NOUN = re.compile(r"^[a-z][a-z0-9-]+ (?:margin|churn|payback|retention|share|period|cycle)$")
_PERIOD_OF = re.compile(r"^(payback|churn|retention) period$")  # "payback period", said as "the payback"
_ITEM = re.compile(r"^\s*(?P<key>[^()]+?)\s*(?:\((?P<name>[^()]+)\))?\s*$")


def declare(tools: list[dict] | None) -> None:
    """Read the KB's own metrics from get_benchmark's metric description (none: an empty list)."""
    global _DECLARED, _OTHER, _ACRONYMS, _BY_BUSINESS, _SOLE, _STATE, _FORMS, _SPAN_FORMS
    descs = tuple((((t.get("input_schema") or {}).get("properties") or {}).get("metric") or {}).get("description", "")
                  for t in tools or [] if t.get("name") == "get_benchmark")
    _DECLARED, _OTHER, _ACRONYMS, _BY_BUSINESS, _SOLE, _STATE, _FORMS, _SPAN_FORMS = _read(descs)


@lru_cache(maxsize=64)
def _read(descs: tuple[str, ...]) -> tuple:
    """What :func:`declare` reads from get_benchmark's metric descriptions ``descs`` (in the tools' order), and the
    :func:`state` that keys it — once per list of descriptions: the same tools are handed on every model call, and
    the reading is all of the descriptions' text and nothing else. The dicts are shared between declarations of the
    same text, which is safe because the module never changes them in place (each declaration replaces them whole)."""
    declared: dict[str, str] = {}
    other: dict[str, str] = {}
    acronyms: list[str] = []  # in the KB's order, which a set's iteration is not
    by_business: set[str] = set()
    sole: dict[str, str] = {}
    for desc in descs:
        if b := _BUSINESS.search(desc):
            by_business.update(x.strip() for x in b.group(1).split(";") if x.strip())
        if one := _ONE_BUSINESS.search(desc):
            sole.update((i.group("key").strip(), i.group("name").strip()) for x in one.group(1).split(";")
                        if (i := _ITEM.match(x)) and i.group("name"))
        m = _OWN.search(desc)
        for item in (m.group(1).split(";") if m else []):
            i = _ITEM.match(item)
            if i:
                key = i.group("key").strip()
                name = (i.group("name") or key).strip().lower()
                if name.startswith(("cost per ", "price per ")) or re.fullmatch(r"[a-z][a-z -]{1,40} rat(?:e|io)", name):
                    declared[key] = name  # a price, or a rate the KB names itself ("view rate")
                elif (len(name.split()) >= 3 or _FIGURE_NOUN.search(name)) and not key.isupper():
                    other[key] = name  # a figure of another kind it names itself ("average first gift", "contribution margin")
                elif key.isupper() and not i.group("name"):
                    acronyms.append(key)
    state = tuple(sorted(declared.items())) + tuple(sorted(other.items()))
    acronyms_ = tuple(dict.fromkeys(acronyms))
    return (declared, other, acronyms_, frozenset(by_business), sole, state, _forms(declared, other, acronyms_),
            _span_forms(tuple(declared.items()), tuple(other.items())))


def _written(name: str) -> str:
    """A pattern for a declared name as users write it: its hyphens or spaces either way ("add to cart rate" for the
    KB's "add-to-cart rate")."""
    return r"[-\s]?".join(map(re.escape, re.split(r"[-\s]+", name.strip())))


def acronyms() -> set[str]:
    """The metrics the KB names by an acronym alone, with no "cost per …" name to read it by ("ACOS")."""
    return set(_ACRONYMS)


_NAMED: dict[int, tuple] = {}  # id(_FORMS) → (_FORMS, _OTHER, {text: its named_in}) — see named_in


def named_in(text: str) -> list[tuple[int, str]]:
    """(position, name) for each declared acronym the text says ("the CPB", "CPBs" → "cost per booking") and
    each declared rate or price it names in full ("view rate", "cost per booked call"), and each figure of another
    kind the KB names itself, said in full or by the words after its statistic ("a first gift" of "average first
    gift", "monthly spend" of "minimum monthly spend").

    Kept per text for the declaration in force: the parse, the business reader and the searches ask it of the same
    message on each model call (~8,000 calls a test run, ~3,800 texts); the answer reads only the text and the
    declaration's :data:`_FORMS` and :data:`_OTHER`, which a declaration replaces whole, never changes in place."""
    memo = _NAMED.get(id(_FORMS))
    if memo is None or memo[0] is not _FORMS or memo[1] is not _OTHER:
        if len(_NAMED) >= 64:
            _NAMED.clear()
        memo = _NAMED[id(_FORMS)] = (_FORMS, _OTHER, {})
    hit = memo[2].get(text)
    if hit is None:
        if len(memo[2]) >= 4096:
            memo[2].clear()
        hit = memo[2][text] = tuple(_named_in(text))
    return list(hit)


def _named_in(text: str) -> list[tuple[int, str]]:
    out = []
    forms = _FORMS
    # where each name with no acronym is said whole (matched once: the loop below reads the same spans)
    spans = [[m.span() for m in by_name.finditer(text)] if key is None else [] for _, key, by_name, _, _ in forms.declared]
    whole = [span for found in spans for span in found]

    def apart(m: re.Match) -> bool:  # "enrollment rate" inside "placement-to-enrollment rate", a name said whole:
        return not any(s <= m.start() < e and m.span() != (s, e) for s, e in whole)  # no "sibling enrollment rate"
    for (name, by_key, by_name, by_tail, by_unit), found in zip(forms.declared, spans):
        if by_key is not None:  # an acronym, said as written; "VTR (view-through rate)": said by its name, too
            out += [(m.start(), name) for m in by_key.finditer(text)]
            out += [(m.start(), name) for m in by_name.finditer(text)] if by_name is not None else []
            continue
        # said by its whole name: "the view rate", "cost per booked call" (as a heading or a list names it, with no
        # question form around it)
        said = [(start, name) for start, _ in found]
        if not said and by_tail is not None:  # or a rate by the words its caption qualifies ("completion rate" of
            said = [(m.start(), name) for m in by_tail.finditer(text) if apart(m)]  # "video completion rate")
        if not said and by_unit is not None:  # or a price by its unit of two words or more, counted one ("and a bottle
            said = [(m.start(), name) for m in by_unit.finditer(text) if apart(m)]  # club sign-up?", "per showroom visit")
        out += said
    out += [x for x in ownrate.asked(text, list(forms.rates))
            if x[1] not in {n for _, n in out}]  # or a step-to-step rate asked as a share ("what share of inquiries enroll")
    out += [x for x in earnask.asked(text, _OTHER.values()) if x[1] not in {n for _, n in out}]  # "each message we send bring in"
    out += [(m.start(), key) for key, pat in forms.acronyms  # an acronym alone ("ACOS"): in any case, "acos", "ACoS"
            for m in pat.finditer(text)]
    for name, pats in forms.other:  # said in full, or by the words after its statistic asked in other words
        out += [(m.start(), name) for pat, asked in pats for m in pat.finditer(text) if not asked or _ASKED.search(
            text[max(0, m.start() - 30):m.start()])][:1]
    return out


class _Forms(NamedTuple):
    """The patterns :func:`named_in` reads a message with, made once per declaration (:func:`_read`), not per key
    and message. ``declared``: per declared price or rate that can be said (in the declaration's order), its name and
    its patterns (by its acronym, as written; by its name; by a rate's last words; by a price's unit counted one);
    ``rates``: the declared rates' names; ``acronyms``: (acronym, pattern) of those declared alone; ``other``: per
    figure of another kind, its (pattern, whether its statistic must be asked before it) forms."""
    declared: tuple
    rates: tuple
    acronyms: tuple
    other: tuple


class _Said(NamedTuple):
    """A declared form's case-blind pattern, as :func:`named_in` reads a message with it (``finditer``) and
    :func:`without_declared` blanks it (``sub``), compiled (:func:`rag.regexes.compiled`) only when the message holds
    its cue: ``form``'s first word in lower case, which every match holds in an ASCII text (the pattern writes that
    word as it is, case-blind), or None when that word is not ASCII (always compiled). A KB declares ~30 such forms
    and a message says few of them: compiling them all when a KB's tools were first declared was ~6 ms of its first
    question."""
    cue: str | None
    pattern: str

    def finditer(self, text: str):
        if self.cue is not None and text.isascii() and self.cue not in text.lower():
            return iter(())
        return compiled(self.pattern, re.I).finditer(text)

    def sub(self, repl: str, text: str) -> str:
        if self.cue is not None and text.isascii() and self.cue not in text.lower():
            return text
        return compiled(self.pattern, re.I).sub(repl, text)


@lru_cache(maxsize=4096)
def _said(form: str, before: str = r"(?<![A-Za-z])") -> _Said:
    """:class:`_Said` of ``form`` (cached: a pure reading of its arguments, and a _Said is immutable)."""
    first = re.split(r"[-\s]+", form.strip())[0]  # the first word _written(form) writes as it is
    return _Said(first.lower() if first.isascii() else None, rf"{before}{_written(form)}s?(?![A-Za-z])")


def _forms(declared: dict[str, str], other: dict[str, str], acronyms: tuple[str, ...]) -> _Forms:
    """:class:`_Forms` of one declaration: the patterns :func:`named_in` once built for each message, the same."""
    plans = []
    for key, name in declared.items():
        if key.isupper():
            plans.append((name, re.compile(rf"(?<![A-Za-z]){re.escape(key)}s?(?![A-Za-z])"),
                          _said(name) if name.endswith((" rate", " ratio")) else None, None, None))
        elif name.endswith(" rate") or name.startswith(("cost per ", "price per ")):
            tail = _tail(name, declared.values()) if name.endswith(" rate") else None
            unit = re.sub(r"^(?:cost|price) per ", "", name)
            plans.append((name, None, _said(name), _said(tail) if tail else None,
                          _said(unit, before=r"\b(?:a|an|per|each|one)\s+") if unit != name and len(unit.split()) >= 2 else None))
    return _Forms(tuple(plans), tuple(n for n in declared.values() if n.endswith(" rate")),
                  tuple((key, re.compile(rf"(?<![A-Za-z]){re.escape(key)}s?(?![A-Za-z])", re.I)) for key in acronyms),
                  tuple((name, tuple((_said(form), asked) for form, asked in _other_forms(name))) for name in other.values()))




# a statistic asked in other words before the figure's name: "how big is a first gift", "the smallest monthly spend"
_ASKED = re.compile(r"\b(?:smallest|lowest|least|minimum|min|biggest|largest|highest|maximum|max|most|typical|typically|"
                    r"average|usual|usually|normal|median|how big|how large|how much)\b", re.I)


def _other_forms(name: str) -> list[tuple[str, bool]]:
    """(form, whether the statistic must be asked around it) of a figure the KB names itself: its whole name; the
    words after its statistic ("first gift"), when the message asks a statistic ("how big is a first gift": not
    "our monthly budget", the user's own); the statistic after its first qualifier ("monthly minimum")."""
    words = name.split()
    out = [(name, False)] + ([(words[0], False)] if _PERIOD_OF.match(name) else [])
    if _STATISTIC.match(name) and len(words) >= 3:
        out += [(" ".join(words[1:]), True), (f"{words[1]} {words[0]}", False)]
    return out


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each form of a declared metric :func:`named_in` finds in ``text`` (its whole name, a rate's
    last two words, a figure's words after its statistic): where the text says a metric, as written."""
    text = text or ""
    low = text.lower() if text.isascii() else None
    return [(m.start(), m.end()) for cue, form in _SPAN_FORMS
            if low is None or cue is None or cue in low for m in compiled(form, re.I).finditer(text)]


@lru_cache(maxsize=8)
def _span_forms(declared: tuple, other: tuple) -> tuple[tuple[str | None, str], ...]:
    """(its first word in lower case when ASCII — every match holds it —, its case-blind pattern) of each form
    :func:`spans` looks for, in the order it always did: built once per declaration (``declared``, ``other``: the
    declared names as held; the vocabulary and the forms' rules are fixed), not per message: by :func:`_read`, with
    the lists. A pattern is compiled (:func:`rag.regexes.compiled`) only once a text holds its cue."""
    names = [name for _, name in declared]
    forms = {f for _, name in declared for f in (name, _tail(name, names) if name.endswith(" rate") else None) if f} | {
        f for _, name in other for f, _ in _other_forms(name)}
    return tuple(((w.lower() if (w := re.split(r"[-\s]+", f.strip())[0]).isascii() else None),
                  rf"(?<![A-Za-z]){_written(f)}s?(?![A-Za-z])") for f in forms if len(f.split()) >= 2)


def _tail(name: str, names=None) -> str | None:
    """A declared rate's last two words, when it has more and no other declared rate or vocabulary metric is named
    so: the rate as a user asks it ("open rate" of the KB's "email open rate"). ``names``: the declared names (those
    declared now when not given)."""
    from mpa.vocabulary import VOCABULARY
    words = name.split()
    tail = " ".join(words[-2:])
    if len(words) < 3 or any(n != name and n.endswith(" " + tail) or n == tail for n in (_DECLARED.values() if names is None else names)) or \
            any(tail == syn for syns in VOCABULARY["metrics"].values() for syn in syns):
        return None
    return tail


def priced(noun: str) -> str | None:
    """The declared "cost per <unit>" whose unit a counted noun starts with ("consultations come" → "cost
    per consultation"), or whose unit is that noun and what was done to it ("tours" → "cost per tour booked"), or
    whose unit ends in the last word of a noun of several words and holds all of them ("intro bookings")."""
    first, said = terms(noun)[:1], terms(noun)
    exact = next((name for name in _DECLARED.values() if len(said) > 1 and name.startswith(("cost per ", "price per "))
                  and terms(name.partition(" per ")[2]) == said), None)  # "booked consultations": "cost per booked
    # consultation", not "cost per trial class booking" that the first word alone ("booked") would end
    return exact or next((name for name in _DECLARED.values() if first and terms(name)[-1:] == first), None) or next(
        (name for name in _DECLARED.values() if first and _PARTICIPLE.search(name) and terms(name)[-2:-1] == first), None) \
        or next((name for name in _DECLARED.values() if len(said) > 1 and name.startswith(("cost per ", "price per "))
                 and terms(name)[-1:] == said[-1:] and set(said) <= set(terms(name))), None) \
        or _asked_for(first, said)  # "intro bookings" of "cost per intro class booking", "eligible applicants" of
    # "cost per eligible applicant": every word of its unit; "demos" of "cost per demo request", "trial classes" of
    # "cost per trial class booking"


# the last word of a unit that asks for the thing before it: "demo request", "quote request", "trial sign-up"
_REQUEST = re.compile(r"^cost per ([a-z-]+(?: [a-z-]+)?) (?:request|requested|booking|sign-?up|signup|enquiry|inquiry"
                      r"|application)$")


def _asked_for(first: list[str], said: list[str] = ()) -> str | None:
    """The one declared price of a request for a thing, when the counted noun is that thing ("45 demos": "cost per
    demo request" — each demo counted is one requested; "50 trial classes": "cost per trial class booking")."""
    found = [n for n in dict.fromkeys(_DECLARED.values()) if first and (m := _REQUEST.match(n))
             and terms(m.group(1)) in (first, list(said))]
    return found[0] if len(found) == 1 else None


# a unit and what was done to it: "tour booked", and the irregular participles a price is named with ("ticket sold",
# "policy written", "unit bought": "tickets" is what "cost per ticket sold" prices)
_PARTICIPLE = re.compile(r"^cost per [a-z-]+ (?:[a-z]+ed|sold|bought|paid|sent|won|made|written|held|kept|run|done|"
                         r"shown|taken|given|grown|drawn)$")


def priced_pair(after: str) -> str | None:
    """The two words after a count ("intro bookings a month", "eligible applicants this quarter") when the KB's own
    price names them as its unit (:func:`priced`), the first not itself a plural; None otherwise."""
    two = re.match(r"\s*(?:new |more |qualified |paying )?([a-z]+[^s\W] [a-z]+s)\b", (after or "").lower())
    return two.group(1) if two and priced(two.group(1)) else None  # "cost per tour booked", "cost per site survey completed"


def own_forms(phrased: list[tuple[int, str]], text: str) -> list[tuple[int, str]]:
    """Each "cost per <unit>" the user's words make, as the KB's own metric when the KB declares one for the
    same unit whose every other word the message also says: "one approved credit card application" makes
    "cost per credit card application"; the KB prices an "approved application" — the qualifier the
    message said is what the KB's name keeps, the rest (the business) is not the unit."""
    said = set(terms(text))
    out = []
    for pos, ph in phrased:
        unit = terms(ph.lower().partition(" per ")[2]) if ph.lower().startswith(("cost per ", "price per ")) \
            and not says(ph) else []
        own = [n for n in dict.fromkeys(_DECLARED.values()) if n.startswith("cost per ") and unit and
               len(t := terms(n[len("cost per "):])) > 1 and t[-1:] == unit[-1:] and set(t) <= said]
        out.append((pos, own[0] if len(own) == 1 else ph))
    return out


def says(phrase: str) -> bool:
    """The KB declares this very "cost per …" name for its own metric ("cost per view" for CPV): the user's
    phrase is that metric, not the vocabulary's nearest unit (a completed view)."""
    return phrase.lower() in _DECLARED.values()


def without_declared(text: str) -> str:
    """``text`` with each declared metric name it says blanked: "cost per booked call" names no business."""
    for name in sorted(set(_DECLARED.values()) | {k for k in _DECLARED if not k.isupper()}, key=lambda n: (-len(n), n)):
        # longest first; names of one length by name, not by a set's hash order
        text = _said(name).sub(" ", text)
    return text


def by_business() -> frozenset[str]:
    """The metrics the KB states for two or more businesses, as declared (none declared: empty)."""
    return _BY_BUSINESS


def sole_business(metric: str) -> str | None:
    """The one business the KB states ``metric`` for, as declared ("CPI (gaming)" → "gaming"); None otherwise."""
    return _SOLE.get(metric)


def state() -> tuple:
    """What is declared now, hashable: a cached reading of a message holds for this declaration only (made once per
    declaration, with the lists it is made of: :func:`_read`)."""
    return _STATE


_FORMS, _SPAN_FORMS = _forms({}, {}, ()), _span_forms((), ())  # nothing declared yet
