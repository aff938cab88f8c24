"""A fake Anthropic Messages API on 127.0.0.1 for tests that drive the real ``anthropic`` SDK.

It is a real HTTP server (``http.server`` in a thread), so requests go through the SDK's whole
stack — request building, headers, JSON parsing, error classes — exactly as in production, only
the answers are scripted. Every request body is recorded so tests can assert what the engine
actually sent (message order, ``tool_result`` ids), not just the final text.

    with FakeMessagesServer([tool_use_message(...), (429, {...}, {"retry-after": "0"}), text_message("…")]) as srv:
        client = anthropic.Anthropic(api_key="test", base_url=srv.url, max_retries=0)

Other suites (e.g. an LLM reranker) can reuse it: import ``FakeMessagesServer`` and the message
builders from here.
"""
from __future__ import annotations

import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import Any, Callable

try:  # imported as tests.fake_x (repo root on sys.path) or as fake_x / run as a script (tests/ on sys.path)
    from tests.background_server import BackgroundServer
except ImportError:
    from background_server import BackgroundServer

_ids = itertools.count(1)


def text_message(text: str, model: str = "claude-test", stop_reason: str = "end_turn") -> dict[str, Any]:
    return {"id": f"msg_{next(_ids):04d}", "type": "message", "role": "assistant", "model": model,
            "content": [{"type": "text", "text": text}], "stop_reason": stop_reason, "stop_sequence": None,
            "usage": {"input_tokens": 120, "output_tokens": 40}}


def tool_use_message(*uses: tuple[str, str, dict], text: str | None = None, model: str = "claude-test") -> dict[str, Any]:
    """``uses`` are (tool_use_id, tool name, input) triples; an optional text block comes first."""
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content += [{"type": "tool_use", "id": i, "name": n, "input": inp} for i, n, inp in uses]
    return {"id": f"msg_{next(_ids):04d}", "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 100, "output_tokens": 20}}


def error_body(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


class FakeMessagesServer(BackgroundServer):
    """Answers POST /v1/messages from ``script`` in order: a dict is a 200 JSON body; a tuple
    ``(status, body)`` or ``(status, body, headers)`` is sent as is. When the script runs out
    the server answers 500, so a test that makes more calls than planned fails loudly.
    ``script`` may instead be a callable ``request body -> step`` (a simulated model that answers
    any number of concurrent conversations from what each request contains)."""

    def __init__(self, script: list[Any] | Callable[[dict], Any]):
        self.responder = script if callable(script) else None
        self.script = [] if callable(script) else list(script)
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                with server._lock:
                    server.paths.append(self.path)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    try:
                        server.requests.append(json.loads(raw))
                    except json.JSONDecodeError:
                        server.requests.append({"_raw": raw.decode("utf-8", "replace")})
                    if server.responder is None:
                        step = server.script.pop(0) if server.script else \
                            (500, error_body("api_error", "fake server: script exhausted"))
                if server.responder is not None:
                    try:
                        step = server.responder(json.loads(raw))
                    except Exception as exc:  # a responder bug must surface as a failed call, not a hang
                        step = (500, error_body("api_error", f"fake responder failed: {exc!r}"))
                status, body, headers = (200, step, {}) if isinstance(step, dict) else \
                    (step[0], step[1], step[2] if len(step) > 2 else {})
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.send_header("request-id", f"req_{len(server.requests)}")
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):  # keep test output quiet
                pass

        self._serve(Handler, poll_interval=0.02)
