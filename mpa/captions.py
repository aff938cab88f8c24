"""What a list's caption names in the knowledge base's own words: a metric or a platform the
vocabulary does not know.

Why: a plain-text KB heads each list with a caption of one of two English shapes,
``<PLATFORM> <METRIC> BENCHMARKS - <YEAR>`` or ``<METRIC> - <PLATFORM> <YEAR>`` (kb_txt's
``BING ADS CPC BENCHMARKS - 2024``). A KB the project was not written with uses the same shapes for
metrics and platforms the vocabulary lacks — ``TIKTOK CPV BENCHMARKS``, ``COST PER BOOKED CALL -
GOOGLE ADS 2025``, ``YOUTUBE VIEW RATE BENCHMARKS``, ``REDDIT CPC BENCHMARKS``. Unread, such a list
took the enclosing section's metric or platform: booked-call figures were filed as cost per lead
(the section was "COST PER LEAD AND COST PER BOOKED CALL") and Reddit's clicks as Snapchat's (the
section "REDDIT AND SNAPCHAT" names only the platform the vocabulary knows).

Only the caption's shape is read, never a list of names: a metric is a "cost/price per <unit>"
phrase, a "<words> rate" phrase, or one short acronym right before the caption word
(``BENCHMARKS``); the platform is what stands before the metric.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, built_for, find_first
from rag.regexes import said_whole

_YEAR = re.compile(r"\b(?:(?:Q[1-4]|H[12])\s+|FY\s?)?(?:19|20)\d{2}\b")  # "2025", "Q4 2025", "FY2025"
_CAPTION_WORD = re.compile(r"\s+(?:benchmarks?|targets?|figures|ranges?)$", re.I)
_PER = re.compile(r"^(?:cost|price) per [a-z][a-z-]*(?: [a-z][a-z-]*){0,2}$", re.I)
_RATE = re.compile(r"^[a-z][a-z-]*(?: [a-z][a-z-]*){0,3} rat(?:e|io)$", re.I)  # "view rate", "marketing efficiency ratio"
_NAME_THEN_PER = re.compile(r"^[A-Za-z][A-Za-z&.']*(?: [A-Za-z&.']+){0,3} (?P<per>(?:cost|price) per [a-z][a-z-]*(?: [a-z][a-z-]*){0,2})$",
                            re.I)
_ACRONYM = re.compile(r"^(?P<before>.*?)\s*\b(?P<acr>[A-Z]{2,5})$")
# the format a seller's inventory comes in, written after its name ("SIRIUSXM AUDIO CPM"): not part of the name
_FORMAT = re.compile(r"\s+(?:audio|video|radio|display|podcasts?)$", re.I)
# ... unless the words before the format say where or how it is sold, not who sells it ("LOCAL RADIO", "ONLINE VIDEO")
_SCOPE = re.compile(r"(?:local|national|regional|network|spot|broadcast|terrestrial|satellite|digital|streaming|online"
                    r"|programmatic)", re.I)


def _head(caption: str) -> tuple[str, bool]:
    """The caption's first dash-separated part without its year, and whether it ended in a caption word."""
    first = re.split(r"\s+[-–—](?:\s+|$)", re.sub(r"\(\s*\)", " ", _YEAR.sub(" ", caption)).strip())[0]  # "(2025)" too
    first = re.sub(r",?\s+by\s+[a-z][a-z -]*$", "", " ".join(first.split()), flags=re.I)  # "…, BY PLATFORM": the rows, not it
    bare = _CAPTION_WORD.sub("", first)
    return bare, bare != first


def _any_name(items: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern:
    """Every platform name of the table as one word-bounded, case-blind pattern, longest first: its first match is
    the name starting earliest, the longest of those starting there — what searching for each name on its own and
    keeping the earliest (longest at a tie) finds, in one scan instead of one per name (~100)."""
    names = sorted({s for _, syns in items for s in syns}, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, names)) + r")(?![a-z0-9])", re.I)


