"""Arithmetic on several of the user's own counts and shares that no single-figure rule covers.

Why: planners bring the numbers and ask for the one formula that ties them: "the display buy
covers 40% of the segment and the podcast 25% — how many hear us at least once?" (combined reach
under random duplication: 1 − Π(1 − share)); "the two ad platforms credit themselves with 700 and
450 sales, but our order system recorded only 800" (the platforms' total ÷ the count the business
itself recorded); "this city holds 3% of the people, 4.5% of our revenue and 3.6% of category
revenue — how does it index?" (brand and category development indexes: a share ÷ the population
share × 100); "affiliates drove $40k over 500 orders at 8% commission plus a $300 fee — cost per
order?" (commission + fees ÷ orders), and then "only 30% of those were incremental" (that cost ÷
the incremental orders). What each figure is comes from the English next to it (claim verbs,
contrast words such as "only" or "but", "population", "category", "commission", "fee"); every
input is the user's, and with one missing or ambiguous no line is written.
"""
from __future__ import annotations

import re

from agent.offline import amounts, compare, fractionwords, sizeshare
from agent.offline.asking import asks_anything, asks_from
from agent.offline.buyline import reach_line
from agent.offline.numbers import Num, digits, money, parse_numbers, plain
from agent.offline.searchq import CITED
from mpa.vocabulary import VOCABULARY
from rag.regexes import compiled

_REACH_VERBS = ("reach\\w*", "hit(?:s|ting)?", "covers?", "covering", "get(?:s|ting)? in front of", "see(?:s|ing)?", "hears?",
                "exposed")  # what a platform does to the people it reaches
_REACH = re.compile(r"\b(?:" + "|".join(_REACH_VERBS) + r")\b", re.I)
_AT_LEAST_ONCE = re.compile(r"\bat least once\b|\b(?:combined|together|in total|overall|total|unduplicated|"
                            r"de-?duplicated|net|unique|either)\b[^.?!]{0,30}\b(?:reach|share|audience|people|of them)\b|"
                            r"\b(?:reach|share|audience)\b[^.?!]{0,20}\b(?:combined|together|overall|in total)\b|"
                            r"\b(?:overlap|duplication)\b", re.I)


def _eq(v: float, places: int = 2) -> tuple[str, str]:
    r = round(v, places)
    return ("=" if abs(v - r) < 1e-9 else "≈"), plain(r) if float(r).is_integer() else f"{r:,.{places}f}".rstrip("0")


def combined_reach(t: str, nums: list[Num]) -> list[str]:
    """Two or more platforms' reach shares of one audience, duplicated at random: 1 − Π(1 − share)."""
    t = fractionwords.as_percent(t)  # "a third of the segment": exactly a third
    nums = parse_numbers(t)
    pcts = [n for n in nums if n.pct]
    if len(pcts) < 2 or len(pcts) != len(nums) or not _REACH.search(t) or not _AT_LEAST_ONCE.search(t) or \
            not all(0 < n.value < 100 for n in pcts):
        return []
    missed = [round(1 - n.value / 100, 4) for n in pcts]
    miss = 1.0
    for m in missed:
        miss *= m
    miss = round(miss, 4)
    s, shown = _eq((1 - miss) * 100, 1)
    return [" and ".join(f"1 − {plain(n.value)}% = {m:g}" for n, m in zip(pcts, missed)) + " — the share each one misses",
            f"{' × '.join(f'{m:g}' for m in missed)} = {miss:g} — missed by every one of them",
            f"1 − {miss:g} = {round(1 - miss, 4):g}, i.e. {shown}% reached at least once"]


_CLAIMS = re.compile(r"\b(?:claim\w*|report\w*|says?|said|credit\w*|attribut\w*|count\w*|shows?|showed|records?|"
                     r"recorded|tracks?|tracked|sees?|saw|logs?|logged|gives?|takes?|took)\b", re.I)
_CONTRAST = re.compile(r"\b(?:but|only|just|yet|while|whereas|however|actual(?:ly)?|really|in reality|in fact)\b", re.I)


