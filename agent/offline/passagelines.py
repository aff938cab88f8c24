"""The shapes of a passage's lines that :func:`agent.offline.passages.units` cuts a passage by, compiled once.

Why a module of its own: these were module-level ``re.match`` / ``re.sub`` calls run on every line of every passage
a turn reads for the first time; ``re``'s own cache holds 512 patterns and the agent uses more, so they were looked up
— and often compiled again — line after line. :mod:`~agent.offline.passages` is at the size limit, so they live here.
"""
from __future__ import annotations

import re

from mpa.tables import CURRENCY

RULE_CELL = re.compile(r":?-{2,}:?")  # a table's separator cell ("---", ":--:")
RULE_ROW = re.compile(r"\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*\|?")  # the |---|---| row under a table's header row
USER_LINE = re.compile(r"^(?:\*\*)?user(?:\*\*)?:", re.I)  # a quoted user line of a worked conversation
SPEAKER = re.compile(r"^(?:\*\*)?(?:mpa|assistant)(?:\*\*)?:\s*", re.I)  # the assistant's name before its quoted line
MARKER = re.compile(r"^(?:[-*•]|\d{1,2}[.)])\s+")  # a list item's bullet or number
MONEY_START = re.compile(CURRENCY + r"\d")  # a wrapped line that starts with an amount ("$18-22, and …")
# a document's own metadata line under its title ("META - Coverage: United States …"): says what the file is, answers
# nothing — and, joined to the prose below it as one wrapped sentence, it was quoted as the answer's opening
DOC_META = re.compile(r"^\s*META\s+-\s+[A-Za-z][\w ]{0,40}:")
