"""OfflineAgent — a deterministic extractive baseline policy, not Claude.

It exists so every eval can run without an API key and give the same numbers twice, and it is
the baseline arm of every comparison. It speaks the same Messages shapes as Claude (system
prompt, history and tool definitions in; ``tool_use`` or ``text`` blocks out), so the
conversation engine, the tool loop and the eval records are exercised exactly as with a model.

It is a baseline of *general* rules — English number and question grammar, the shared
vocabulary, the KB's own labels through the tools — never rules written against a test set.
Modules, one concept each (the main ones; each module's docstring says why it exists):

* :mod:`~agent.offline.typed` — each user message as the rules read it: how it was typed set aside, through
  :mod:`~agent.offline.shortforms` (chat short forms, contractions without their apostrophe),
  :mod:`~agent.offline.spelling` (a mistyped word read as the KB's or English word meant),
  :mod:`~agent.offline.fillers` (lead-ins, trailing hedges, the discourse "like"), :mod:`~agent.offline.unmarked`
  (place codes typed in lower case), :mod:`~agent.offline.kbcase` (the KB's own acronyms and names typed in lower
  case), :mod:`~agent.offline.barewords` (contractions typed without the apostrophe whose bare form is also a word:
  "were a dealer group") and percentages written out;
* :mod:`~agent.offline.ownrow` — the business asked named by a passage under the KB's own row label (no "the figures
  above are another vertical's" note for a file named after one vertical);
* :mod:`~agent.offline.kbmarkets` — a market the KB lists facts for, typed in lower case, read with the KB's capitals;
* :mod:`~agent.offline.asking` — which sentences of a message ask, with or without their "?" (one judgement for
  every rule that looks for the question in a message; the sentence encoder reads an unmarked question with its mark);
* :mod:`~agent.offline.numbers` — numbers as people say them ("$50k", "25 grand", "fifty thousand");
* :mod:`~agent.offline.parse` — what one message asks: metrics, business, audiences, numbers' roles, operation;
* :mod:`~agent.offline.nounphrase` — a business slot is a noun phrase: no pronoun, question word or copula of the asking clause;
* :mod:`~agent.offline.ruleask` — a question asking how long, how fast, what to do or whether a rule exists, and no
  figure: searched, not looked up;
* :mod:`~agent.offline.metricnames` — vocabulary names said loosely ("return on spend", "LTV/CAC", "banks");
* :mod:`~agent.offline.kbmetrics` — the metrics a KB names itself ("CPB (cost per booking)"), as get_benchmark declares them;
* :mod:`~agent.offline.ownrate` — a KB's own step-to-step rate asked as a share ("what share of inquiries end up enrolling");
* :mod:`~agent.offline.kblabels` — the verticals a KB labels itself ("Holiday rentals"), said in full, as get_benchmark declares them;
* :mod:`~agent.offline.metricforms` — a metric described by the ratio it is ("share of people who see the ad and click" → CTR);
  :mod:`~agent.offline.metricwords` — more everyday wordings: a bare "what return", money back vs money spent (ROAS),
  a request for information (CPL), "and a paying customer?" (CAC); :mod:`~agent.offline.personprice` — "and per student
  who actually enrolls?" after a price: that price per the person and act, resolved by what the KB says metrics count;
* :mod:`~agent.offline.loosebiz` — the conversation's business named again loosely ("car stuff", "sauces, that kind of
  thing") is the vertical already settled;
* :mod:`~agent.offline.priceforms` — the forms that ask the price of one unit ("how much per lead"), read as "cost per …";
* :mod:`~agent.offline.actionprice` — the cost of getting a person to act ("to get someone to sign up") as a cost per action;
* :mod:`~agent.offline.twobiz` — two businesses and a figure asked "for each": looked up for both;
* :mod:`~agent.offline.declined` — the remembered business, dropped for a figure asked "in general" or not covered;
* :mod:`~agent.offline.business` — the phrase a business is named with (not a time, or one that points back);
  :mod:`~agent.offline.supposedbiz` — a business supposed ("if it was a store instead") or a relative's ("my sister's
  gift shop"); :mod:`~agent.offline.tradegoods` — lending goods sold or advertised ("pushing loans", "loan searches")
  are no other trade's question;
* :mod:`~agent.offline.selfintro` / :mod:`~agent.offline.selfdesc` — "<business> here, …" as a self-introduction,
  and a look-up that finds no business asked again with the user's own sentence about it;
* :mod:`~agent.offline.placename` — a name swapped into a follow-up ("and Denver?") that is a place, never a platform;
* :mod:`~agent.offline.served` — whom or where a business says it works ("we cater lunches for hospital staff"):
  no business of the user's own;
* :mod:`~agent.offline.workedon` — a vocabulary vertical the user works on or only modifies another trade's noun with
  ("we hem and mend apparel", "I'm a hotel florist"): set aside, the business looked up by its work clause;
* :mod:`~agent.offline.kbrowname` — a KB's own multi-word row label said in full ("food banks") beats a vocabulary word
  inside it;
* :mod:`~agent.offline.placemeant` — a lower-case phrase that is a place by meaning ("… in lisbon"): the market asked,
  never the business;
* :mod:`~agent.offline.declfirst` — a decline comes first, and no other business's row is quoted in its place (nor, for
  a count asked in a place the KB does not size that audience in, another place's count);
* :mod:`~agent.offline.marketfig` — of a figure priced per market, the market asked, else the unmarked home market;
* :mod:`~agent.offline.terseaudience` — a bare "<audience> in <place>?" is a sizing question, "<audience>, A vs B" two, "also <audience> in <place>, <what it means>" one;
* :mod:`~agent.offline.pointedaudience` — "how many of those …" sizes the people the message, or the one before it,
  just described ("our buyers are basically X", "we sell to X");
* :mod:`~agent.offline.planinputs` — a number about the user's own plan whose inputs nobody gave ("how many demos will
  we book next quarter") is asked back, naming the missing inputs; :mod:`~agent.offline.unsized` — a budget moved by
  no amount ("bump it up a bit") or a budget for a goal of fullness ("keep the vans fully booked") asks that size;
  :mod:`~agent.offline.unpriced` — the user's results forecast for a business the KB has no price for: the decline and
  the question for their own price of one; :mod:`~agent.offline.actionjudged` — "is it ok to …" judges an action, so
  no plan input is asked; :mod:`~agent.offline.ownbiz` — "our CAC" after a comparison is the user's own business's;
* :mod:`~agent.offline.askedreply` — a short reply to that asking ("about 300 a month, $15 each", "say 40 bucks") fills
  the inputs it asked for, and the question that led to the asking is answered; :mod:`~agent.offline.budgetadd` —
  money said as added ("another $1,000", "up by 2k") grows the known budget, its sum shown and carried on;
* :mod:`~agent.offline.spokenprice` / :mod:`~agent.offline.midrange` / :mod:`~agent.offline.ownbench` /
  :mod:`~agent.offline.redounit` — a unit price said in words ("a dollar ten apiece"), the middle of a range, the
  user's own ROAS put beside the business's range, "redo the installs" with the changed budget;
* :mod:`~agent.offline.pointsback` / :mod:`~agent.offline.kbfigname` / :mod:`~agent.offline.stepheaded` — a question
  that only points back into its own story is searched by the story; a split typed "70 20 10" is the KB's "70/20/10";
  "which step is about X" gets the section headed by that step;
* :mod:`~agent.offline.unitprice` / :mod:`~agent.offline.rangenamed` — "and a brand new patient, all in?" right after
  a price asks that unit's price; a working that names a shown range by its unit ("that lead range") uses that range;
* :mod:`~agent.offline.everyrow` — "each kind of report", "every tier": every row of the quoted table, when it fits;
* :mod:`~agent.offline.whenask` / :mod:`~agent.offline.whenbiz` — "what time of year should we push?": searched with the
  conversation's business, answered from that business's sentences naming a point of the calendar;
* :mod:`~agent.offline.quotedterm` / :mod:`~agent.offline.quotedread` / :mod:`~agent.offline.sectionreads` — a name the
  user quotes beside the question ("it has to be 'SMART'") searched with it, and the section headed with it quoted;
* :mod:`~agent.offline.fitask` — "does that split still make sense for us?": the rule's own "When to …" section;
* :mod:`~agent.offline.budgetmove` / :mod:`~agent.offline.spans` — a budget changed through "it" ("cut it by a third")
  re-runs the last working; a count over a stretch of periods ("over 13 weeks");
* :mod:`~agent.offline.kbcovers` — an industry the vocabulary calls uncovered that the served KB labels, looked up by
  the user's words;
* :mod:`~agent.offline.platformsaid` — the platforms a message names as meant ("Microsoft's search ads" is one);
* :mod:`~agent.offline.places` — the places a message names, and the message without them;
* :mod:`~agent.offline.placeshort` — a place the sizing tool also sizes, typed short ("ny", "cali", "the country");
* :mod:`~agent.offline.roles` — each stated number's role (budget, unit price, lifetime value, count);
* :mod:`~agent.offline.memory` — the conversation's slots across turns (follow-ups, redo with a new number);
* :mod:`~agent.offline.doask` — a follow-up asking what the user does (a how-to), searched rather than looked up again;
* :mod:`~agent.offline.timeswap` / :mod:`~agent.offline.marketswap` — the last look-up asked for an earlier year, or for
  another of the KB's markets;
* :mod:`~agent.offline.toolread` — reading the Messages history and tool results;
* :mod:`~agent.offline.searchq` — the search queries of a turn (fillers out, attributes asked, a follow-up's topic);
* :mod:`~agent.offline.followup` — a follow-up that asks what comes next is not answered with the last quote again;
* :mod:`~agent.offline.ownwords` — a follow-up's own words choose among the sections its carried topic finds;
* :mod:`~agent.offline.nextsection` — "what comes after that?" after a whole section was quoted: the section after it;
* :mod:`~agent.offline.shortrule` — a short rule's paragraph is quoted whole, the sentences that answer first;
* :mod:`~agent.offline.wholelist` — a how-to question answered from a short list of ways: every item quoted;
* :mod:`~agent.offline.unrepeated` — a follow-up answered from the section just quoted adds a sentence not just shown;
* :mod:`~agent.offline.passages` — passages as answer units under their headings, and whether they answer at all;
* :mod:`~agent.offline.nameforms` / :mod:`~agent.offline.placekinds` — a name typed short ("Philly") as the name the
  passages write, and a place beside the one they write read as its kind (state / DMA);
* :mod:`~agent.offline.mediaword` — a question whose only planning word is one everyday word keeps the meaning check;
* :mod:`~agent.offline.sectionunits` — a passage's sections and sentences as the reader scores them, made once per text;
* :mod:`~agent.offline.reader` — which section answers a how-to / rule question and what of it to quote (never
  instructions found in passages);
* :mod:`~agent.offline.rereading` — the readers that may replace the reader's answer once the searches are in, in
  their order of precedence (the first that answers wins);
* :mod:`~agent.offline.restating`, :mod:`~agent.offline.retrying`, :mod:`~agent.offline.planvertical`,
  :mod:`~agent.offline.planplatform`, :mod:`~agent.offline.inputneed`, :mod:`~agent.offline.userfigures` — the
  policy's other precedence chains (the message restated, the retries, the business and platform a look-up is planned
  for, the input to ask for, the user's figures worked), each an ordered tuple run by :mod:`~agent.offline.firstof`;
  :mod:`~agent.offline.messagereads` / :mod:`~agent.offline.amending` — the message read, and the answer amended, by
  readers applied in order; :mod:`~agent.offline.rangeask` — the cues that a metric's range is asked;
  :mod:`~agent.offline.replies` — the answer / tool-call responses and their ids;
* :mod:`~agent.offline.aswritten` / :mod:`~agent.offline.workedcase` — the question in the KB's closed compounds
  ("pays back" → "payback") as the reader reads it, and a stated rule ahead of a worked example for "what should it be";
* :mod:`~agent.offline.rulesection` — a question of what one may or must do, answered from the KB's stated rule when this
  turn's search returned it and it is the nearest rule in meaning;
* :mod:`~agent.offline.versushead` — "what's the difference between A and B?": the section the KB heads "A versus B"
  (searched for by that form when no passage held it);
* :mod:`~agent.offline.conceptask` / :mod:`~agent.offline.reasonask` — a metric's meaning or two kinds' difference asked
  after a spend and a count, or a why-question after a told story naming a metric: read from the KB, no figure worked
  out or looked up;
* :mod:`~agent.offline.subject` — a channel the asking sentence names must be named by the section quoted: a general
  note that never names it yields to a close section that does and whose heading names something else asked;
* :mod:`~agent.offline.tossup` — a rule / method question whose two best sections, from two documents, score and mean
  alike: both are quoted, each cited;
* :mod:`~agent.offline.answerforms` — the form of answer a question asks for (a condition, a formula, figures);
* :mod:`~agent.offline.semantic` — MiniLM similarity of a question and KB sections, cached (the one meaning signal);
* :mod:`~agent.offline.sectionmeaning` — sections compared by meaning with the question (close calls, misses);
* :mod:`~agent.offline.meaningsearch` — a declined how-to turn: the KB section nearest in meaning, when reliable;
  :mod:`~agent.offline.drawnon` — or when it lies in a document the conversation's answers cited (the business's page);
  :mod:`~agent.offline.boundread` — a later turn asking leave for an action, read in those cited documents' passages
  the search returned, the user's own particulars (words no KB page says) no evidence against them;
* :mod:`~agent.offline.focus` — what a question asks for (a rate, a legal verdict) must be stated by the passage;
* :mod:`~agent.offline.uncovered` — a business filed under a covered vertical by one word but meaning a not-covered one;
* :mod:`~agent.offline.gaps` — the parts of a question the cited passages do not cover, said in the answer, with
  :mod:`~agent.offline.metricask` (a metric's value asked tersely or with "what"), :mod:`~agent.offline.metricsaid`
  (a metric asked that the quoted passage never names: a channel's CPMs are no CPA) and
  :mod:`~agent.offline.placequote` (a count asked for a place the quoted rows are not for);
* :mod:`~agent.offline.leftout` — the KB's own "no figures for …" sentence, cited, in place of a plain decline (and
  of a hop by meaning to a section that prices something else);
* :mod:`~agent.offline.bands` — budget bands in the KB's headings, matched to the user's budget;
* :mod:`~agent.offline.bandsibling` — only another band's section found: its siblings searched by the heading's words;
* :mod:`~agent.offline.rulecalc` — a multiplier the KB states, applied to the user's own number;
* :mod:`~agent.offline.userrule` — rules the KB states in words (ratios, thresholds, shares) on the user's figures;
* :mod:`~agent.offline.capstep` — a cap on one step of change per period ("at most 30% per week") on the user's amount;
* :mod:`~agent.offline.periodrule` — a per-period rule the KB states, from the user's figure or last percentage;
* :mod:`~agent.offline.reportedcount` — a count a platform reports, taken through the KB's adjustment;
* :mod:`~agent.offline.carrycount` — a count the last answer worked out, carried into this turn's rate;
* :mod:`~agent.offline.carryrate` — the user's own rate applied to the count the last answer worked out;
* :mod:`~agent.offline.chainrate` — a funnel chained across turns: a share ("1 in 8", "a quarter of those", the KB's rate
  "going by that") applied to the count an earlier answer worked out, at the end named; the next stage's usual rate looked up;
* :mod:`~agent.offline.sizeshare` — the user's share ("12% of that", "one in four of them") of the size the last answer gave;
* :mod:`~agent.offline.proserate` — a rate the KB states in a sentence, of the platform named, on that count;
* :mod:`~agent.offline.ratioback` — the most to pay for a customer at the LTV:CAC ratio the last answer gave;
* :mod:`~agent.offline.closerate` — the KB's allowable-cost rule (value × close rate × its multiplier) on the user's;
* :mod:`~agent.offline.kbcostrule` — the cost-ceiling rule the served KB states (inputs × a factor, a value per customer
  and a target share of it), its inputs asked in its words, worked on the user's; kb/'s ratio rule left to planmath;
* :mod:`~agent.offline.sharepick` — of the budget shares a passage states, the one the question is about;
* :mod:`~agent.offline.rangeend` — the end of a range shown before that a message points at, as a figure;
* :mod:`~agent.offline.compare` — two of the user's figures compared (a share, what is left, a % change) or a
  target worked back through a rate (leads needed, cost per customer, a run rate);
* :mod:`~agent.offline.amounts` — the user's amount moved ("trim it by a fifth", "halve"), re-timed (a week's spend
  over a year), shared out ("two thirds to search"); reach × frequency, payback months, break-even CPA;
* :mod:`~agent.offline.cacback` — a payback asked with only the monthly figure, on the customer's cost the conversation
  gave (said, or worked out: that working shown first);
* :mod:`~agent.offline.targetspend` / :mod:`~agent.offline.seasonlen` — a budget for results past the click worked back
  through the conversion rate shown (target ÷ rate × click price, both ends); a weekly capacity over "all season"
  whose length an earlier turn gave;
* :mod:`~agent.offline.unitworth` — the counts a funnel chain worked out × the user's value per unit (sales), ÷ the budget
  (back per dollar), on the chains :mod:`~agent.offline.chains` reads back whole ("$12,000 ÷ $1.30 × 1.8%");
* :mod:`~agent.offline.chainback` — a count wanted worked back through that chain, each step undone ("50 × 10 × $60");
* :mod:`~agent.offline.shortfall` — a goal against the chain's counts: goal − count at the period and end named;
* :mod:`~agent.offline.perperiod` — a bare "per day?" / "per week?" on the results the last answer worked out,
  from the period their budget was said over (a month 30 days or 52 ÷ 12 weeks, stated once);
* :mod:`~agent.offline.judgedcost` / :mod:`~agent.offline.keptshare` / :mod:`~agent.offline.monthtest` — a spend and what it
  won judged unnamed ("how's that stack up": the cost of one, CAC for customers); a margin said as what is kept of a
  sale (break-even ROAS); a payback asked as a test of months ("do we pass the 12 month test?");
* :mod:`~agent.offline.eventrate` / :mod:`~agent.offline.twocounts` / :mod:`~agent.offline.statedmultiple` /
  :mod:`~agent.offline.lastshare` — the user's events out of what they sent, beside the rates quoted; two counts of one
  thing under two settings, the change in percent; a multiple the user states, projecting their newer figure; the
  budget share the last answer quoted, in money;
* :mod:`~agent.offline.ownresults` — several results asked in one turn from the user's own figures (CAC, ROAS,
  payback, LTV:CAC, a budget for a count, impressions and their cost, a split and its leads), worked first;
* :mod:`~agent.offline.changedfig` / :mod:`~agent.offline.chainedrate` — a figure changed mid-conversation (a budget
  moved by a percentage, a price against a figure repeated, a shorter flight at the same weekly spend) worked from
  the base the user planned, and the user's earlier rate applied again to the redone counts;
* :mod:`~agent.offline.splitbend` — a split worked for a business the user calls new, redone at the KB's own split for
  new businesses ("closer to 50/30/20");
* :mod:`~agent.offline.owncost` / :mod:`~agent.offline.repriced` / :mod:`~agent.offline.budgetfunnel` — the user's cost
  of one from the counts worked before (budget ÷ count, or a worked-back budget ÷ its target); the counts worked at a
  price, again at the price just moved (each part of a split); a two-range funnel counted again from a moved budget;
* :mod:`~agent.offline.otherbudget` — a budget said to exist but not given ("its own budget"): asked for;
* :mod:`~agent.offline.madefor` — a product named by genre and device ("a farming sim for phones"), the device no business;
* :mod:`~agent.offline.valueask` — "what kind of X would we get" asks for a usual value;
* :mod:`~agent.offline.pastend` — a price said as a percentage past an end of the range shown ("30% above the top of
  that range"): that end moved, and the count redone at it;
* :mod:`~agent.offline.actualask` — the real value asked of a count the user was given ("how many are real?", "can I
  trust that number?"), answered through the KB's rule for reported counts;
* :mod:`~agent.offline.sharecite` — a split's lines cited only when the passage states every share;
* :mod:`~agent.offline.businessdocs` — passages of the conversation's own business (another vertical's document set
  aside), for the reader and for the rule quoted above a working;
* :mod:`~agent.offline.quotedfig` — a figure quoted as a table column ("the High figure of $280"), found and cited;
* :mod:`~agent.offline.judgedprice` — a figure of the user's own judged ("is $70 too much?") right after a benchmark: beside it;
* :mod:`~agent.offline.worthask` — "would that be a good deal?" without the user's value: ask for it first (and the target a
  budget is sized from, the profit a break-even count needs);
* :mod:`~agent.offline.quotedreach` — a seller's quote (cost, people reached, "fair?") as the CPM it implies, beside the KB's range;
* :mod:`~agent.offline.channelunit` — "what do billboards run?": a reach medium's CPM, not a business's "cost per billboards";
* :mod:`~agent.offline.normalprice` — "… at normal prices": the KB's range, not the user's own worked-out cost;
* :mod:`~agent.offline.replay` — a worked example the KB gives, re-run on the user's own figures;
* :mod:`~agent.offline.examplewords` — the words around a re-run example's working, kept with the user's result;
* :mod:`~agent.offline.scope` — requests to make something outside media planning, declined;
* :mod:`~agent.offline.periods` — the period a budget is said for and the one a count is asked for;
* :mod:`~agent.offline.sizing` — what a sizing question asks: who is counted, and whether "how many" counts people;
* :mod:`~agent.offline.arith` — the arithmetic a question implies, inputs found, working shown;
* :mod:`~agent.offline.unitswap` — after a working, a follow-up that changes only what is counted or the business;
* :mod:`~agent.offline.budgetshare` — a count asked of one named percentage part of a split budget;
* :mod:`~agent.offline.planmath` — a planner's formulas once a rule or ratio is stated (splits, reach × frequency,
  pacing, break-even ROAS, the most to pay), working shown;
* :mod:`~agent.offline.funnel` — the metrics' own identities on the user's figures (a rate on a count, CPA from CPC
  and conversion rate, ROAS, reach from impressions and frequency);
* :mod:`~agent.offline.shorthand` — bare metric lists and "those two" pointing back to the last metrics;
* :mod:`~agent.offline.channelfig` — a named platform's or channel's figure, read from the KB's own tables;
  :mod:`~agent.offline.platformretry` — a platform whose figure the business's list lacks: its own lists by format;
  :mod:`~agent.offline.affordask` — "is 21k enough to run CTV?" asks the KB's minimum or tier, not a count;
  :mod:`~agent.offline.namedpart` — "TV" of "connected TV" is found when the passages name the platform otherwise;
* :mod:`~agent.offline.platformfig` — a platform and a metric with no vertical: every figure the KB's lists give
  for it (get_benchmark by platform alone), a long list by its ends, and the offer to narrow it to one vertical;
* :mod:`~agent.offline.sidebyside` — two or three named platforms or channels compared: what the KB says of each;
* :mod:`~agent.offline.parts` — every part of a multi-part question answered by its own search, or named as unanswered;
* :mod:`~agent.offline.redo` — "budget's 80k now, redo it" after a looked-up answer: the last question again, with it;
* :mod:`~agent.offline.stepask` — "step N", "the last step", "the step after X", read from the step tool's order;
* :mod:`~agent.offline.opening` — "where do I start with a media plan?": the framework's first step;
* :mod:`~agent.offline.definition` — "what does CPA mean?": the KB's own definition, in whichever layout it writes one;
* :mod:`~agent.offline.meaningask` — "sorry, what's a CPM?" mid-conversation: searched for the definition, not the figure;
* :mod:`~agent.offline.pairback` — "how are those two different?": the two metrics the last answers led with;
* :mod:`~agent.offline.whatcounts` — "does that figure include taxes?": the last metric's note and definition;
* :mod:`~agent.offline.doerplain` — a price of a person doing something ("one new person buying"): the unit it counts;
* :mod:`~agent.offline.payer` — "the amount a church pays to …": the payer said in a clause of its own;
* :mod:`~agent.offline.othersown` — a competitor's own spend asked as a fact: no knowledge base holds it;
* :mod:`~agent.offline.unitsaid` — "how many inquiries" after an inquiry was priced: that price, not the last metric;
* :mod:`~agent.offline.newcount` — "how many new students" with a budget said: the people it adds, not an audience;
* :mod:`~agent.offline.scene` — a message that only sets the scene, answered with a question (its platform kept);
* :mod:`~agent.offline.coverage` — "what do you have figures for?", answered with the KB's own list;
* :mod:`~agent.offline.compose` — the answer's prose, abstentions and clarifying questions;
* :mod:`~agent.offline.worked` — a planner's-formula turn: the KB's rule quoted, then the working;
* :mod:`~agent.offline.policy` — the decisions: which tools, which answer.

It never writes a number that is neither in a tool result nor computed from the user's inputs.

The other modules, each named by what it reads (their docstrings say why):

* :mod:`~agent.offline.addedtotal` — an increment said beside the total it makes ("another 6k, so we're at 24k"): the total;
* :mod:`~agent.offline.addwords` — the words that mark an amount as added ("another", "1k more");
* :mod:`~agent.offline.agedmetric` — a metric asked at an age said before it ("the day-30 cohort ROAS"): looked up at that age;
* :mod:`~agent.offline.ageswap` — A follow-up that changes only the age a figure is measured at;
* :mod:`~agent.offline.alternatives` — a question offering two alternatives, answered with what the KB says of each;
* :mod:`~agent.offline.antecedent` — the "it" a user divides after stating an amount;
* :mod:`~agent.offline.askframe` — the frame a question is asked in ("how do we decide whether …"), taken off when a search with it found nothing;
* :mod:`~agent.offline.askshape` — what a calculation question asks, read from the shape of its sentence rather than a "how many";
* :mod:`~agent.offline.attrretry` — one more search when the search naming what the question word asks for came back empty;
* :mod:`~agent.offline.bound` — the bound a question asks for — the most, the longest (an upper bound) or the least, the shortest …;
* :mod:`~agent.offline.businessask` — whose business? Asked when it decides the figure;
* :mod:`~agent.offline.buyask` — A count of results the budget would buy, asked before any budget is known;
* :mod:`~agent.offline.calcperiod` — A period named after a calculation ("and per month?", "what about per quarter", "yearly?");
* :mod:`~agent.offline.calcplatform` — A platform named after a calculation ("and on Bing alone?", "what about just TikTok?");
* :mod:`~agent.offline.calendarwords` — the months, their short forms, the weekdays and the seasons, listed once;
* :mod:`~agent.offline.campaignwords` — the words that name a campaign ("push", "flight", "pilot", "appeal"), listed once;
* :mod:`~agent.offline.framename` — how the greeting names the planning steps: as the KB's step tool declares them;
* :mod:`~agent.offline.endwords` — the words naming a range's high or low end ("top", "pricey", "cheap", "best"), listed once;
* :mod:`~agent.offline.excludeditem` — the words a question must say to ask about an item a KB sentence excludes;
* :mod:`~agent.offline.formulas` — the planner's formula a message asks for (:func:`agent.offline.planmath.work`), worked once per turn;
* :mod:`~agent.offline.fractionwords` — A share said in words — "half", "a third", "two thirds", "three quarters", "a fifth" — and the one …;
* :mod:`~agent.offline.gloss` — the served KB's own terms for the concepts a message names in everyday words (:mod:`mpa.everyday`);
* :mod:`~agent.offline.kbterms` — the words a knowledge base builds its own named measures from, read off its acronym definitions;
* :mod:`~agent.offline.kbthesaurus` — the knowledge base's own explanations of its terms, read as a thesaurus from everyday words to the …;
* :mod:`~agent.offline.keptplatform` — the platform a follow-up keeps when it swaps another slot of the same figure;
* :mod:`~agent.offline.partslots` — each part of a two-part figure question looked up with its own business and platform;
* :mod:`~agent.offline.listedasks` — several things asked with one verb ("what CAC, ROAS and search/social split …"), a verbless "and what …?";
* :mod:`~agent.offline.bandcaption` — a plain-text caption stating a money band, read as the label of the paragraph under it;
* :mod:`~agent.offline.captionlists` — lists given one per case under captions, the case the question names, else one question;
* :mod:`~agent.offline.captionrows` — a plain-text list of short rows read whole under its caption, one row quoted when named;
* :mod:`~agent.offline.shareline` — a split written on one line of shares under its caption ("STARTING MIX: X" over "A 45% | B 25%") read as one statement;
* :mod:`~agent.offline.keptretry` — a platform kept from the last turn that the newly named business has no row for, dropped;
* :mod:`~agent.offline.partplatform` — a figure asked in one part with no platform, when a later part names one;
* :mod:`~agent.offline.platformkind` — a platform that is a row of a list by a kind of platform, read as one of that kind;
* :mod:`~agent.offline.stepnamed` — a question inside a step named by number or ordinal, answered from that step's passages;
* :mod:`~agent.offline.steporder` — which of two steps named by their topics comes first;
* :mod:`~agent.offline.timepoint` — the sentence of a quoted section that a point in time the question names picks out;
* :mod:`~agent.offline.rowprice` — a KB's own price rows ('- Moloco: $3.10' under 'COST PER INSTALL'): each side compared, a budget worked at them;
* :mod:`~agent.offline.resultask` — a budget asked what it buys in a business, no result named: which result to count;
* :mod:`~agent.offline.bylist` — "which <dimension> is cheapest?": only the list whose 'BY <dimension>' line the question names;
* :mod:`~agent.offline.formulalead` — a lead-in line ending in ':' read with the formula under it as one unit;
* :mod:`~agent.offline.labelpick` — one of the businesses the last answer listed, picked by the words that tell it from the others;
* :mod:`~agent.offline.leaveask` — A yes/no question about what one may, must or should do — it asks for the rule that allows or …;
* :mod:`~agent.offline.forbids` — asked leave for an act, the section with a sentence forbidding that very act is preferred;
* :mod:`~agent.offline.namedrow` — the item of a quoted list that the question names by its label;
* :mod:`~agent.offline.newaudience` — A follow-up that names another audience while sizing;
* :mod:`~agent.offline.normphrase` — A question's "the usual terms" is the knowledge base's "the standard terms";
* :mod:`~agent.offline.ownfigure` — the user's own figure set beside the one channel or platform figure quoted for it;
* :mod:`~agent.offline.ownquestion` — A short question that stands on its own;
* :mod:`~agent.offline.ownwider` — a KB's own metric whose name holds a vocabulary metric ("CAC payback", in months) read as the KB's, …;
* :mod:`~agent.offline.partshare` — a split's shares quoted part by part ("search 40%–50%"), in money for the parts named;
* :mod:`~agent.offline.pastyear` — the earlier time a figure question asks about in the past tense;
* :mod:`~agent.offline.placeretry` — an audience the sizing tool sizes only for other places, asked for one of them in the user's own …;
* :mod:`~agent.offline.platformslot` — A platform the vocabulary does not know, named in the platform's slot of a follow-up;
* :mod:`~agent.offline.recall` — the conversation's slots (:func:`agent.offline.memory.remember`), folded once per turn;
* :mod:`~agent.offline.redoback` — "redo the split" after other turns: the earlier question that asked for that piece;
* :mod:`~agent.offline.roasrevenue` — spend × ROAS;
* :mod:`~agent.offline.routeretry` — A business the KB does not know by its goods, asked about again by how it sells;
* :mod:`~agent.offline.samereturn` — "the same return as last spring" on a new spend: the user's own revenue ÷ spend;
* :mod:`~agent.offline.sectionkind` — the kind of document a section comes from, against the kind of answer the question asks for;
* :mod:`~agent.offline.servedkb` — the knowledge-base folder the tools serve, and its documents, read once per folder;
* :mod:`~agent.offline.setting` — the setting of a message and its question;
* :mod:`~agent.offline.splitrule` — A split the knowledge base states, applied to the user's budget in dollars;
* :mod:`~agent.offline.stagerate` — the rate between two stages of the funnel, when the user gives a count of one and asks the next;
* :mod:`~agent.offline.steplist` — A step of a framework the knowledge base writes as a numbered list, not as headings;
* :mod:`~agent.offline.steprange` — A step the framework does not have ("what's step 11?" of a ten-step framework, "step 0");
* :mod:`~agent.offline.tallies` — arithmetic on several of the user's own counts and shares that no single-figure rule covers;
* :mod:`~agent.offline.verdict` — which of two figures is lower or higher, when the question asks it;
* :mod:`~agent.offline.verdicttag` — a question that is only a verdict tag ("smart?", "is he right?") on the proposal before it;
* :mod:`~agent.offline.glosshead` — a section the KB files under the concept a message names in everyday words answers it;
* :mod:`~agent.offline.askedkind` — the business or vertical the question itself names wins over the story's;
* :mod:`~agent.offline.sizedbiz` — a business said with its size or clientele before its name ("a 12 room inn", "a children's dental practice") read as its kind;
* :mod:`~agent.offline.shelfroute` — goods on shops' shelves in everyday words ("our cans are in grocery stores") read as the route the KB describes verticals by;
* :mod:`~agent.offline.ourrate` — a working "at our CPM" with the user's own CPM never said: ask for it;
* :mod:`~agent.offline.worldplaces` — countries and world regions outside the United States, as users type them — in lower case too;
"""
from agent.offline.compose import statement
from agent.offline.parse import parse
from agent.offline.policy import NAME, OfflineAgent

__all__ = ["NAME", "OfflineAgent", "parse", "statement"]
