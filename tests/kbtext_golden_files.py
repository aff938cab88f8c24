"""File-level golden checks shared by the plain-text fixture KBs' tests (kb_txt2, kb_txt3): each KB's
test keeps its own reading of its lists (a row checker), and these drive that checker over a goldens
file and prove it can fail — so a fixture test cannot pass by checking nothing."""
from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Callable, Iterator

from tests import kbtext_goldens as kg

AUD_FIELDS = {"id", "audience_type", "geography", "expected_source", "expected_size", "expected_size_text",
              "tags", "why"}


def benchmark_file_errors(data: Path, check: Callable[[dict], list], rows_min: int, tags_min: dict) -> list[str]:
    """``benchmarks.jsonl`` has ``rows_min`` rows, ``tags_min[tag]`` rows of each tag, and no row ``check`` rejects."""
    rows = kg.load(data, "benchmarks.jsonl")
    errors = [f"benchmarks.jsonl: {len(rows)} rows < {rows_min}"] if len(rows) < rows_min else []
    errors += [f"benchmarks.jsonl: fewer than {n} rows tagged {tag!r}" for tag, n in tags_min.items()
               if kg.tagged(rows, tag) < n]
    return errors + [e for row in rows for e in check(row)]


def benchmark_checker_misses(data: Path, check: Callable[[dict], list], is_label: Callable[[str], object],
                             other_platform: str, present: tuple[str, str, str], sentence_platform: str) -> list[str]:
    """What ``check`` fails to reject among goldens spoiled five ways: a wrong value, a dropped fact, a
    fact on ``other_platform``, an absent row for a pair the KB states (``present``: vertical, metric,
    platform), an ambiguous row missing the fact a sentence states on ``sentence_platform``."""
    rows = kg.load(data, "benchmarks.jsonl")
    ambiguous = next(r for r in rows if "ambiguous" in r["tags"])
    wrong_value, dropped, wrong_platform = (copy.deepcopy(ambiguous) for _ in range(3))
    wrong_value["expected_facts"][0]["value"] = "$99.99"
    dropped["expected_facts"] = dropped["expected_facts"][1:]
    wrong_platform["expected_facts"][0]["platform"] = other_platform
    absent = copy.deepcopy(next(r for r in rows if "absent" in r["tags"] and is_label(r["vertical"])))
    absent["vertical"], absent["metric"], absent["platform"] = present
    sentence = copy.deepcopy(next(r for r in rows if "sentence" in r["tags"] and "ambiguous" in r["tags"]))
    sentence["expected_facts"] = [f for f in sentence["expected_facts"] if f["platform"] != sentence_platform]
    cases = (("a wrong value", wrong_value, "not stated"), ("a dropped fact", dropped, "lists more facts"),
             ("another platform", wrong_platform, "not stated"), ("a present pair", absent, "tagged absent, but"),
             ("a sentence's fact", sentence, "a sentence states"))
    return [f"the benchmark checker missed {what}" for what, row, says in cases if not any(says in e for e in check(row))]


def figure_places(text: str, figure_text: str) -> list[str]:
    """The lines and sentences of ``text`` that state ``figure_text`` as a whole number."""
    figure = re.compile(rf"(?<![\d.,]){re.escape(figure_text)}(?![\d,])")
    return [ln for ln in text.splitlines() if figure.search(ln)] + [s for s in kg.sentences(text) if figure.search(s)]


def retrieval_and_abstain_errors(data: Path, texts: dict, retrieval_min: int, paraphrase_min: int,
                                 abstain_min: int) -> list[str]:
    """``retrieval.jsonl`` (≥ ``retrieval_min`` rows, ``paraphrase_min`` paraphrases, 2 multi-hop) and
    ``abstain.jsonl`` (≥ ``abstain_min`` rows) pass the shared checks."""
    retrieval, abstain = kg.load(data, "retrieval.jsonl"), kg.load(data, "abstain.jsonl")
    errors = [f"{what}: too few rows" for what, ok in (
        ("retrieval", len(retrieval) >= retrieval_min), ("paraphrase", kg.tagged(retrieval, "paraphrase") >= paraphrase_min),
        ("multi-hop", kg.tagged(retrieval, "multi-hop") >= 2), ("abstain", len(abstain) >= abstain_min)) if not ok]
    return errors + kg.retrieval_errors(retrieval, texts) + kg.abstain_errors(abstain)


