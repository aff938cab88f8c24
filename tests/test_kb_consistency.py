"""The knowledge base must not contradict its own benchmark tables.

The vertical benchmark tables (``kb/benchmarks-<vertical>.md``, read by ``mpa.tables``) are
the single source of truth for vertical × metric numbers. Every other place in the KB — prose
sentences, bullets, other tables, even the notes inside the benchmark files — that names a
vertical AND a metric AND attaches a number to that metric must stay inside ``[Low, High]`` of
that vertical × metric table row, and must not give a number at all for a pair the tables do
not cover (CPG CAC, automotive ROAS, …).

How a statement is read (deliberately simple and documented, so a failure is explainable):

* Units of text: each table row (cells prefixed with their column header, so a table with a
  "Vertical" column or vertical-named columns still names its vertical), each sentence of a
  paragraph or bullet, each header line.
* Verticals: :data:`CHECK_VERTICALS` — a subset of ``mpa.vocabulary.VOCABULARY["verticals"]``
  without the words that are mostly used in a non-vertical sense in this KB ("health" as in
  account health, "game", "games", "software", "auto" as in auto-bidding, "bank" as in
  "bank on", "retailer(s)" which in the retail-media documents is the media owner, and
  "university"), and "retail" is not a vertical when followed by "media".
  Inside ``benchmarks-<vertical>.md`` a statement that names no vertical is about that
  file's vertical.
* Metrics: every synonym in ``VOCABULARY["metrics"]`` (plural forms too: "CPMs").
* A number is attached to a metric when it carries the metric's unit (``$`` for cost metrics,
  ``%`` for CTR/CVR, ``x``/``:1`` for ROAS and LTV:CAC) and either directly precedes the
  metric ("a $40 blended CAC") or follows a metric mention in the same unit of text. Ranges
  ("$30–$55", "1.8%–3.2%", "$30 to $55") are one number with two ends; both ends are checked.
* The vertical of a number is the nearest vertical mention before it in the unit of text,
  else the nearest one after it, else the file's vertical (benchmark files only).
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from mpa.vocabulary import VOCABULARY
from mpa.tables import benchmark_rows, iter_tables, line_offsets, read_kb_texts, vertical_of

ROOT = Path(__file__).resolve().parent.parent
KB = ROOT / "kb"

EXPECTED_VERTICALS = {"ecommerce", "saas", "retail", "financial-services", "travel", "cpg", "automotive",
                      "healthcare", "education", "gaming"}

# Synonyms used by this check: VOCABULARY["verticals"] minus generic words (see module docstring).
CHECK_VERTICALS: dict[str, list[str]] = {
    "ecommerce": ["ecommerce", "e-commerce", "dtc", "d2c", "direct-to-consumer", "direct to consumer", "online store"],
    "saas": ["saas", "b2b saas", "b2b software", "subscription software"],
    "retail": ["retail", "omnichannel retail", "brick-and-mortar"],
    "financial-services": ["financial services", "financial-services", "fintech", "banking", "finserv", "lending",
                           "neobank"],
    "travel": ["travel", "hospitality", "travel and hospitality", "hotel", "hotels", "airline", "airlines"],
    "cpg": ["cpg", "consumer packaged goods", "fmcg", "packaged goods"],
    "automotive": ["automotive", "car dealer", "car dealers", "dealership", "dealerships", "car buyers"],
    "healthcare": ["healthcare", "health care", "telehealth", "healthtech"],
    "education": ["education", "edtech", "higher education", "online courses"],
    "gaming": ["gaming", "mobile gaming", "mobile games"],
}
# Never vertical mentions even though they contain a vertical word.
NOT_A_VERTICAL = re.compile(r"retail[ -]media|retail[ -]network", re.I)

METRIC_UNITS = {"CAC": {"$"}, "CPA": {"$"}, "CPM": {"$"}, "CPC": {"$"}, "CPL": {"$"}, "CPI": {"$"}, "CPCV": {"$"},
                "CTR": {"%"}, "CVR": {"%"}, "ROAS": {"x", ":1"}, "LTV:CAC": {":1", "x"}}


def _alternation(terms) -> str:
    return "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))


_VERTICAL_RE = {
    key: re.compile(r"(?<![a-z0-9])(?:" + _alternation([key, *syns]) + r")(?![a-z0-9])", re.I)
    for key, syns in CHECK_VERTICALS.items()
}
_METRIC_TERMS = {t.lower(): key for key, syns in VOCABULARY["metrics"].items() for t in [key, *syns]}
_METRIC_RE = re.compile(r"(?<![a-z0-9])(" + _alternation(_METRIC_TERMS) + r")s?(?![a-z0-9])", re.I)
_NUM_RE = re.compile(
    r"(?<![\w.])(?P<cur>[$])?(?P<n>\d[\d,]*(?:\.\d+)?)(?:(?P<ratio>:1)(?![\d])|(?P<pct>\s?%)|(?P<x>[x×])(?![a-z])"
    r"|(?P<k>[kK])(?![a-z]))?"
)
_RANGE_JOIN = re.compile(r"^\s*(?:–|—|-|to)\s*$")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])[\"”')*]*\s+(?=[\"“(*_]*[A-Z0-9$])")
_OPERATOR_AFTER = re.compile(r"^\s*[÷×*/=≈]")
_OPERATOR_BEFORE = re.compile(r"[÷×*/=≈]\s*$")
MAX_GAP_WORDS = 25
_CONNECTIVES = {"and", "or", "but", "nor", "so", "at", "of", "for", "in", "on", "to", "with", "vs", "versus", "per",
                "the", "a", "an", "is", "are", "was", "than", "while", "plus", "from", "by", "into", "as"}
_TWO_WORDS = re.compile(r"^\s*(?:[A-Za-z][\w-]*\s+){0,2}$")
_HEADER = re.compile(r"^\s{0,3}#{1,6}\s+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}")


@dataclass
class Finding:
    source: str
    line: int
    text: str
    problem: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.problem}\n    {self.text.strip()}"


@dataclass
class _Num:
    start: int
    end: int
    low: float
    high: float
    unit: str
    raw: str


# ------------------------------------------------------------------ extraction
def _numbers(text: str) -> list[_Num]:
    singles = []
    for m in _NUM_RE.finditer(text):
        value = float(m.group("n").replace(",", ""))
        if m.group("k"):
            value *= 1000
        unit = "$" if m.group("cur") else "%" if m.group("pct") else ":1" if m.group("ratio") else \
            "x" if m.group("x") else ""
        singles.append(_Num(m.start(), m.end(), value, value, unit, m.group(0)))
    merged: list[_Num] = []
    for n in singles:
        prev = merged[-1] if merged else None
        if prev is not None and prev.low == prev.high and _RANGE_JOIN.match(text[prev.end:n.start]) \
                and (not prev.unit or not n.unit or prev.unit == n.unit):
            unit = prev.unit or n.unit
            merged[-1] = _Num(prev.start, n.end, prev.low, n.low, unit, text[prev.start:n.end])
        else:
            merged.append(n)
    return merged


def _vertical_mentions(text: str) -> list[tuple[int, str]]:
    blocked = [(m.start(), m.end()) for m in NOT_A_VERTICAL.finditer(text)]
    out = []
    for key, rx in _VERTICAL_RE.items():
        for m in rx.finditer(text):
            if any(s <= m.start() < e for s, e in blocked):
                continue
            out.append((m.start(), key))
    return sorted(out)


def _metric_mentions(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), _METRIC_TERMS[m.group(1).lower()]) for m in _METRIC_RE.finditer(text)]


def _is_modifier_gap(gap: str) -> bool:
    """True for "" / " blended " / " first-order " between a number and a metric; False for
    connectives ("$5–$10 and CPCV …") and punctuation."""
    if not _TWO_WORDS.match(gap):
        return False
    return not any(w.lower() in _CONNECTIVES for w in gap.split())


def _is_operand(text: str, num: _Num) -> bool:
    """A number inside shown arithmetic ("$100,000 ÷ $5.00 = 20,000") is an operand or a
    result, not a stated benchmark value."""
    return bool(_OPERATOR_AFTER.match(text[num.end:]) or _OPERATOR_BEFORE.search(text[:num.start]))


def claims(text: str, default_vertical: str | None = None) -> list[tuple[str, str, _Num]]:
    """(vertical, metric, number) triples stated in one unit of text."""
    metrics = _metric_mentions(text)
    if not metrics:
        return []
    verticals = _vertical_mentions(text)
    if not verticals and default_vertical is None:
        return []
    nums = [n for n in _numbers(text) if n.unit]
    attached: dict[int, str] = {}
    # 1. a number directly before a metric ("a $40 blended CAC", "$5.00 CPI") belongs to it
    for i, num in enumerate(nums):
        following = next((m for m in metrics if m[0] >= num.end), None)
        if following and _is_modifier_gap(text[num.end:following[0]]) and num.unit in METRIC_UNITS[following[2]]:
            attached[i] = following[2]
    direct = set(attached)
    # 2. a metric mention claims the first number after it ("CAC typically runs $30–$55")
    for k, (_, m_end, metric) in enumerate(metrics):
        next_metric = metrics[k + 1][0] if k + 1 < len(metrics) else len(text)
        for i, num in enumerate(nums):
            if num.start < m_end:
                continue
            if num.start >= next_metric or i in direct or len(text[m_end:num.start].split()) > MAX_GAP_WORDS:
                break
            if _is_operand(text, num) or num.unit not in METRIC_UNITS[metric]:
                continue
            attached[i] = metric
            break
    out = []
    for i, metric in sorted(attached.items()):
        num = nums[i]
        before = [v for pos, v in verticals if pos < num.start]
        after = [v for pos, v in verticals if pos >= num.end and not re.search(r"[,;:—()]", text[num.end:pos])]
        vertical = before[-1] if before else after[0] if after else default_vertical
        if vertical is not None:
            out.append((vertical, metric, num))
    return out


def _units(text: str, skip_offsets: set[int]):
    """Yield (line number, unit text) for every sentence, bullet sentence, header and table row."""
    lines, offsets = line_offsets(text)
    i = 0
    para: list[tuple[int, str]] = []

    def flush():
        if para:
            lineno = para[0][0]
            joined = " ".join(t.strip() for _, t in para)
            for sentence in _SENTENCE_SPLIT.split(joined):
                if sentence.strip():
                    yield lineno, sentence
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("|") and i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]):
            yield from flush()
            header = [c.strip() for c in line.strip().strip("|").split("|")]
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                if offsets[j] not in skip_offsets:
                    cells = [c.strip() for c in lines[j].strip().strip("|").split("|")]
                    yield j + 1, " | ".join(f"{h}: {c}" for h, c in zip(header, cells))
                j += 1
            i = j
            continue
        if not line.strip():
            yield from flush()
        elif _HEADER.match(line) or _BULLET.match(line):
            yield from flush()
            para.append((i + 1, line))
            if _HEADER.match(line):
                yield from flush()
        else:
            para.append((i + 1, line))
        i += 1
    yield from flush()


@lru_cache(maxsize=None)
def _text_units(text: str, skip_offsets: frozenset[int]) -> tuple[tuple[int, str], ...]:
    """:func:`_units` memoised, for the same reason as :func:`_unit_claims`: of the KB copy each
    test re-checks, only one file's text differs from the previous check's."""
    return tuple(_units(text, skip_offsets))


@lru_cache(maxsize=None)
def _unit_claims(unit: str, default_vertical: str | None) -> tuple[tuple[str, str, _Num], ...]:
    """:func:`claims` memoised: the tests below re-check a KB copy that differs from kb/ in one
    sentence, so all but that sentence's claims are already known (~0.1 s per check otherwise)."""
    return tuple(claims(unit, default_vertical))


