"""A split the knowledge base states, applied to the user's budget in dollars.

"We have $90k for the half-year — how much goes to the safe bets, the growth bets and the long shots?"
The passage that answers states the rule as shares ("about 70% to proven programs, 20% to scaling or
adjacent bets, and 10% to genuine experiments", or "70/20/10"); the user named the parts by what they
are, not by the numbers. A planner multiplies: $90,000 × 70% = $63,000, and so on. The shares are the
KB's (a sentence whose percentages add up to 100%), the budget is the user's, the results are computed
— nothing is taken from the question's wording but the one amount it states. A KB that gives each channel a
range instead ("Typical shape: search 40%–50%, one social platform 35%–45%, …") has each end worked on the amount,
when the quoted text states no split that adds up to 100 and the amount is a budget, not a bound ("under 40k"); a
KB that lists one split per objective, a line a part ("- Paid search: 40-50%"), has the whole list the quoted line
comes from worked, named by its caption.
"""
from __future__ import annotations

import re

from agent.offline import captionlists
from agent.offline.numbers import digits, money, parse_numbers, plain
from agent.offline.passages import sentences, terms
from mpa.labels import GENERIC_WORDS

# what a share goes to ends before the next share ("30% to tests and 10% to new ideas": no comma before "and")
_SHARE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d+)?)\s*%\s*(?:(?:of (?:the |a |your )?(?:budget|spend|total)\s*)?"
                    r"(?:to|for|on|in|into|goes to|go to)\s+)?(?P<what>(?:(?!\d{1,2}(?:\.\d+)?\s*%)[^,;%]){0,60})", re.I)
_LITERAL = re.compile(r"(?<![\d.$])(\d{1,2})\s*/\s*(\d{1,2})(?:\s*/\s*(\d{1,2}))?(?:\s*/\s*(\d{1,2}))?(?!\d|\.\d)")
# the dividing verbs alone (a small amount is a budget only with one of them)
_DIVIDES = re.compile(
    # "I have $10k a month — how should I split it?": dividing the amount stated
    r"\b(?:split(?:s|ting)?|divid(?:e|es|ed|ing)|allocat(?:e|es|ed|ing)|apportion(?:s|ed|ing)?)\b|"
    # "carve it up", "how should that be carved up?", "divvied up": any form of the verb
    r"\b(?:carv(?:e|es|ed|ing)|divv(?:y|ies|ied|ying))(?: (?:it|that|this|them))? up\b", re.I)
_ASKS_AMOUNTS = re.compile(r"\bhow much\b|\bin (?:dollars|cash|money)\b|\bdollar (?:amounts?|figures?)\b|"
                           r"\bwhat (?:does|do|would) (?:that|this|it|each) (?:come to|mean|look like)\b|" + _DIVIDES.pattern,
                           re.I)


def _budget(t: str, nums: list) -> bool:
    """Is the one amount said a budget to divide? $1,000 or more — or $100 or more in dollars when the message says
    dividing it ("$600 a week, how should I split it?"; "$600 a week — by how much?" asks no split)."""
    return len(nums) == 1 and (nums[0].value >= 1000 or nums[0].money and nums[0].value >= 100
                               and _DIVIDES.search(t) is not None)


# a share stated as a range after what it goes to: "Typical shape: search 40%–50%, one social platform 35%–45%, …"
_RANGE_SHARE = re.compile(r"(?:^|[,:;(]\s*)((?:[a-z][\w'-]*\s+){0,3}?[a-z][\w'-]*)\s+(\d{1,2}(?:\.\d+)?)\s*%\s*(?:–|—|-|to)\s*"
                          r"(\d{1,2}(?:\.\d+)?)\s*%", re.I)


def _range_shares(sentence: str) -> list[tuple[float, float, str]]:
    """The sentence's (low, high, what it goes to) for two or more shares stated as ranges, else []."""
    found = [(float(m.group(2)), float(m.group(3)), m.group(1)) for m in _RANGE_SHARE.finditer(sentence)]
    return found if len(found) >= 2 and all(lo < hi for lo, hi, _ in found) and sum(lo for lo, _, _ in found) <= 100 else []


# an amount said as a limit ("with under 40k a month"), not a budget to divide
_BOUND_BEFORE = re.compile(r"\b(?:less than|under|below|up to|over|more than|at most|at least)\s*\$?\s*$", re.I)


# a list item giving one part its share, a range or one figure: "- Paid search including shopping: 40-50%", "- Test reserve: 10%"
_ITEM_SHARE = re.compile(r"^\s*[-*•]\s*(?P<what>[^:\n]{2,60}?)\s*:\s*(?P<lo>\d{1,2}(?:\.\d+)?)\s*%?\s*"
                         r"(?:(?:–|—|-|to)\s*(?P<hi>\d{1,2}(?:\.\d+)?)\s*)?%\s*\.?\s*$")