def assert_scenarios_hold(data: Path, texts: dict, value_is_stated: Callable[[str, str, str], bool],
                          audience_is_stated: Callable[[str, int], bool]) -> None:
    """At least two scenarios, each holding only KB figures and right arithmetic, and a checker that
    rejects a spoiled one."""
    def check(name: str, sc: dict) -> list[str]:
        return kg.scenario_errors(name, sc, texts, value_is_stated, audience_is_stated)

    assert len(list((data / "scenarios").glob("*.json"))) >= 2
    assert kg.scenario_file_errors(data, check) == []
    kg.assert_scenario_checker_catches(data, check)


def size_next_to(texts: dict, place: str, size: int) -> bool:
    """Some line names ``place`` and states ``size`` as "436,000", "2.62M", "0.34M" or "610k"."""
    forms = {f"{size:,}", f"{size / 1e6:.1f}M", f"{size / 1e6:.2f}M", f"{size // 1000}k"}
    return any(place in ln and any(f in ln for f in forms) for text in texts.values() for ln in text.splitlines())


def fixture_words(name: str) -> tuple[dict, dict, dict, dict]:
    """A fixture KB's own reading of user words and units (``tests/fixtures/<name>_words.json``, test data beside the
    KB, not the product's synonym tables): its unit_of, vertical_labels, platform_words and metric_words."""
    words = json.loads((Path(__file__).resolve().parent / "fixtures" / f"{name}_words.json").read_text(encoding="utf-8"))
    return words["unit_of"], words["vertical_labels"], words["platform_words"], words["metric_words"]


def fixture(name: str) -> tuple[Path, dict[str, str]]:
    """(goldens folder, {file: text}) of the fixture KB ``tests/fixtures/<name>``."""
    fixtures = Path(__file__).resolve().parent / "fixtures"
    return fixtures / f"{name}_datasets", kg.read_kb(fixtures / name)


