"""Text helpers shared by the scorers: citations, sentences, numbers and shown arithmetic.

Everything here is deterministic and dependency-free (regular expressions only), so a scorer's
verdict can be re-derived by hand from its metadata.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# ---------------------------------------------------------------- citations
from rag.citations import BRACKET as _BRACKET  # noqa: E402  one parser for agent and scorers
from rag.citations import CHUNK_ID as _CHUNK_ID  # noqa: E402
from rag.citations import CHUNK_ID_RE, KB_PHRASE, cited_ids  # noqa: E402,F401


def strip_citations(text: str) -> str:
    """Remove bracketed chunk ids and the "Based on Knowledge Base" phrase."""
    text = _BRACKET.sub(lambda m: " " if CHUNK_ID_RE.search(m.group(1)) else m.group(0), text or "")
    return KB_PHRASE.sub(" ", text)


# ---------------------------------------------------------------- sentences
_SENT_END = re.compile(r"(?<=[.!?])[\"”')\]]*\s+(?=[A-Z0-9$\"“(\[*•-])")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def sentences(text: str) -> list[str]:
    """Lines first (bullets and table rows are their own sentences), then sentence ends
    inside a line. Decimal points ("$0.70") never split because a space must follow."""
    out: list[str] = []
    for line in (text or "").split("\n"):
        line = line.strip()
        if not line:
            continue
        line = _BULLET.sub("", line)
        for s in _SENT_END.split(line):
            s = s.strip()
            if s:
                out.append(s)
    return out


# ---------------------------------------------------------------- numbers
# the currency signs a figure may carry, the scorers' own: the system side has its own (mpa.tables.CURRENCY) on
# purpose — one reader per side (issue #13), so a sign one side misreads cannot hide itself in the other
CURRENCY = "[$€£¥₹₩₺₽₱₪₦]"  # (won, lira, rouble, peso, shekel, naira: "₩4,800-6,200" is a price)
# money whose currency is written after the figure ("0.55-0.70 zł", "45 kr") or in letters (a KB row's unit "zł", "R"):
# the claim readers' (scorers.claims) money family, as "$" is
MONEY_AFTER = ("zł", "zl", "pln", "eur", "kr", "kč", "lei", "sek", "nok", "dkk", "czk", "huf", "ron", "€", "r", "rp", "rm")
_MAG = {"million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "b": 1e9, "thousand": 1e3, "k": 1e3}
_NUM = re.compile(
    r"""(?<![A-Za-z_#/.\d])(?:(?<![A-Za-z]-)|(?<=[\d.][xXkKMB]-)(?<![A-Za-z]\d[xXkKMB]-))(?<![A-Za-z]\d-)
        (?P<cur>""" + CURRENCY + r""")?\s?
        (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)
        (?:\s?(?P<mag>million|billion|thousand|mn|bn)\b|(?P<mag2>[MBK]|k)\b)?
        (?P<suf>\s?%|\s?percent\b|x\b|×(?!\s*\d)|:1\b)?
    """,
    re.X | re.I,
)
_RANGE_SEP = re.compile(r"^\s*(?:–|—|-|to|up to|and)\s*$", re.I)  # "from $11 up to $15" is a range as "$11 to $15" is
_YEAR = re.compile(r"^(19|20)\d\d$")


@dataclass
class Num:
    value: float
    unit: str  # "$", "%", "x", ":1", "" (plain count), with magnitude folded into value
    start: int
    end: int
    text: str
    raw: str  # the digits as written


def numbers(text: str) -> list[Num]:
    """Every number mention with its unit: "$1,800" → 1800 "$", "0.9%" → 0.9 "%",
    "2.5x" → 2.5 "x", "3.0:1" → 3.0 ":1", "6.7 million" → 6.7e6, "$10K" → 1e4 "$".
    Identifier parts ("MPA-10", "KPI-NC-01", "PACE-90/110") and chunk ids are skipped; a number after
    "<digit><unit or magnitude>-" is the second end of a range ("4.8x-5.6x", "$5k-10k"), not an
    identifier part, and is read."""
    out = []
    for m in _NUM.finditer(text or ""):
        raw = m.group("num")
        value = float(raw.replace(",", ""))
        mag = (m.group("mag") or m.group("mag2") or "").lower()
        if mag:
            value *= _MAG[mag]
        suf = (m.group("suf") or "").strip().lower()
        unit = m.group("cur") and "$" or ""
        if suf in ("%", "percent"):
            unit = "%"
        elif suf in ("x", "×"):
            unit = unit or "x"
        elif suf == ":1":
            unit = ":1"
        end = m.end()
        # a trailing identifier continuation ("10-day", "2026-Q1") is fine; "A1" is excluded by lookbehind
        out.append(Num(value, unit, m.start(), end, m.group(0).strip(), raw))
    return out


def is_trivial_number(n: Num, text: str) -> bool:
    """Numbers that are not factual claims: step numbers, list ordinals, years, and
    small plain counts ("3 channels", "12 months")."""
    before = text[max(0, n.start - 12):n.start].lower()
    if re.search(r"\bsteps?\s*$", before) or re.search(r"\b(?:turn|round|phase|tier|week|day|month|q)\s*$", before):
        return True
    if not n.unit and _YEAR.match(n.raw):
        return True
    if not n.unit and abs(n.value) < 100:
        return True
    return False


def claim_numbers(text: str) -> list[Num]:
    """Numbers in ``text`` that make a factual claim (citations removed first)."""
    clean = strip_citations(text)
    return [n for n in numbers(clean) if not is_trivial_number(n, clean)]


def ranges(text: str, nums: list[Num] | None = None) -> list[tuple[Num, Num]]:
    """Adjacent number pairs joined by a dash or "to": "$30–$55", "2.5:1–3.5:1", "30 to 55"."""
    nums = numbers(text) if nums is None else nums
    out = []
    for a, b in zip(nums, nums[1:]):
        gap = text[a.end:b.start]
        if _RANGE_SEP.match(gap) or (gap == "" and text[a.end - 1:a.end] in "–—-"):
            out.append((a, b))
    return out


def close(a: float, b: float, rel: float = 0.01, abs_tol: float = 1e-9) -> bool:
    return abs(a - b) <= max(rel * max(abs(a), abs(b)), abs_tol)


def units_compatible(u1: str, u2: str) -> bool:
    return u1 == u2 or not u1 or not u2


# ---------------------------------------------------------------- shown arithmetic
_OPERAND = CURRENCY + r"?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|thousand|billion)\b|[MK]\b|k\b)?\s?%?"
_OP = r"(?:÷|/|×|\*|(?<=\s)x(?=\s)|\+|−|(?<=\s)-(?=\s)|divided by|times|multiplied by|minus|plus)"
_EQ = (r"(?:=|≈|~|≅|→|equals|gives(?: you)?(?: about| roughly| approximately| around)?|comes to|works out to(?: about)?|"
       r"yields|is about|is roughly|is approximately|is around)")
_EXPR = re.compile(
    rf"(?<![A-Za-z\-/#.\d])(?P<lhs>{_OPERAND}(?:\s*{_OP}\s*{_OPERAND})+)\s*(?P<eq>{_EQ})\s*(?:about\s+|~\s*|≈\s*)?(?P<rhs>{_OPERAND})",
    re.I,
)
_OPS = {"÷": "/", "/": "/", "×": "*", "*": "*", "x": "*", "+": "+", "−": "-", "-": "-", "divided by": "/",
        "times": "*", "multiplied by": "*", "minus": "-", "plus": "+"}


def _operand_value(tok: str) -> float:
    n = numbers(tok)
    if not n:
        raise ValueError(tok)
    v = n[0].value
    return v / 100.0 if n[0].unit == "%" else v


@dataclass
class Equation:
    text: str
    operands: list[float]
    ops: list[str]
    shown_result: float
    computed: float

    @property
    def correct(self) -> bool:
        return close(self.computed, self.shown_result, rel=0.011) or _rounds_to(self.computed, self.shown_result)


def _rounds_to(computed: float, shown: float) -> bool:
    """"909.09" shown as "909", "0.0125" as "1.25%"… a display rounding of the true value."""
    if float(shown).is_integer() and abs(computed - shown) < 1.0:
        return True
    return False


def equations(text: str) -> list[Equation]:
    """Arithmetic the answer shows, e.g. "$50,000 ÷ $55 ≈ 909 customers"; each is evaluated.

    Read line by line: a Markdown bullet's dash after a figure that ends the line before ("$30–$55⏎- $12,400 ÷ 290
    ≈ $42.76") is no subtraction. A result in percent after an expression that multiplies by 100 ("41 ÷ 18,500 × 100
    ≈ 0.22%") is in percentage points: the × 100 already made it one, so the % does not divide by 100 again."""
    out = []
    clean = strip_citations(text or "")
    for m in (m for line in clean.splitlines() for m in _chained(line)):
        lhs = m.group("lhs")
        toks = re.split(rf"\s*({_OP})\s*", lhs, flags=re.I)
        try:
            operands = [_operand_value(t) for t in toks[0::2]]
            ops = [_OPS[o.lower()] for o in toks[1::2]]
            expr = "".join(f"{v!r}{op}" for v, op in zip(operands, ops + [""]))
            computed = float(eval(expr, {"__builtins__": {}}, {}))  # digits and + - * / only
            rhs_nums = numbers(m.group("rhs"))
            points = ops[-1:] == ["*"] and operands[-1] == 100 and not toks[-1].rstrip().endswith("%")
            shown = rhs_nums[0].value / (100.0 if rhs_nums[0].unit == "%" and not points else 1.0)
        except (ValueError, ZeroDivisionError, SyntaxError, KeyError, IndexError):
            continue
        out.append(Equation(m.group(0), operands, ops, shown, computed))
    return out


def _chained(line: str):
    """The equations of ``line``, a chain read link by link: "$15,000 × 3 = $45,000 × 0.7 = $31,500" shows
    15,000 × 3 = 45,000 and 45,000 × 0.7 = 31,500 — each result is the next link's first operand (read one match
    after another, the second link lost its first operand to the first link's result)."""
    pos = 0
    while (m := _EXPR.search(line, pos)) is not None:
        yield m
        pos = m.start("rhs")


UNIT_FACTORS = (100.0, 1000.0)


def is_unit_factor(value: float, unit: str | None, sentence: str) -> bool:
    """A unit-less 100 or 1,000 that is an operand of arithmetic shown in ``sentence`` ("$30,000 ÷ $12 × 1,000 ×
    0.6%": CPM is a price per thousand) is a definition, not a KB fact: no chunk has to state it, so neither
    grounding nor citation support may ask the cited text for it. Elsewhere ("reaches 1,000 people") it is a claim."""
    return not unit and value in UNIT_FACTORS and any(
        any(abs(o - value) < 1e-9 for o in e.operands) for e in equations(sentence))


def eval_expression(expr: str) -> float:
    """Evaluate a dataset expression ("50000 / 55"): numbers and + - * / ( ) only."""
    if not re.fullmatch(r"[\d\s.+\-*/()]+", expr or ""):
        raise ValueError(f"expression may use numbers and + - * / ( ) only: {expr!r}")
    return float(eval(expr, {"__builtins__": {}}, {}))


def expression_operands(expr: str) -> list[float]:
    """The numbers of a dataset expression ("50000 / 55" → [50000, 55]), read by :func:`numbers`."""
    return [n.value for n in numbers(re.sub(r"[+\-*/()]", " ", expr or ""))]


# ---------------------------------------------------------------- words
_WORD = re.compile(r"[a-z][a-z0-9'\-]+")


def content_words(text: str) -> list[str]:
    """Stemmed content words (the retrieval analyzer: stop words out, Snowball stems). A fresh list
    each call; the words are memoised per text, as every answer scorer reads the same sentences."""
    return list(_content_words(text))


@lru_cache(maxsize=8192)
def _content_words(text: str) -> tuple[str, ...]:
    from rag.analyzer import get_analyzer

    an = get_analyzer(True, True)
    return tuple(w for w in an.words(strip_citations(text)) if not w[0].isdigit() and len(w) > 2)


# ---------------------------------------------------------------- abstention phrases
ABSTAIN_RE = re.compile(
    r"not (?:in|covered (?:by|in)|part of|available in|found in|included in) (?:the |our |my |this )?knowledge[- ]base"
    r"|knowledge[- ]base (?:does not|doesn't|has no|contains no|lacks|does not contain|doesn't contain|doesn't have|does not have)"
    r"|no knowledge[- ]base (?:passage|entry|document|data|benchmark|figure|source)"
    r"|\b(?:couldn't|could not|can't|cannot|didn't|did not|was unable to|am unable to|unable to) find\b"
    r"|\b(?:don't|do not) have (?:a |any |reliable |enough )?(?:benchmark|data|information|figure|number|source|sizing|passage)"
    r"|\bno (?:benchmark|data|information|figure|sizing|passage)s? (?:for|on|about|that)\b"
    r"|\b(?:outside|beyond) (?:the |my |this )?(?:scope|knowledge[- ]base|coverage)"
    r"|\bout of scope\b|\bnot covered\b|\bisn't covered\b|\baren't covered\b"
    r"|\bnothing in the knowledge[- ]base\b"
    r"|\b(?:can't|cannot|can not|won't be able to|am not able to) answer (?:it|this|that)?\s*(?:from|using|with|based on) "
    r"(?:the |my )?knowledge[- ]base",
    re.I,
)


def abstains(text: str) -> bool:
    return bool(ABSTAIN_RE.search(text or ""))


# ---------------------------------------------------------------- conversational meta sentences
META_RE = re.compile(
    r"^(?:i|i'm|i am|i'll|i'd|i've|let me|let's|happy to|glad to|feel free|thanks|thank you|sure|great question|"
    r"if you(?:'d| would| have| want| can| share| tell| like)?|would you|do you|shall i|want me|should i)\b"
    r"|\bI (?:can(?:'t|not)?|won't|will|would|don't|do not|am|'m|'ll|'d) (?:help|guess|answer|invent|make up|walk|"
    r"run|build|plan|do|calculate|size|look|check|share|give|suggest|recommend you)\b",
    re.I)


def is_meta(sentence: str) -> bool:
    """Conversational text about the exchange itself ("I can help you plan…", "If you share
    your numbers, …", "tell me your vertical and I can narrow it") — not a factual claim about the world."""
    return bool(META_RE.search((sentence or "").strip())) or asks_input(sentence)


_CLAUSES = re.compile(r"\s*(?::|;|\s[-–—]\s)\s*")  # where one clause of a sentence ends and the next begins
# a clause that asks the user for input: an imperative addressed to them ("tell me your vertical", "let us know which
# platform", "send over your CPA", "share the budget"), perhaps with the offer it is made with ("… and I can narrow it")
_REQUEST = re.compile(r"^(?:(?:so|just|please|then|now),? )*(?:(?:tell|let) (?:me|us)\b|(?:send|give|share|provide|"
                      r"pass|post|paste|drop)(?: (?:me|us|over|along|on))*\s+(?:your|the|which|what|how|whether)\b)", re.I)
# a clause saying only what the answer turns on of the user's own ("the figure depends on your vertical", "it varies
# with your market"): the reason for the request beside it, no statement about the evidence
_TURNS_ON = re.compile(r"^(?:it|this|that|the (?:[a-z\-]+ ){0,2}?[a-z\-]+) (?:depends|varies|differs|changes|hinges) "
                       r"(?:on|with|by|according to) (?:your|the user's)\b[^,]*$", re.I)


def asks_input(sentence: str) -> bool:
    """A sentence that asks the user for input and states nothing else: each of its clauses is a request
    (:data:`_REQUEST`) or only says what the answer turns on of the user's (:data:`_TURNS_ON`), and one is a
    request. A clause that says anything else — "TikTok is the cheapest platform: tell me your vertical" — keeps
    the whole sentence a claim; a figure in any of it is checked as every meta sentence's is (the caller)."""
    parts = [c.strip(" .!") for c in _CLAUSES.split((sentence or "").strip()) if c.strip(" .!")]
    asks = [bool(_REQUEST.match(c)) for c in parts]
    return any(asks) and all(a or _TURNS_ON.match(c) for a, c in zip(asks, parts))


def parse_value_range(text: str) -> tuple[float, float, str] | None:
    """A benchmark cell as numbers: "$30–$55" → (30, 55, "$"), "0.8x–1.4x" → (0.8, 1.4, "x"),
    "2.5:1–3.5:1" → (2.5, 3.5, ":1"), "0.9%" → (0.9, 0.9, "%"). The scorers parse cells with their
    own number reader, never ``mpa.tables``'s: a parsing bug on the tool side cannot hide itself."""
    nums = numbers(text or "")
    if not nums:
        return None
    a, b = (nums[0], nums[1]) if len(nums) > 1 else (nums[0], nums[0])
    return a.value, b.value, a.unit or b.unit
