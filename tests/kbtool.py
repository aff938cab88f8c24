"""What a tool says itself on a fixture KB's engine: its own lines, before the knowledge-base passages it quotes.

Why: the fixture KBs' tests (tests/test_kb_txt2.py … tests/test_kb_txt8.py) check the figure a look-up states, not
the passages quoted after it; each file had the same three lines for it."""
from __future__ import annotations

from mpa.tools import ToolExecutor


def tool_lines(engine, name: str = "get_benchmark", **inp) -> str:
    """The tool ``name``'s own lines for the inputs ``inp`` on ``engine``, before the passages it quotes."""
    return ToolExecutor(engine).execute(name, inp).content.split("Knowledge-base passages follow")[0]


def engine_of(folder, **texts: str):
    """An engine over a KB of the given texts, written into ``folder`` as ``<name>.txt`` (a test's own small KB)."""
    from mpa.engine import build_engine
    for name, text in texts.items():
        (folder / f"{name}.txt").write_text(text)
    return build_engine(folder)
