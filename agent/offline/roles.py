"""The role of each number a user states, from the words around it: a budget ("we have 60k",
"100k instead"), a unit price ("$4 a click", "we pay $45 to land one", "CAC went up 30% to $65"),
a metric's value ("a CPM of $12"; "it runs $4" is a price), a lifetime value ("worth $900", "$2,000 over their
lifetime"), a count ("6,000 funded accounts", "500 leads"), what the business has ("we run 2 clinics", "a chain
of 12 stores": never the count a spend won, so never the divisor of a cost per one), a percentage or a year.

Why a module: the operation a question implies (``parse._calc``) is read from these roles, so
the rules of English that decide them — what the number is said of, which noun follows it,
which verb comes before it — sit together, apart from the question's other slots.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import movedfrom, phrasalup, seasonlen
from agent.offline.campaignwords import CAMPAIGN
from agent.offline.metricnames import positions
from agent.offline.numbers import Num
from agent.offline.onebrings import ONE_BRINGS
from mpa.vocabulary import VOCABULARY
from rag.analyzer import ENGLISH_STOP_WORDS

# "went up 30% to $65": the figure after the change is the new price itself
CHANGED_TO = re.compile(r"^(?!.*\b(?:budget|spend|spending|money|funding|ads|advertising|marketing)\b).*\b(?:up|down|rose|risen|increased?|jumped|"
                         r"grew|climbed|fell|fallen|dropped|decreased?|declined|rises?|rising|falls?|drops?|goes|going|went|moves?|moved|"
                         r"changes?|changed|jumps?|climbs?)\b[^.?!$]{0,25}\bto\s*$", re.I | re.S)
# the hedges said between a verb and its figure ("we pay roughly 310", "costs us just under $40")
HEDGE = r"(?: (?:about|around|roughly|approximately|approx\.?|nearly|almost|close to|something like|maybe|just|" \
        r"(?:just )?(?:over|under|shy of)|upwards of|on average|an average of|~))*"
_NOT_COUNTED = re.compile(r"(?:monthly|weekly|daily|yearly|quarterly|annually|roughly|approximately|only|actually|"
                          r"really|instead|budget|spend|total|max|maximum|min|minimum|tops|left|plus|"
                          r"extra|more|less|apiece|buys?|gets?|brings?|covers?|earmarked|allocated|budgeted|"
                          r"committed|reserved|available|remaining|unspent)$")  # "what would 30k buy", "70k earmarked"

# "how many channels should we run?", "how many places should I even be advertising?": the number of things the plan
# should have, a recommendation — not what a budget buys ("how many leads should we expect?" stays a count to work out)
ADVISED_COUNT = re.compile(r"\bhow many [a-z][a-z -]{0,30}? should (?:i|we)\b(?: (?:\w+ly|even|just|be|ever))*\s+"
                           r"(?!(?:expect|get|see|win|land|reach|buy|afford|hope|bring|gain|end|receive|generate|drive|plan|budget|forecast|"
                           r"count|anticipate|aim|target|need|make|sell|close|book|hit|achieve|convert|acquire)\w*\b)"
                           r"[a-z]+", re.I)


# the size of one sale said before its amount: "contracts land around", "the average order is", "deals close at about"
_DEAL_SIZE = re.compile(r"\b(?:contracts?|deals?|orders?|baskets?|tickets?|invoices?)\b (?:typically |usually |often |tend to )?"
                        r"(?:land|come in|close|average|run|are|is|sit|go|sell)s?\b(?: (?:at|for|around|about|roughly|near|"
                        r"between))*\s*\$?\s*$", re.I)


# a piece of work after "for a <thing>" ("$250k for a video push", "20k for a search test"): the money is that campaign's
# budget, not the price of one <thing>
_FOR_A_PUSH = re.compile(r"\s+(?:" + "|".join(CAMPAIGN + ("season", "program", "programme", "initiative")) + r")s?\b", re.I)

# what one customer is worth over all their time with the business, said without "lifetime": "a student brings in $11,000
# in margin over the whole program", "each client nets $4,800 over the life of the contract" — the value of one
# (a singular subject: "a", "each", "every", "the average") over the whole of their stay (not a calendar period or a
# campaign, which a budget is said over), with a value word for what the money is (margin, profit, …) or a verb of
# money coming in
_VALUE_WORD = r"(?P<noun>(?:in|of) (?:[a-z]+ )?(?:margin|profit|revenue|contribution|fees|tuition|value)\s+)?"
_CALENDAR = ("year", "quarter", "month", "week", "day", "season", "period", "budget") + CAMPAIGN
_STAY = rf"(?:(?:whole|entire|full|complete) (?!(?:{'|'.join(_CALENDAR)})s?\b)[a-z]+|(?:life|lifetime) of\b|(?:life|lifetime|lifespan)\b)"
_WHOLE_STAY = re.compile(r"^\s*(?:dollars?\s+|bucks?\s+)?(?:each\s+|apiece\s+)?" + _VALUE_WORD + r"(?:over|across|during|"
                         r"throughout|for) (?:the|their|its|his|her|a|an|each|one|our|that|this) " + _STAY, re.I)
# said of one of them ("a student", "each client") in the clause before the figure; money coming in to the business
_ONE_OF_THEM = re.compile(r"\b(?:a|an|each|every|one|(?:the|our|my) (?:average|typical|usual)|per)\s+(?:new\s+|paying\s+|single\s+)?[a-z]+\b[^.?!;]*$", re.I)
_COMES_IN = re.compile(r"\b(?:brings?|brought|bringing)\s+(?:us\s+)?in\b|\b(?:earns?|makes?|nets?|pays?|generates?|"
                       r"contributes?|yields?)\b(?:\s+us)?", re.I)


@lru_cache(maxsize=1)
def _named_right_before() -> tuple[re.Pattern, dict[str, str]]:
    """Every metric name of the vocabulary, longest first, right before its figure's verb ("our cost to acquire a
    customer is $180"): the parser's window of the last 25 characters cuts a long name short."""
    names = {syn.lower(): key for key, syns in VOCABULARY["metrics"].items() for syn in [key, *syns]}
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(r"\b(" + alts + r")s?\s+(?:is|was|are|were|runs?|sits? at|comes? to|hits?)" + HEDGE + r"\s*\$?\s*$",
                      re.I), names