def _listed_shares(quoted: str, passages: list[dict], asked: tuple[str, str] = ("", "")) -> tuple[str, list[tuple[float, float, str]]]:
    """The whole list of shares an item the quoted text took comes from (a plain-text KB lists one split per
    objective, a line a part, and the reader quotes the line that matched) — or the list whose caption the question
    or the message before it names (``asked``, :func:`~agent.offline.captionlists.named`): (the list's caption,
    [(low, high, what)]), else ("", [])."""
    found = captionlists.cited(quoted, passages)
    pick = (captionlists.named(asked[0], found[1]) or captionlists.named(asked[1], found[1])) if found else None
    if pick and all(_ITEM_SHARE.match(f"- {i}") for i in pick[1]):
        return pick[0], [(float(m.group("lo")), float(m.group("hi") or m.group("lo")), m.group("what").strip())
                         for i in pick[1] if (m := _ITEM_SHARE.match(f"- {i}"))]
    cited = set(re.findall(r"\[([^\]\s]+)\]", quoted or ""))
    for ps in passages:
        if ps.get("id") not in cited:
            continue
        for block in re.split(r"\n\s*\n", ps.get("text", "")):
            lines = [ln for ln in block.strip().splitlines() if ln.strip()]
            items = [m for ln in lines if (m := _ITEM_SHARE.match(ln))]
            if len(items) >= 2 and any(re.search(rf"\b{re.escape(m.group('what'))}:\s*{m.group('lo')}", quoted) for m in items):
                caption = "" if _ITEM_SHARE.match(lines[0]) else lines[0].strip().rstrip(":")
                return caption, [(float(m.group("lo")), float(m.group("hi") or m.group("lo")), m.group("what").strip())
                                 for m in items]
    return "", []


def _shares(sentence: str) -> list[tuple[float, str]]:
    """The sentence's (share, what it goes to) when its percentages add up to 100 (two or more) and each names
    what it goes to ("40% / 30% / 30% gives $120,000 …" splits something the sentence names elsewhere)."""
    found = [(float(m.group(1)), " ".join(re.split(r"\b(?:and|while|with|but)\b|[.()]", m.group("what"))[0].split()))
             for m in _SHARE.finditer(sentence)]
    if len(found) >= 2 and abs(sum(s for s, _ in found) - 100) < 0.51 and all(re.match(r"[a-z]", w, re.I) for _, w in found):
        return found
    named = _named_shares(sentence)  # "Boxing gym: Meta: 40%; TikTok: 20%; …": each part named before its share
    if named:
        return named
    lit = _LITERAL.search(sentence)
    parts = [float(x) for x in (lit.groups() if lit else ()) if x]
    if len(parts) >= 3 and abs(sum(parts) - 100) < 0.51:
        return [(x, "") for x in parts]
    return []


# a share named before it, as a table row reads out ("Meta: 40%", "Google Ads search: 20%")
_NAMED_SHARE = re.compile(r"(?<![\w:])([A-Za-z][\w'&/ -]{0,40}?):\s*(\d{1,2}(?:\.\d+)?)\s*%(?=\s*(?:[;.,]|$))")


def _named_shares(sentence: str) -> list[tuple[float, str]]:
    """The sentence's (share, what it goes to) for two or more shares each named before it, adding up to 100."""
    found = [(float(m.group(2)), m.group(1).strip()) for m in _NAMED_SHARE.finditer(sentence)]
    return found if len(found) >= 2 and abs(sum(x for x, _ in found) - 100) < 0.51 else []


def lead(sentence: str) -> str:
    """What a sentence of named shares is the split of: the words before its first part ("Boxing gym" of "Boxing gym:
    Meta: 40%; …"), "" when it opens with a share."""
    m = _NAMED_SHARE.search(sentence)
    return sentence[:m.start()].strip(" :;,-") if m and _named_shares(sentence) else ""


# a split said as its numbers: "70/20/10", "70 20 10", "70-20-10" (three or four parts adding up to 100)
_SAID_SPLIT = re.compile(r"(?<![\d.$])(\d{1,2})(?:\s*[/-]\s*|\s+)(\d{1,2})(?:\s*[/-]\s*|\s+)(\d{1,2})"
                         r"(?:(?:\s*[/-]\s*|\s+)(\d{1,2}))?(?![\d.%])")


def said_split(text: str) -> list[float]:
    """The split a message names by its numbers ("should we do 70 20 10 with the budget"), or []."""
    for m in _SAID_SPLIT.finditer(text or ""):
        parts = [float(x) for x in m.groups() if x]
        if abs(sum(parts) - 100) < 0.51:
            return parts
    return []


