"""The media-planning vocabulary: verticals, metrics, topics, MPA-10 steps, audiences,
geographies and document types, each a canonical key with its synonyms — and the word-bounded
matchers that read them.

All vocabularies live in :data:`VOCABULARY` — one nested dict, easy to extend: add a synonym
to a list and every consumer (chunk tagging, filters, benchmark look-ups, the offline agent's
intent parser, the scorers) picks it up. Matching is on word boundaries, case-insensitive.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from rag.regexes import compiled

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "verticals": {
        "ecommerce": ["ecommerce", "e-commerce", "dtc", "d2c", "direct-to-consumer", "direct to consumer", "online store"],
        "saas": ["saas", "b2b saas", "b2b software", "software", "subscription software"],
        "retail": ["retail", "retailer", "retailers", "omnichannel retail", "brick-and-mortar"],
        "financial-services": ["financial services", "financial-services", "fintech", "banking", "bank", "finserv", "lending", "neobank"],
        "travel": ["travel", "hospitality", "travel and hospitality", "hotel", "hotels", "airline", "airlines", "online travel"],
        "cpg": ["cpg", "consumer packaged goods", "fmcg", "packaged goods"],
        "automotive": ["automotive", "auto", "car dealer", "car dealers", "dealership", "dealerships", "car buyers"],
        "healthcare": ["healthcare", "health care", "telehealth", "health", "healthtech"],
        "education": ["education", "edtech", "higher education", "online courses", "university", "universities", "tutoring", "test prep", "test preparation"],
        "gaming": ["gaming", "mobile gaming", "mobile games", "games", "game"],
    },
    "metrics": {
        "CAC": ["cac", "customer acquisition cost", "cost to acquire a customer", "acquisition cost", "cost per new customer"],
        "CPA": ["cpa", "cost per acquisition", "cost per action", "cost per conversion"],
        "CPM": ["cpm", "cost per thousand", "cost per mille", "cost per thousand impressions"],
        "CPC": ["cpc", "cost per click"],
        "CTR": ["ctr", "click-through rate", "click through rate", "clickthrough rate", "click rate"],
        "CVR": ["cvr", "conversion rate", "conv rate"],
        "ROAS": ["roas", "return on ad spend", "return on advertising spend", "revenue per ad dollar"],
        "LTV:CAC": ["ltv:cac", "ltv/cac", "ltv to cac", "ltv-to-cac", "lifetime value to cac", "ltv cac ratio", "ltv:cac ratio"],
        "CPL": ["cpl", "cost per lead"],
        "CPI": ["cpi", "cost per install", "cost per installation"],
        "CPCV": ["cpcv", "cost per completed view", "cost per completed video view"],
    },
    "topics": {
        "benchmarks": ["benchmark", "benchmarks", "typical range", "planning range"],
        "unit-economics": ["unit economics", "ltv", "lifetime value", "contribution margin", "payback", "break-even", "margin"],
        "audience": ["audience", "audiences", "persona", "personas", "segment", "segments", "lookalike", "tam", "sam", "som"],
        "geography": ["geography", "dma", "dmas", "state", "states", "regional", "market", "markets", "geo"],
        "budget": ["budget", "budgets", "allocation", "pacing", "spend", "flighting"],
        "channels": ["channel", "channels", "search", "social", "ctv", "programmatic", "retail media", "audio", "podcast", "ooh", "billboard", "affiliate", "email", "sms"],
        "measurement": ["measurement", "attribution", "mmm", "mta", "marketing mix", "incrementality", "geo-lift", "lift", "kpi tree"],
        "testing": ["test", "tests", "testing", "experiment", "experiments", "a/b", "holdout", "power", "minimum detectable effect"],
        "risk": ["risk", "risks", "contingency", "contingencies", "brand safety", "shock", "mitigation"],
        "creative": ["creative", "messaging", "message", "value proposition", "copy", "fatigue"],
        "first-party-data": ["first-party", "first party", "1p data", "crm", "clean room", "consent", "match rate"],
    },
    "steps": {
        "1": ["objective", "objectives", "kpi", "kpis", "goal", "goals", "north star", "north-star"],
        "2": ["unit economics", "cac", "ltv", "lifetime value", "contribution margin", "payback", "ltv:cac", "break-even"],
        "3": ["audience", "audiences", "persona", "personas", "segment", "segmentation", "audience sizing"],
        "4": ["geography", "geographic", "dma", "dmas", "state-level", "regional", "markets", "geo tier"],
        "5": ["budget", "budgets", "budget setting", "allocation", "flighting", "spend level"],
        "6": ["value proposition", "messaging", "message", "creative", "proof point", "proof points"],
        "7": ["channel mix", "channels", "media mix", "channel selection", "channel plan"],
        "8": ["measurement", "attribution", "mmm", "mta", "incrementality", "kpi tree", "reporting"],
        "9": ["testing", "experiment", "experimentation", "a/b test", "holdout", "geo-lift", "minimum detectable effect"],
        "10": ["risk", "contingency", "contingencies", "risk register", "efficiency shock", "mitigation"],
    },
    # verticals the benchmark edition deliberately leaves out (benchmarks-methodology.md › BM-NC):
    # a name that contains one of these never maps to a covered vertical by partial match
    # ("health insurance" is not healthcare, "auto insurance" is not automotive)
    "uncovered_verticals": {
        "real estate": ["real estate", "realtor", "realtors", "realty", "real-estate"],
        "insurance": ["insurance", "insurer", "insurers", "insurtech"],
        "nonprofit": ["nonprofit", "non-profit", "nonprofits", "charity", "charities", "donor", "donors"],
        "crypto": ["crypto", "cryptocurrency", "crypto exchange", "crypto exchanges", "bitcoin"],
        "restaurants": ["restaurant", "restaurants", "qsr", "quick-service restaurant", "quick service restaurant",
                        "fast food"],
        "legal services": ["legal services", "law firm", "law firms", "attorney", "attorneys", "lawyer", "lawyers",
                           "personal-injury"],
        "pet care": ["pet care", "pet grooming", "grooming and boarding", "pet boarding"],
        "luxury fashion": ["luxury fashion", "fashion house"],
        "sports betting": ["sports betting", "sportsbook", "sportsbooks", "betting", "gambling", "casino", "casinos"],
        "cannabis": ["cannabis", "dispensary", "dispensaries", "marijuana"],
    },
    # kinds of business another KB may label in its own words ("Beauty and Personal Care", "Senior
    # Living"): each key an industry, its list the names of businesses of that same kind in general
    # industry usage. Read only by mpa.labels to match a user's words to a KB's own vertical labels,
    # never by tagging. Tight on purpose: a neighbouring trade is not a member (veterinary clinics
    # are not pet supplies, roofers are not HVAC contractors), because rule 2 of mpa.labels answers
    # with every label of the key.
    "industries": {
        "beauty": ["beauty", "personal care", "cosmetics", "skincare", "skin care", "makeup", "make-up", "haircare",
                   "hair care", "fragrance", "fragrances", "toiletries", "beauty products"],
        "senior living": ["senior living", "assisted living", "memory care", "independent living", "senior housing",
                          "retirement community", "retirement communities", "continuing care retirement"],
    },
    # age groups by their common names, keyed by the band ("65+", "13-19") that KB labels state in
    # figures ("Adults 65 and older"); read by mpa.labels.age_band
    "age_groups": {
        "65+": ["seniors", "senior citizens", "elderly", "the elderly", "older adults", "older americans"],
        "13-19": ["teens", "teenagers"],
    },
    # audience types of the sizing table (kb/audience-sizing-reference.md), keyed by the table's
    # audience name in lower case; used by get_audience_sizing and the offline agent's parser
    "audiences": {
        "new parents": ["new parents", "new parent", "new moms", "new mom", "new dads", "new dad", "new moms and dads",
                        "new mothers", "new fathers", "parents of newborns", "parents of infants", "parents of babies"],
        "small business owners": ["small business owners", "small business owner", "small-business owners", "smb owners",
                                  "small businesses", "business owners", "entrepreneurs"],
        "college students": ["college students", "university students", "undergraduates", "college kids", "students"],
        "gen z gamers": ["gen z gamers", "gamers", "video gamers", "young gamers"],
        "homeowners planning renovation": ["homeowners planning renovation", "homeowners planning a renovation",
                                           "home renovators", "renovators", "home remodelers", "remodelers", "remodeling",
                                           "renovating", "home renovation", "home remodeling"],
        "pet-owning households": ["pet-owning households", "pet owning households", "pet owners", "pet households",
                                  "dog owners", "cat owners", "dog or cat owners"],
        "fitness enthusiasts": ["fitness enthusiasts", "fitness fans", "gym goers", "gym-goers", "gym members"],
        "retirees": ["retirees", "retired people", "retired adults", "retired seniors"],
        "b2b it decision makers": ["b2b it decision makers", "it decision makers", "it decision-makers", "it buyers",
                                   "it budget holders", "it managers", "technology decision makers",
                                   "tech decision makers", "tech buyers", "itdms"],
        "luxury travelers": ["luxury travelers", "luxury travellers", "affluent travelers", "high-end travelers"],
        "first-time home buyers": ["first-time home buyers", "first time home buyers", "first-time homebuyers",
                                   "first time homebuyers", "first-time buyers", "first time buyers", "home buyers", "homebuyers"],
        "electric vehicle intenders": ["electric vehicle intenders", "ev intenders", "ev buyers", "ev shoppers",
                                       "electric car buyers", "electric vehicle buyers", "electric vehicle shoppers"],
        "hispanic/latino adults": ["hispanic/latino adults", "hispanic adults", "latino adults", "latina adults",
                                   "hispanics", "latinos", "hispanic", "latino", "latinx"],
        "rural farm operators": ["rural farm operators", "farm operators", "farmers", "ranchers"],
        "registered nurses": ["registered nurses", "nurses", "rns"],
        "remote and hybrid workers": ["remote and hybrid workers", "remote workers", "hybrid workers",
                                      "work-from-home workers", "work-from-home employees", "work from home",
                                      "work-from-home", "wfh", "remote employees"],
    },
    # geographies named in free text (two-letter codes are handled case-sensitively by the
    # parsers, because "us", "in", "or" are ordinary words)
    "geographies": {
        "United States": ["united states", "u.s.", "usa", "nationwide", "national", "nationally", "america"],
        "Chicago DMA": ["chicago dma", "chicago", "chicagoland"],
        "Dallas–Fort Worth DMA": ["dallas–fort worth dma", "dallas-fort worth dma", "dallas–fort worth",
                                  "dallas-fort worth", "dallas fort worth", "dallas", "fort worth", "dfw"],
        "Los Angeles DMA": ["los angeles dma", "los angeles", "l.a."],
        "New York DMA": ["new york dma", "new york city", "nyc", "new york metro"],
        **{name: [name.lower()] for name in (
            "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
            "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
            "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
            "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
            "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
            "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
            "West Virginia", "Wisconsin", "Wyoming")},
    },
    # ad platforms and channels named in benchmark headings and questions; keys are the names
    # reported back (the facts' ``platform``)
    "platforms": {
        "Google Ads": ["google ads", "google adwords", "adwords", "google search", "google"],
        "Bing Ads": ["bing ads", "bing", "microsoft advertising", "microsoft ads", "microsoft search"],
        "Meta": ["meta", "meta ads", "facebook", "facebook ads", "instagram", "instagram ads", "facebook and instagram", "insta", "fb"],
        "LinkedIn": ["linkedin", "linkedin ads"],
        "TikTok": ["tiktok", "tiktok ads", "tik tok"],
        "YouTube": ["youtube", "youtube ads"],
        "Pinterest": ["pinterest", "pinterest ads"],
        "Snapchat": ["snapchat", "snap ads"],
        "X": ["twitter", "x ads", "twitter ads"],
        "Amazon Ads": ["amazon ads", "amazon advertising", "sponsored products", "sponsored product", "amazon"],
        "Connected TV": ["connected tv", "ctv", "streaming tv", "ott", "tv streaming", "smart tv", "smart tvs", "roku"],
        "Programmatic Display": ["programmatic display", "display", "programmatic", "display ads", "banner ads", "banner ad"],
        "Paid Search": ["paid search", "search ads", "sem"],
        "Paid Social": ["paid social", "social ads"],
    },
    # the channel each ad platform sells (domain knowledge: Google Ads is a search platform, Meta a social
    # one): a KB that writes per channel ("Search playbook") answers for a platform it never names
    "platform_channels": {
        "Google Ads": ["search"], "Bing Ads": ["search"], "Paid Search": ["search"],
        "Meta": ["social"], "LinkedIn": ["social"], "TikTok": ["social"], "Pinterest": ["social"],
        "Snapchat": ["social"], "X": ["social"], "Paid Social": ["social"],
        "YouTube": ["video", "ctv"], "Amazon Ads": ["retail media"], "Connected TV": ["ctv"],
        "Programmatic Display": ["programmatic"],
    },
    # document types are decided by file name first, then by content cues
    "document_types": {
        "benchmark": ["benchmarks-", "benchmark"],
        "framework-step": ["step-", "framework"],
        "channel-playbook": ["channel-", "playbook"],
        "audience": ["audience-", "geography-"],
        "measurement": ["measurement-", "attribution"],
        "budget": ["budget-"],
        "first-party-data": ["first-party"],
        "conversation-example": ["conversation"],
        "glossary": ["glossary"],
    },
}


@lru_cache(maxsize=None)
def term_pattern(terms: tuple[str, ...]) -> re.Pattern:
    """One compiled, cached regex matching any of ``terms`` on word boundaries (lower-case text); compiled past
    ``re``'s own cache (:func:`rag.regexes.compiled`: a few hundred such patterns pushed the code's fixed ones out)."""
    alts = sorted({re.escape(t.lower()) for t in terms}, key=len, reverse=True)
    return compiled(r"(?<![a-z0-9])(?:" + "|".join(alts) + r")(?![a-z0-9])")


_RUN = re.compile(r"[a-z0-9]+")
MEMO = 8192  # texts a table matcher keeps the answers of (_TableMatcher)


@lru_cache(maxsize=2048)
def _runs(text: str) -> tuple[str, frozenset[str]]:
    """``text`` lower-cased and its maximal ``[a-z0-9]`` runs — computed once per text, shared
    by every table the text is matched against (tagging matches each chunk against several; a turn's
    readers match the same message and passages against several tables in turn, so the cache holds
    a turn's texts, not just the last few)."""
    low = text.lower()
    return low, frozenset(_RUN.findall(low))


class _TableMatcher:
    """A table's synonyms checked against a text's word runs instead of one regex scan per key —
    tagging calls this for every chunk. A word-bounded occurrence of a term means each of the
    term's ``[a-z0-9]`` runs is a whole run of the text (the boundaries are exactly the
    non-``[a-z0-9]`` characters), so a term with a missing run cannot occur; a term that is one
    run and nothing else occurs iff that run is there; any other term that passes is confirmed
    with its own :func:`term_pattern`. Answers are exactly those of one :func:`term_pattern` per
    key (tests/test_tagging_speed_parity.py)."""

    def __init__(self, items: tuple[tuple[str, tuple[str, ...]], ...]):
        self.items = items
        self.keys = [k for k, _ in items]
        # per key: (runs every term needs, term pattern when the runs alone do not decide)
        self.terms: list[list[tuple[frozenset[str], re.Pattern | None]]] = []
        # the same checks reached from one run of each term, for texts with fewer runs than the
        # table has terms (questions); terms without any run are always checked
        self.by_run: dict[str, list[tuple[int, frozenset[str], re.Pattern | None]]] = {}
        self.always: list[tuple[int, frozenset[str], re.Pattern | None]] = []
        for i, (_, syns) in enumerate(items):
            checks = []
            for t in sorted({s.lower() for s in syns or ("",)}):  # no synonyms: matches like the empty pattern
                runs = frozenset(_RUN.findall(t))
                check = (runs, None if _RUN.fullmatch(t) else term_pattern((t,)))
                checks.append(check)
                first = _RUN.search(t)
                if first:
                    self.by_run.setdefault(first.group(), []).append((i, *check))
                else:
                    self.always.append((i, *check))
            self.terms.append(checks)
        self.size = sum(map(len, self.terms))
        # some key occurs ⇔ this matches: a cheap "nothing here" for a short text (a question)
        self.anywhere = term_pattern(tuple(t for _, syns in items for t in syns or ("",)))
        # text → its hit keys / its first key (find_first). Why: a turn's readers match the same message and the
        # same passages against a table again and again (~90,000 matches of ~29,000 texts in the test suite); the
        # answer is a pure function of the text and this matcher's items, which never change (a changed table gets
        # a new matcher, built_for), so it is kept here, bounded like the other per-text caches
        self._hits: dict[str, tuple[int, ...]] = {}
        self.first: dict[str, str | None] = {}

    def hit_keys(self, text: str) -> list[int]:
        """Indexes of the keys with a word-bounded occurrence in ``text``, in table order."""
        hit = self._hits.get(text)
        if hit is None:
            if len(self._hits) >= MEMO:
                self._hits.clear()
            hit = self._hits[text] = tuple(self._hit_keys(text))
        return list(hit)

    def _hit_keys(self, text: str) -> list[int]:
        low, words = _runs(text)
        if len(words) >= self.size:
            return [i for i, checks in enumerate(self.terms)
                    if any(runs <= words and (pat is None or pat.search(low)) for runs, pat in checks)]
        hit = {i for w in words for i, runs, pat in self.by_run.get(w, ())
               if runs <= words and (pat is None or pat.search(low))}
        hit.update(i for i, runs, pat in self.always if runs <= words and (pat is None or pat.search(low)))
        return sorted(hit)

    def match(self, text: str) -> list[str]:
        """:func:`match_terms` for this table."""
        return [self.keys[i] for i in self.hit_keys(text)]


@lru_cache(maxsize=256)
def _matcher(items: tuple[tuple[str, tuple[str, ...]], ...]) -> _TableMatcher:
    return _TableMatcher(items)


_BUILT: dict[tuple[int, Callable], tuple[dict, list, dict, object]] = {}


def built_for(table: dict[str, list[str]], build: Callable[[tuple[tuple[str, tuple[str, ...]], ...]], object]) -> object:
    """``build(items)`` of ``table`` as it is now (``items``: its (key, synonyms) pairs in order), made once.

    Why: readers match every message against the same few vocabulary tables, and turning a table into
    its hashable items to look up a cache built on them cost more than the matching itself (~10 µs per
    call for the places). Here the table is found by identity and checked against a copy of what it held
    when built (same keys in the same order, same synonyms), so a table changed in place is rebuilt and
    never answered stale; the entry holds the table itself, so its id cannot be reused by another one."""
    hit = _BUILT.get((id(table), build))
    if hit is not None and hit[0] is table and hit[2] == table and hit[1] == list(table):
        return hit[3]
    items = tuple((k, tuple(v)) for k, v in table.items())
    if len(_BUILT) >= 256:
        _BUILT.clear()
    made = build(items)
    _BUILT[(id(table), build)] = (table, list(table), {k: list(v) if isinstance(v, list) else tuple(v) for k, v in table.items()}, made)
    return made


def table_matcher(table: dict[str, list[str]]) -> _TableMatcher:
    """The matcher of ``table`` as it is now — for a caller matching many short texts against one
    table (a boost, once per search), which then skips re-reading the table each time."""
    return built_for(table, _matcher)


def _every_term(items: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern:
    return term_pattern(tuple(s for _, syns in items for s in syns))


def any_term(table: dict[str, list[str]]) -> re.Pattern:
    """:func:`term_pattern` of every synonym of ``table`` (to blank them all out of a message), found
    once per table (:func:`built_for`) instead of gathering the synonyms on every call."""
    return built_for(table, _every_term)


def match_terms(text: str, table: dict[str, list[str]]) -> list[str]:
    """Keys of ``table`` whose synonyms occur in ``text`` (word-bounded, case-insensitive)."""
    return table_matcher(table).match(text)


def find_first(text: str, table: dict[str, list[str]]) -> str | None:
    """The key whose synonym occurs earliest (longest synonym wins ties) — for parsing a
    single vertical or metric out of a question."""
    m = table_matcher(table)
    if text in m.first:  # the same text asked again (the matcher's memo, _TableMatcher)
        return m.first[text]
    low = text.lower()
    best: tuple[int, int, str] | None = None
    for i in m.hit_keys(text):
        key, syns = m.items[i]
        found = term_pattern(syns).search(low)
        if found and (best is None or (found.start(), -len(found.group())) < best[:2]):
            best = (found.start(), -len(found.group()), key)
    if len(m.first) >= MEMO:
        m.first.clear()
    m.first[text] = best[2] if best else None
    return m.first[text]


def canonical(value: str, table_name: str) -> str | None:
    """Map a user-supplied name ("e-commerce", "cost per acquisition") to its canonical key."""
    table = VOCABULARY[table_name]
    low = value.strip().lower()
    for key, syns in table.items():
        if low == key.lower() or low in syns:
            return key
    return find_first(value, table)


# a unit of one to three words before its price ("placement test cost", "day pass price")
_UNIT_FIRST = re.compile(r"([a-z][a-z-]*(?: [a-z][a-z-]*){0,2}) (?:cost|price)")


def unit_first(name: str) -> str:
    """A price named with its unit first or after "of a" ("placement test cost", "the cost of a booked tour") as
    "cost per placement test", "cost per booked tour" — the form KB labels use; anything else unchanged."""
    low = re.sub(r"^(?:the )?(?:price|cost) (?:of an?|of one|for an?|for each|of each) ", "cost per ", name)
    if (m := _UNIT_FIRST.fullmatch(low)) and m.group(1).split()[0] not in ("cost", "price", "per", "total", "media"):
        return f"cost per {m.group(1)}"
    return low


def as_cost_per(name: str) -> str:
    """A price metric named in another common form, as the vocabulary names it: its words joined by hyphens
    ("cost-per-install"), its price called a price ("price per thousand impressions") or its thousand written in
    figures ("cost per 1,000 views") → "cost per install", "cost per thousand impressions", "cost per thousand
    views"; the unit said first (:func:`unit_first`). Anything else unchanged."""
    low = " ".join((name or "").lower().split())
    if re.fullmatch(r"(?:cost|price)(?:-[a-z]+){2,}", low):
        low = low.replace("-", " ")
    low = unit_first(re.sub(r"^price per ", "cost per ", low))
    # "cost per 1,000 views", "cost per 1k impressions": the thousand written in figures
    return re.sub(r"^cost per (?:1,000|1000|1 000|1k)\b", "cost per thousand", low)
