"""Rows of a list whose caption says they are something other than verticals, but which the
knowledge base itself names as verticals elsewhere — and lists whose rows are platforms.

Why: a stranger KB groups its figures by whatever suits the page: ``BY TIER`` over
``- SaaS (Enterprise Tier): $10.90-12.60`` (rows another list of the same KB gives ``BY VERTICAL``),
``BY PLATFORM`` over ``- LinkedIn: $310-380`` under a heading naming the vertical. Read only by
the caption's "BY …" clause, the tier rows were kept as a qualifier (no vertical answered a
look-up for them) and the platform rows were read as verticals named "LinkedIn". The KB's own
lists decide: a row label it names as a vertical in some list is one here too (spelled as that
list spells it), and a "BY PLATFORM/CHANNEL/NETWORK" list's rows are the platforms.
"""
from __future__ import annotations

import re

# a list "BY LEAD SOURCE" / "BY TRAFFIC SOURCE" names where the people came from: the platforms and channels
# ("- Reddit Ads: $960-1,110", "- Pinterest: 6.1-7.0%"), asked as that platform's figure
ROW_PLATFORMS = {"platform", "platforms", "channel", "channels", "network", "networks", "ad platform", "ad platforms",
                 "publisher", "publishers", "source", "sources", "lead source", "lead sources", "traffic source",
                 "traffic sources"}
SOURCE_ROWS = {"source", "sources", "lead source", "lead sources", "traffic source", "traffic sources"}
# a kind of outlet, marketplace or source: "BY OUTLET" (farm media titles), "BY LEAD MARKETPLACE" (QuoteWizard,
# EverQuote), "BY REFERRAL SOURCE" (Caring.com, Google Ads), "BY SIGN-UP SOURCE", a kind of site ("BY METASEARCH
# SITE" over Tripadvisor and Kayak, "BY LEAD SITE" over Angi and Thumbtack) — each row is where the media was bought
_PLATFORM_HEADS = {"platform", "platforms", "channel", "channels", "network", "networks", "publisher", "publishers",
                   "outlet", "outlets", "marketplace", "marketplaces", "source", "sources", "exchange", "exchanges",
                   "site", "sites", "website", "websites", "app", "apps"}  # "BY STREAMING APP" (Peacock, Plex)


def names_platforms(dim: str | None) -> bool:
    """A list's "BY …" dimension whose rows are platforms: one of ROW_PLATFORMS, or any kind of platform, channel,
    network or publisher the caption's last word names ("BY RETAIL NETWORK" over "- Target Roundel: 4.9x", "BY AD
    NETWORK" over "- Unity Ads: $2.10-2.60", "BY PROMOTION CHANNEL" over "- LinkedIn Event Ads: $78-92") — the
    words before it say which kind, not that the rows are businesses."""
    return bool(dim) and (dim in ROW_PLATFORMS or dim.split()[-1] in _PLATFORM_HEADS or bool(_MEDIA_SELLER.fullmatch(dim)))


# a service or an app named by the medium it sells ("BY STREAMING SERVICE" over "- Peacock: $31-37", "BY MUSIC APP"):
# a seller of ad space; a service alone ("BY SERVICE", "BY CLEANING SERVICE") is a business's own line of work
_MEDIA_SELLER = re.compile(r"(?:[a-z]+ )?(?:streaming|video|audio|music|tv|ctv|ott|podcast|radio) (?:services?|apps?)")


def row_platform(label: str, dim: str | None = None) -> str:
    """The platform a row of a "BY PLATFORM" list names: the vocabulary's when the row is one of its names
    ("Microsoft Advertising" → Bing Ads, "Streaming TV (one DMA)" → Connected TV, "YouTube on mobile" → YouTube),
    else the row as written —
    "Apple Search Ads" is its own platform, not the vocabulary's "search ads" channel. A "BY LEAD SOURCE" row
    names a platform and what was bought on it ("LinkedIn Sponsored Content", "Google Ads Non-Brand Search"):
    the platform its first words name."""
    from mpa.vocabulary import VOCABULARY
    bare = " ".join(re.sub(r"\([^()]*\)", " ", label).lower().split())
    bare = re.sub(r"\s+on\s+.*$", "", bare)  # "YouTube on TV screens": the platform, on a placement
    said = next((k for k, syns in VOCABULARY["platforms"].items() if bare == k.lower() or bare in syns), None)
    if said is None and dim in SOURCE_ROWS:
        said = next((k for k, syns in VOCABULARY["platforms"].items()
                     if any(bare.startswith(n + " ") for n in {k.lower(), *syns})), None)
    return said or label


