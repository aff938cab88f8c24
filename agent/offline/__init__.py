"""OfflineAgent — a deterministic extractive baseline policy, not Claude.

It exists so every eval can run without an API key and give the same numbers twice, and it is
the baseline arm of every comparison. It speaks the same Messages shapes as Claude (system
prompt, history and tool definitions in; ``tool_use`` or ``text`` blocks out), so the
conversation engine, the tool loop and the eval records are exercised exactly as with a model.

It is a baseline of *general* rules — English number and question grammar, the shared
vocabulary, the KB's own labels through the tools — never rules written against a test set.
Modules, one concept each:

* :mod:`~agent.offline.numbers` — numbers as people say them ("$50k", "25 grand", "fifty thousand");
* :mod:`~agent.offline.parse` — what one message asks: metrics, business, audiences, numbers' roles, operation;
* :mod:`~agent.offline.metricnames` — vocabulary names said loosely ("return on spend", "LTV/CAC", "banks");
* :mod:`~agent.offline.business` — the phrase a business is named with (not a time, or one that points back);
* :mod:`~agent.offline.places` — the places a message names, and the message without them;
* :mod:`~agent.offline.roles` — each stated number's role (budget, unit price, lifetime value, count);
* :mod:`~agent.offline.memory` — the conversation's slots across turns (follow-ups, redo with a new number);
* :mod:`~agent.offline.toolread` — reading the Messages history and tool results;
* :mod:`~agent.offline.searchq` — the search queries of a turn (fillers out, attributes asked, a follow-up's topic);
* :mod:`~agent.offline.passages` — passages as answer units under their headings, and whether they answer at all;
* :mod:`~agent.offline.reader` — which section answers a how-to / rule question and what of it to quote (never
  instructions found in passages);
* :mod:`~agent.offline.sectionmeaning` — sections compared by meaning with the question (close calls, misses);
* :mod:`~agent.offline.rulecalc` — a multiplier the KB states, applied to the user's own number;
* :mod:`~agent.offline.replay` — a worked example the KB gives, re-run on the user's own figures;
* :mod:`~agent.offline.scope` — requests to make something outside media planning, declined;
* :mod:`~agent.offline.periods` — the period a budget is said for and the one a count is asked for;
* :mod:`~agent.offline.arith` — the arithmetic a question implies, inputs found, working shown;
* :mod:`~agent.offline.planmath` — a planner's formulas once a rule or ratio is stated (splits, reach × frequency,
  pacing, break-even ROAS, the most to pay), working shown;
* :mod:`~agent.offline.funnel` — the metrics' own identities on the user's figures (a rate on a count, CPA from CPC
  and conversion rate, ROAS, reach from impressions and frequency);
* :mod:`~agent.offline.shorthand` — bare metric lists and "those two" pointing back to the last metrics;
* :mod:`~agent.offline.channelfig` — a named platform's or channel's figure, read from the KB's own tables;
* :mod:`~agent.offline.stepask` — "step N", "the last step", "the step after X", read from the step tool's order;
* :mod:`~agent.offline.coverage` — "what do you have figures for?", answered with the KB's own list;
* :mod:`~agent.offline.compose` — the answer's prose, abstentions and clarifying questions;
* :mod:`~agent.offline.policy` — the decisions: which tools, which answer.

It never writes a number that is neither in a tool result nor computed from the user's inputs.
"""
from agent.offline import semantic
from agent.offline.compose import statement
from agent.offline.parse import parse
from agent.offline.policy import NAME, OfflineAgent

from mpa.resolve import use_meaning

use_meaning(semantic.similarities)  # the look-ups' last resort for a business named in words the KB lacks

__all__ = ["NAME", "OfflineAgent", "parse", "statement"]