def _metric_named_before(before: str) -> str | None:
    pattern, names = _named_right_before()
    m = pattern.search(before)
    return names.get(m.group(1).lower()) if m else None


def _worth_over_stay(text: str, n: Num, after: str) -> bool:
    """The amount is what one customer is worth over their whole stay (see :data:`_WHOLE_STAY`)."""
    stay = _WHOLE_STAY.match(after)
    clause = re.split(r"[.?!;]\s", text[:n.start])[-1]
    return bool(stay and _ONE_OF_THEM.search(clause) and (stay.group("noun") or _COMES_IN.search(clause)))


# what one sale, night or job earns, said as a margin: "our gross margin per booked night in dollars is $80", "the
# margin on an average contract is about $4,500" — the value of one result (a ceiling on its cost is a share of it),
# not a budget (a "gross profit per job" stays as it was read: the askers bind it to what they asked)
_MARGIN_PER = re.compile(r"\b(?:gross margin|margin)\s+(?:per|on|from|of)\s+(?:an?|one|each|every|"
                         r"our|the)?\b[^.?!%\d]{0,60}?\b(?:is|of|comes to|runs|=)\s*(?:about|around|roughly|~)?\s*\$?\s*$", re.I)


def assign(text: str, nums: list[Num]) -> None:
    """Give each number a role from the words around it (see the module doc)."""
    for n in nums:
        if n.pct:
            n.role = "pct"
            continue
        before, after = text[max(0, n.start - 40):n.start].lower(), text[n.end:n.end + 40].lower()
        before = re.split(r"\d(?=[^\d]*$)", before)[-1]
        after = re.split(r"[$\d]", after, maxsplit=1)[0]
        metric = next((k for _, k in reversed(positions(before[-25:], VOCABULARY["metrics"]))), None) if re.search(
            r"(?:of|is|at|was|were|are|be|about|around|to|hits?|reach(?:es)?|becomes?)\s*\$?\s*$", before) else None
        metric = metric or _metric_named_before(text[max(0, n.start - 60):n.start])  # a long name cut short above
        m_after = [x for x in positions(re.sub(r"^\s*(?:dollars?|bucks?|usd)\b", "", after)[:20], VOCABULARY["metrics"])
                   if not re.search(r"[,;.]", after[:x[0] + 1])]  # "30k, CPC about $2": a list, not what the 30k is
        said_value = re.search(r"\b(?:worth|lifetime value|ltv|clv|value (?:is|of))\b([^.?!]{0,20})$", before)
        if said_value and re.search(r"\b(?:and|but|while|pay|paying|paid|costs?|spend|spent)\b", said_value.group(1)):
            said_value = None  # "worth $900 and we pay $300": the value belongs to the number before
        if said_value or re.match(
                r"^\s*(?:dollars?\s+|bucks?\s+)?(?:each\s+|apiece\s+)?(?:in |of )?(?:lifetime (?:value|margin|profit|revenue|"
                r"contribution|gross margin)|ltv|clv|"
                r"(?:over|across|during|in) (?:their|its|his|her|a|the|each|one|our) (?:customer(?:'s)? )?lifetime)\b", after) or \
                _worth_over_stay(text, n, text[n.end:n.end + 80]) or _MARGIN_PER.search(re.split(r"[.?!;]\s", text[:n.start])[-1]):
            n.role = "LTV"
        elif not n.money and n.value.is_integer() and 1990 <= n.value <= 2100 and re.search(
                r"\b(?:in|by|for|since|until|till|before|after|from|through|during|of|year|early|late|mid)\s*$", before):
            n.role = "year"   # "CPCs in 2030": a year is no amount of money
        elif (n.money or n.value >= 100) and re.fullmatch(r"\s*(?:dollars?|bucks?)?\s*(?:in total\s*)?(?:for|on)\s*", after) \
                and re.match(r"\s*(?:dollars?|bucks?)?\s*(?:in total\s*)?(?:for|on)\s*\d", text[n.end:]):
            n.role = "budget"  # "we paid 7,200 for 320 leads": a total for a count, not the price of one
        elif m_after and m_after[0][0] <= 3:
            n.role = "price:" + m_after[0][1]
        elif metric:
            n.role = "price:" + metric
        elif (m := re.match(r"^\s*(?:dollars?\s+|bucks?\s+)?(?:per|a|an|each|for each|for every|for a)\s+"
                            r"([a-z][a-z\-]*(?: impressions?)?)", after)) and m.group(1) not in (
                "month", "year", "week", "quarter", "day", "monthly", "piece", "what", "whats", "how", "which") and (n.money or n.value < 1000) \
                and not _FOR_A_PUSH.match(after[m.end():]):  # "$250k for a video push": money for a campaign
            n.role = "price:" + m.group(1)
        elif re.match(r"^\s*(?:dollars?\s+|bucks?\s+)?(?:each|apiece)\b", after) or re.match(
                r"^\s*(?:dollars? |bucks? )?(?:(?:in|on|of) (?:[a-z]+ )?(?:ads|advertising|media|marketing) )?to (?:get|acquire|"
                r"land|win|bring in|buy|book|sign(?: up)?|enrol+|recruit|close|convert) (?:one|a|an|each)\b(?! (?:lot|few|bunch|"
                r"ton|couple|number|handful|whole)\b)", after) or \
                re.search(r"\b(?:each|every|per|a|one) [a-z]+ costs?(?: us)?(?: our)?(?: [a-z]+ of)?\s*$", before) or \
                re.search(r"\b(?:pay|paying|paid|costs?)(?: us| me)?" + HEDGE + r"\s*$", before) or \
                (n.money and re.search(r"\bruns?(?: us| me)?" + HEDGE + r"\s*$", before)) or \
                re.search(r"\b(?:acquisition|acquiring (?:one|each|a [a-z]+)|winning (?:one|each|a [a-z]+))(?: cost)? "
                          r"(?:runs?|costs?|is|was|comes? to|sits? at)(?: us| me)?" + HEDGE + r"\s*$", before) or \
                re.search(r"\b(?:cost|price|rate|fee)s? (?:of|at|is|was|around|about)\s*$", before) or \
                (n.money and CHANGED_TO.search(text[max(0, n.start - 40):n.start]) and not (n.value >= 1000 and re.match(r"\s*(?:/|a |per |each )?\s*(?:mo|month|week|quarter|year)\b|\s*(?:monthly|weekly|quarterly)\b", after))) or (  # "going to $30k/month": a budget
                    re.search(r"\b(?:at|same)\s*$", before) and not re.match(r"\s*(?:days?|weeks?|months?|quarters?|years?)\b", after) and (n.value < 1000 or n.value < max(  # "at two weeks": a time
                        x.value for x in nums if x.money or x.value >= 1000))):
            n.role = "price"
        elif not n.money and n.value < 1000 and re.match(r"\s*(?!(?:k|m|mm|bn|grand|thousand|million|a|an|per|in|of|on)\b)"
                                                         r"[a-z]", after) and re.search(
                r"\b(?:chain of|(?:we|i|they|who|which|that) (?:run|operate|own|manage|oversee))" + HEDGE + r"\s*$", before):
            n.role = "owned"  # "we run 6 clinics", "a chain of 12 stores": what the business has, not what spend won
        elif not n.money and re.match(r"^\s*(?:day|week|month|quarter|year)s\b", after) and re.search(
                r"\b(?:over|across|during|within|throughout|for|in)\s+(?:the\s+(?:next|first|coming|following)\s+)?$", before):
            n.role = None  # "over 13 weeks", "across the next 6 months": a stretch of time (agent.offline.spans), no count
        elif not n.money and seasonlen.LENGTH_AFTER.match(after):
            n.role = None  # "a 16 week season", "our 6-week flight": the span's length (seasonlen), no count
        elif not n.money and (w := re.match(r"^\s*(?:new |more |qualified |paying )?([a-z]+)", after)) and \
                w.group(1) not in ENGLISH_STOP_WORDS and not _NOT_COUNTED.match(w.group(1)) and not re.match(
                # a counted noun follows, not "20k how many", "100k instead", "50k monthly budget"
                r"^\s*(?:a |per |each |dollars|bucks|of |in |for |to |and |or |is |was )", after):
            n.role = "count"
        elif _DEAL_SIZE.search(re.split(r"[.?!;]\s", text[:n.start])[-1]):
            n.role = "deal"  # "our SaaS contracts land around $20k a year": what one sale is worth, no budget to spend
        elif ONE_BRINGS.search(re.split(r"[.?!;]\s", text[:n.start])[-1]):
            n.role = "deal"  # "a payer spends around $24": what one is worth (onebrings), no budget to spend
        elif n.money or n.value >= 1000 or re.search(r"\b(?:budget|spend|have|got)\b", before):
            n.role = "budget"
    movedfrom.mark(text, nums)  # "jumped 25% from that 120": the base moved


