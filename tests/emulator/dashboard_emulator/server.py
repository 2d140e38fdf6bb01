"""Running the app under uvicorn, with a protocol that can drop connections and count them."""

import asyncio
import logging

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dashboard_emulator.gateway import CONNECTION_KEY, DROP_KEY

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


async def serve(config, sock, on_started):
    """Serve on an already bound socket; call on_started once connections are accepted."""
    server = uvicorn.Server(config)
    task = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
            return
        await asyncio.sleep(0.01)
    on_started()
    await task