# ------------------------------------------------------------------ the checker
def check_kb(kb_dir: str | Path) -> list[Finding]:
    """Every contradiction between the KB and its benchmark tables (empty list = consistent)."""
    docs = read_kb_texts(kb_dir)
    texts = dict(docs)
    names = set(texts)
    rows = benchmark_rows(docs)
    findings: list[Finding] = []

    # structure: the ten vertical files, one benchmark table each
    for v in sorted(EXPECTED_VERTICALS):
        if f"benchmarks-{v}.md" not in names:
            findings.append(Finding(f"benchmarks-{v}.md", 0, "", "vertical benchmark file is missing"))
    for source, text in docs:
        if vertical_of(source) is None:
            continue
        tables = [t for t in iter_tables(text, source)
                  if t and {"Metric", "Low", "Typical", "High"} <= set(t[0].cells)]
        if len(tables) != 1:
            findings.append(Finding(source, 0, "", f"expected exactly one benchmark table, found {len(tables)}"))

    # no two rows for the same vertical × metric
    table: dict[tuple[str, str], object] = {}
    for r in rows:
        key = (r.vertical, r.metric)
        if key in table:
            o = table[key]
            what = "disagree" if (o.low, o.typical, o.high) != (r.low, r.typical, r.high) else "are duplicated"
            line = texts[r.source][:r.start].count("\n") + 1
            findings.append(Finding(r.source, line, f"{r.metric_name} | {r.low} | {r.typical} | {r.high}",
                                    f"rows for {key[0]} × {key[1]} {what} ({o.source}: {o.low} / {o.typical} / "
                                    f"{o.high})"))
        else:
            table[key] = r

    # prose, bullets and other tables against the table rows
    by_source: dict[str, set[int]] = {}
    for r in rows:
        by_source.setdefault(r.source, set()).add(r.start)
    for source, text in docs:
        default = vertical_of(source)
        for lineno, unit in _text_units(text, frozenset(by_source.get(source, ()))):
            for vertical, metric, num in _unit_claims(unit, default):
                row = table.get((vertical, metric))
                if row is None:
                    findings.append(Finding(source, lineno, unit,
                                            f"{num.raw!r} given for {vertical} × {metric}, a pair the benchmark "
                                            f"tables do not cover"))
                    continue
                lo, hi = row.low_value, row.high_value
                if lo is None or hi is None:
                    continue
                eps = 1e-9 * max(abs(hi), 1)
                if not (lo - eps <= num.low <= hi + eps and lo - eps <= num.high <= hi + eps):
                    findings.append(Finding(source, lineno, unit,
                                            f"{num.raw!r} for {vertical} × {metric} is outside the table's "
                                            f"[Low, High] = [{row.low}, {row.high}] ({row.source})"))
    return findings


