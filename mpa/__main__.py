"""``python -m mpa index KB_DIR`` / ``python -m mpa search "QUERY"`` / ``python -m mpa serve``
(console script ``mpa-rag``): the rag command line with the media-planning domain plugged in
(same options as ``python -m rag``); ``serve`` also exposes the agent's tools at ``/tools/{name}``."""
import sys

from rag.cli import main as rag_main

DOMAIN = "mpa.engine:domain"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    prog = "python -m mpa" if sys.argv[0].endswith("__main__.py") else "mpa-rag"
    if argv[:1] == ["serve"]:
        from rag.serve import main as serve_main

        return serve_main(argv[1:], domain=DOMAIN, tools="mpa.tools:ToolExecutor", prog=f"{prog} serve")
    return rag_main(argv, domain=DOMAIN, prog=prog)


if __name__ == "__main__":
    sys.exit(main())
