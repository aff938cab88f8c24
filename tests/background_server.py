"""An HTTP server on 127.0.0.1 in a daemon thread, for the fake services the tests drive real SDKs
against (``fake_anthropic``, ``fake_braintrust``).

Why a base: both fakes need the same life cycle — bind an ephemeral port, serve from a thread,
expose ``url``, shut down and close on exit — and a fix to it (a poll interval, a leaked socket)
belongs in one place.
"""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class BackgroundServer:
    """``with Subclass(...) as s: ... s.url``; subclasses call :meth:`_serve` in ``__init__``."""

    srv: ThreadingHTTPServer

    def _serve(self, handler: type[BaseHTTPRequestHandler], poll_interval: float = 0.05) -> None:
        self.srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.srv.daemon_threads = True
        self._thread = threading.Thread(target=self.srv.serve_forever, kwargs={"poll_interval": poll_interval},
                                        daemon=True)

    @property
    def url(self) -> str:
        host, port = self.srv.server_address[:2]
        return f"http://{host}:{port}"

    def _closed(self) -> None:
        """Hook: release what the subclass opened, after the server stopped."""

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.srv.shutdown()
        self.srv.server_close()
        self._thread.join(timeout=5)
        self._closed()
