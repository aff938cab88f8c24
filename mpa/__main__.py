"""``python -m mpa index KB_DIR`` / ``python -m mpa search "QUERY"``: the rag command line with
the media-planning domain plugged in (same options as ``python -m rag``)."""
import sys

from rag.cli import main

sys.exit(main(domain="mpa.engine:domain", prog="python -m mpa"))