def _platform_span(text: str) -> tuple[int, int] | None:
    """Where the first vocabulary platform name stands in ``text`` (the longest name starting there)."""
    m = built_for(VOCABULARY["platforms"], _any_name).search(text)
    return m.span() if m else None


def caption_metric(caption: str) -> str | None:
    """The metric a caption names in its own words, when the vocabulary names none in it: "cost per
    booked call", "view rate", "CPV" (an acronym before ``BENCHMARKS``); None otherwise."""
    if not caption or find_first(caption, VOCABULARY["metrics"]):
        return None
    head, captioned = _head(caption)
    span = _platform_span(head)
    rest = head[span[1]:].strip() if span and span[0] == 0 else head
    if _PER.match(rest) or _RATE.match(rest):
        return rest.lower()
    named = _NAME_THEN_PER.match(rest)  # "YELP ADS COST PER VISIT - 2025": a platform the vocabulary lacks, then the metric
    if named and (captioned or _YEAR.search(caption)):
        return named.group("per").lower()
    m = _ACRONYM.match(rest)
    if captioned and m and (not m.group("before") or span is None):
        return m.group("acr")
    return None


def _words_before(caption: str, metric_words: list[str]) -> str | None:
    """What a caption's head writes before the longest of ``metric_words`` it names past its start ("REDDIT" in
    "REDDIT CPC BENCHMARKS", "90-DAY" in "90-DAY ROAS"), or None: the one place both a platform's short name and a
    measuring age are read from, so the two readers agree on which metric word the caption is about."""
    head, _ = _head(caption)
    low = head.lower()
    for w in sorted((w for w in metric_words if w), key=len, reverse=True):
        m = said_whole(w.lower(), low)
        if m and m.start() > 0:
            return head[:m.start()].strip(" -–—:")
    return None


def name_before_metric(caption: str, metric_words: list[str]) -> str | None:
    """The short name a caption puts before its metric ("REDDIT" in "REDDIT CPC BENCHMARKS"), or None."""
    before = _words_before(caption, metric_words)
    if before is not None and re.fullmatch(r"[A-Za-z][A-Za-z&.' ]{1,40}", before) and len(before.split()) <= 4:
        return before
    return None


def caption_measure(caption: str, metric_words: list[str]) -> str | None:
    """The age or horizon a caption measures its metric at, written before it with a number ("DAY-30 COHORT ROAS",
    "90-DAY ROAS" → "day-30 cohort", "90-day"): two lists of one metric at two ages are two figures, not one
    repeated. None when the words before the metric hold no number or name a platform."""
    before = _words_before(caption or "", metric_words)
    if before is not None and re.search(r"\d", before) and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 -]{1,40}", before) \
            and len(before.split()) <= 4 and _platform_span(before) is None:
        return before.lower()
    return None


def caption_subject(caption: str, metric_words: list[str]) -> str | None:
    """What a caption over a list of platform rows names before its metric — the vertical the rows are about
    ("CRYPTO EXCHANGE COST PER INSTALL - 2025" → Crypto Exchange); None when it names a platform or nothing."""
    before = name_before_metric(caption, metric_words) if caption else None
    if not before or _platform_span(before) is not None or re.match(r"(?i)by\b", before):
        return None
    return before.title() if before.isupper() else before


def caption_quantity(block: tuple[str, ...]) -> str | None:
    """What a list measures when its caption names no metric in any known shape but a "BY …" line says what
    its rows are ("MINIMUM MONTHLY SPEND - 2025" / "BY PLATFORM", "AVERAGE FIRST GIFT - 2025" / "BY CAUSE"):
    the caption's words, a short noun phrase naming no platform; None otherwise."""
    if len(block) < 2 or re.match(r"(?i)by\b", block[0]) or not any(re.match(r"(?i)by\b", h) for h in block[1:]):
        return None
    head, _ = _head(block[0])
    head = re.sub(r"\s+IN\s+[A-Z][A-Za-z .'-]{1,40}$", "", head)  # "… PRICE IN SOUTH KOREA": the market, not the quantity
    # words may carry an age ("DAY-7 RETENTION"); a quantity "per" one thing "per" another may run longer ("LOCAL
    # MEDIA BUDGET PER LOCATION PER MONTH")
    word = r"[A-Za-z][A-Za-z0-9'-]*"
    most = 7 if re.search(r"(?i)\bper\b", head) else 4
    if not re.fullmatch(rf"{word}(?: {word}){{1,{most}}}", head) or _platform_span(head):
        return None
    return head.lower()


