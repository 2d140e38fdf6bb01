"""Test controls: counters, the request log, fault injection and reset, under /_emulator.

They are not part of the platform, so they stay out of the OpenAPI documents and answer
only clients on the loopback interface.
"""

import collections
import dataclasses
import ipaddress
import json
import re
import urllib.parse

from dashboard_emulator.fabric_store.lab import Lab
from dashboard_emulator.responses import dumps, read_body, send_raw

CONTROL_PREFIX = "/_emulator"
# LEGACY_VIEW_PREFIX + a legacy path: its answer on a platform started with --no-legacy-paths (gateway.Gateway)
LEGACY_VIEW_PREFIX = CONTROL_PREFIX + "/legacy-view"
FORCEABLE_STATUSES = (429, 502, 503)
# Answers some hosted services give instead of a clean 401:
# user_unauthorized: 400 {"error": {"code": "UserUnauthorized", ...}}; token_expired_500: 500 text
# "The token is expired since <time>"; unauthorized_other: a 401 that is not about the token.
SESSION_FAULTS = ("user_unauthorized", "token_expired_500", "unauthorized_other")


class Counters:
    SCALARS = ("logins", "login_failures", "refreshes", "refresh_failures", "logouts", "writes", "connections",
               "api_key_requests", "api_key_refusals")

    def __init__(self, nodes=1):
        self.requests = {}
        # A connection is counted once per generation; reset starts a new generation so a
        # kept-alive connection that carries requests after a reset is counted again.
        self.generation = 0
        self.logins = self.login_failures = self.refreshes = self.refresh_failures = 0
        self.logouts = self.writes = self.connections = 0
        self.api_key_requests = self.api_key_refusals = 0
        self.by_node = [0] * nodes

    def reset(self):
        self.requests = {}
        self.by_node = [0] * len(self.by_node)
        self.generation += 1
        for name in self.SCALARS:
            setattr(self, name, 0)

    def record(self, key, status):
        by_status = self.requests.get(key)
        if by_status is None:
            by_status = self.requests[key] = {}
        by_status[status] = by_status.get(status, 0) + 1

    def note_node(self, index):
        self.by_node[index] += 1

    def note_connection(self, connection):
        if connection is not None and connection.get("generation") != self.generation:
            connection["generation"] = self.generation
            self.connections += 1

    def snapshot(self, live_sessions):
        body = {name: getattr(self, name) for name in self.SCALARS}
        body["live_sessions"] = live_sessions
        body["requests"] = {key: dict(by_status) for key, by_status in self.requests.items()}
        body["requests_by_node"] = {str(index): count for index, count in enumerate(self.by_node)}
        return body


# Fields whose values the request log masks, as the collection masks them: the log is for tests
# to read and print, so it must not hand out what a play sent as a secret.
SECRET_NAME = re.compile(r"passw|secret|token|credential|key", re.I)
MASK = "********"
# In a body that is not JSON: name=value or "name": "value" pairs whose name looks secret.
_SECRET_PAIR = re.compile(r"""((?:[\w-]*(?:passw|secret|token|credential|key)[\w-]*)"?\s*[=:]\s*"?)([^&\s",}]*)""", re.I)


def masked(value):
    """A parsed body or query with the value of every field whose name looks secret replaced by MASK."""
    if isinstance(value, dict):
        return {name: MASK if isinstance(name, str) and SECRET_NAME.search(name) and item not in (None, "")
                else masked(item) for name, item in value.items()}
    if isinstance(value, list):
        return [masked(item) for item in value]
    return value


