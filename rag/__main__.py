import sys

if len(sys.argv) > 1 and sys.argv[1] == "serve":  # the HTTP server has its own options (rag.serve)
    from rag.serve import main as serve_main

    sys.exit(serve_main(sys.argv[2:]))

from rag.cli import main

sys.exit(main())