def _report(findings: list[Finding]) -> str:
    return f"{len(findings)} contradiction(s) between kb/ and its benchmark tables:\n" + \
        "\n".join(str(f) for f in findings)


# ------------------------------------------------------------------ tests: the shipped KB
def test_shipped_kb_has_the_ten_vertical_files():
    present = {p.name for p in KB.glob("benchmarks-*.md")}
    missing = sorted(f"benchmarks-{v}.md" for v in EXPECTED_VERTICALS if f"benchmarks-{v}.md" not in present)
    assert not missing, f"missing vertical benchmark files: {missing}"


def test_shipped_kb_is_consistent_with_its_tables():
    findings = check_kb(KB)
    assert not findings, _report(findings)


def test_check_synonyms_are_a_subset_of_the_vocabulary():
    vocab = VOCABULARY["verticals"]
    assert set(CHECK_VERTICALS) == set(vocab)
    for key, syns in CHECK_VERTICALS.items():
        extra = set(syns) - set(vocab[key]) - {key}
        assert not extra, f"{key}: {sorted(extra)} are not in mpa.vocabulary VOCABULARY"


# ------------------------------------------------------------------ tests: the checker can fail
@pytest.fixture(scope="module")
def _kb_module_copy(tmp_path_factory) -> Path:
    dst = tmp_path_factory.mktemp("kb_consistency") / "kb"
    shutil.copytree(KB, dst)
    return dst


