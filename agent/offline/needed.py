"""The words a compiled pattern cannot match without, read from the pattern itself.

Why: the business reader (:mod:`~agent.offline.business`) scans each message with some thirty sentence forms, most
of which need a word the message does not hold ("… as a wholesaler", "my sister's shop", "what do clinics pay").
Listing each form's cue words by hand (:mod:`~agent.offline.cues`) would drift from the forms; here they are read
from the parsed pattern: a run of literal characters every match must contain, or, where a choice comes first,
one such run from each branch. A form whose every match holds one of its words is skipped for an ASCII message
whose lower case holds none (:func:`cues.may_say`) — exactly what the scan would have found.

Conservative by construction: only literal ASCII characters count (lower-cased: a match in any case holds them in
the lower case of the text); a character class, a look-around, an optional or repeated-from-zero part, or a
back-reference ends a run and requires nothing; a part repeated at least once requires what it requires once.
"""
from __future__ import annotations

import re

from agent.offline import cues

try:
    from re import _parser as _sre_parse  # Python 3.11+
    from re import _constants as _c
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]


def _best(options: list[frozenset[str]]) -> frozenset[str] | None:
    """The most selective of several sets each of which every match must meet: the longest shortest word (a space or
    one letter is in nearly every message), then the fewest words."""
    options = [o for o in options if o and all(o)]
    return max(options, key=lambda o: (min(map(len, o)), -len(o))) if options else None


def _required(seq) -> frozenset[str] | None:
    """A set of strings one of which every match of the parsed sequence ``seq`` contains (None: none known)."""
    options: list[frozenset[str]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            options.append(frozenset({"".join(run)}))
            run.clear()

    for op, av in seq:
        if op is _c.LITERAL and av < 128:
            run.append(chr(av).lower())
            continue
        close()
        if op is _c.SUBPATTERN:
            got = _required(av[-1])
        elif op is _c.BRANCH:
            each = [_required(b) for b in av[1]]
            got = None if any(e is None for e in each) else frozenset().union(*each)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and av[0] >= 1:
            got = _required(av[2])
        else:
            got = None
        if got:
            options.append(got)
    close()
    return _best(options)


def words(form: re.Pattern) -> tuple[str, ...]:
    """Words (lower case) one of which every match of ``form`` holds; ("",) when none can be read (never skip)."""
    got = _required(_sre_parse.parse(form.pattern, form.flags & ~re.UNICODE))
    return tuple(sorted(got)) if got else ("",)


_READ: dict[int, tuple[re.Pattern, tuple[str, ...]]] = {}  # id → (the form itself, kept so its id stays its own; words)


def may_match(form: re.Pattern, text: str) -> bool:
    """Can ``form`` match ``text``? False only where ``text`` is ASCII and holds none of :func:`words` of ``form``."""
    hit = _READ.get(id(form))
    if hit is None or hit[0] is not form:
        if len(_READ) >= 4096:
            _READ.clear()
        hit = _READ[id(form)] = (form, words(form))
    return cues.may_say(text, hit[1])


def finditer(form: re.Pattern, text: str):
    """``form.finditer(text)``, or nothing where the form cannot match (:func:`may_match`)."""
    return form.finditer(text) if may_match(form, text) else iter(())