def named_by_source_row(f) -> bool:
    """A platform a "BY LEAD SOURCE" row of no vertical names ("Quora question ads", "Trade show badge scans"): a
    name for that row's figure, not one the KB's prose uses for a platform — a sentence "on Quora question ads"
    stays on the platform its section names."""
    return bool(f.platform and f.platform == f.label and re.match(r"(?:lead |traffic )?sources?: ", f.qualifier or ""))


_DIMENSION_ROW = re.compile(r"^(?P<dim>[a-z][a-z ]*): (?P<label>.+?)(?:; (?P<rest>.*))?$")


def _same_name(v: str) -> str:
    """A vertical's name for comparing spellings: case and a plural "s" on its last word aside ("Crypto Exchange"
    in a caption, "CRYPTO EXCHANGES" heading a profile)."""
    return re.sub(r"s$", "", v.casefold())


def rows_as_verticals(facts: list) -> None:
    """In place: a benchmark row kept under another dimension ("tier: SaaS (Enterprise Tier)") whose
    label the KB names as a vertical elsewhere becomes that vertical's figure; a vertical spelled in
    another case than the KB's first spelling of it ("Saas (Mid-Market Tier)") or in the singular ("Crypto
    Exchange" before a caption's metric, "Crypto Exchanges" elsewhere) takes that spelling."""
    known: dict[str, str] = {}
    for f in facts:  # a row's own spelling ("SaaS") beats one title-cased from an ALL-CAPS heading ("Saas")
        if f.kind == "benchmark" and f.vertical:
            had = known.setdefault(_same_name(f.vertical), f.vertical)
            if had == had.title() and f.vertical != f.vertical.title() and had.casefold() == f.vertical.casefold():
                known[_same_name(f.vertical)] = f.vertical
            elif had.casefold() + "s" == f.vertical.casefold():  # a list names a kind of business in the plural
                known[_same_name(f.vertical)] = f.vertical
    for f in facts:
        if f.kind != "benchmark":
            continue
        if f.vertical:
            f.vertical = known.get(_same_name(f.vertical), f.vertical)
            continue
        m = _DIMENSION_ROW.match(f.qualifier or "")
        if f.geography is None and m and m.group("label") == f.label and _same_name(f.label) in known:
            f.vertical = known[_same_name(f.label)]
            f.qualifier = m.group("rest") or ""


def kept_rows(facts: list) -> set[str]:
    """The labels of benchmark rows kept under a dimension of their own ("event type: Comedy Shows", "insurance line:
    Renters Insurance") — kinds of business a list groups by its own word for them. The prose may price one of them
    as a business ("Comedy shows that sold tickets on TikTok … paid about $6.40 per ticket sold", "A continuing care
    retirement community that advertised … on Google Ads paid about $210 per inquiry"): the sentence reader looks for
    them beside the KB's verticals, and a row so priced is then that vertical's (:func:`rows_as_verticals`)."""
    out = set()
    for f in facts:
        m = _DIMENSION_ROW.match(f.qualifier or "") if f.kind == "benchmark" and not f.vertical else None
        if m and m.group("label") == f.label and f.geography is None and not f.platform and len(f.label.split()) >= 2:
            out.add(f.label)
    return out


def kind_rows(facts) -> list[str]:
    """The rows of lists by a kind of platform that the fact reader filed under the caption's channel ("PROGRAMMATIC
    AUDIO CPM" / "BY AUDIO PLATFORM" / "- iHeartRadio: $14–18": Programmatic, audio platform iHeartRadio): names the
    KB prices as platforms, for the platform note the tools declare — without it "what's the iHeartRadio CPM?" named no
    platform the agent knew and was searched, not looked up. Never a name of the vocabulary's own."""
    from mpa.vocabulary import VOCABULARY
    known = {n.lower() for k, syns in VOCABULARY["platforms"].items() for n in (k, *syns)}
    out = set()
    for f in facts:
        dim, _, row = (f.qualifier or "").split(";")[0].partition(": ")
        if f.kind == "benchmark" and row and row == f.label and f.platform != f.label and names_platforms(dim) \
                and f.label.lower() not in known and row_platform(f.label, dim) == f.label:
            out.add(f.label)
    return sorted(out)