def _shouted(head: str) -> bool:
    """Whether a caption's words are all capitals (two words at least): a list's own caption line, never prose."""
    return len(head.split()) > 1 and head.isupper()


def caption_platform(caption: str, metric_words: list[str], shouted: bool = False) -> str | None:
    """The platform a caption names before its metric when the vocabulary does not know it ("REDDIT CPC
    BENCHMARKS" → Reddit, "APPLE SEARCH ADS CPI BENCHMARKS" → Apple Search Ads: a known name that does
    not open the words is part of another's; "SIRIUSXM AUDIO CPM BENCHMARKS" → SiriusXM: a format word after
    the name is what it sells, and the KB's prose and its readers name the seller); None when the words are a
    known platform or absent. ``shouted``: a line in capitals with neither year nor caption word counts too
    ("STREAMING AUDIO CPM" over "BY BUSINESS TYPE") — the caller's last resort, since such a line may as well
    qualify the metric ("LINK CLICK-THROUGH RATE" under "META CTR BENCHMARKS - 2024")."""
    if not caption:
        return None
    head, captioned = _head(caption)
    if not captioned and not _YEAR.search(caption) and not (shouted and _shouted(head)):
        return None  # "… BENCHMARKS", "… - 2025" or (asked for) a line in capitals: a caption, not a sentence
    low = head.lower()
    cut = None
    for w in sorted((w for w in metric_words if w), key=len, reverse=True):
        m = said_whole(w.lower(), low)
        if m and m.start() > 0:
            cut = m.start()
            break
    if cut is None:
        return None
    before = head[:cut].strip(" -–—:")
    if not re.fullmatch(r"[A-Za-z][A-Za-z&.' ]{1,40}", before) or len(before.split()) > 4:
        return None
    span = _platform_span(before)
    if span is not None and span[0] == 0:
        return None  # "GOOGLE ADS SHOPPING": the known platform, qualified
    named = _FORMAT.sub("", before)  # "SIRIUSXM AUDIO" sells audio; the seller is SiriusXM
    before = named if named != before and not _FORMAT.match(" " + named) and not _SCOPE.fullmatch(named) else before
    return before.title() if before.isupper() else before


def metric_words(metric: str | None) -> list[str]:
    """The words a caption may name ``metric`` by: the key and the vocabulary's names for it."""
    if not metric:
        return []
    return [metric, *VOCABULARY["metrics"].get(metric, [])]


