"""Command line: dashboard-emulator [options].

Prints exactly one JSON line on stdout once every node accepts connections
({"base_url", "nodes", "ca_path", "pid"}); everything else goes to stderr.
"""

import argparse
import asyncio
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time

try:
    import uvloop
except ImportError:  # uvicorn[standard] brings it; without it asyncio's loop is used
    uvloop = None

from dashboard_emulator import __version__
from dashboard_emulator.accounts import AccountBook
from dashboard_emulator.app import build_app
from dashboard_emulator.fabric_store import SEEDS, Timing
from dashboard_emulator.fabric_store.lab import Lab, LabError
from dashboard_emulator.release import DEFAULT_RELEASE, Release
from dashboard_emulator.server import Cluster, bind, make_config
from dashboard_emulator.state import BULK_UPDATE, DEFAULT_SESSION_TIMEOUT, EmulatorState
from dashboard_emulator.tls import make_certificates

log = logging.getLogger("dashboard_emulator")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        prog="dashboard-emulator",
        description="HTTPS emulator of the dashboard platform and its fabric controller.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0,
                        help="port; 0 picks a free one per node; with --nodes N, the nodes listen on PORT to PORT+N-1 (default: 0)")
    parser.add_argument("--nodes", type=int, default=1,
                        help="serve as a cluster of N nodes, one port each, sharing one state (default: 1)")
    parser.add_argument("--cert", help="server certificate (PEM); default: make a CA and a certificate")
    parser.add_argument("--key", help="private key of --cert (PEM)")
    parser.add_argument("--ca", help="with --cert: the CA bundle to report as ca_path (default: --cert itself)")
    parser.add_argument("--ca-out", help="where to write the generated CA bundle (default: STATE_DIR/ca.pem)")
    parser.add_argument("--state-dir", help="directory for generated certificates (default: a temporary one, removed on exit)")
    parser.add_argument("--session-timeout", type=int, default=DEFAULT_SESSION_TIMEOUT,
                        help="token lifetime in seconds (default: %d)" % DEFAULT_SESSION_TIMEOUT)
    parser.add_argument("--seed", choices=SEEDS, default="small",
                        help="fabric-controller data at start: small (2 fabrics), large (5 fabrics, 500 switches, "
                             "2,000 networks) or empty (no fabric) (default: small)")
    parser.add_argument("--lab", metavar="FILE",
                        help="a YAML lab: the switches that answer discovery (address, serial, hostname, model, release, "
                             "ports) and the cables between their ports (docs/emulator.md); default: a switch at every address")
    parser.add_argument("--discover-seconds", type=float, default=Timing.discover_seconds,
                        help="seconds until a discovered switch is manageable (default: %(default)s)")
    parser.add_argument("--deploy-seconds", type=float, default=Timing.deploy_seconds,
                        help="seconds a config deploy takes (default: %(default)s)")
    parser.add_argument("--reload-seconds", type=float, default=Timing.reload_seconds,
                        help="seconds a greenfield switch reloads after its discovery (default: %(default)s)")
    parser.add_argument("--accounts", help="accounts YAML file (default: the shipped default_accounts.yaml)")
    parser.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    parser.add_argument("--no-direct-reads", action="store_true",
                        help="send every request through connexion's middleware, also the GETs it has nothing to validate "
                             "(by default the gateway calls their handlers directly, with the same answers)")
    parser.add_argument("--no-bulk-update", action="store_true",
                        help="serve as a controller without the v2 bulk update of networks and VRFs (a release before "
                             "12.2 or without its patch): both paths answer 404, so clients update one object at a time")
    parser.add_argument("--release", metavar="VERSION",
                        help="answer as this platform release, for example 4.2.1 or 3.2.1e: /version.json reports it, from 4.2.1 on "
                             "/api/v1/infra/about answers its build, from 4.2 on the login family under /api/v1/infra behaves as "
                             "on 4.2 and the login domains are public (default: %s, the release NDFC 12.2.2 runs on, as "
                             "before this option)" % DEFAULT_RELEASE)
    parser.add_argument("--no-legacy-paths", action="store_true",
                        help="with --release 4.2 or later: serve none of the fabric controller's legacy API (under /appcenter), "
                             "only /api/v1/manage; the platform's /login, /refresh and /logout stay; by default a 4.2 release "
                             "serves both")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="stop when the process that started this one is gone (test helpers use it: a test run that "
                             "ends without stopping its emulator, as a forked test does, leaves none behind)")
    parser.add_argument("--version", action="version", version="%(prog)s " + __version__)
    args = parser.parse_args(argv)
    if bool(args.cert) != bool(args.key):
        parser.error("--cert and --key go together")
    if min(args.discover_seconds, args.deploy_seconds, args.reload_seconds) < 0:
        parser.error("--discover-seconds, --deploy-seconds and --reload-seconds must be >= 0")
    if not 1 <= args.nodes <= 16:
        parser.error("--nodes must be between 1 and 16")
    if args.port and args.port + args.nodes - 1 > 65535:
        parser.error("--port %d with --nodes %d goes past port 65535" % (args.port, args.nodes))
    if args.session_timeout < 1:
        parser.error("--session-timeout must be at least 1")
    if args.no_legacy_paths and not args.release:
        parser.error("--no-legacy-paths goes with --release 4.2 or later")
    if args.lab:
        try:
            args.lab = Lab.from_file(args.lab)
        except LabError as exc:
            parser.error("--lab: %s" % exc)
    try:
        args.release = Release.parse(args.release, legacy_paths=not args.no_legacy_paths) if args.release else DEFAULT_RELEASE
    except ValueError as exc:
        parser.error("--release: %s" % exc)
    return args