class RequestLog:
    """The writes served (every method but GET, HEAD and OPTIONS), oldest first, for tests to read.

    Only the last ``limit`` entries are kept, and a body only up to ``body_limit`` bytes, so a load
    run cannot grow the emulator without bound. Entries keep the raw body; it is parsed and masked
    when the log is read, which keeps the cost off the request.
    """

    def __init__(self, limit=500, body_limit=64 * 1024):
        self.body_limit = body_limit
        self.entries = collections.deque(maxlen=limit)
        self.discarded = 0

    def clear(self):
        self.entries.clear()
        self.discarded = 0

    def record(self, method, path, query_string, body):
        """Log a request; the returned entry takes its status once it is answered."""
        if len(self.entries) == self.entries.maxlen:
            self.discarded += 1
        entry = {"method": method, "path": path, "query_string": query_string,
                 "body": body if len(body) <= self.body_limit else len(body), "status": None}
        self.entries.append(entry)
        return entry

    def snapshot(self):
        return {"requests": [self._shown(entry) for entry in list(self.entries)], "limit": self.entries.maxlen,
                "discarded": self.discarded}

    @staticmethod
    def _shown(entry):
        query = {}
        for name, value in urllib.parse.parse_qsl(entry["query_string"].decode("latin-1"), keep_blank_values=True):
            query[name] = query[name] + [value] if isinstance(query.get(name), list) else (
                [query[name], value] if name in query else value)
        return {"method": entry["method"], "path": entry["path"], "query": masked(query),
                "body": RequestLog._shown_body(entry["body"]), "status": entry["status"]}

    @staticmethod
    def _shown_body(body):
        if isinstance(body, int):
            return "(a body of %d bytes, not kept)" % body
        if not body.strip():
            return None
        text = body.decode("utf-8", errors="replace")
        try:
            return masked(json.loads(text))
        except ValueError:
            return _SECRET_PAIR.sub(lambda match: match.group(1) + MASK, text)


class FaultError(ValueError):
    pass


