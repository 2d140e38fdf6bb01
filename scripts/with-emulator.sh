#!/usr/bin/env bash
# Run a command against a freshly started dashboard emulator, then stop the emulator.
#
#   scripts/with-emulator.sh [--session-timeout N] -- COMMAND [ARG...]
#
# The command sees DASHBOARD_HOST and DASHBOARD_CA_PATH (the emulator's base URL and the CA that
# signed its certificate), which every module of fabricops.dashboard reads, and EMULATOR_PID.
# Used by `make demo` and `make bench`; tests start the emulator through their pytest fixture.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-$here/.venv/bin/python}
emulator_args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do emulator_args+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: $0 [emulator options] -- COMMAND [ARG...]" >&2; exit 2; }

state=$(mktemp -d "${TMPDIR:-/tmp}/dashboard-emulator.XXXXXX")
"$python" -m dashboard_emulator --port 0 --ca-out "$state/ca.pem" --state-dir "$state" "${emulator_args[@]}" \
  >"$state/started.json" 2>"$state/emulator.log" &
emulator=$!
stop() {
  kill -TERM "$emulator" 2>/dev/null || true
  wait "$emulator" 2>/dev/null || true
  rm -rf "$state"
}
trap stop EXIT

for _ in $(seq 1 100); do
  [ -s "$state/started.json" ] && break
  kill -0 "$emulator" 2>/dev/null || { echo "the emulator did not start:" >&2; cat "$state/emulator.log" >&2; exit 1; }
  sleep 0.1
done
[ -s "$state/started.json" ] || { echo "the emulator did not start within 10 s" >&2; cat "$state/emulator.log" >&2; exit 1; }

DASHBOARD_HOST=$("$python" -c 'import json,sys; print(json.load(sys.stdin)["base_url"])' <"$state/started.json")
DASHBOARD_CA_PATH=$("$python" -c 'import json,sys; print(json.load(sys.stdin)["ca_path"])' <"$state/started.json")
export DASHBOARD_HOST DASHBOARD_CA_PATH EMULATOR_PID=$emulator
echo "emulator: $DASHBOARD_HOST (CA $DASHBOARD_CA_PATH)" >&2
"$@"
