"""The phrase a user names their kind of business with, read by English grammar.

Why a module: the business is what every benchmark look-up is keyed on, and the phrase is found
by several sentence forms ("for a …", "we're a …", "I sell …", "what do … pay", "… like ours"),
each of which also catches things that are *not* a business — a pronoun or a generic word for
one, a platform, a place, a metric, and a time or a campaign ("for the fall push", "for this
quarter", "for the spring sale"). And a phrase that points back ("shops like this", "brands like
ours") names the business the conversation is already about, so the caller prefers its memory
(:attr:`Business.refers_back`).

The benchmark tool resolves the phrase against the KB's own labels (or says plainly that the
KB has none), so a vertical the vocabulary lacks is still asked about.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.offline import barebiz, bizwords, cues, kblabels, needed, madefor, nounphrase, payer, placemeant, selfintro, served, supposedbiz, workedon, kbrowname, ownlabel
from agent.offline.calendarwords import MONTH_SHORT, MONTHS, SEASONS, WEEKDAYS
from agent.offline.campaignwords import CAMPAIGN
from agent.offline.endwords import HIGH_END, LOW_END
from agent.offline.passages import terms
from agent.offline.places import without_places
from agent.offline.worldplaces import is_world_place
from mpa.vocabulary import VOCABULARY, match_terms

_STOPNOUN = r"(?:in|for|on|at|to|from|with|by|of|like|and|or|is|are|be|would|should|could|will|usually|typically|" \
            r"normally|generally|cost|costs|go|run|us|me|these|this|that|now|today|then|so|off)(?![\w-])"  # "off the internet"; "in-home" is no "in"
# one to three words that can name a thing (a unit, a business): not a preposition, article or filler
NOUN = r"((?!" + _STOPNOUN + r"|a\b|an\b|the\b)[a-z][a-z\-]*(?: (?!" + _STOPNOUN + r")[a-z][a-z\-]*){0,2})"

# a participle or place word after a business's name starts what is said *about* it ("a snack brand sold at grocers",
# "dental offices around Tampa", "pizzas that sell in supermarkets", "dentists back in 2019": when), not more of its name
_PARTICIPLE = r"sold|selling|based|located|around|near|outside|out of|across|serving|headquartered|focused|specializing|" \
              r"specialising|catering|through|stocked|carried|offering|promoting|launching|back (?:in|then|when)|" \
              r"(?:just|right|directly) (?:outside|off|by|near|north|south|east|west|across|in)"  # "just outside Phoenix"
# "and" inside a name that ends in a word for a business ("a heating and air conditioning company") is
# part of it; any other "and" starts the next thing said
_AND = r"and(?! [a-z\- ]{1,30}?\b(?:company|business|firm|shop|store|practice|agency|studio|brand|clinic|contractor|" \
       r"services?|outfit)\b)"
# how many of it there are ("we're 6 flower shops", "we are three clinics"): a group of one kind of business
_COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|a few|a couple of|a dozen)"
# the words that end a business's own name ("… studio", "… shop"): what a possessive or a place of sale names
_HEAD = r"(?:company|business|firm|shop|store|boutique|practice|agency|studio|brand|clinic|salon|showroom|outlet|" \
        r"restaurant|cafe|bakery|startup|label|stall|dealership|office|school|academy|room|gym|hotel|inn|spa)s?"
# words that only qualify a figure ("typical cpc", "our blended cac", "target cpa"), never a business's name
_QUALIFIER = (r"typical|usual|normal|avg|average|good|blended|target|current|expected|benchmark|industry|median|mean|"
              r"overall|total|effective|true|real|actual|ideal|healthy|decent|reasonable|max|maximum|min|minimum|"
              r"cheapest|best|worst|low|high|what|whats|how|which|is|are|our|my|your|their|a|an|and|or|so|ok|okay|"
              r"and|then|now|also|same|that|this|its|it|per|avg\.")
_BUSINESS = [
    # where the user works: "I'm at a snack brand", "I work for a regional bank"
    re.compile(r"\b(?:i|we)(?:'m| am|'re| are)? (?:at|with|work (?:at|for|with)) (?:an? )(?P<p>[a-z][a-z&/\- ]{2,60}?)"
               r"(?=\s+(?:that|which|who|whose|and|so|but|with|in|across|moving|trying|looking|planning)\b|\s+[-–—]\s|[.,;?!(]|$)",
               re.I),
    re.compile(r"\bfor (?:an? |the |our |my )?(?P<p>[a-z][a-z&/\- ]{2,60}?)(?=\s+(?:that|which|who|whose|and|so|but|with|"
               r"in|across|like|on|via|through|from|at|each|every|per|whenever|when|around|near|based|located|outside|"
               r"back (?:in|then|when)|(?:up|down|out|over) (?:in|near|by|around)|(?:just|right) (?:outside|off|by|near))\b|"
               r"\s+[-–—]\s|[.,;?!(]|$)", re.I),
    re.compile(r"\b(?:we|i)(?:'re| are|'m| am) (?:an? |the |" + _COUNT + r" )(?P<p>[a-z][a-z&/\- ]{2,60}?)(?=\s+(?:that|which|who|whose|so|"
               r"but|with|in|across|for|" + _AND + "|" + _PARTICIPLE + r")\b|'s\b|\s+[-–—]\s|[.,;?!(]|$)", re.I),  # "a car maker's
    # team"; a dash ends the description as a comma does: "we're a chiropractic office — cost per booked appointment?"
    re.compile(r"\b(?:(?:we|i)|(?:my|our) (?:family|parents|company|team|client|boss|brand|business|firm|shop|store|"
               r"agency|startup|studio)) (?:also |too |mostly |mainly |only |just |now |still |primarily |largely |actually )?"
               # a word of scope between: "we also sell menswear"
               r"(?:sell|make|run|operate|own|manage|market|offer|build|install|provide|rent(?: out)?|lease|"
               r"publish|develop|produce|brew|bake|distribute|manufacture|roast|grow|import|design|craft|"
               r"fix|repair|clean|service|supply|paint|teach|cater)(?:e?s)?"  # a trade's work: "we service boilers"
               r"\s+(?:\d[\d,]* )?(?P<p>[a-z](?:[a-z&/\- ]|(?<=[a-z])\d(?=[a-z])){2,60}?)"
               r"(?=\s+(?:" + _AND + r"|but|so|for|in|with|that|which|who|to|" + _PARTICIPLE + r")\b|\s+[-–—]\s|[.,;?!(]|$)", re.I),
    # goods a trade fits somewhere: "we put solar panels on roofs", "I fit blinds in offices" (never money or ads put into
    # a channel: "we put more money into search", "half of it on LinkedIn")
    re.compile(r"\b(?:we|i) (?:put|fit|mount|lay|hang)s? (?P<p>(?!(?:more|less|half|some|most|all|our|my|it|them|that|this|"
               r"these|those|a|an|the|money|budget|cash|dollars|spend|ads?)\b)[a-z][a-z\-]*(?: [a-z][a-z\-]*)?) "
               r"(?:on|onto|in|into) (?:[a-z]+ ){0,2}?[a-z]+s\b", re.I),
    # the payer of a price question: "what do dental practices pay per click", "should a beauty brand expect" — never a
    # pronoun ("what would we get with the smaller budget": the user, and then no business)
    re.compile(r"\b(?:do|does|did|would|should|will|can|might) (?P<p>(?!(?:we|i|you|they|it|he|she)\b)[a-z][a-z&/\- ]{2,40}?) (?:usually |typically |"
               r"normally |generally )?(?:pay|spend|expect|get charged|budget|see|get|achieve|hit|average)\b", re.I),
    # … or as the subject of a relative clause: "the usual amount a church pays per visitor", "what a clinic spends on"
    payer.PAYS,
    payer.PAYS_BARE,
    # who bears a cost: "what does it cost a school to win a student"
    re.compile(r"\bcosts? (?:an? |the )(?P<p>[a-z][a-z&/\- ]{2,40}?)(?: to (?:win|get|acquire|land|gain|bring in|buy|sign)\b|"
               r"(?= (?:in|on|with|via|through|using|from) (?:paid |digital |online )?(?:ads|advertising|media|search|social)\b|"
               r"\s*[?.!]*$|\s*[,;]\s*(?:and|but|plus|also)\s+(?:what|how|which)\b|\s*[?.!]\s+(?:and\s+)?(?:what|how|which)\b))", re.I),  # … or where it buys ("… in paid media?"), or another ask begins ("…, and what …")
    # the field a price question closes on: "what does a lead usually cost in solar?"
    re.compile(r"\b(?:cost|costs|pay|charge|run|go for)\b[^.?!]{0,20}? in (?:the )?(?P<p>[a-z][a-z&/\- ]{2,40}?)"
               r"(?: (?:industry|space|sector|vertical|category))?(?=[.;?!]|$)", re.I),
    re.compile(r"\b(?P<p>" + NOUN[1:-1] + r") like (?:ours|mine|us|me)\b", re.I),
    # what the user is doing for it: "I'm marketing a coding bootcamp", "we're launching a neobank"
    re.compile(r"\b(?:we|i)(?:'re| are|'m| am) (?:marketing|advertising|promoting|running|launching|growing|opening) "
               r"(?:an? |the |our |my )(?P<p>[a-z][a-z0-9&/\- ]{2,60}?)(?=\s+(?:that|which|who|whose|and|so|but|with|in|for|"
               + _PARTICIPLE + r")\b|[.,;?!(]|$)", re.I),
    # a short follow-up that only swaps the business: "and a bakery?", "what about an airline?"
    # … or with the budget it gets: "and the hardware stores at 30k/mo, new customers?"
    re.compile(r"^\s*(?:and|or|what about|how about|now)\s+(?:for\s+)?(?:an?|the)\s+(?P<p>[a-z][a-z&/\- ]{2,40}?)(?:\s*[?.!]*\s*$|"
               r"(?=\s+(?:at|with|on)\s+\$?\d))", re.I),
    # a message that opens by saying who is asking: "A dental clinic: what …", "A game studio here — …"
    re.compile(r"^\s*(?:for |as )?(?:an? |our |my )(?P<p>[a-z][a-z&/\- ]{2,60}?)(?=\s*(?::|\s[-–—]\s|,? here\b))", re.I),
    # … typed without the article when a word that ends a business's name says what it is: "dental clinic group here,"
    re.compile(r"^\s*(?P<p>(?:[a-z][a-z&\-]* ){0,3}?" + _HEAD + r"(?: (?:group|chain|network|owners?))?)"
               r"(?=,? here\b)", re.I),
    # … or by another noun the business machinery says names a business: "card issuer here," (agent.offline.selfintro)
    selfintro.HERE, selfintro.DASH,
    # the kind of business the user supposes they are: "say we count ourselves as a wholesaler", "treat us as a clinic"
    re.compile(r"\b(?:count|consider|treat|class|classify|think of|see|file|list)(?:ed|ing)? (?:ourselves|myself|us|me) as "
               r"(?:an? |the )?(?P<p>[a-z][a-z&/\- ]{2,60}?)(?=\s+(?:instead|then|rather|and|but|so|for|in|with)\b|[.,;?!(]|$)",
               re.I),
    # the premises the user supposes selling from: "if we sold it from a small shop instead" (a shop of one's own)
    re.compile(r"\b(?:we|i) (?:sold|sell|were selling|started selling)(?: (?:them|it|those|these|that|this|our \w+|my \w+))? "
               r"(?:in|at|from|out of|through) (?:an? |our |my |the )(?P<p>[a-z][a-z&/\- ]{0,40}?\b" + _HEAD + r")\b", re.I),
    # the user's own business by a possessive and a word that ends a business's name: "back to my pottery studio"
    re.compile(r"\b(?:my|our) (?P<p>(?:[a-z][a-z&\-]* ){0,3}?" + _HEAD + r")(?=\s*(?:[-–—,.;:?!(]|$)|\s+(?:and|but|so|"
               r"for|with|in|on|—|instead|now|then|again|needs|has|is|gets|wants|sells|relies|depends|serves|does|did|"
               r"gets|got|had|was)\b)", re.I),  # … as the subject of its own verb: "my plumbing business needs more jobs"
    # a terse ask that opens with the business and ends on the metric's acronym or a unit's price: "fin services ctr", "vet clinic cpc",
    # "ecomerce cac whats typical" — the words before the acronym, when none of them only qualifies the figure
    re.compile(r"^\s*(?:(?:whats|what's|what is|the)\s+)?(?P<p>(?!(?:" + _QUALIFIER + r")\b)[a-z][a-z&/\-]*"
               r"(?: (?!(?:" + _QUALIFIER + r")\b)[a-z][a-z&/\-]*){0,2})(?=\s+(?:"
               + "|".join(re.escape(k.lower()) for k in sorted(VOCABULARY["metrics"], key=len, reverse=True))
               + r"|[a-z]+ (?:cost|costs|price))\b(?:\s+[a-z'’]+){0,3}\s*[?.!]*\s*$)", re.I),  # or on a unit's price: "… lead cost"
]
_BUSINESS[-1:-1] = [supposedbiz.SUPPOSED, supposedbiz.of_person(_HEAD), supposedbiz.run_by_person(_HEAD)]  # "if it was a store instead", "my sister's shop"
_IAM = _BUSINESS[2]  # "I'm a …": who the speaker is — a business, or a person's job ("a science teacher")
_WHOSE = re.compile(r"(\bI['’]?m (?:a|an|the|my) )((?:[a-z]+ )?[a-z]+['’]s )(?=[a-z])", re.I)
_DOES = _BUSINESS[3]  # "we sell …", "we repair …": a verb and the goods it has or works on
_FOR = _BUSINESS[1]   # "for a …": the form that also catches counted quantities and several of a thing
_TERSE = _BUSINESS[-1]  # "fin services ctr": trusted only when its words are a business's words, said short or misspelt
_SWAP = next(p for p in _BUSINESS if p.pattern.startswith(r"^\s*(?:and|or|what about"))  # "and a bakery?"
# who the user says they are comes before whom they serve: "we're a mortgage broker for home buyers"
_BUSINESS[1], _BUSINESS[2] = _BUSINESS[2], _BUSINESS[1]
# a message that opens on a bare noun phrase, a comma and a clause about it with no subject of its own — a participle
# ("credit union, doing paid search for new checking accounts"), a count ("furniture stores, 4 showrooms …") — says
# who is asking, before any "for …" later in the message says what the ads are for; never a word of talk ("quick
# question, …", "thanks, …") nor an opening pleasantry, which is skipped
_TALK = r"(?:fair enough|got it|makes sense|sounds good|i see|gotcha|hey|hi|hello|so|ok|okay|yo|right|well|also|anyway|thanks|thank|sorry|quick|question|one|thing|note|" \
        r"update|context|background|idea|follow-up|followup|fyi|btw|yes|yeah|no|sure|great|cool|perfect|nice|hmm|oh|ah)"
_OPENING = re.compile(r"^\s*(?:" + _TALK + r"\b[,!.]?\s+)*(?P<p>(?!" + _TALK + r"\b)[a-z][a-z&/\-]*(?: (?!" + _TALK
                      + r"\b)[a-z][a-z&/\-]*){0,3})(?:,\s+(?=[a-z]+ing\b|\d|(?:two|three|four|five|six|seven|eight|nine|ten|a few|"
                      r"several)\b)|\.\s+(?=(?:we|i|our|my)\b|\$?\d))", re.I)  # … or as a sentence of its own: "coding bootcamp. we …"
_BUSINESS.insert(0, _OPENING)
_BUSINESS.insert(1, madefor.MAKING)  # "we're making a farming sim for phones": the product (agent.offline.madefor)
_BUSINESS.insert(2, madefor.MARKETS)
_BUSINESS.append(barebiz.caption(_HEAD))
_CUED = {id(p): needed.words(p) for p in _BUSINESS}  # "family owned bike shop in Toledo plus a repair van." (agent.offline.barebiz)  # "I market a language school for adults": the business marketed, before whom it serves
# words that stand for the user's business without naming it ("a business like mine", a pronoun:
# "what can we expect" names the asker, not a kind of business), and the
# words around a business name that are not part of it ("beauty brands", "pet supplies advertisers")
_NOT_A_BUSINESS = re.compile(r"^(?:business|businesses|company|companies|brand|brands|firm|firms|client|clients|"
                             r"account|accounts|advertiser|advertisers|one|ones|us|me|them|you|it|this|that|those|these|"
                             r"everyone|anyone|people|example|instance|comparison|reference|context|sure|now|real|general|total|all|each|every|both|"
                             r"we|i|they|he|she|someone|somebody|be|being|been|"
                             r"same|other|whole|entire|extra|remaining|"
                             r"budget|campaign|plan|month|year|quarter|week|launch|holiday|season|start|free|"
                             r"space|industry|sector|vertical|niche|category|market|field|ads?|causes?|"
                             r"in|on|at|to|from|with|by|of|our|your|my|their|"
                             r"pay|paying|spend|spending|get|getting|expect|see|achieve|hit|"  # verbs; and what ads are for:
                             r"(?:reach|target|find|attract|acquir|engag|win|recruit|hir|convert|retarget|prospect)(?:ing|ning))\b", re.I)  # "for reaching nurses"
# an event a customer books or attends, said alone ("never turn up for the appointment"): what happens, not who sells it
_EVENT = re.compile(r"(?:appointment|booking|reservation|session|consultation|visit|lesson|fitting|tour)s?", re.I)
_TRAILING = re.compile(r"(?:\s+like (?:ours|mine|us|me))?(?:\s+(?:business|businesses|company|companies|brand|brands|"
                       r"firm|firms|advertisers?|clients?|accounts?|owners?|ads|campaigns?))?(?:\s+like (?:ours|mine|us|me))?$", re.I)
# an end of a range ("the high end", "the cheap side", "the upper-bound figure") is where in the last range, not who
_RANGE_END = re.compile(r"^(?:" + "|".join(HIGH_END + LOW_END) + r"|cheaper|efficient|conservative|optimistic|pessimistic|other|"
                        r"bigger|biggest|smaller|smallest|larger|largest|greater|lesser)(?:[- ][a-z]+)?\s+"
                        r"(?:end|side|bound|case|figure|number|estimate|amount|total)s?$|^(?:top|bottom|middle|upper|lower|high|low)(?: end)? of (?:the |that |this |its )?(?:typical )?range$", re.I)
# a time ("fall", "Q4", "next month", "the holidays") opens a phrase that names when, not who
_TIME = re.compile(r"^(?:" + "|".join(SEASONS + MONTHS + MONTH_SHORT + WEEKDAYS) + r"|q[1-4]|h[12]|this|next|last|coming|"
                   r"upcoming|holidays?|christmas|year-end|end-of-year|weekend|daily|weekly|monthly|quarterly|yearly|annual)\b", re.I)
# an occasion or a piece of work ("the fall push", "the spring sale", "the launch flight") is a campaign
_OCCASION = re.compile(r"\b(?:" + "|".join(CAMPAIGN + ("period", "season", "rush", "peak", "window", "quarter", "month", "year",
                                                         "week", "weekend")) + r")s?$", re.I)
# "for a sec", "in a minute", "for a bit": a stretch of time said in passing, never a business
_PAUSE = re.compile(r"(?:sec|secs|second|seconds|min|mins|minute|minutes|moment|moments|bit|while|tick|jiffy)", re.I)
# after "for", a quantity opens a phrase that counts what is bought ("pay for a thousand impressions"), not who buys
_QUANTITY = re.compile(r"^(?:hundred|thousand|million|billion|dozen|couple|few|several|many|lot|lots|one|two|three|"
                       r"four|five|six|seven|eight|nine|ten|twenty|fifty|single|handful)(?= )", re.I)
_POINTS_BACK = re.compile(r"^\s*like (?:this|that|these|those|ours|mine|us|me)\b", re.I)
# selling through one's own website makes a business an online store, whatever it sells ("we sell
# lamps online", "a tea brand that sells on its own site"); a business with shops of its own that
# also sells online is an omnichannel retailer, not this
_WEB_SHOP = r"website|web ?(?:shop|store)|shopify"   # a shop that is a website, whoever owns it
_SELLS_ONLINE = re.compile(r"\b(?:sells?|selling|sold)\b[^.?!]{0,40}?(?:\bonline\b|\bon (?:its|our|my|their) (?:own )?"
                           r"(?:web)?site\b|\bthrough (?:its|our|my|their) (?:own )?(?:web)?(?:site|store|shop)\b|"
                           r"\b(?:" + _WEB_SHOP + r")\b)", re.I)
_OWN_PREMISES = re.compile(r"\b(?:stores|shops|showrooms|branches|locations|outlets|boutiques|centres|centers|galleries|"
                           r"pharmacies|depots)\b", re.I)
ONLINE_STORE = "online store"   # the vocabulary's name for a business that sells through its own site
# a web store besides ("plus a webshop", "and an online store too", "with an e-store"), or selling online as well
_WEB_TOO = re.compile(r"\b(?:plus|and|with|also|as well as)\b[^.?!]{0,20}?\b(?:online|web|e-|internet)\s?(?:shop|store)s?\b|"
                      r"\b(?:also|too)\b[^.?!]{0,15}\b(?:sells?|selling|sold)\b[^.?!]{0,25}\bonline\b|"
                      r"\b(?:sells?|selling|sold)\b[^.?!]{0,25}\bonline\b[^.?!]{0,10}\b(?:too|as well)\b", re.I)
OMNICHANNEL = "omnichannel retail"   # the vocabulary's name for a business with shops of its own that sells online too


# every word metric names use ("cost", "thousand", "impressions", "click"): a phrase made of these
# alone ("a thousand impressions", "each click") is a unit being priced, not a kind of business
_METRIC_WORDS = frozenset(t for syns in VOCABULARY["metrics"].values() for s in syns for t in terms(s))


@dataclass
class Business:
    phrase: str
    refers_back: bool = False   # "shops like this": the business already under discussion


# "a group of 5 dental offices": the count of a group's members, blanked (same length) so that the name reads on
_GROUP_COUNT = re.compile(r"(\b(?:chain|group|network|family|string|cluster) of )(\d+)(?= [a-z])", re.I)
# "marketing for 3 physical therapy clinics" (number words arrive as digits): the count, read as "a" (same length)
_FOR_COUNT = re.compile(r"\bfor (\d{1,3}) (?=(?:[a-z][a-z&\-]* ){0,3}" + _HEAD + r"\b)", re.I)


def business(text: str, metric_spans: list[tuple[int, int]] = ()) -> Business | None:
    """The phrase the user names their kind of business with, when the vocabulary knows no
    vertical in the message (module doc); None when no sentence form names one. Words that describe
    the metric asked (``metric_spans``: "the price for a video ad someone watches to the end", "what
    it costs in media to get a test drive booked") name no business; nor do whom or where the business says it
    works (:mod:`agent.offline.served`: "we cater lunches for hospital staff")."""
    for s0, e0, name in kblabels.platforms_in(text):  # "half the budget into A Place for Mom": a platform the KB names in
        text = text[:s0] + " " * (e0 - s0) + text[e0:] if " " in name or not kblabels.said_in_labels(name) else text  # words of its own, or one word no vertical label holds ("and for Kayak?"), is no business ("Mom")
    served_at, blocked = served.spans(text), False
    text = _WHOSE.sub(lambda m: " " * len(m.group(2)) + m.group(1), text)  # "I'm the owner's assistant at a florist": whose helper dropped (same length)
    text = _GROUP_COUNT.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
    text = _FOR_COUNT.sub(lambda m: " " * (len(m.group(1)) - 1) + "for a ", text)
    low = text.lower() if text.isascii() else None
    for pat in _BUSINESS:
        if low is not None and not any(w in low for w in _CUED.get(id(pat), ("",))):  # none of the words it needs
            continue  # (agent.offline.needed; ASCII: its lower case is what the case-blind form reads)
        for m in pat.finditer(text):
            if any(m.start("p") < e and m.end("p") > s for s, e in metric_spans):
                continue
            if any(m.start("p") < e and m.end("p") > s for s, e in served_at):
                blocked = True   # a customer or a site, taken for the business
                continue
            raw = m.group("p").strip()
            raw += _coordinated(text, m.end("p")) if " " not in raw else ""
            phrase = re.sub(r"^(?:an?|the|our|my|your|their|some|most)\s+", "", " ".join(raw.split()), flags=re.I)
            # "marketing at a hospital", "growth for a bank": the job is done at the business named last
            phrase = re.sub(r"^[a-z][a-z\- ]*? (?:at|for|with) (?:an?|the|our|my) (?=[a-z])", "", phrase, flags=re.I)
            # "a regular store like hers", "a normal gym": a kind said as the ordinary one of it
            phrase = re.sub(r"^(?:regular|normal|typical|average|ordinary|usual|everyday)\s+(?=[a-z])", "", phrase, flags=re.I)
            named = phrase   # "online mattress brand": the words before the trailing "brand" are dropped
            phrase = _TRAILING.sub("", phrase).strip()
            if pat is not _FOR:  # "we run a few clinics": the clinics, however many
                phrase = re.sub(r"^(?:few|couple|handful|several|many|lot|lots|two|three|four|five|six|seven|eight|nine|ten|"
                                r"dozen|dozens)(?: of)? ", "", phrase, flags=re.I)
            else:  # "marketing for a handful of clinics": a group's members are the business
                phrase = re.sub(r"^(?:couple|handful|few|dozen) of (?=[a-z])", "", phrase, flags=re.I)
                # "marketing for three physical therapy clinics": a count before words a business's own name ends
                # with counts the business's sites; "for three months" keeps its count (and is no business)
                phrase = re.sub(r"^" + _COUNT + r" (?=(?:[a-z][a-z&\-]* ){0,3}" + _HEAD + r"$)", "", phrase, flags=re.I)
            # "a small chain of ski lodges", "a group of 5 dental offices": a group's members are the business
            phrase = re.sub(r"^(?:(?:small|big|large|regional|local|national|growing|family[- ]owned|independent)\s+)*"
                            r"(?:chain|group|network|family|collection|string|portfolio|cluster)s? of (?:\d+ |" + _COUNT[3:-1]
                            + r" )?(?=[a-z])", "", phrase, flags=re.I)
            # "a company that sells mattresses on its website": a business word alone names an online store
            web_seller = bool(re.fullmatch(r"(?:business|company|brand|firm|startup)(?:es|s)?", phrase, re.I)
                              and _SELLS_ONLINE.search(text) and not _OWN_PREMISES.search(text))
            if not terms(phrase) or (_NOT_A_BUSINESS.match(phrase) and not web_seller) or match_terms(phrase, VOCABULARY["metrics"]) \
                    or match_terms(phrase, VOCABULARY["platforms"]) or match_terms(phrase, VOCABULARY["geographies"]) \
                    or re.search(r"(?<![a-z])\d", phrase, re.I) or not re.search(r"[a-z]", phrase) or _TIME.match(phrase) \
                    or set(terms(phrase)) <= _METRIC_WORDS or (pat is _SWAP and set(terms(phrase)) & _METRIC_WORDS) \
                    or (_QUANTITY.match(phrase) and pat is _FOR) \
                    or _OCCASION.search(phrase) or _PAUSE.fullmatch(phrase) or _EVENT.fullmatch(phrase) or _only_place(phrase) or _RANGE_END.match(phrase) \
                    or set(terms(phrase)) <= _CHANNEL_WORDS or nounphrase.holds_clause_words(phrase) \
                    or (pat is _TERSE and not bizwords.business_words(phrase)) \
                    or (pat in (selfintro.HERE, selfintro.DASH) and not selfintro.names_business(named, bizwords.business_words)) \
                    or (not bizwords.business_words(phrase) and placemeant.is_place(phrase)) \
                    or madefor.is_device(phrase) or (pat is madefor.MAKING and not madefor.names_product(phrase, text[m.end("p"):])):
                # "newbie here"; "… in lisbon"; "for phones": where a product runs, not who
                continue
            back = bool(_POINTS_BACK.match(text[m.end("p"):]) or re.search(r"\blike (?:ours|mine|us|me)\b", raw, re.I)
                        or re.search(r"\blike (?:ours|mine|us|me)\b", m.group(0), re.I))
            if (_SELLS_ONLINE.search(text) and not _OWN_PREMISES.search(text)) or re.fullmatch(
                    r"(?:(?:little|tiny|small|new) )?(?:online|web|internet)(?:[- ]only)?(?: .*(?:stores?|shops?|brands?|retailers?|sellers?|boutiques?|business(?:es)?|merchants?))?"
                    r"|(?:[a-z\-]+ ){0,3}(?:web|e-?)(?:shop|store)s?", named, re.I):  # "a webshop", "a pen e-shop": one word for a web store
                phrase = ONLINE_STORE if web_seller else _online_store(phrase)
            elif _OWN_PREMISES.search(named) and _WEB_TOO.search(text):  # "6 flower shops plus a web store"
                phrase = OMNICHANNEL
            if pat is _DOES:  # "we design packaging": a service on the goods, not their trade (agent.offline.workedon)
                phrase = workedon.as_work(text[m.start():m.start("p")], phrase, text)
            if pat is _IAM and (run := _run_by_them(text[m.end("p"):], phrase)):
                return run  # "I'm a science teacher running our school's ads": the school
            return Business(ownlabel.as_label(phrase) or madefor.as_business(phrase), back)  # "a farming sim": a game
    if _SELLS_ONLINE.search(text) and not _OWN_PREMISES.search(text) and re.search(r"\b(?:we|i)\b", text, re.I):
        return Business(ONLINE_STORE, False)  # "small candle brand, we sell on our own site": whatever it sells, a web shop
    own = kblabels.named_in(served.blanked(text, served_at)) or kbrowname.said(served.blanked(text, served_at))  # no sentence form: a vertical the KB labels itself, said
    work = workedon.clause(text, own)  # "we hem and mend apparel": the goods worked on, not the trade
    own = None if work else own
    if not own and not work and (blocked or served.naming(text) or served.opens(text)):  # "we treat wastewater for paper mills",
        own = served.doing(text)  # "we haul junk in Tulsa": what it does, not whom for or where
    own = own or work
    return Business(own, False) if own else None


def _run_by_them(rest: str, person: str) -> Business | None:
    """The business named after "I'm a <person>" by a word a business's own name ends with ("… running our school's
    ads", "… helping my daughter's bakery"), when ``person`` ends with no such word: the speaker's job is who they
    are, the business the ads are for is what the figures are looked up for ("I'm a dentist" keeps the dentist)."""
    if re.search(r"\b" + _HEAD + r"$", person, re.I):
        return None
    later = business(rest)
    return later if later and re.search(r"\b" + _HEAD + r"$", later.phrase, re.I) else None


# what follows a comma after a business's first word: ", family-run bakeries." — modifiers said one after another
# ("small, family-run bakeries"), up to the end of the clause: no list ("and"), no clause of its own (a verb-like word)
_COORDINATED = re.compile(r",\s+((?:(?!(?:and|or|but|so|that|which|who|what|whats|how|is|are|was|were|do|does|did|we|i|it|"
                          r"they|you|my|our|your|their|the|a|an|would|could|should|will|can|may|might|then|now|too|"
                          r"please|pls|thanks|with|for|in|on|at|to|" + _PARTICIPLE + r")\b)[a-z][a-z\-]*\s*){1,4})(?=[.;?!]|$)",
                          re.I)


def _coordinated(text: str, end: int) -> str:
    """", hand-built wooden canoes" after "we sell custom" (a first word, then the rest of its noun phrase;
    never a metric: "…, normal cpl?" is the question); "" otherwise."""
    m = _COORDINATED.match(text, end)
    return ", " + m.group(1).strip() if m and not set(terms(m.group(1))) & _METRIC_WORDS else ""


def _only_place(phrase: str) -> bool:
    """"the state of mass", "the ny metro": a place said in full or clipped, and the words that say its kind; "the
    country (as a whole)": the nation, named by its kind alone."""
    if re.fullmatch(r"(?:the\s+)?(?:whole\s+|entire\s+)?(?:country|nation)(?:\s+as a whole)?", phrase.strip(), re.I):
        return True
    return is_world_place(phrase) or phrase != without_places(phrase) and not set(terms(without_places(phrase))) - set(
        terms("state states whole entire metro market area region dma"))


# a channel's name can hold a business word ("retail media", "retailer ad networks": where a snack brand
# buys, not what it is)
_CHANNEL_WORDS = frozenset(terms(" ".join(VOCABULARY["topics"]["channels"])))
_CHANNEL_NAMES = re.compile(r"\b(?:" + "|".join(sorted((re.escape(s) for s in VOCABULARY["topics"]["channels"] if " " in s),
                                                       key=len, reverse=True)) + r"|[a-z]+ (?:ad|media) networks?|in-[a-z]+)\b", re.I)


_PLATFORM_NAMES = re.compile(r"\b(?:" + "|".join(sorted((re.escape(s) for syns in VOCABULARY["platforms"].values()
                                                        for s in syns), key=len, reverse=True)) + r")\b", re.I)


# a platform's name is said whole, so a message holding none of them as a string holds no match (agent.offline.cues)
_PLATFORM_CUE = tuple(sorted({s.lower() for syns in VOCABULARY["platforms"].values() for s in syns}))
assert all(s.isascii() for s in _PLATFORM_CUE)  # an ASCII name matches ASCII text only as its own letters, any case


def without_platforms(text: str) -> str:
    """``text`` without the ad platforms it names, spaces closed up: "how many google ads acquisitions"
    counts acquisitions (the platform says where, not what)."""
    return " ".join((_PLATFORM_NAMES.sub(" ", text) if cues.may_say(text, _PLATFORM_CUE) else text).split())


def without_channel_names(text: str) -> str:
    """``text`` with each several-word channel name and "in-<place>" placement ("in-game": where an ad runs) blanked — and the web
    store of a business with shops of its own ("3 showrooms plus an online store"): where it also sells,
    not what it is (:data:`OMNICHANNEL`)."""
    out = _CHANNEL_NAMES.sub(lambda m: " " * len(m.group(0)), text)
    if _OWN_PREMISES.search(text):
        out = _WEB_TOO.sub(lambda m: " " * len(m.group(0)), out)
    return out


def _online_store(phrase: str) -> str:
    """``phrase`` said of a business that sells online: "candles online" → "candles online store",
    so the vocabulary's online-store vertical names it — unless the goods with "online" already name
    a vertical ("courses online": online courses)."""
    goods = re.sub(r"\s*\b(?:(?:online|web|internet)(?:[- ]only)?|(?:(?:on|through|via) )?(?:(?:its|our|my|their) )?(?:own )?(?:" + _WEB_SHOP + r"|site))\b\s*",
                   " ", phrase, flags=re.I).strip()
    for said in (f"online {goods}", f"{goods} online"):
        if match_terms(said, VOCABULARY["verticals"]):
            return said
    return f"{goods} {ONLINE_STORE}" if goods else ONLINE_STORE
