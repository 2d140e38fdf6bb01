"""Load test of the emulator: authenticated GETs over HTTPS with keep-alive.

    python benchmarks/emulator_load.py [--clients 2] [--duration 10] [--client httpclient|requests]
                                       [--pause SECONDS] [--base-url URL --ca-path FILE]

Without --base-url it starts its own emulator (dashboard_emulator.testing). It logs in once,
then runs CLIENTS processes, each with one kept-alive connection that validates the
emulator's certificate against its CA, sending GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics with the
AuthCookie cookie until DURATION seconds have passed. It prints one JSON object: requests
per second, latency percentiles, non-200 answers, and the number of TLS connections the
emulator saw (equal to CLIENTS when keep-alive works). Traffic goes to loopback only and
stops by itself. Exit status 1 if any answer was not 200, or if --min-rps is not reached.

With --pause, each client waits that long between its requests: the latency of an emulator that
has been idle for a moment, which is what a play's tasks and loop items see (they send one
request, then Ansible works for several milliseconds). `make bench` runs it with one client and
an 8 ms pause, about the time between the items of a loop.
"""

import argparse
import http.client
import json
import multiprocessing
import ssl
import sys
import time
import urllib.parse

import requests

from dashboard_emulator.testing import EmulatorProcess

PATH = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"


def _timed(get, duration, pause):
    """(latencies, failures) of calling ``get`` (one whole request; it returns the status) for ``duration`` seconds."""
    latencies, failures = [], 0
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        if pause:
            time.sleep(pause)
        started = time.perf_counter()
        status = get()
        latencies.append(time.perf_counter() - started)
        if status != 200:
            failures += 1
    return latencies, failures


def _httpclient_worker(base_url, ca_path, token, duration, pause, results):
    """Standard-library client: the least client CPU per request, so the server is measured."""
    parsed = urllib.parse.urlsplit(base_url)
    context = ssl.create_default_context(cafile=ca_path)
    connection = http.client.HTTPSConnection(parsed.hostname, parsed.port, context=context, timeout=30)
    headers = {"Cookie": "AuthCookie=" + token}

    def get():
        connection.request("GET", PATH, headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status

    measured = _timed(get, duration, pause)
    connection.close()
    results.put(measured)


def _requests_worker(base_url, ca_path, token, duration, pause, results):
    """requests.Session: what the collection's modules use."""
    session = requests.Session()
    session.trust_env = False
    session.verify = ca_path
    session.cookies.set("AuthCookie", token)
    measured = _timed(lambda: session.get(base_url + PATH, timeout=30).status_code, duration, pause)
    session.close()
    results.put(measured)


WORKERS = {"httpclient": _httpclient_worker, "requests": _requests_worker}


def _percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def run(control, *, clients, duration, client, pause=0.0):
    base_url, ca_path = control.base_url, control.ca_path
    control.reset()
    token = control.login("admin").token
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=WORKERS[client], args=(base_url, ca_path, token, duration, pause, results)) for _client in range(clients)]
    started = time.monotonic()
    for worker in workers:
        worker.start()
    collected = [results.get(timeout=duration + 60) for _worker in workers]
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started
    latencies = [latency for batch, _failures in collected for latency in batch]
    counters = control.counters()
    return {
        "client": client,
        "clients": clients,
        "pause_ms": round(pause * 1000, 1),
        "duration_s": round(elapsed, 2),
        "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "latency_ms": {
            "p50": round(_percentile(latencies, 0.50) * 1000, 2),
            "p95": round(_percentile(latencies, 0.95) * 1000, 2),
            "p99": round(_percentile(latencies, 0.99) * 1000, 2),
        },
        "non_200": sum(failures for _batch, failures in collected),
        # the login above used one more connection
        "tls_connections": counters["connections"],
        "server_counted_200": counters["requests"].get("GET " + PATH, {}).get("200", 0),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--client", choices=sorted(WORKERS), default="httpclient")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds each client waits between its requests")
    parser.add_argument("--base-url", help="an emulator already running (needs --ca-path)")
    parser.add_argument("--ca-path")
    parser.add_argument("--min-rps", type=float, default=0.0, help="fail below this many requests per second")
    args = parser.parse_args(argv)
    if args.duration > 300 or args.clients > 64 or not 0 <= args.pause <= 10:
        parser.error("keep the load bounded: --duration <= 300, --clients <= 64, 0 <= --pause <= 10")
    if args.base_url:
        if not args.ca_path:
            parser.error("--base-url needs --ca-path")
        emulator = EmulatorProcess()
        emulator.base_url, emulator.ca_path = args.base_url.rstrip("/"), args.ca_path
        emulator._control = emulator.session()  # pylint: disable=protected-access
        report = run(emulator, clients=args.clients, duration=args.duration, client=args.client, pause=args.pause)
    else:
        with EmulatorProcess() as emulator:
            report = run(emulator, clients=args.clients, duration=args.duration, client=args.client, pause=args.pause)
    print(json.dumps(report))
    return 1 if report["non_200"] or report["requests_per_second"] < args.min_rps else 0


if __name__ == "__main__":
    sys.exit(main())