def over_claim(t: str, nums: list[Num]) -> list[str]:
    """Counts that two or more sources claim, against the one count the business itself recorded
    (the one said after "but", "only", "actually"): the claims' total ÷ that count."""
    counts = [n for n in nums if not n.pct and not n.money]
    if len(counts) < 3 or len(counts) != len(nums) or not (asks_anything(t) or re.search(r"\bwhy\b|\bhow come\b|\bexplain\b", t, re.I)):
        return []
    before = [" ".join(t[max(0, n.start - 45):n.start].split()[-5:]) for n in counts]
    own = [n for n, b in zip(counts, before) if _CONTRAST.search(b)]
    claimed = [n for n, b in zip(counts, before) if n not in own and _CLAIMS.search(b)]
    if len(own) != 1 or len(claimed) != len(counts) - 1 or not own[0].value or own[0] is not counts[-1]:
        return []
    total = sum(n.value for n in claimed)
    s, shown = _eq(total / own[0].value, 3)
    return [f"{' + '.join(plain(n.value) for n in claimed)} = {plain(total)} claimed in total",
            f"{plain(total)} ÷ {plain(own[0].value)} {s} {shown} — the claims add up to {shown}× the count you recorded",
            f"{plain(total)} − {plain(own[0].value)} = {plain(total - own[0].value)} claimed more than once or not "
            "recorded at all"]


_POP_NOUN = r"(?:[\w']+\s+)?(?:population|people|residents|households|inhabitants|pop)\b"  # "the region's population"
_CAT_NOUN = r"(?:[\w']+\s+)?(?:category|industry|market|segment)\b"
_BRAND_NOUN = r"(?:our|my|the brand's|brand|company)?\s*(?:[\w']+\s+)?(?:sales|revenue|customers|business|orders|volume)\b"
# "2% of the population" (said after the share), "population share 2%" (said before it)
_POPULATION, _CATEGORY, _BRAND = (re.compile(r"^\s*of\s+(?:the\s+)?" + n, re.I) for n in (_POP_NOUN, _CAT_NOUN, _BRAND_NOUN))
_BEFORE_POP, _BEFORE_CAT, _BEFORE_BRAND = (re.compile(r"\b" + n, re.I) for n in (_POP_NOUN, _CAT_NOUN, _BRAND_NOUN))
_INDEX_ASK = re.compile(r"\bindex\w*\b|\bbdi\b|\bcdi\b|\bdevelopment\b|\bover-?\s?index|\bunder-?\s?index", re.I)


def indexes(t: str, nums: list[Num]) -> list[str]:
    """A market's shares of the population, of the brand's sales and of the category's sales:
    each sales share ÷ the population share × 100 (brand and category development indexes)."""
    pcts = [n for n in nums if n.pct]
    if len(pcts) not in (2, 3) or len(nums) != len(pcts) or not _INDEX_ASK.search(t):
        return []
    # what each share is of: said after it ("2% of the population"), else just before it ("population share 2%")
    said = {id(n): [t[n.end:n.end + 40], " ".join(re.split(r"[,;:]", t[max(0, n.start - 40):n.start])[-1].split()[-3:])]
            for n in pcts}

    def of(n: Num, after: re.Pattern, before: re.Pattern) -> bool:
        named_after = any(r.search(said[id(n)][0]) for r in (_POPULATION, _CATEGORY, _BRAND))
        return bool(after.search(said[id(n)][0]) or (not named_after and before.search(said[id(n)][1])))
    pop = [n for n in pcts if of(n, _POPULATION, _BEFORE_POP)]
    cat = [n for n in pcts if n not in pop and (of(n, _CATEGORY, _BEFORE_CAT) or (  # "the category sells 6% of its volume"
        _BEFORE_CAT.search(said[id(n)][1]) and not _BEFORE_BRAND.search(said[id(n)][1].split()[-1] if said[id(n)][1] else "")))]
    brand = [n for n in pcts if n not in pop and n not in cat and of(n, _BRAND, _BEFORE_BRAND)]
    if len(pop) != 1 or len(cat) + len(brand) != len(pcts) - 1 or len(cat) > 1 or len(brand) > 1 or not pop[0].value:
        return []  # the population's share and the brand's, the category's, or both: an index for each said
    lines = []
    for shares, name, whose in ((brand, "BDI", "your share of sales"), (cat, "CDI", "the category's share of sales")):
        if shares:
            s, v = _eq(shares[0].value / pop[0].value * 100, 1)
            lines.append(f"{name} = {plain(shares[0].value)} ÷ {plain(pop[0].value)} × 100 {s} {v} ({whose} ÷ share of "
                         "population)")
    return lines