def platforms_in_kb(text: str | None, stated: set[str]) -> set[str] | None:
    """The KB's own platform names the words say ("Reddit", "Apple Search Ads") among ``stated`` (the platforms
    its figures carry), else the platforms they name by the vocabulary (:func:`mpa.labels.platforms_named`), else
    the KB's own platforms whose name begins with the words ("Yelp" → "Yelp Ads"); None when no platform was
    asked, an empty set when they name none."""
    from mpa.labels import platforms_named
    low = " ".join(str(text or "").lower().split())
    own = {p for p in stated if p and p not in VOCABULARY["platforms"]
           and said_whole(p.lower(), low)}
    if own:
        return own  # "Apple Search Ads" is the KB's own, not the vocabulary's "search ads"
    named = platforms_named(text)
    if named and not named & stated:  # "LinkedIn" for the KB's row "LinkedIn Sponsored Content": the platform the
        # vocabulary names, as the KB's own name for one of its products begins
        heads = {low} | {n.lower() for k in named for n in (k, *VOCABULARY["platforms"].get(k, ()))}
        longer = {p for p in stated if p and p not in VOCABULARY["platforms"]
                  and any(p.lower().startswith(h + " ") for h in heads)}
        return named | longer
    if named or not low:
        return named
    if whole := {p for p in stated if p and p.lower() == low}:
        return whole  # "X": a name too short for the vocabulary to find in words, asked as the KB's platform itself
    # "Yelp" for the KB's "Yelp Ads", "SiriusXM" for its "SIRIUSXM AUDIO" caption: a name the vocabulary does not
    # know, asked by the words the KB's own platform name starts with; "microsoft" for a stated platform every
    # vocabulary name of which that starts with the words is one platform's ("microsoft ads", "microsoft advertising")
    begun = {p for p in stated if p and p not in VOCABULARY["platforms"] and p.lower().startswith(low + " ")}
    by_names = {k for k, names in VOCABULARY["platforms"].items() if any(n.startswith(low + " ") for n in names)}
    if begun or len(by_names) == 1:
        return begun or by_names & stated
    # "agweb" for the KB's "Farm Journal AgWeb": a title asked by its own name, without its publisher's before it —
    # the last word of one stated platform's name, a word no vocabulary platform or channel uses
    if " " in low and len(tail := {p for p in stated if p and p.lower().endswith(" " + low)}) == 1:
        return tail  # "local services ads" for the KB's "Google Local Services Ads": its name without its owner's
    vocab_words = {w for k, names in VOCABULARY["platforms"].items() for n in (k, *names) for w in n.lower().split()}
    ended = {p for p in stated if p and p not in VOCABULARY["platforms"] and len(p.split()) > 1
             and p.lower().split()[-1] == low}
    return ended if len(ended) == 1 and len(low) >= 4 and " " not in low and low not in vocab_words else set()


# what may follow a caption's metric without naming a seller: the rows ("BY …"), a unit ("PER THOUSAND DOORS"), a place
# ("IN AUSTRALIA"), a scope ("FOR CLINICS") or a caption word
_NOT_AFTER = re.compile(r"(?:by|per|in|for|of|at|from|to|and|benchmarks?|targets?|figures|ranges?|rates?|tiers?|all|season|"
                        r"year|month|quarter|annual|monthly|weekly|average|median|typical|fy|ytd)\b", re.I)


def caption_platform_after(caption: str, metric_words: list[str], is_place=lambda _name: False) -> str | None:
    """The platform a caption names *after* its metric ("COST PER LEAD ON YELP", "COST PER LEAD - GOOGLE LOCAL SERVICES
    ADS - 2025"): the vocabulary's name when the words are one of its names whole ("CPC - GOOGLE ADS - 2025" → Google
    Ads), else the words as the KB writes them (a longer name that opens with a known one is another product: Google
    Local Services Ads); None when nothing, or no name, follows the metric."""
    low, cut = caption.lower(), None
    for w in sorted((w for w in metric_words if w), key=len, reverse=True):
        m = said_whole(w.lower(), low)
        if m:
            cut = m.end()
            break
    if cut is None:
        return None
    rest = re.match(r"\s*(?:\bon\b|[-–—:])\s*(?P<name>[A-Za-z][A-Za-z0-9&.' ]{1,40}?)\s*(?:$|[-–—,(])",
                    _YEAR.sub(" ", caption[cut:]), re.I)  # "- FY2025", "- SEASON 2025": no name
    name = rest.group("name").strip() if rest else ""
    if not name or len(name.split()) > 4 or _NOT_AFTER.match(name) or _CAPTION_WORD.search(" " + name):
        return None
    if is_place(name):  # "… - ONTARIO - 2025": a market (``is_place``: the caller's test of a place name)
        return None
    known = find_first(name, VOCABULARY["platforms"])
    if known and any(" ".join(name.lower().split()) == s for s in VOCABULARY["platforms"][known]):
        return known
    return name.title() if name.isupper() else name