class Scanned:
    """One KB's figures as its own scanner reads them, and the golden checks built on them: ``rows()`` (list and
    profile rows with a label), ``facts()`` (those stating a figure), ``clauses()`` (prices in prose), and the
    fixture's own reading of user words (``labels``, ``metric_words``, ``metric_codes``, ``same`` — a business named
    in fewer words elsewhere). The KBs' tests differ only in their scanners."""

    def __init__(self, texts: dict, rows: Callable[[], tuple], facts: Callable[[], tuple], clauses: Callable[[], tuple],
                 labels: dict, metric_words: dict, metric_codes: dict, same: Callable[[str], str] = lambda s: s):
        self.texts, self.rows, self.facts, self.clauses = texts, rows, facts, clauses
        self.labels, self.metric_words, self.metric_codes, self.same = labels, metric_words, metric_codes, same

    def label(self, phrase: str) -> str | None:
        p = phrase.strip().lower()
        if p in self.labels:
            return self.labels[p]
        return next((f["label"] for f in self.rows() + self.clauses()
                     if f["label"].lower() == p or self.same(phrase.strip()) == f["label"]), None)

    def metric(self, phrase: str) -> str:
        p = phrase.strip().lower()
        return self.metric_words.get(p, self.metric_codes.get(p.upper(), p.upper()))

    def stated(self, label: str, metric: str, platform: str | None, facts=None) -> list[dict]:
        return [f for f in (self.facts() if facts is None else facts) if f["label"].lower() == label.lower()
                and f["metric"] == metric and (platform is None or f["platform"] == platform)]

    def why_not_stated(self, fact: dict, label: str, metric: str) -> str | None:
        """Why ``fact`` is not stated in its source for ``label``, or None when it is."""
        if fact["source"] not in self.texts:
            return f"source {fact['source']!r} is not a KB file"
        if any(f["source"] == fact["source"] and f["value"] == fact["value"] and f["platform"] == fact["platform"]
               for f in self.stating(label, metric, None)):
            return None
        return f"{label} × {metric} = {fact['value']!r} ({fact['platform']}) is not stated in {fact['source']}"

    def listed(self, label: str, metric: str, platform: str | None) -> set:
        return {(f["platform"], f["value"]) for f in self.stated(label, metric, platform)}

    def stating(self, label: str, metric: str, platform: str | None) -> list:
        return self.stated(label, metric, platform) + self.stated(label, metric, platform, self.clauses())

    def prose_expected(self, facts: list[dict], label: str, metric: str, platform: str | None) -> list[str]:
        """A clause that states the pair must have its figure among the expected facts."""
        return [f"a sentence states {label} × {metric} too, and no expected fact is its figure: {c['line'][:60]!r}"
                for c in self.stated(label, metric, platform, self.clauses())
                if not any(f["value"] == c["value"] and f["platform"] == c["platform"] for f in facts)]

    def row_checker(self, platforms: dict, tags: frozenset, unit_of: dict) -> Callable[[dict], list]:
        """Everything wrong with one benchmarks.jsonl row, read with this KB's own scanner."""
        reader = self.reader(platforms, tags, unit_of)
        return lambda row: kg.benchmark_row_errors(row, reader)

    def reader(self, platforms: dict, tags: frozenset, unit_of: dict) -> kg.BenchReader:
        return kg.BenchReader(texts=self.texts, label=self.label, metric=self.metric, platforms=platforms,
                              why_not_stated=self.why_not_stated, listed=self.listed, stating=self.stating, tags=tags,
                              unit_of=unit_of, extra=self.prose_expected)

    def misplaced(self, row: dict, src: str, text: str) -> list[str]:
        """The figure stands on a line or in a sentence naming the geography (its first word)."""
        where = figure_places(self.texts[src], text)
        place = (row.get("geography") or "").split(" ")[0]
        return [] if place and any(place in w for w in where) else [f"{text!r} does not stand next to {place} in {src}"]

    def audience_row_errors(self, row: dict) -> list[str]:
        return kg.audience_row_errors(row, self.texts, AUD_FIELDS, self.misplaced)

    def value_is_stated(self, vertical: str, metric: str, value: str) -> bool:
        label = self.label(vertical) or vertical
        return any(f["value"] == value for f in self.stating(label, self.metric(metric), None))

    def audience_is_stated(self, geography: str, size: int) -> bool:
        return size_next_to(self.texts, geography.split()[0], size)

    def goldens_errors(self, data: Path, name: str, check: Callable[[dict], list], sizes: dict, spoil: dict) -> list[str]:
        """Benchmarks, audience, retrieval and abstain rows and the gate of the goldens ``data`` of the KB ``name``,
        read against the text: ``sizes`` the least rows (benchmarks, tags, retrieval, abstain); ``spoil`` what the
        spoiled goldens use (another platform, a present pair, a sentence's platform, an audience the KB sizes)."""
        audience = kg.load(data, "audience.jsonl")
        return (benchmark_file_errors(data, check, sizes["benchmarks"], sizes["tags"])
                + benchmark_checker_misses(data, check, self.label, spoil["platform"], spoil["present"], spoil["sentence"])
                + ([] if len(audience) >= 12 and kg.tagged(audience, "absent") >= 3 else ["audience.jsonl: too few rows"])
                + kg.audience_checker_errors(audience, self.audience_row_errors, spoil["audience"])
                + retrieval_and_abstain_errors(data, self.texts, sizes["retrieval"], 4, sizes["abstain"])
                + kg.own_gate_errors(data, name))


def prose_facts(texts: dict, read: Callable[[str, str, str], list[dict]]) -> Callable[[], tuple]:
    """The figures a KB states in prose (cached): ``read(sentence, heading, sentence_before)`` gives the facts (label,
    platform, metric, value) one sentence of a framed section states, each then sourced to its file and sentence. The
    walk over sections and sentences is the same for every plain-text fixture KB; what a price sentence says differs."""
    @functools.lru_cache(maxsize=None)
    def facts() -> tuple[dict, ...]:
        found = []
        for source, text in texts.items():
            for heading, body in kg.section_texts(text).items():
                said = kg.sentences(body)
                for before, s in zip([""] + said, said):
                    found += [{**fact, "source": source, "line": s} for fact in read(s, heading, before)]
        return tuple(found)
    return facts