_COMMISSION = re.compile(r"\bcommissions?\b|\brev(?:enue)?[- ]share\b", re.I)
_FEE = re.compile(r"\b(?:fees?|flat|fixed|charge|override|tenancy)\b", re.I)
_PER_ORDER = re.compile(r"\b(?:per|each|every|an?|one)\s+(?P<unit>order|sale|purchase|customer|conversion|booking)s?\b",
                        re.I)


def commission_cost(t: str, nums: list[Num]) -> tuple[list[str], float, float, str] | None:
    """Revenue, a commission rate on it, any fixed fees and the orders: (lines, total cost, orders, unit)."""
    ask = _PER_ORDER.search(t)
    if not _COMMISSION.search(t) or not ask:
        return None
    pcts = [n for n in nums if n.pct]
    cash = [n for n in nums if n.money and not n.pct]
    counts = [n for n in nums if not n.pct and not n.money]
    if len(pcts) != 1 or len(counts) != 1 or not cash or not counts[0].value:
        return None
    revenue = max(cash, key=lambda n: n.value)
    fees = [n for n in cash if n is not revenue and _FEE.search(t[n.end:n.end + 30] + " " + t[max(0, n.start - 20):n.start])]
    if len(fees) != len(cash) - 1:
        return None
    rate, orders = pcts[0].value, counts[0].value
    paid = revenue.value * rate / 100
    lines = [f"{money(revenue.value)} × {plain(rate)} ÷ 100 = {money(round(paid, 2))} in commission"]
    total = paid + sum(f.value for f in fees)
    if fees:
        lines.append(f"{money(round(paid, 2))} + {' + '.join(money(f.value) for f in fees)} = {money(round(total, 2))} "
                     "in total")
    unit = ask.group("unit").lower()
    s, shown = _eq(total / orders)
    lines.append(f"{money(round(total, 2))} ÷ {plain(orders)} {s} ${shown} per {unit}")
    return lines, total, orders, unit


_INCREMENTAL = re.compile(r"\bincremental\w*\b|\bwould(?:n't| not) have (?:happened|bought|come|purchased)\b|"
                          r"\b(?:truly|really|actually) (?:caused|driven|added)\b|\bcaused by\b", re.I)


def incremental_cost(t: str, nums: list[Num], before: str) -> list[str]:
    """The share of the last turn's orders that were incremental: its cost ÷ those orders."""
    pcts = [n for n in nums if n.pct]
    if len(pcts) != 1 or len(nums) != 1 or not _INCREMENTAL.search(t) or not before or not 0 < pcts[0].value <= 100:
        return []
    bt = digits(before)
    last = commission_cost(bt, parse_numbers(bt))
    if last is None:
        return []
    lines, total, orders, unit = last
    share = pcts[0].value
    real = orders * share / 100
    s, shown = _eq(real)
    s2, per = _eq(total / real) if real else ("", "")
    return lines[:-1] + [f"{plain(orders)} × {plain(share)} ÷ 100 {s} {shown} incremental {unit}s",
                         f"{money(round(total, 2))} ÷ {shown} {s2} ${per} per incremental {unit}"]


_DURATION = re.compile(r"\b\d+[- ](?:day|week|month|hour)s?\b", re.I)
_SPAN = re.compile(r"^[- ]?(?:day|week|month|hour|minute)s?\b", re.I)  # "a 28-day window": a duration, not a count
_FROM_TO = re.compile(r"(?:\bfrom\s+(?P<a>\$?\d[\d,.]*)\s+(?P<mid>[a-z][^.?!]{0,80}?)\s+to|(?P<a2>\$?\d[\d,.]*)\s+[a-z]"
                      r"[^.?!]{0,80}?\s+(?:but|vs\.?|versus|compared (?:with|to)|against|(?P<and>and))(?:\s+(?:only|just|then))?)"
                      r"\s+(?P<b>\$?\d[\d,.]*)(?![\d-])", re.I)