@dataclasses.dataclass
class Faults:
    latency_ms: int = 0
    force_status: int | None = None
    force_count: int = 0
    retry_after: int = 1
    drop_count: int = 0
    unauthorized_count: int = 0
    session_fault: str | None = None
    session_fault_count: int = 0
    partial_failure_count: int = 0
    session_timeout: int | None = None
    paths: list | None = None

    def update(self, changes):
        if not isinstance(changes, dict):
            raise FaultError("the body must be a JSON object")
        unknown = sorted(set(changes) - {field.name for field in dataclasses.fields(self)})
        if unknown:
            raise FaultError("unknown fault settings: " + ", ".join(unknown))
        merged = dataclasses.replace(self, **changes)
        merged.check()
        for field in dataclasses.fields(self):
            setattr(self, field.name, getattr(merged, field.name))

    def check(self):
        for name in ("latency_ms", "force_count", "retry_after", "drop_count", "unauthorized_count", "session_fault_count",
                     "partial_failure_count"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise FaultError("%s must be an integer >= 0" % name)
        if self.force_status is not None and self.force_status not in FORCEABLE_STATUSES:
            raise FaultError("force_status must be null or one of %s" % ", ".join(map(str, FORCEABLE_STATUSES)))
        if self.session_fault is not None and self.session_fault not in SESSION_FAULTS:
            raise FaultError("session_fault must be null or one of %s" % ", ".join(SESSION_FAULTS))
        if self.session_timeout is not None and (
                isinstance(self.session_timeout, bool) or not isinstance(self.session_timeout, int) or self.session_timeout < 1):
            raise FaultError("session_timeout must be null or an integer >= 1")
        if self.paths is not None and (not isinstance(self.paths, list) or not all(isinstance(p, str) for p in self.paths)):
            raise FaultError("paths must be null or a list of path prefixes")

    def applies_to(self, path):
        return self.paths is None or any(path.startswith(prefix) for prefix in self.paths)

    def take(self, counter_name, path):
        """Consume one unit of a counted fault if it applies to this path."""
        remaining = getattr(self, counter_name)
        if remaining <= 0 or not self.applies_to(path):
            return False
        setattr(self, counter_name, remaining - 1)
        return True


def is_loopback(scope):
    client = scope.get("client")
    if not client:
        return False
    try:
        return ipaddress.ip_address(client[0]).is_loopback
    except ValueError:
        return False


async def handle_control(state, scope, receive, send):
    """Serve /_emulator/*."""
    if not is_loopback(scope):
        await send_raw(send, 403, dumps({"message": "test controls answer loopback clients only"}))
        return
    route = (scope["method"], scope["path"].rstrip("/"))
    if route == ("GET", CONTROL_PREFIX + "/counters"):
        await send_raw(send, 200, dumps(state.counters_snapshot()))
    elif route == ("GET", CONTROL_PREFIX + "/request-log"):
        await send_raw(send, 200, dumps(state.request_log.snapshot()))
    elif route == ("DELETE", CONTROL_PREFIX + "/request-log"):
        state.request_log.clear()
        await send_raw(send, 200, b"{}")
    elif route == ("POST", CONTROL_PREFIX + "/reset"):
        state.reset()
        if state.cluster is not None:
            await state.cluster.bring_all_up()
        await send_raw(send, 200, b"{}")
    elif route == ("POST", CONTROL_PREFIX + "/api-keys/revoke"):
        await _revoke_key(state, receive, send)
    elif route[1] == CONTROL_PREFIX + "/nodes" or route[1].startswith(CONTROL_PREFIX + "/nodes/"):
        await _node_control(state, route, send)
    elif route == ("GET", CONTROL_PREFIX + "/timing"):
        await send_raw(send, 200, dumps(dataclasses.asdict(state.store.timing)))
    elif route == ("POST", CONTROL_PREFIX + "/timing"):
        try:
            changes = json.loads(await read_body(receive) or b"{}")
            if not isinstance(changes, dict):
                raise ValueError("the body must be a JSON object")
            state.store.timing.update(changes)
        except (ValueError, TypeError) as exc:
            await send_raw(send, 400, dumps({"message": str(exc)}))
            return
        await send_raw(send, 200, dumps(dataclasses.asdict(state.store.timing)))
    elif route == ("POST", CONTROL_PREFIX + "/lab"):
        await _set_lab(state, receive, send)
    elif route == ("GET", CONTROL_PREFIX + "/faults"):
        await send_raw(send, 200, dumps(dataclasses.asdict(state.faults)))
    elif route == ("POST", CONTROL_PREFIX + "/faults"):
        try:
            raw = await read_body(receive)
            state.faults.update(json.loads(raw or b"{}"))
        except (ValueError, TypeError) as exc:
            await send_raw(send, 400, dumps({"message": str(exc)}))
            return
        await send_raw(send, 200, dumps(dataclasses.asdict(state.faults)))
    else:
        await send_raw(send, 404, dumps({"message": "no such control: %s %s" % route}))


async def _set_lab(state, receive, send):
    """POST /_emulator/lab {switches, cables} (or null: no lab): the lab until the next reset, on fresh data.

    The data is reseeded, as a lab's switches and the switches already discovered could not be told apart otherwise."""
    try:
        data = json.loads(await read_body(receive) or b"null")
        lab = None if data is None else Lab.from_data(data, source="lab")
    except (ValueError, TypeError) as exc:  # LabError is a ValueError
        await send_raw(send, 400, dumps({"message": str(exc)}))
        return
    state.store.lab = lab
    state.store.reset()
    await send_raw(send, 200, dumps({"switches": len(lab.switches) if lab else 0,
                                     "cables": len(lab.far_ends) // 2 if lab else 0}))


async def _revoke_key(state, receive, send):
    try:
        body = json.loads(await read_body(receive) or b"{}")
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("username"), str) or not isinstance(body.get("key"), str):
        await send_raw(send, 400, dumps({"message": 'the body must be {"username": "<account>", "key": "<API key>"}'}))
        return
    if not state.accounts.revoke_key(body["username"], body["key"]):
        await send_raw(send, 404, dumps({"message": "%s has no such API key (or it is revoked already)" % body["username"]}))
        return
    await send_raw(send, 200, b"{}")


class NodeError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


async def _node_control(state, route, send):
    """GET /nodes, POST /nodes/{index}/down, POST /nodes/{index}/up."""
    cluster = state.cluster
    if cluster is None:
        await send_raw(send, 404, dumps({"message": "this emulator runs in-process, without nodes"}))
        return
    method, path = route
    if route == ("GET", CONTROL_PREFIX + "/nodes"):
        await send_raw(send, 200, dumps(cluster.describe()))
        return
    index_text, _sep, action = path[len(CONTROL_PREFIX + "/nodes/"):].partition("/")
    if method != "POST" or action not in ("down", "up") or not index_text.isdigit():
        await send_raw(send, 404, dumps({"message": "no such control: %s %s" % route}))
        return
    try:
        if action == "down":
            # The listening socket closes now, so a connection attempted after this answer is
            # refused; open connections (this one included) end once the answer is on its way.
            cluster.take_down(int(index_text))
        else:
            await cluster.bring_up(int(index_text))
    except NodeError as exc:
        await send_raw(send, exc.status, dumps({"message": str(exc)}))
        return
    await send_raw(send, 200, dumps(cluster.describe()))
