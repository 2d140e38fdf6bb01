"""The platform's API gateway, in front of the platform API and the fabric controller.

It is a plain ASGI middleware, outside connexion, for three reasons: the real gateway
authenticates every path (an unknown path without a token gets 401, not 404), faults,
counters and the request log must also cover requests that never reach a handler, and an authenticated GET is
the hot path of every benchmark, so it must cost as little as possible.
"""

import asyncio
import contextvars
import logging
import re
import time

from starlette.responses import Response

from dashboard_emulator.controls import CONTROL_PREFIX, LEGACY_VIEW_PREFIX, handle_control, is_loopback
from dashboard_emulator.release import release_of
from dashboard_emulator.responses import BodyTooLarge, dumps, gateway_body, read_body, replaying, send_raw

log = logging.getLogger("dashboard_emulator.gateway")

AUTH_PATHS = frozenset((
    "/login", "/refresh", "/logout",
    "/api/v1/infra/login", "/api/v1/infra/refresh", "/api/v1/infra/logout",
))
# Requests that change nothing; the request log keeps every other one.
READS = frozenset(("GET", "HEAD", "OPTIONS"))
LOGIN_PATHS = frozenset(("/login", "/api/v1/infra/login"))
DOCS_PREFIX = "/help/rest-api"
# Reads the platform answers without a session: Cisco's Network-as-Code roles check
# connectivity with a plain GET /version.json before they log in (nd-manage-facts 1.1).
PUBLIC_READS = frozenset(("/version.json",))
# From 4.2 on, the login page's list of login domains is public too (nd-manage-facts 1.4).
LOGIN_DOMAINS_PATH = "/api/v1/infra/logindomains"
DOCUMENT_PATHS = frozenset((
    "/openapi.json", "/openapi.yaml",
    "/appcenter/cisco/ndfc/api/openapi.json", "/appcenter/cisco/ndfc/api/openapi.yaml",
))

# scope keys shared with the handlers and the protocol
STATE_KEY = "dashboard_emulator.state"
CLAIMS_KEY = "dashboard_emulator.claims"
DROP_KEY = "dashboard_emulator.drop"
CONNECTION_KEY = "dashboard_emulator.connection"
NODE_KEY = "dashboard_emulator.node"
# The request being handled, for the handlers (see handlers.current_scope)
REQUEST_SCOPE = contextvars.ContextVar("dashboard_emulator.request")

ROOT_PAGE = (b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Dashboard (emulator)</title></head>'
             b'<body><p>Dashboard emulator. Help &gt; REST API: <a href="/help/rest-api/">/help/rest-api/</a></p></body></html>')
FORCED_REASONS = {429: "Too Many Requests", 502: "Bad Gateway", 503: "Service Unavailable"}
_TEMPLATE_CACHE_LIMIT = 4096


def template_pattern(template):
    """The regex of a documented path: each {name} matches one path segment, captured as ``name`` where that can name a group."""
    seen = set()

    def segment(match):
        name = match.group(1)
        if not name.isidentifier() or name in seen:
            return "[^/]+"
        seen.add(name)
        return "(?P<%s>[^/]+)" % name

    return re.compile("^" + re.sub(r"\\\{([^/]+?)\\\}", segment, re.escape(template)) + "$")


class RouteTemplates:
    """Map a request path to the path template of the documents, for the counters."""

    def __init__(self, templates):
        self._patterns = [(template_pattern(template), template) for template in sorted(templates, key=lambda t: (-t.count("/"), t))]
        self._cache = {}

    def template_for(self, path):
        template = self._cache.get(path)
        if template is None:
            template = path
            for pattern, candidate in self._patterns:
                if pattern.match(path):
                    template = candidate
                    break
            if len(self._cache) >= _TEMPLATE_CACHE_LIMIT:
                self._cache.clear()
            self._cache[path] = template
        return template


def token_from_headers(headers):
    """Yield candidate tokens: the AuthCookie cookie first, then a Bearer token."""
    for name, value in headers:
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, sep, token = part.strip().partition("=")
                if sep and key == "AuthCookie" and token:
                    yield token.strip('"')
    for name, value in headers:
        if name == b"authorization":
            scheme, _sep, token = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                yield token.strip()


def api_key_from_headers(headers):
    """(X-Nd-Username, X-Nd-Apikey); None for a header that is absent."""
    username = key = None
    for name, value in headers:
        if name == b"x-nd-username":
            username = value.decode("latin-1").strip()
        elif name == b"x-nd-apikey":
            key = value.decode("latin-1").strip()
    return username, key