def clause_reader(pattern: re.Pattern, label: Callable[[str], str], platforms: dict, *, groups: tuple[int, int, int, int]
                  ) -> Callable[[str, str, str], list[dict]]:
    """A :func:`prose_facts` reader for a KB whose price sentences ``pattern`` matches: the match's groups numbered
    ``groups`` are (business, platform, value, what is paid for), in whatever order the KB's sentence says them."""
    who, where, value, unit = groups

    def read(s: str, _heading: str, _before: str) -> list[dict]:
        return [{"label": label(m.group(who)), "platform": platforms.get(m.group(where).lower(), m.group(where)),
                 "metric": "COST PER " + m.group(unit).upper(), "value": m.group(value)} for m in pattern.finditer(s)]
    return read


def prose_prices(facts: Callable[[], tuple]) -> set[tuple[str, str, str, str]]:
    """(business, platform, what is paid for, value) of each price :func:`prose_facts` read, for a scanner's own test."""
    return {(c["label"], c["platform"], c["metric"].removeprefix("COST PER "), c["value"]) for c in facts()}


def profile_fact(profile: str, line: str, key: str, value: str, source: str, metric_codes: dict) -> dict:
    """A ``Metric: value`` line of a profile block as a scanned fact: the profile's business, no platform."""
    metric = key.upper()
    return {"label": profile, "platform": None, "metric": metric_codes.get(metric, metric), "market": None,
            "value": value, "source": source, "line": line}


def labelled(scanned: Callable[[], tuple]) -> tuple[Callable[[], tuple], Callable[[], tuple]]:
    """(rows, facts) of a scanner: the rows about a business (a list of platform rows names none) and those that state
    a figure the shared value reader reads ($, %, x)."""
    def rows() -> tuple:
        return tuple(f for f in scanned() if f["label"])

    def facts() -> tuple:
        return tuple(f for f in rows() if kg.parse_value(f["value"]))
    return rows, facts


BENCH_TAGS = frozenset({"platform", "ambiguous", "absent", "synonym", "sentence", "bullet", "kv-line"})


def read_caption(caption: str, pattern: re.Pattern, platforms: dict, codes: dict) -> tuple[str | None, str, str | None]:
    """(platform, metric, market) a list caption names, by a KB's caption ``pattern`` (group 1 the head, group 2 the
    market): the head's leading platform (``platforms``: as captioned → as written), the rest its metric (``codes``)."""
    m = pattern.match(caption)
    head, platform = m.group(1), None
    for name, written in platforms.items():
        if head.startswith(name + " "):
            head, platform = head[len(name) + 1:], written
            break
    return platform, codes.get(head, head), m.group(2)


_SCAN_PROFILE = re.compile(r"^([A-Z][A-Z0-9 -]+?) - [A-Z -]*PROFILE$")
_SCAN_BULLET = re.compile(r"^- ([^:]+): (.+)$")
_SCAN_KV = re.compile(r"^([A-Z][A-Za-z-]+(?: [A-Za-z0-9-]+)*): (.+)$")
_SCAN_DECLARED = re.compile(r"^META_VERTICALS: ([A-Z_]+)$")


def scan_rows(texts: dict, caption: re.Pattern, read: Callable[[str], tuple], row: Callable[..., dict | None],
              metric_codes: dict) -> tuple[dict, ...]:
    """Every ``- Label: value`` row under a list caption (``caption``, read by ``read`` into (platform, metric, market))
    and every ``Metric: value`` line of a ``… PROFILE`` block, as scanned facts. ``row(rows_are, declared, current,
    label)`` says what a list row is — its label, platform and metric — from the list's "BY …" line, the one vertical
    its section declares (None when it declares several or ALL) and the caption read; the loop is the same for every
    plain-text fixture KB, what a row is differs (kb_txt5's BY METRIC, kb_txt6's BY AD NETWORK)."""
    facts = []
    for source, text in texts.items():
        current, rows_are, profile, declared = None, None, None, None
        for line in text.splitlines():
            s = line.strip()
            if not s or kg.DASHES.match(s):  # a list or a profile ends at a blank line or a frame
                current, profile = None, None
            elif (m := _SCAN_PROFILE.match(s)):
                current, profile = None, m.group(1).title().replace(" And ", " and ")
            elif s.startswith("META_VERTICALS:"):  # the one vertical a section declares, if one
                d = _SCAN_DECLARED.match(s)
                declared = d.group(1).replace("_", " ").title() if d and d.group(1) != "ALL" else None
            elif caption.match(s) and not s.startswith(("META -", "META_")):
                current, rows_are, profile = read(s), None, None
            elif current and s.startswith("BY "):
                rows_are = s.split(" - ")[0]
            elif current and (b := _SCAN_BULLET.match(s)):
                fact = row(rows_are, declared, current, b.group(1))
                if fact is not None:
                    facts.append({**fact, "market": current[2], "value": b.group(2).split(" (")[0], "source": source,
                                  "line": s})
            elif profile and (k := _SCAN_KV.match(s)) and k.group(1) != "Notes":
                facts.append(profile_fact(profile, s, k.group(1), k.group(2), source, metric_codes))
    return tuple(facts)