def _bind_nodes(host, port, count):
    sockets = []
    for index in range(count):
        wanted = port + index if port else 0
        try:
            sockets.append(bind(host, wanted))
        except OSError as exc:
            for sock in sockets:
                sock.close()
            sys.stderr.write("dashboard-emulator: cannot listen on %s port %d (node %d): %s; choose another --port or "
                             "--port 0\n" % (host, wanted, index, exc.strerror or exc))
            sys.exit(2)
    return sockets


def _url_host(host):
    if host in ("0.0.0.0", "::", ""):
        return "127.0.0.1"
    return "[%s]" % host if ":" in host else host


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # connexion reports every route it adds at INFO; that is noise in a test log
    logging.getLogger("connexion").setLevel(logging.WARNING)
    own_state_dir = args.state_dir is None
    state_dir = tempfile.mkdtemp(prefix="dashboard-emulator-") if own_state_dir else args.state_dir
    os.makedirs(state_dir, exist_ok=True)
    try:
        if args.cert:
            cert_path, key_path = args.cert, args.key
            ca_path = os.path.abspath(args.ca or args.cert)
        else:
            cert_path, key_path, ca_path = make_certificates(state_dir, args.ca_out, extra_names=[args.host])
        timing = Timing(discover_seconds=args.discover_seconds, deploy_seconds=args.deploy_seconds,
                        reload_seconds=args.reload_seconds)
        state = EmulatorState(AccountBook.from_yaml(args.accounts), session_timeout=args.session_timeout,
                              seed=args.seed, timing=timing, nodes=args.nodes,
                              absent_features=[BULK_UPDATE] if args.no_bulk_update else [], lab=args.lab)
        # The release is the platform's, which state.py does not model: the app, the gateway and the
        # platform handlers read it from here (see release.release_of).
        state.release = args.release
        app = build_app(state, direct_reads=not args.no_direct_reads)
        sockets = _bind_nodes(args.host, args.port, args.nodes)
        config = make_config(app, cert_path=cert_path, key_path=key_path,
                             log_level="warning" if args.log_level != "debug" else "debug")
        cluster = state.cluster = Cluster(config, args.host, _url_host(args.host), sockets)
        banner = {"base_url": cluster.urls[0], "nodes": cluster.urls, "ca_path": str(ca_path), "pid": os.getpid()}

        def announce():
            sys.stdout.write(json.dumps(banner) + "\n")
            sys.stdout.flush()
            log.info("listening on %s (CA: %s)", ", ".join(banner["nodes"]), banner["ca_path"])

        def stop(_signum, _frame):
            cluster.stop()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        if args.exit_with_parent:
            _watch_parent()
        _run(cluster.run(announce))
        log.info("stopped")
        return 0
    finally:
        if own_state_dir:
            shutil.rmtree(state_dir, ignore_errors=True)


def _watch_parent():
    """Stop as on SIGTERM once the parent process is gone (this process is then handed to another parent)."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _run(coroutine):
    if uvloop is None:
        asyncio.run(coroutine)
        return
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(coroutine)