_UP = re.compile(r"\b(?:up|rose|risen|rises?|rising|increase[sd]?|increasing|jump(?:s|ed|ing)?|grew|grows|growing|climb(?:s|ed|ing)?|"
                 r"higher|more)\b", re.I)
_DOWN = re.compile(r"\b(?:down|fell|fallen|falls?|falling|drops?|dropped|dropping|decrease[sd]?|decreasing|declin(?:e|es|ed|ing)|"
                   r"lower|less)\b", re.I)
# a verb moving a figure it names or points back to ("cut that by 10%", "raise our CPC 15%"): read only when
# no budget is stated or named — "with $30k, after a 10% cut, how many leads?" and "they want us to cut 25%"
# move the budget (arith, memory), not a price
_OBJECT = r"\s+(?:it|that|this|them|(?:our|the|my|your) (?!budget|spend|media|ad |total|overall)[a-z]+)\b"
_CUT = re.compile(r"\b(?:cut|cuts|cutting|trim\w*|slash\w*|reduc\w*|shrink\w*|shave\w*|lower\w*)" + _OBJECT, re.I)
_RAISE = re.compile(r"\b(?:rais\w*|increas\w*|boost\w*|bump\w*|grow\w*)" + _OBJECT, re.I)


# a percentage said of where a figure sits against another ("30% above the top of that range", "10% under the low
# end", "20% over what we paid"): the figure is the other moved that way
_PAST = re.compile(r"\d(?:\s*%|\s*percent)\s+(?:(?P<up>above|over|higher than|more than|past|beyond)|(?P<down>below|"
                   r"under|lower than|less than|cheaper than))\s+(?:the|that|this|our|what|its|their)\b", re.I)