def scan_lists_and_profiles(texts: dict, caption: Callable[[str], tuple | bool | None],
                            profile: Callable[[str], str | None], cells: Callable[[str], list], note: str,
                            metric_codes: dict) -> tuple[dict, ...]:
    """Every ``- Label: value<note>…`` row under a list caption whose rows are businesses, and every cell of the lines
    under a profile's opening line, as scanned facts. ``caption(line)`` is None for a line that is no caption, False for
    a caption whose rows are not businesses, else (platform, metric); ``profile(line)`` the business a profile opens
    (its lists' plural) or None; ``cells(line)`` the (key, value) pairs a profile line holds; ``note`` what opens a
    row's note (``" ("``, ``" ["``). A list or a profile ends at a blank line or a frame. kb_txt11 (dotted profiles)
    and kb_txt12 (pipe-grid profiles) differ only in these readers."""
    facts = []
    for source, text in texts.items():
        current, business = None, None
        for line in text.splitlines():
            s = line.strip()
            if not s or kg.DASHES.match(s):
                current, business = None, None
            elif (p := profile(s)):
                current, business = None, p
            elif (c := caption(s)) is not None:
                current, business = c or None, None
            elif current and (b := _SCAN_BULLET.match(s)):
                facts.append({"label": b.group(1), "platform": current[0], "metric": current[1], "market": None,
                              "value": b.group(2).split(note)[0], "source": source, "line": s})
            elif business:
                facts += [profile_fact(business, s, key, value, source, metric_codes) for key, value in cells(s)]
    return tuple(facts)


def row_scanner(texts: dict, caption: re.Pattern, read: Callable[[str], tuple], row: Callable[..., dict | None],
                metric_codes: dict) -> Callable[[], tuple]:
    """``scan_rows`` of a KB as a cached function of no arguments: every list row (what it is, ``row``) and every
    profile line, with its market when the caption names one."""
    @functools.lru_cache(maxsize=None)
    def scanned() -> tuple[dict, ...]:
        return scan_rows(texts, caption, read, row, metric_codes)
    return scanned


def scan_platform_rows(texts: dict, caption: re.Pattern, read: Callable[[str], tuple], platform_rows: tuple[str, ...],
                       metric_codes: dict) -> Callable[[], tuple]:
    """``scan_rows`` (cached) for a KB whose lists "BY <one of platform_rows>" have platforms for rows, under the one
    vertical their section declares (kb_txt6's BY AD NETWORK, kb_txt7's BY LEAD MARKETPLACE); any other list's rows
    are businesses, on the caption's platform if it names one."""
    def row(rows_are: str | None, declared: str | None, current: tuple, label: str) -> dict:
        if rows_are in platform_rows:
            return {"label": declared, "platform": label, "metric": current[1]}
        return {"label": label, "platform": current[0], "metric": current[1]}

    return row_scanner(texts, caption, read, row, metric_codes)


def framed_lines(texts: dict) -> Iterator[tuple[str, str | None]]:
    """(source, stripped line) of every line of every KB text, the line None where a table or a profile ends: a blank
    line, a frame of dashes, and the start of each file (so a scanner's state never runs from one file into the next)."""
    for source, text in texts.items():
        yield source, None
        for line in text.splitlines():
            s = line.strip()
            yield source, (s if s and not kg.DASHES.match(s) else None)
