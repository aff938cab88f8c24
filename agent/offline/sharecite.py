"""The lines of a split on the shares the user typed ("if we go 50/30/20 how much lands in each bucket"), cited only
when the passage cited states every one of those shares (the split is the KB's own).

Why: a split's working was cited line by line to the passage quoted above it. When the shares are the KB's own rule
("the 70/20/10 rule … about 70% to proven programs"), the passage states each share and the citation is right. When
the user chose them and the KB only names the split ("new brands may run closer to 50/30/20"), the passage states no
"30%" and no "$7,200": citing it for that line claims what it does not say. Such a line is the user's own arithmetic
— their total, their shares — so it is shown uncited, with each share as the fraction of 100 it is ("24,000 × 30 ÷
100"), which claims no figure of anyone's; a split whose every share the passage states keeps its "× 70%" lines and
their citation. One share the passage lacks makes the split the user's (a "20%" of another rule is no share of theirs).
"""
from __future__ import annotations

import re

from agent.offline.numbers import plain


def _stated(share: float, text: str) -> bool:
    """Whether ``text`` states ``share`` as a percentage ("30%", "30 percent")."""
    return bool(re.search(rf"(?<![\d.]){re.escape(plain(share))}\s?(?:%|percent\b)", text, re.I))


def shown(w, passages: list[dict], cite: str | None) -> str:
    """The working of split ``w`` (its lines and ``w.shares``), each line cited to ``cite`` when that passage states
    its share, else written as the user's own arithmetic, uncited."""
    text = next((ps.get("text", "") for ps in passages if ps.get("id") == cite), "") if cite else ""
    head, lines = list(w.lines[:len(w.lines) - len(w.shares)]), w.lines[len(w.lines) - len(w.shares):]  # (the total first)
    if text and all(_stated(share, text) for share in w.shares):  # the KB's own split: its shares, cited
        out = [f"{line} [{cite}]" for line in lines]
    else:  # one share the passage does not state makes the split the user's, not the KB's
        out = [line.replace(f" × {plain(share)}% = ", f" × {plain(share)} ÷ 100 = ", 1) for line, share in zip(lines, w.shares)]
    return "Working:\n" + "\n".join(f"- {ln}" for ln in head + out)