def apply(question: str, quoted: str, passages: list[dict] | None = None, previous: tuple | None = None) -> str | None:
    """The one amount the question states divided by the split the quoted text gives — or, when it gives
    none, the split a retrieved passage states, quoted with its citation — else None. A split the question or the
    one before it names by its numbers ("70 20 10") is the one applied: the sentence stating it (in this turn's
    passages or the last turn's), not another split the search found first ("50/30/20" for new brands)."""
    t = digits(question)
    nums = [n for n in parse_numbers(t) if not n.pct]
    if not _budget(t, nums) or not _ASKS_AMOUNTS.search(t) or re.search(r"%", t):
        return None
    total = nums[0].value
    found = [("", s) for s in sentences(quoted or "")] + [
        (ps["id"], s) for ps in (passages or [])[:8] for s in sentences(ps.get("text", ""))]
    named = said_split(question) or said_split(previous[0] if previous else "")
    if named:
        earlier = [(ps["id"], s) for o in (previous[2] if previous and len(previous) > 2 else []) if getattr(o, "found", False)
                   for ps in o.passages[:6] for s in sentences(ps.get("text", ""))]
        stating = [(c, s) for c, s in found + earlier if [x for x, _ in _shares(s)] == named]
        found = sorted(stating, key=lambda f: not all(w for _, w in _shares(f[1]))) or [  # each part named first
            ("", "/".join(plain(x) for x in named))]  # stated nowhere: the user's own split, uncited
    bound = _BOUND_BEFORE.search(t[:nums[0].start])
    ranged = next((r for s in sentences(quoted or "") if (r := _range_shares(s))), []) if not (named or bound) else []
    caption, listed = _listed_shares(quoted, passages or [], (question, previous[0] if previous else "")) if not (named or bound or ranged) else ("", [])
    ranged = ranged or listed
    found = _for_business(found, f"{question} {previous[0] if previous else ''}")
    for cite, sent in found:
        if cite and ranged:
            break  # the quoted text's own shares, stated as ranges, before another passage's split
        shares = _shares(sent)
        if shares:
            lines = "; ".join(f"{money(total)} × {plain(s)}% = {money(round(total * s / 100, 2))}" + (f" ({w})" if w else "")
                              for s, w in shares)
            return (f"Based on Knowledge Base [{cite}]: {sent} " if cite else "") + f"Applied to your figure: {lines}."
    # no split adding up to 100 in the quoted text: the shares it states as ranges ("search 40%–50%"), each end worked
    if ranged:
        return "Applied to your figure" + (f" (the split listed for {captionlists.spoken(caption, False)})" if caption else "") + ": " + "; ".join(
            f"{money(total)} × {plain(lo)}% = {money(round(total * lo / 100, 2))}" + (
                f" to {money(total)} × {plain(hi)}% = {money(round(total * hi / 100, 2))}" if hi != lo else "") + f" ({w})"
            for lo, hi, w in ranged) + "."
    return None


def of_case(applied: str) -> bool:
    """Did :func:`apply` work the split stated for one named case ("Based on Knowledge Base [id]: Zip-line course: Meta:
    30%; … Applied to your figure: …"), a mix per kind of business rather than a rule for every budget?"""
    m = re.match(r"Based on Knowledge Base \[[^\]]+\]: (.+?) Applied to your figure", applied or "")
    return bool(m and lead(m.group(1)))


def which_list(question: str, quoted: str | None, passages: list[dict] | None, previous: tuple | None = None) -> str | None:
    """One clarifying question instead of a split worked on the user's budget, when the quoted passage lists one split
    per case (objective, client type) under captions, the splits differ, and neither this message nor the one before
    names a case: the split the reader's quoted line came from would be a guess (:func:`captionlists.asks_which`)."""
    t = digits(question)
    nums = [n for n in parse_numbers(t) if not n.pct]
    if not _budget(t, nums) or not _ASKS_AMOUNTS.search(t) or "%" in t or said_split(question):
        return None
    found = captionlists.cited(quoted or "", passages or [], question)
    if not found:
        return None
    if not captionlists.named(question, found[1]) and (said := captionlists.case_said(_business(question), [found[0]])):
        return said  # "… for a trampoline park": a sentence of the KB works that very case
    return captionlists.asks_which(question, previous[0] if previous else "", found[1], found[0]["id"])


def _business(question: str) -> str:
    from agent.offline.business import business  # (business reads the KB's labels: imported when asked)
    found = business(question)
    return found.phrase if found and not found.refers_back else ""


def _for_business(found: list[tuple[str, str]], said: str) -> list[tuple[str, str]]:
    """``found`` without the splits of named cases (a mix per kind of business, one sentence each: "Boxing gym: Meta:
    40%; …") other than the one case the conversation names by a word of it; all of them out when none is named. A word
    any business is called by ("our shop", "the company") names no case: "Shoe repair shop" is not every shop."""
    words = set(terms(said)) - GENERIC_WORDS
    cases = {s: set(terms(name)) for _, s in found if (name := lead(s))}
    mine = [s for s, w in cases.items() if w & words and not any(w2 & words and len(w2 & words) > len(w & words)
                                                                  for w2 in cases.values())]
    return [(c, s) for c, s in found if s not in cases or s in mine[:1]]