CHUNKED_BODY_LIMIT = 64 * 1024 * 1024


def _json_or_no_body(scope):
    """Whether a body, if any, is declared JSON (connexion parses a form body even on a GET, and may refuse it)."""
    for name, value in scope["headers"]:
        if name == b"content-type":
            return value.split(b";", 1)[0].strip().lower() == b"application/json"
    return True


def _is_chunked(scope):
    for name, value in scope["headers"]:
        if name == b"transfer-encoding" and b"chunked" in value.lower():
            return True
    return False


async def _with_length(scope, receive):
    """Read a chunked request body whole and give it a Content-Length.

    Existing clients of the controller send every body chunked, even an empty one on GET and
    DELETE. uvicorn decodes the chunks, but connexion decides whether a body is present from
    Content-Length alone and answers "RequestBody is required" without it, so the body is
    framed here as if it had come with a length.
    """
    try:
        body = await read_body(receive, CHUNKED_BODY_LIMIT)
    except BodyTooLarge:
        return None, receive
    headers = [(name, value) for name, value in scope["headers"] if name not in (b"transfer-encoding", b"content-length")]
    headers.append((b"content-length", str(len(body)).encode()))
    return dict(scope, headers=headers), replaying(body, receive)


async def _too_large(send):
    await send_raw(send, 413, dumps(gateway_body(413, "Payload Too Large", "The request body is larger than %d bytes"
                                                 % CHUNKED_BODY_LIMIT)))