@pytest.fixture
def kb_tmp(_kb_module_copy) -> Path:
    """A writable copy of kb/, the same folder for every test of this module and put back to kb/'s
    content after each one (a copy per test left ~1,000 files a run for pytest to delete later)."""
    dst = _kb_module_copy
    yield dst
    want = {p.relative_to(KB): p for p in KB.rglob("*") if p.is_file()}
    keep = set(want) | {d for rel in want for d in rel.parents}
    for p in sorted(dst.rglob("*"), reverse=True):
        if p.relative_to(dst) not in keep:
            p.unlink() if p.is_file() or p.is_symlink() else shutil.rmtree(p)
    for rel, src in want.items():
        if not (dst / rel).is_file() or (dst / rel).read_bytes() != src.read_bytes():
            (dst / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst / rel)


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n\n" + text + "\n", encoding="utf-8")


def test_checker_passes_the_unmodified_copy(kb_tmp):
    assert check_kb(kb_tmp) == check_kb(KB)


@pytest.mark.parametrize("sentence,needle", [
    ("Ecommerce CAC typically runs $120.", "ecommerce × CAC"),
    ("For a DTC brand, plan on a $150 CAC in the first quarter.", "ecommerce × CAC"),
    ("Fintech CTR usually sits at 4.5%.", "financial-services × CTR"),
    ("Mobile gaming ROAS of 3.5x is a realistic day-30 target.", "gaming × ROAS"),
    ("B2B software teams should expect LTV:CAC of 10:1.", "saas × LTV:CAC"),
    ("Travel CPMs run $7–$40 in peak season.", "travel × CPM"),
    ("CPG CAC typically runs $15.", "cpg × CAC"),  # absent pair
    ("Automotive ROAS is usually 3.0x.", "automotive × ROAS"),  # absent pair
    ("Plan a $150 ecommerce CAC for cold prospecting.", "ecommerce × CAC"),
    ("Healthcare CVR runs 1.2%–9.0% for telehealth intake.", "healthcare × CVR"),
    ("Real estate is out of scope, but SaaS CPL is often $400.", "saas × CPL"),
])
def test_checker_flags_injected_contradiction(kb_tmp, sentence, needle):
    _append(kb_tmp / "glossary.md", sentence)
    new = [f for f in check_kb(kb_tmp) if f.source == "glossary.md" and sentence in f.text]
    assert new, f"the checker missed the injected contradiction {sentence!r}"
    assert needle in new[0].problem, str(new[0])
    assert sentence in _report(new) and "glossary.md" in _report(new)


