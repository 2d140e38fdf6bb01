"""Running the app under uvicorn, with a protocol that can drop connections and count them,
as one node or as a cluster of nodes that share the app and its state."""

import asyncio
import contextlib
import dataclasses
import logging
import socket

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dashboard_emulator.controls import NodeError
from dashboard_emulator.gateway import CONNECTION_KEY, DROP_KEY, NODE_KEY

log = logging.getLogger("dashboard_emulator.server")


class EmulatorProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, plus two hooks the gateway needs.

    A dropped connection must end without a single byte of response, which an ASGI app
    cannot do: it has no transport. The protocol hands the gateway a function that aborts
    this connection. It also hands a per-connection record, so the counters can tell how
    many connections the requests came over (keep-alive checks).
    """

    _emulator_connection = None

    def connection_made(self, transport):
        super().connection_made(transport)
        self._emulator_connection = {}

    def on_message_begin(self):
        super().on_message_begin()
        self.scope[CONNECTION_KEY] = self._emulator_connection
        self.scope[DROP_KEY] = self._drop
        # each node has a server state of its own; Cluster marks it with the node's index
        self.scope[NODE_KEY] = getattr(self.server_state, "emulator_node", 0)

    def shutdown(self):
        # An idle keep-alive connection would be closed with a TLS close_notify that waits
        # for the client's answer, and most clients never answer an idle socket: shutdown
        # would hang for the whole grace period. Nothing is in flight, so cut it at once.
        if self.cycle is None or self.cycle.response_complete:
            self.transport.abort()
        else:
            super().shutdown()

    def _drop(self):
        if self.cycle is not None:
            # the server must not answer with a 500 of its own once the app returns
            self.cycle.disconnected = True
        self.transport.abort()


def make_config(app, *, cert_path, key_path, log_level="warning"):
    return uvicorn.Config(
        app,
        http=EmulatorProtocol,
        lifespan="off",
        # the access log is off: it would cost more than the request on the hot path
        access_log=False,
        log_level=log_level,
        log_config=None,
        ssl_certfile=str(cert_path),
        ssl_keyfile=str(key_path),
        # clients of the platform keep connections open across many calls
        timeout_keep_alive=30,
        timeout_graceful_shutdown=5,
        server_header=False,
        proxy_headers=False,
    )


def bind(host, port):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # a node brought up again binds the port its previous socket left in TIME_WAIT
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


class NodeServer(uvicorn.Server):
    """One node's server. Signals stop the whole cluster, so no single node may take them:
    uvicorn's own handling would stop only the node installed last, then re-raise the signal."""

    @contextlib.contextmanager
    def capture_signals(self):
        yield


@dataclasses.dataclass(eq=False)
class Node:
    """One node of the cluster: its listening socket (None while the node is down; ``port`` binds it again), the URL
    clients reach it at, and while it is up the uvicorn server and the task serving it. A node equals only
    itself (eq=False)."""

    index: int
    host: str
    port: int
    url: str
    sock: socket.socket = None
    server: NodeServer = None
    task: asyncio.Future = None

    @classmethod
    def listening(cls, index, host, url_host, sock):
        """The node of a socket bound for it; its URL names ``url_host``, the address clients use."""
        port = sock.getsockname()[1]
        return cls(index, host, port, "https://%s:%d" % (url_host, port), sock)

    @property
    def up(self):
        return self.server is not None


class Cluster:
    """Several uvicorn servers in one event loop, one per listening socket, one app and state.

    Taking a node down closes its listening socket at once (new connections are refused) and
    lets its server shut down, which ends its open connections; bringing it up binds the same
    port again with a new server.
    """

    def __init__(self, config, host, url_host, sockets):
        self.config = config
        self.nodes = [Node.listening(index, host, url_host, sock) for index, sock in enumerate(sockets)]
        self._stopping = False
        self._stopped = None
        # servers of nodes taken down, still closing their connections
        self._retiring = set()

    @property
    def urls(self):
        return [node.url for node in self.nodes]

    def describe(self):
        return [{"index": node.index, "url": node.url, "up": node.up} for node in self.nodes]

    def _node(self, index):
        if not 0 <= index < len(self.nodes):
            raise NodeError(404, "no node %d; the nodes are 0 to %d" % (index, len(self.nodes) - 1))
        return self.nodes[index]

    async def _start(self, node):
        if node.sock is None:
            node.sock = bind(node.host, node.port)
        server = NodeServer(self.config)
        server.server_state.emulator_node = node.index
        task = asyncio.ensure_future(server.serve(sockets=[node.sock]))
        while not server.started:
            if task.done():
                task.result()
                raise RuntimeError("node %d stopped while starting" % node.index)
            await asyncio.sleep(0.01)
        node.server, node.task = server, task
        log.info("node %d up: %s", node.index, node.url)

    def take_down(self, index):
        node = self._node(index)
        if not node.up:
            return
        if sum(1 for other in self.nodes if other.up) == 1:
            # the controls are reachable only through a node that is up: with none left,
            # nothing could bring one back
            raise NodeError(409, "node %d is the last node up; bring another up first" % index)
        server, task = node.server, node.task
        for listener in server.servers:
            listener.close()
        node.sock.close()
        # Idle keep-alive connections end now, before the answer to this control, so a client's
        # next request cannot slip through them; a connection with a request in flight (the one
        # asking for this, when it came through this node) ends once its answer is sent.
        for connection in list(server.server_state.connections):
            connection.shutdown()
        node.server = node.task = node.sock = None
        server.should_exit = True
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)
        log.info("node %d down: %s", node.index, node.url)

    async def bring_up(self, index):
        node = self._node(index)
        if not node.up:
            await self._start(node)

    async def bring_all_up(self):
        for node in self.nodes:
            if not node.up:
                await self._start(node)

    def stop(self):
        """Stop every node (safe from a signal handler: it only sets flags)."""
        self._stopping = True
        for node in self.nodes:
            if node.server is not None:
                node.server.should_exit = True

    async def run(self, on_started):
        """Serve on every node; call on_started once all accept connections; return on stop()."""
        for node in self.nodes:
            await self._start(node)
        on_started()
        while not self._stopping:
            await asyncio.sleep(0.1)
        self.stop()
        tasks = [node.task for node in self.nodes if node.task is not None] + list(self._retiring)
        await asyncio.gather(*tasks, return_exceptions=True)