class Gateway:
    """In front of connexion: controls, counters, faults, authentication; then the operation.

    ``reads`` (see app.DirectReads), when given, answers the GET requests that carry nothing
    for connexion to parse or validate by calling their handler directly.
    """

    def __init__(self, app, state, templates, reads=None, legacy_view=None):
        self.app = app
        # the legacy API's reads, for test harnesses, on a platform that serves no legacy path (app.build_app)
        self.legacy_view = legacy_view
        self.state = state
        self.templates = RouteTemplates(templates)
        self.reads = reads
        unified = release_of(state).unified_auth
        self.public_reads = PUBLIC_READS | ({LOGIN_DOMAINS_PATH} if unified else set())
        self.login_path = "/api/v1/infra/login" if unified else "/login"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith(LEGACY_VIEW_PREFIX + "/") and self.legacy_view is not None:
            await self._legacy_view(scope, receive, send, path[len(LEGACY_VIEW_PREFIX):])
            return
        if path.startswith(CONTROL_PREFIX):
            await handle_control(self.state, scope, receive, send)
            return
        counters = self.state.counters
        counters.note_connection(scope.get(CONNECTION_KEY))
        counters.note_node(scope.get(NODE_KEY, 0))
        seen = []

        async def counting_send(message):
            if message["type"] == "http.response.start":
                seen.append(message["status"])
            await send(message)

        if _is_chunked(scope):
            scope, receive = await _with_length(scope, receive)
            if scope is None:
                await _too_large(send)
                return
        logged = None
        if scope["method"] not in READS and path not in AUTH_PATHS:
            # The body is read whole here, as for a chunked one, so the log holds it; the login
            # family stays out of the log, it carries nothing but credentials and tokens.
            try:
                body = await read_body(receive, CHUNKED_BODY_LIMIT)
            except BodyTooLarge:
                await _too_large(send)
                return
            receive = replaying(body, receive)
            logged = self.state.request_log.record(scope["method"], path, scope["query_string"], body)
        try:
            await self._handle(scope, receive, counting_send, path)
        finally:
            status = str(seen[0]) if seen else "dropped"
            counters.record(scope["method"] + " " + self.templates.template_for(path), status)
            if logged is not None:
                logged["status"] = seen[0] if seen else "dropped"

    async def _legacy_view(self, scope, receive, send, path):
        """A request of a legacy path, answered from the same state, with the same session checks; not counted (a test control).

        Tests read what a run did through it, and set up what the manage API has no path for (a vPC pair, say).
        """
        if not is_loopback(scope):
            await send_raw(send, 403, dumps({"message": "the legacy view answers loopback clients only"}))
            return
        scope = dict(scope, path=path, raw_path=path.encode("ascii", "replace"))
        await self._handle(scope, receive, send, path, app=self.legacy_view)

    async def _handle(self, scope, receive, send, path, app=None):
        direct = app is None
        app = app or self.app
        state = self.state
        faults = state.faults
        scope[STATE_KEY] = state
        REQUEST_SCOPE.set(scope)
        if faults.latency_ms and faults.applies_to(path):
            await asyncio.sleep(faults.latency_ms / 1000.0)
        if faults.take("drop_count", path):
            await self._drop(scope)
            return
        if faults.force_status is not None and faults.take("force_count", path):
            await self._forced(send, faults.force_status, faults.retry_after)
            return
        if path == "/" and scope["method"] in ("GET", "HEAD"):
            # Existing clients probe reachability with HEAD / before every request.
            await send_raw(send, 200, ROOT_PAGE, content_type="text/html; charset=utf-8")
            return
        if (path in AUTH_PATHS or path in DOCUMENT_PATHS or path.startswith(DOCS_PREFIX)
                or (path in self.public_reads and scope["method"] == "GET")):
            # login/refresh/logout check their own token; the documentation and the release are public
            await app(scope, receive, send)
            return
        claims = None
        presented = False
        for token in token_from_headers(scope["headers"]):
            presented = True
            claims = state.claims_for(token)
            if claims is not None:
                break
        if claims is None and not presented:
            username, key = api_key_from_headers(scope["headers"])
            if username is not None or key is not None:
                claims = await self._api_key_claims(send, username, key)
                if claims is None:
                    return
        if claims is None:
            if presented:
                description = "The session token is invalid, expired or logged out. Log in again or refresh the token."
            else:
                description = "No session token. Log in with POST %s and send the token as the AuthCookie cookie." % self.login_path
            await send_raw(send, 401, dumps(gateway_body(401, "Unauthorized", description)))
            return
        if faults.take("unauthorized_count", path):
            await send_raw(send, 401, dumps(gateway_body(401, "Unauthorized", "The session token was rejected (injected fault).")))
            return
        if faults.session_fault is not None and faults.take("session_fault_count", path):
            await self._session_fault(send, faults.session_fault, claims)
            return
        scope[CLAIMS_KEY] = claims
        if direct and self.reads is not None and scope["method"] == "GET" and not scope["query_string"] and _json_or_no_body(scope):
            handler = self.reads.handler_for(path)
            if handler is not None:
                try:
                    answer = await handler()
                except Exception as exc:  # pylint: disable=broad-exception-caught
                    # connexion's way runs it again and answers its failure as connexion does
                    log.warning("direct read of %s failed (%s); answered through connexion", path, type(exc).__name__)
                    answer = None
                if isinstance(answer, Response):
                    await answer(scope, receive, send)
                    return
        await app(scope, receive, send)

    async def _api_key_claims(self, send, username, key):
        """Claims for an API-key request, or None once the refusal is answered."""
        counters = self.state.counters
        claims = None
        if username and key:
            claims = self.state.claims_for_api_key(username, key)
            description = ("The API key is wrong, unknown or revoked, or it is not a key of the account named in "
                           "X-Nd-Username. Create a key for that account, or log in with a password.")
        else:
            description = "An API key needs both headers: X-Nd-Username (the account) and X-Nd-Apikey (its key)."
        if claims is None:
            counters.api_key_refusals += 1
            # the username is not a secret; the key is, and never appears in the log
            log.info("API key refused: user=%s", username)
            await send_raw(send, 401, dumps(gateway_body(401, "Unauthorized", description)))
            return None
        counters.api_key_requests += 1
        return claims

    @staticmethod
    async def _session_fault(send, kind, claims):
        if kind == "user_unauthorized":
            body = {"error": {"code": "UserUnauthorized",
                              "detail": "User is not authenticated, or not authorized to access the requested resources. "}}
            await send_raw(send, 400, dumps(body))
        elif kind == "token_expired_500":
            since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(claims["exp"]))
            await send_raw(send, 500, ("The token is expired since %s" % since).encode(), content_type="text/plain")
        else:
            # a 401 that is about the object, not the token: a client that logs in again gets it again
            await send_raw(send, 401, dumps(gateway_body(401, "Unauthorized", "Object not found or not accessible")))

    @staticmethod
    async def _forced(send, status, retry_after):
        headers = [("retry-after", str(retry_after))] if status == 429 else []
        reason = FORCED_REASONS[status]
        await send_raw(send, status, dumps(gateway_body(status, reason, "Injected fault")), headers)

    @staticmethod
    async def _drop(scope):
        drop = scope.get(DROP_KEY)
        if drop is None:
            # Without the emulator's own protocol there is no transport to cut; a failure
            # here is better than pretending the fault happened.
            raise RuntimeError("connection drop needs the emulator's HTTP protocol")
        drop()
        # Let the event loop deliver connection_lost so the server sees the client gone
        # and does not try to write an error response of its own.
        for _attempt in range(5):
            await asyncio.sleep(0)
