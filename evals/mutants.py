"""Adversarial mutants of an assistant answer — the bad answers the scorers and the gate must catch.

A mutant is a *general* transformation of one final answer (its text and therefore its
citations), given what a wrapped model would know at that point: the user's message, the chunk
ids retrieved so far in the conversation (with their source files), the retrieved text, and the
KB's chunk ids. No mutant reads a dataset or an expectation: it is the same rewrite on any KB and
any question. ``apply`` returns the mutated text, or ``None`` when the mutant does not apply to
that answer (there is no number to inflate, no citation to swap, nothing to abstain from…).

Tool payloads (``get_benchmark`` / ``get_audience_sizing`` results) can be mutated too by the
numeric mutants (``apply_data``), so the tool evals see the same lie a wrapped tool would tell.

The number parser here is deliberately independent of ``scorers.text``: a mutant that shared the
scorers' parser would share their blind spots.

(About 450 lines on purpose: 16 of the 17 mutants are small independent functions kept in one registry
so the kill table and its test enumerate them from one place.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

# a number with an optional currency sign, magnitude word and unit suffix, outside identifiers
# ("MPA-10", "KPI-NC-01", "benchmarks-ecommerce#3" are never numbers)
NUM = re.compile(
    r"(?<![\w#/.\-])(?P<cur>\$)?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<mag>\s?(?:million|billion|thousand)\b|[MBK]\b|k\b)?(?P<suf>\s?%|x\b|×(?!\s*\d)|:1\b)?")
BRACKET = re.compile(r"\[[^\[\]]*#\d+[^\[\]]*\]")
CHUNK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/\-]*#\d+")
KB_PHRASE = re.compile(r"[ \t]*based on (?:the )?knowledge[- ]base\s*:?", re.I)
# "the KB does not cover this" — deliberately broad; only used to decide where a mutant applies
DECLINE = re.compile(r"knowledge[- ]base (?:does not|doesn't|has no|contains no)|not (?:in|covered by) the knowledge[- ]base"
                     r"|\b(?:can't|cannot) answer\b|\bout of scope\b|\bnot covered\b", re.I)
# shown arithmetic: a number, an operator (words may sit between them: "17.74M adults × 77%"), another
# number, then "=" / "≈" and the result
EQUATION = re.compile(r"\d[^\n=≈\d]{0,40}?(?:÷|×|/|\*|\bdivided by\b|\btimes\b)\s*[$]?\d[^\n]*?(?:≈|=|\bequals\b)\s*"
                      r"(?:about\s+)?[$]?(?P<res>\d[\d,]*(?:\.\d+)?)")
BULLET_ONLY = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])?\s*$")
RANGE_SEP = re.compile(r"^\s*(?:–|—|-|to)\s*$")


@dataclass
class TurnContext:
    """What a model wrapped by the mutant could see when it wrote the answer."""

    user: str
    seen_ids: list[str] = field(default_factory=list)  # retrieved so far in the conversation, first-seen order
    turn_ids: list[str] = field(default_factory=list)  # retrieved by this turn's tool calls
    sources: dict[str, str] = field(default_factory=dict)  # chunk id -> source file
    evidence: str = ""  # retrieved passages and tool results so far
    kb_ids: list[str] = field(default_factory=list)  # every chunk id of the KB (for ids never retrieved)
    texts: dict[str, str] = field(default_factory=dict)  # chunk id -> text, for the chunks retrieved so far
    earlier: list[str] = field(default_factory=list)  # the user's messages before this one


# ------------------------------------------------------------------ number rewriting
def _outside_citations(text: str, fn: Callable[[str], str]) -> str:
    """Apply ``fn`` to the parts of ``text`` outside bracketed chunk-id citations."""
    out, pos = [], 0
    for m in BRACKET.finditer(text):
        out.append(fn(text[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(fn(text[pos:]))
    return "".join(out)


def _value(m: re.Match) -> float:
    return float(m.group("num").replace(",", ""))


def _fmt(x: float, like: str) -> str:
    """``x`` written the way ``like`` was (thousands separators, decimals)."""
    decimals = len(like.split(".", 1)[1]) if "." in like else 0
    if decimals == 0 and abs(x) < 10 and abs(x - round(x)) > 1e-9:
        decimals = 1
    s = f"{x:,.{decimals}f}" if "," in like else f"{x:.{decimals}f}"
    return s


def _user_values(user: str) -> list[float]:
    return [_value(m) for m in NUM.finditer(user or "")]


def _is_user_number(m: re.Match, users: list[float]) -> bool:
    v = _value(m)
    return any(abs(v - u) <= 1e-9 + 0.005 * max(abs(v), abs(u)) for u in users)


def _has_unit(m: re.Match) -> bool:
    return bool(m.group("cur") or m.group("suf"))


# a range's second end written straight after a hyphen ("$4.30-4.80", "2.70-3.10%"): NUM's look-behind
# (which keeps "MPA-10" from being a number) does not see it, so it is read from the first end on
TAIL = re.compile(r"\s*(?:–|—|-|to\b)\s*(?P<cur>\$)?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                  r"(?P<mag>\s?(?:million|billion|thousand)\b|[MBK]\b|k\b)?(?P<suf>\s?%|x\b|×(?!\s*\d)|:1\b)?")


def _start(m: re.Match) -> int:
    return m.start("cur") if m.group("cur") else m.start("num")


def _figures(seg: str) -> list[re.Match]:
    """The KB figures of ``seg`` in order: numbers with a currency or unit, and both ends of a range
    one of whose ends has one — a KB writes "$4.30-4.80" and "2.70-3.10%" with the unit once."""
    ms: list[re.Match] = []
    for m in NUM.finditer(seg):
        if ms and _start(m) < ms[-1].end():
            continue  # already read as the tail of the range before it
        ms.append(m)
        t = TAIL.match(seg, m.end())
        if t:
            ms.append(t)
    unit = [_has_unit(m) for m in ms]
    for i in range(len(ms) - 1):
        if ms[i + 1].re is TAIL or RANGE_SEP.match(seg[ms[i].end():_start(ms[i + 1])]):
            unit[i] = unit[i + 1] = unit[i] or unit[i + 1]
    return [m for m, u in zip(ms, unit) if u]


def _replace(seg: str, reps: list[tuple[int, int, str]]) -> str:
    for a, b, new in sorted(reps, key=lambda r: -r[0]):
        seg = seg[:a] + new + seg[b:]
    return seg


def _arithmetic_spans(seg: str) -> list[tuple[int, int]]:
    """Sentences that show a calculation (their numbers are the arithmetic mutants' business)."""
    spans = []
    for m in EQUATION.finditer(seg):
        a = max(seg.rfind("\n", 0, m.start()), max(seg.rfind(". ", 0, m.start()), -1)) + 1
        b = seg.find("\n", m.end())
        spans.append((a, len(seg) if b < 0 else b))
    return spans


def _rewrite_numbers(text: str, ctx: TurnContext, pick: Callable[[re.Match, int], float | None]) -> str | None:
    """Replace the KB figures (numbers with a unit, outside shown arithmetic) by ``pick(match, k)``
    (k = the how-many-th such number); None when nothing changed."""
    count = [0]

    def fix(seg: str) -> str:
        calc = _arithmetic_spans(seg)
        reps = []
        for m in _figures(seg):
            if any(a <= _start(m) < b for a, b in calc):
                continue
            new = pick(m, count[0])
            count[0] += 1
            if new is not None:
                reps.append((m.start("num"), m.end("num"), _fmt(new, m.group("num"))))
        return _replace(seg, reps)

    out = _outside_citations(text, fix)
    return out if out != text else None


def scale_numbers(factor: float) -> Callable[[str, TurnContext], str | None]:
    return lambda text, ctx: _rewrite_numbers(text, ctx, lambda m, k: _value(m) * factor)


def one_mention_wrong(text: str, ctx: TurnContext) -> str | None:
    """The first KB figure of the answer is wrong (×1.7); every other mention stays right."""
    return _rewrite_numbers(text, ctx, lambda m, k: _value(m) * 1.7 if k == 0 else None)


def _ranges(seg: str) -> list[tuple[re.Match, re.Match]]:
    ms = _figures(seg)
    return [(a, b) for a, b in zip(ms, ms[1:])
            if (b.re is TAIL or RANGE_SEP.match(seg[a.end():_start(b)])) and _value(b) > _value(a)]


def in_band_shift(text: str, ctx: TurnContext) -> str | None:
    """Every stated range moves up by 40 % of its width — still inside a wider Low–High band, but
    no longer the figure the KB gives ("$30–$55" → "$40–$65")."""

    def fix(seg: str) -> str:
        reps = []
        for a, b in _ranges(seg):
            lo, hi = _value(a), _value(b)
            d = 0.4 * (hi - lo)
            reps.append((a, lo + d))
            reps.append((b, hi + d))
        for m, v in sorted(reps, key=lambda r: -r[0].start()):
            seg = seg[:m.start("num")] + _fmt(v, m.group("num")) + seg[m.end("num"):]
        return seg

    out = _outside_citations(text, fix)
    return out if out != text else None


def units_swapped(text: str, ctx: TurnContext) -> str | None:
    """Money and percentages become durations: "$30–$55" → "30–55 days", "2.1%" → "2.1 days"."""
    def fix(seg: str) -> str:
        calc = _arithmetic_spans(seg)
        reps = []
        for m in _figures(seg):
            if any(a <= _start(m) < b for a, b in calc) or (m.group("suf") or "").strip() in ("x", "×", ":1"):
                continue
            body = m.group("num") + (m.group("mag") or "")
            # the first end of a range keeps no unit: "30–55 days"
            if not TAIL.match(seg, m.end()) and not seg[m.end():m.end() + 5].startswith(" days"):
                body += " days"
            reps.append((_start(m), m.end(), body))
        return _replace(seg, reps)

    out = _outside_citations(text, fix)
    return out if out != text else None


def audience_times_ten(text: str, ctx: TurnContext) -> str | None:
    """Population counts (a magnitude word, or ≥ 10,000 without a currency) ×10."""
    users = _user_values(ctx.user)

    def fix(seg: str) -> str:
        def sub(m: re.Match) -> str:
            if m.group("cur") or m.group("suf") or _is_user_number(m, users):
                return m.group(0)
            v = _value(m)
            if not (m.group("mag") or v >= 10_000):
                return m.group(0)
            return m.group(0).replace(m.group("num"), _fmt(v * 10, m.group("num")), 1)

        return NUM.sub(sub, seg)

    out = _outside_citations(text, fix)
    return out if out != text else None


# ------------------------------------------------------------------ citations
def _replace_ids(text: str, choose: Callable[[str], str | None]) -> str | None:
    changed = [False]

    def fix(m: re.Match) -> str:
        def one(idm: re.Match) -> str:
            new = choose(idm.group(0))
            if new is None or new == idm.group(0):
                return idm.group(0)
            changed[0] = True
            return new

        return CHUNK_ID.sub(one, m.group(0))

    out = BRACKET.sub(fix, text)
    return out if changed[0] else None


def _doc(cid: str, ctx: TurnContext) -> str:
    return ctx.sources.get(cid) or cid.split("#", 1)[0]


def citation_swapped(text: str, ctx: TurnContext) -> str | None:
    """Each cited id becomes another id retrieved in this conversation, from an unrelated file."""

    def choose(cid: str) -> str | None:
        doc = _doc(cid, ctx)
        return next((i for i in ctx.seen_ids if _doc(i, ctx) != doc), None)

    return _replace_ids(text, choose)


def citation_never_retrieved(text: str, ctx: TurnContext) -> str | None:
    """Each cited id becomes a real KB chunk id that this conversation never retrieved."""
    seen = set(ctx.seen_ids)

    def choose(cid: str) -> str | None:
        doc = _doc(cid, ctx)
        return next((i for i in ctx.kb_ids if i not in seen and _doc(i, ctx) != doc), None)

    return _replace_ids(text, choose)


def citations_removed(text: str, ctx: TurnContext) -> str | None:
    out = re.sub(r"(?i)based on (?:the )?knowledge[- ]base\s*(?:\[[^\[\]]*\])?\s*[:,]?[ \t]*", "", text)
    out = KB_PHRASE.sub(" ", BRACKET.sub("", out))
    out = re.sub(r"[ \t]+([.,;:])", r"\1", re.sub(r"[ \t]{2,}", " ", out))
    out = "\n".join(line.strip() for line in out.split("\n"))
    return out if out.strip() != text.strip() else None


# ------------------------------------------------------------------ arithmetic
def arithmetic_dropped(text: str, ctx: TurnContext) -> str | None:
    """Lines (or sentences) that show a calculation disappear: the answer no longer gives it."""
    out_lines = []
    for line in text.split("\n"):
        if EQUATION.search(line):
            parts = re.split(r"(?<=[.!?])\s+", line)
            keep = [p for p in parts if not EQUATION.search(p)]
            line = " ".join(keep) if len(parts) > 1 else ""
            if BULLET_ONLY.match(line):
                continue
        out_lines.append(line)
    out = "\n".join(out_lines)
    out = re.sub(r"(?im)^here is the calculation:?\s*$\n?", "", out).strip()
    return out if out != text.strip() else None


def arithmetic_wrong(text: str, ctx: TurnContext) -> str | None:
    """Each shown calculation keeps its working but states a result 25 % too high."""

    def sub(m: re.Match) -> str:
        res = m.group("res")
        v = float(res.replace(",", "")) * 1.25
        return m.group(0)[: m.start("res") - m.start()] + _fmt(v, res)

    out = _outside_citations(text, lambda seg: EQUATION.sub(sub, seg))
    return out if out != text else None


INVENTED = ("4.37x", "27%", "$61.40", "3.9%", "$2.85")


def unsupported_claim(text: str, ctx: TurnContext) -> str | None:
    """A confident, cited, numeric sentence that nothing retrieved supports is appended."""
    if DECLINE.search(text):
        return None
    fig = next((f for f in INVENTED if f.strip("$%x") not in ctx.evidence), None)
    if fig is None:
        return None
    cite = _any_id(text, ctx)
    tail = f" Based on Knowledge Base [{cite}]." if cite else ""
    return text.rstrip() + f"\n\nCampaigns like this one typically return {fig} within the first 90 days.{tail}"


# ------------------------------------------------------------------ whole-answer replacements
def _any_id(text: str, ctx: TurnContext) -> str | None:
    cited = [m.group(0) for b in BRACKET.finditer(text) for m in CHUNK_ID.finditer(b.group(0))]
    for pool in (cited, ctx.turn_ids, ctx.seen_ids):
        if pool:
            return pool[0]
    return None


def confident_out_of_scope(text: str, ctx: TurnContext) -> str | None:
    """Where the answer declined, a confident made-up answer with a citation instead."""
    if not DECLINE.search(text):
        return None
    cite = _any_id(text, ctx) or (ctx.kb_ids[0] if ctx.kb_ids else None)
    tail = f" Based on Knowledge Base [{cite}]." if cite else ""
    return (f"Yes. The typical figure is about $42, and most teams should plan for a 15% increase during peak "
            f"periods.{tail}")


def abstain_on_answerable(text: str, ctx: TurnContext) -> str | None:
    """Where the answer answered, an abstention instead."""
    if DECLINE.search(text):
        return None
    return "I'm sorry, but the knowledge base does not contain information that answers this question."


def cited_hedge(text: str, ctx: TurnContext) -> str | None:
    """A non-answer that cites a valid (retrieved) id: "It depends on your business. Based on
    Knowledge Base [id]"."""
    if DECLINE.search(text):
        return None
    cite = _any_id(text, ctx)
    if cite is None:
        return None
    return f"It depends on your business. Based on Knowledge Base [{cite}]"


def echo(text: str, ctx: TurnContext) -> str | None:
    """The user's message, echoed back as the answer."""
    return ctx.user if ctx.user.strip() and ctx.user.strip() != text.strip() else None


# ------------------------------------------------------------------ tool payloads
def _data_text(fn: Callable[[str, TurnContext], str | None], keys: tuple[str, ...] = ("value",)
               ) -> Callable[[dict], dict | None]:
    """Apply a text mutant to a tool payload's value (or size) text, and to each of its ``facts`` (a
    look-up that found several figures lists them all; a wrapped tool that lies, lies in every one),
    and re-derive the numbers read from that text."""

    def one(data: dict) -> dict | None:
        d = dict(data)
        changed = False
        for key in keys:
            if isinstance(d.get(key), str):
                new = fn(d[key], TurnContext(user=""))
                if new is not None:
                    d[key] = new
                    changed = True
        if isinstance(d.get("facts"), list):
            facts = [one(f) if isinstance(f, dict) else None for f in d["facts"]]
            if any(f is not None for f in facts):
                d["facts"] = [f if f is not None else old for f, old in zip(facts, d["facts"])]
                changed = True
        if not changed:
            return None
        nums = _figures(d["value"]) if isinstance(d.get("value"), str) else []
        if nums:
            d["low"] = _value(nums[0]) * _mag(nums[0])
            d["high"] = _value(nums[-1]) * _mag(nums[-1])
        if isinstance(d.get("size_text"), str) and "total_size" in d:
            m = next(NUM.finditer(d["size_text"]), None)
            if m:
                d["total_size"] = _value(m) * _mag(m)
        return d

    return lambda data: one(data) if isinstance(data, dict) else None


def _mag(m: re.Match) -> float:
    mag = (m.group("mag") or "").strip().lower()
    return {"million": 1e6, "m": 1e6, "billion": 1e9, "b": 1e9, "thousand": 1e3, "k": 1e3}.get(mag, 1.0)


def _size_text_x10(text: str, ctx: TurnContext) -> str | None:
    m = next(NUM.finditer(text), None)
    if m is None:
        return None
    return text[:m.start("num")] + _fmt(_value(m) * 10, m.group("num")) + text[m.end("num"):]


@dataclass(frozen=True)
class Mutant:
    """``removes`` names what a *removal* mutant takes away or breaks — "citation",
    "calculation", "answer" — so the suite counts its single-turn test only on turns whose
    expectation requires that (``evals.mutation.requires``); None for mutants that add a lie,
    which every answer they touch must be caught telling. The rewrite itself never reads an
    expectation."""

    name: str
    description: str
    apply: Callable[[str, TurnContext], str | None]
    apply_data: Callable[[dict], dict | None] | None = None
    removes: str | None = None


MUTANTS: list[Mutant] = [
    Mutant("numbers_up_30", "every KB figure +30 %", scale_numbers(1.3), _data_text(scale_numbers(1.3))),
    Mutant("numbers_down_30", "every KB figure −30 %", scale_numbers(0.7), _data_text(scale_numbers(0.7))),
    Mutant("one_mention_wrong", "the first KB figure ×1.7, other mentions right", one_mention_wrong,
           _data_text(one_mention_wrong)),
    Mutant("in_band_shift", "ranges moved up 40 % of their width (inside Low–High)", in_band_shift,
           _data_text(in_band_shift)),
    Mutant("units_swapped", '"$30–$55" → "30–55 days", "2.1%" → "2.1 days"', units_swapped, _data_text(units_swapped)),
    Mutant("audience_x10", "population counts ×10", audience_times_ten, _data_text(_size_text_x10, ("size_text",))),
    Mutant("citation_swapped", "cited ids → ids retrieved from an unrelated file", citation_swapped),
    Mutant("citation_never_retrieved", "cited ids → real KB ids never retrieved", citation_never_retrieved),
    Mutant("citations_removed", "every citation and the KB phrase removed", citations_removed, removes="citation"),
    Mutant("arithmetic_dropped", "shown calculations removed", arithmetic_dropped, removes="calculation"),
    Mutant("arithmetic_wrong", "shown calculation results ×1.25", arithmetic_wrong, removes="calculation"),
    Mutant("unsupported_claim", "an invented, cited numeric sentence appended", unsupported_claim),
    Mutant("confident_out_of_scope", "declines replaced by a confident cited answer", confident_out_of_scope),
    Mutant("abstain_on_answerable", "answers replaced by an abstention", abstain_on_answerable, removes="answer"),
    Mutant("cited_hedge", '"It depends on your business. Based on Knowledge Base [valid id]"', cited_hedge),
    Mutant("echo", "the user's message echoed back", echo, removes="answer"),
]
from evals.mutant_figure import decline_opens_with_figure  # noqa: E402
MUTANTS.append(Mutant("decline_opens_with_figure", "a decline opened with another business's cited figure",
                      decline_opens_with_figure))
BY_NAME = {m.name: m for m in MUTANTS}
