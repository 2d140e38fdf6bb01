"""Load figures of the emulator with its large seed, measured with wrk (Debian package `wrk`).

    python benchmarks/emulator_wrk.py [--duration 10] [--threads 2] [--connections 8] [--min-rps 1000]

Starts an emulator with `--seed large` (5 fabrics, 500 switches, 2,000 networks), logs in
once, and runs wrk against loopback with a Lua script that sets the AuthCookie cookie and the
Bearer header on every request, over kept-alive HTTPS connections. Measured:
- authenticated GETs per second of one fabric (the figure issue 7 asks for: >= 1,000/s);
- the same for the list of 2,000 networks, and its latency one request at a time
  (median of 20 with the standard library client, certificate validated).
Prints a table and one JSON line, with the load average before the run. Exit status 1 if
wrk saw a non-2xx answer, a socket error, or fewer GETs per second than --min-rps.
wrk does not validate certificates; the sequential timing does.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

from dashboard_emulator.testing import EmulatorProcess

LAN = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest"
ONE_FABRIC = LAN + "/control/fabrics/site-a"
NETWORKS = LAN + "/top-down/fabrics/site-a/networks"

LUA = """-- written by benchmarks/emulator_wrk.py for one run, then removed
wrk.headers["Cookie"] = "AuthCookie=%(token)s"
wrk.headers["Authorization"] = "Bearer %(token)s"
"""


def _run_wrk(base_url, path, script, args):
    command = ["wrk", "--threads", str(args.threads), "--connections", str(args.connections),
               "--duration", "%ds" % args.duration, "--timeout", "10s", "--latency", "--script", script, base_url + path]
    output = subprocess.run(command, capture_output=True, text=True, timeout=args.duration + 60, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    errors = re.search(r"Socket errors:.*", output)
    p50 = re.search(r"50%\s+([\d.]+\w+)", output)
    p99 = re.search(r"99%\s+([\d.]+\w+)", output)
    return {"path": path, "requests_per_second": rate, "non_2xx": int(non_2xx.group(1)) if non_2xx else 0,
            "socket_errors": errors.group(0) if errors else "", "p50": p50.group(1) if p50 else "", "p99": p99.group(1) if p99 else ""}


def _sequential_ms(base_url, ca_path, token, path, count=20):
    parsed = urllib.parse.urlsplit(base_url)
    connection = http.client.HTTPSConnection(parsed.hostname, parsed.port, context=ssl.create_default_context(cafile=ca_path), timeout=30)
    timings, size, items = [], 0, 0
    for _round in range(count):
        started = time.perf_counter()
        connection.request("GET", path, headers={"Cookie": "AuthCookie=" + token})
        answer = connection.getresponse()
        body = answer.read()
        timings.append((time.perf_counter() - started) * 1000)
        if answer.status != 200:
            raise RuntimeError("GET %s answered %s" % (path, answer.status))
        size, items = len(body), len(json.loads(body))
    connection.close()
    return {"path": path, "items": items, "bytes": size, "median_ms": round(statistics.median(timings), 1),
            "max_ms": round(max(timings), 1)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--min-rps", type=float, default=1000.0)
    args = parser.parse_args(argv)
    if args.duration > 120 or args.connections > 64 or args.threads > 8:
        parser.error("keep the load bounded: --duration <= 120, --connections <= 64, --threads <= 8")
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk); .ci/run installs it", file=sys.stderr)
        return 2
    load_before = os.getloadavg()
    with EmulatorProcess(extra_args=["--seed", "large"]) as emulator, tempfile.TemporaryDirectory() as workdir:
        token = emulator.login("admin").token
        script = os.path.join(workdir, "auth.lua")
        # the script holds a token: readable by this user only, removed with the directory
        with os.fdopen(os.open(script, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8") as handle:
            handle.write(LUA % {"token": token})
        network_list = _sequential_ms(emulator.base_url, emulator.ca_path, token, NETWORKS)
        one_fabric = _run_wrk(emulator.base_url, ONE_FABRIC, script, args)
        networks = _run_wrk(emulator.base_url, NETWORKS, script, args)
        connections = emulator.counters()["connections"]
    report = {"load_average_before": [round(value, 2) for value in load_before], "cpus": os.cpu_count(),
              "wrk": {"threads": args.threads, "connections": args.connections, "duration_s": args.duration},
              "one_fabric": one_fabric, "network_list_wrk": networks, "network_list_sequential": network_list,
              "tls_connections_seen_by_emulator": connections}
    print("load average before: %s on %d CPUs" % (" ".join("%.2f" % v for v in load_before), os.cpu_count()))
    print("%-70s %10s %9s %9s %7s" % ("wrk, keep-alive, authenticated GET", "req/s", "p50", "p99", "non-2xx"))
    for row in (one_fabric, networks):
        print("%-70s %10.1f %9s %9s %7d" % (row["path"], row["requests_per_second"], row["p50"], row["p99"], row["non_2xx"]))
    print("list of %d networks (%d bytes), one at a time: median %.1f ms, max %.1f ms" % (
        network_list["items"], network_list["bytes"], network_list["median_ms"], network_list["max_ms"]))
    print(json.dumps(report))
    failed = (one_fabric["non_2xx"] or networks["non_2xx"] or one_fabric["socket_errors"] or networks["socket_errors"]
              or one_fabric["requests_per_second"] < args.min_rps)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