def drop(t: str, nums: list[Num]) -> list[str]:
    """One count under two conditions ("from 600 leads on the old form to 450 on the new one"): how far
    it fell or rose, as a share of the first — the figure a rule's percentage threshold is read against."""
    m = _FROM_TO.search(t)
    figures = [n for n in nums if not _SPAN.match(t[n.end:n.end + 8])]
    if not m or not asks_from(t, m.start()) or len(figures) != 2 or any(n.pct for n in figures) or \
            figures[0].start != max(m.start("a"), m.start("a2")) or figures[1].start != m.start("b") or not figures[0].value:
        return []
    if m.group("and") and not (_DURATION.search(t[m.start():m.start("b")]) and _DURATION.search(t[m.end():m.end() + 40])):
        return []  # "and" joins two counts of one thing only when each is said under its own window or period
    a, b = figures[0].value, figures[1].value
    show = money if figures[0].money else plain
    s, shown = _eq(abs(a - b) / a, 3)
    word = "drop" if b < a else "rise"
    if compare.asks_percent(t):  # "… as a percentage?": the share worked out in hundredths, as asked
        s, shown = _eq(abs(a - b) / a * 100, 1)
        return [f"{show(max(a, b))} − {show(min(a, b))} = {show(abs(a - b))}",
                f"{show(abs(a - b))} ÷ {show(a)} × 100 {s} {shown}, i.e. a {shown}% {word}"]
    return [f"{show(max(a, b))} − {show(min(a, b))} = {show(abs(a - b))}",
            f"{show(abs(a - b))} ÷ {show(a)} {s} {shown}, i.e. a {_eq(abs(a - b) / a * 100, 1)[1]}% {word}"]


# "… Chicago DMA: about 370,000 people", "Estimated size: **1.2 million** households": the size the last answer gave
_SIZED = re.compile(r"\babout (\d[\d,.]*(?:\s?(?:million|thousand|m|k)\b)?) (?:people|households|adults|persons|users|"
                    r"individuals|homes)\b|\bsize: \*\*(\d[\d,.]*(?:\s?(?:million|thousand)\b)?)\*\*", re.I)
_IMPRESSIONS_SAID = re.compile(r"^-?\s*(?P<line>[^\n]*?=\s*(?P<n>\d[\d,]*) impressions\b[^\n\[]*)", re.M)
_PER_THOUSAND = re.compile(r"\bcpm\b|\b(?:per|every|each|a) (?:thousand|1,?000|mille)\b", re.I)