def pct_sign(low: str, budget_said: bool) -> int:
    """Which way the message's percentage moves its figure: +1 up, −1 down, 0 unsaid."""
    low = phrasalup.blank(low)  # "4% of them end up paying": a rate, not a rise
    if past := _PAST.search(low):
        return 1 if past.group("up") else -1
    if _DOWN.search(low) and not _UP.search(low):
        return -1
    if _UP.search(low):
        return 1
    if budget_said:
        return 0
    down, up = bool(_CUT.search(low)), bool(_RAISE.search(low))
    return -1 if down and not up else 1 if up and not down else 0


_BUDGET_WORD = re.compile(r"budgets?|spend|spending|money|funding")
_PRICE_WORD = re.compile(r"cp[a-z]s?|cacs?|prices?|costs?|bids?|fees?|clicks?")  # "cpcs are up 25%": plurals too


# a percentage said past an end of the range shown ("35% above the top of that range"): the ranges shown are prices
_PAST_END = re.compile(r"\s*(?:%|percent)?\s*(?:above|over|higher than|past|beyond|below|under|lower than)\s+(?:the|that|this|its)\s+"
                       r"(?:[a-z]+\s+){0,2}?(?:top|bottom|high|low|upper|lower|end|ceiling|floor)\b", re.I)


def said_of(text: str, nums: list[Num]) -> str | None:
    """"budget" or "price": what the message's percentage moves — the nearest such word before it in its
    clause ("if CPC rises 20%", "the budget drops 10%"), else after it ("a 10% cut to the budget"), else
    the only kind of figure stated; None when nothing says."""
    pct = next((n for n in nums if n.pct), None)
    if pct is None:
        return None
    before = re.split(r"[.;?!]", text[:pct.start])[-1].lower()
    after = re.split(r"[.;?!,]", text[pct.end:pct.end + 40])[0].lower()
    for w in [*re.findall(r"[a-z]+", before)[::-1][:6], *re.findall(r"[a-z]+", after)[:5]]:
        if _BUDGET_WORD.fullmatch(w):
            return "budget"
        if _PRICE_WORD.fullmatch(w):
            return "price"
    if _PAST_END.match(text[pct.end:pct.end + 60]):  # "installs running 35% above the top of that range": a price range's end
        return "price"
    kinds = {"budget" if n.role == "budget" else "price" for n in nums if (n.role or "").startswith(("budget", "price"))}
    return kinds.pop() if len(kinds) == 1 else None