def test_checker_flags_contradiction_inside_a_benchmark_file(kb_tmp):
    """A note in benchmarks-saas.md that names no vertical is about SaaS."""
    _append(kb_tmp / "benchmarks-saas.md", "## Injected note\n\nA healthy CAC here is $90.")
    new = [f for f in check_kb(kb_tmp) if f.source == "benchmarks-saas.md"]
    assert any("saas × CAC" in f.problem and "$90" in f.text for f in new), new


@pytest.mark.parametrize("sentence", [
    "Ecommerce CAC typically runs $30–$55.",
    "Ecommerce CAC can reach the High value of $95 in peak weeks.",
    "SaaS CAC of $450–$900 compares with ecommerce CAC of $30–$55.",
    "Retail media CPMs of $40 are a channel number, not a retail benchmark.",
    "A brand with a $40 CAC and $120 contribution margin can afford more.",   # no vertical
    "Account health matters: a CAC of $500 is fine when LTV is $2,000.",     # "health" is not a vertical
    "Ecommerce CAC fell 20% after the change.",                               # % is not a CAC unit
    "Ecommerce: $50,000 ÷ $55 CAC ≈ 909 customers.",                          # budget is an operand
    "Ecommerce CAC of $30–$55 means $50,000 buys 909 to 1,667 customers.",
    "The CPG table puts CPM at $5–$10 and CPCV at $0.02–$0.05.",              # connective, not a modifier
    "Gaming studios track CPI; ecommerce ROAS of 2.5x–4.0x is another world.",
])
def test_checker_accepts_consistent_or_unrelated_statements(kb_tmp, sentence):
    _append(kb_tmp / "glossary.md", sentence)
    new = [f for f in check_kb(kb_tmp) if f.source == "glossary.md" and sentence in f.text]
    assert not new, _report(new)


def test_checker_flags_structural_problems(kb_tmp):
    (kb_tmp / "benchmarks-gaming.md").unlink()
    text = (kb_tmp / "benchmarks-travel.md").read_text(encoding="utf-8")
    table = next(iter_tables(text, "benchmarks-travel.md"))
    cac = next(r for r in table if r.cells["Metric"].startswith("CAC"))
    line_end = text.index("\n", cac.start)
    row = text[cac.start:line_end]
    bad = row.replace(cac.cells["Typical"], "$400–$500")
    second = "\n\n## Second table\n\n| Metric | Low | Typical | High | When it applies |\n| --- | --- | --- | --- | --- |\n" \
             + bad + "\n"
    (kb_tmp / "benchmarks-travel.md").write_text(text + second, encoding="utf-8")
    problems = [f.problem for f in check_kb(kb_tmp)]
    assert any("benchmarks-gaming.md" in str(f) and "missing" in f.problem for f in check_kb(kb_tmp)), problems
    assert any("exactly one benchmark table, found 2" in p for p in problems), problems
    assert any("travel × CAC disagree" in p for p in problems), problems
