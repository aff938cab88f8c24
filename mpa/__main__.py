"""``python -m mpa index KB_DIR`` / ``python -m mpa search "QUERY"`` (console script ``mpa-rag``):
the rag command line with the media-planning domain plugged in (same options as ``python -m rag``)."""
import sys

from rag.cli import main as rag_main


def main(argv: list[str] | None = None) -> int:
    prog = "python -m mpa" if sys.argv[0].endswith("__main__.py") else "mpa-rag"
    return rag_main(argv, domain="mpa.engine:domain", prog=prog)


if __name__ == "__main__":
    sys.exit(main())