def _names_place(text: str, geo: str) -> bool:
    """The message names the place ``geo``: its first word ("Chicago" of "Chicago DMA"), or the capitals
    of its words ("LA" of "Los Angeles DMA", "DFW" of "Dallas–Fort Worth DMA"), written as a word."""
    words = [w for w in re.split(r"[\s–-]+", geo) if w and w.upper() != "DMA"]
    initials = "".join(w[0] for w in words).upper()
    if any(compiled(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", re.I).search(text) for n in VOCABULARY["geographies"].get(geo, ())):
        return True  # a name the vocabulary knows the place by: "the nyc ones" of the New York DMA
    return bool(words and (compiled(r"\b" + re.escape(words[0]) + r"\b", re.I).search(text) or (
        len(words) > 1 and compiled(r"\b" + initials + r"\b").search(text))))


def on_last_size(text: str, nums: list[Num], answered: str, sizes: list[tuple[str, str]]) -> list[str]:
    """Impressions for a reach share and frequency of an audience sized before: the one whose place the
    message names ("the Chicago students"), else the last one shown."""
    if [n for n in nums if not n.pct and n.value >= 100]:
        return []
    named = [size for geo, size in sizes if geo and _names_place(text, geo)]
    size = (named or [size for _, size in sizes[-1:]] or [None])[-1]
    m = _SIZED.search(answered or "") if size is None else re.match(r"\s*([\d.,]+\s*(?:million|thousand|[mk]\b)?)", size, re.I)  # "115k" as the tool writes it
    if not m:
        return []
    shares = fractionwords.as_percent(text)  # "half of those": 50% of; "a third of them": exactly a third
    shares = re.sub(r"\b(?:all|every one|each) of (?=(?:them|those|these|the)\b)", "100% of ", shares, flags=re.I)  # the whole
    shares = re.sub(r"\btwice\b", "2 times", re.sub(r"\bthrice\b", "3 times", shares, flags=re.I), flags=re.I)
    lines = amounts.impressions(f"{m.group(1) or m.group(2)} people: {shares}") or _priced_reach(m.group(1) or m.group(2),
                                                                                                shares)
    if not lines and (named or (size and re.match(r"\s*([\d.,]+)", size).group(1) in (answered or ""))):
        lines = sizeshare.share(sizeshare.counted(m.group(1) or m.group(2), answered, text), text)  # a share of it: the size
    cite = CITED.search(size or "")  # the size's own citation, from the turn that sized it
    said = re.match(r"[\d,.]+", lines[0]) if lines else None
    stated = (m.group(1) or m.group(2) or "").strip() if size else ""  # as the cited row writes it ("5.9 million"), not worked out
    return [f"Estimated size: {stated or said.group(0)} in the audience [{cite.group(1)}]", *lines] if said and cite else lines


_TIMES = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:times|x)\b|\bfrequency (?:of )?(\d+(?:\.\d+)?)\b", re.I)


def _priced_reach(size: str, text: str) -> list[str]:
    """"What would it cost to reach 70% of them 3 times at a $10 CPM?": the audience × the reach share × the
    frequency, then those impressions at the price per thousand — both in one message."""
    t = digits(text)
    nums, f = parse_numbers(t), _TIMES.search(t)
    pcts, prices = [n for n in nums if n.pct], [n for n in nums if n.money and not n.pct]
    people = parse_numbers(digits(size))
    if not (f and len(pcts) == 1 and len(prices) == 1 and people and _PER_THOUSAND.search(t) and _REACH.search(t)):
        return []
    freq, pool = float(f.group(1) or f.group(2)), people[0].value
    imps, line = reach_line(pool, pcts[0].value / 100, freq)
    return [line,
            f"{plain(imps)} ÷ 1,000 × {money(prices[0].value)} = {money(round(imps / 1000 * prices[0].value, 2))} — the "
            "budget for those impressions"]


def on_last_impressions(t: str, nums: list[Num], answered: str) -> list[str]:
    """The price per thousand applied to the impressions the last answer worked out."""
    said = list(_IMPRESSIONS_SAID.finditer(answered or ""))
    own = [m for m in said if m.group(0).lstrip().startswith("-")]  # the answer's own working, not a quoted example
    said = own or said
    prices = [n for n in nums if n.money and not n.pct]
    if len(said) != 1 or len(prices) != 1 or len(nums) != 1 or not _PER_THOUSAND.search(t):
        return []
    imps = float(said[0].group("n").replace(",", ""))
    cost = imps / 1000 * prices[0].value
    line = said[0].group("line").strip()
    size = re.match(r"[\d,.]+", line)
    cite = (re.search(r"\bEstimated size: (?P<said>[^\[\n]{1,30}) in the audience \[([^\]\s]+#\d+)\]", answered)
            or re.search(r"\[([^\]\s]+#\d+)\][^\n]*?\b" + re.escape(size.group(0)) + r"\b", answered)) if size else None
    said_as = (cite.groupdict().get("said") or size.group(0)) if cite else ""  # as the cited row writes it ("4.6 million")
    return ([f"Estimated size: {said_as} in the audience [{cite.group(cite.lastindex)}]"] if cite else []) + [  # where it was stated
        line,  # the impressions' own working, so the count is shown, not asserted
        f"{plain(imps)} ÷ 1,000 × {money(prices[0].value)} = {money(round(cost, 2))} — the budget for those impressions"]


def work(text: str, asked_before: str = "", answered: str = "", sizes: list[tuple[str, str]] | None = None
         ) -> tuple[list[str], str] | None:
    """(working lines, words to search the KB for the rule) for the first of these the message asks, or None
    (``asked_before``: the last question; ``answered``: the last answer, whose size or impressions are carried;
    ``sizes``: (place, size) of each audience sized in the conversation)."""
    t = digits(text)
    nums = parse_numbers(t)
    if lines := on_last_size(text, nums, answered, sizes or []):
        return lines, sizeshare.SEARCH if sizeshare.is_share(lines) else "impressions audience size reach frequency"
    if lines := on_last_impressions(t, nums, answered):
        return lines, "CPM cost per thousand impressions budget"
    if lines := drop(t, nums):
        return lines, ""
    if lines := combined_reach(t, nums):
        return lines, "deduplicate reach across platforms random duplication"
    if lines := over_claim(t, nums):
        return lines, "sum of platform claimed conversions divided by backend orders"
    if lines := indexes(t, nums):
        return lines, "BDI CDI index quadrant"
    if got := commission_cost(t, nums):
        return got[0], "affiliate commission effective cost per order"
    if lines := incremental_cost(t, nums, asked_before):
        return lines, "affiliate incremental cost per order"
    return None
