#!/usr/bin/env bash
# Seed ansible-test's pip bootstrap cache with an offline get-pip.py replacement.
#
# WHY: every `ansible-test sanity` run (--venv, --local or --requirements alike)
# creates one virtualenv per sanity test (~/.ansible/test/venv/sanity.<test>/...)
# without pip, then "bootstraps" pip into it by running a pinned get-pip.py.
# ansible-test downloads that script from
#   https://ci-files.testing.ansible.com/ansible-test/get-pip-<ver>.py
# which this CI network cannot reach, so sanity dies with
#   "Download failed ... does not have pip available".
# ansible-test skips the download when the file already exists at
#   ~/.ansible/test/cache/get_pip_<ver with . -> _>.py      (2.19: get_pip_24_2.py)
# and it verifies no checksum, so we put our own script there.
# (See ansible_test/_util/target/setup/requirements.py, bootstrap().)
#
# WHAT: asks ansible-test which pip version it bootstraps, downloads that pip
# wheel from PyPI (pip checks the index's sha256), and writes a small
# get_pip_<ver>.py that runs pip straight from that wheel to install it into
# the new virtualenv: offline, no ensurepip needed. ansible-test calls it as
#   <venv>/bin/python get_pip_24_2.py --disable-pip-version-check pip==24.2 --no-setuptools --no-wheel
# The two --no-* flags are get-pip.py options; pip itself does not know them.
# Idempotent: the wheel is fetched once, the script is only rewritten if it changed.
#
# Usage: .ci/seed-get-pip.sh [PYTHON]   (default: <repo root>/.venv/bin/python,
#        which must have ansible-core and pip installed)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${1:-$repo_root/.venv/bin/python}"

# Same function and same cache location ansible-test itself uses.
info="$("$python" - <<'EOF'
import os, sys, types
from ansible_test._internal.python_requirements import get_venv_packages

pkgs = get_venv_packages(types.SimpleNamespace(version="%d.%d" % sys.version_info[:2]))
cache = os.path.expanduser("~/.ansible/test/cache")
name = "get_pip_%s.py" % pkgs["pip"].replace(".", "_")
print(cache, name, ",".join("%s==%s" % kv for kv in pkgs.items()))
EOF
)"
read -r cache_dir script_name packages <<<"$info"

wheel_dir="$cache_dir/${script_name%.py}-wheels"
script="$cache_dir/$script_name"
mkdir -p "$wheel_dir"

# Fetch the pinned bootstrap packages (2.19: just pip==24.2) unless already there.
IFS=, read -r -a reqs <<<"$packages"
for req in "${reqs[@]}"; do
  if ! compgen -G "$wheel_dir/${req%%==*}-${req#*==}-*.whl" >/dev/null; then
    "$python" -m pip download --disable-pip-version-check --quiet \
      --no-deps --only-binary=:all: --dest "$wheel_dir" "$req"
  fi
done
pip_wheel="$(compgen -G "$wheel_dir/pip-*.whl" | head -n 1)"

tmp="$(mktemp "$script.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
cat >"$tmp" <<EOF
# Offline stand-in for get-pip.py, written by .ci/seed-get-pip.sh (fabricops.dashboard CI).
# Runs pip from a locally cached wheel and installs the requested packages from the same directory.
import sys

sys.path.insert(0, "$pip_wheel")
from pip._internal.cli.main import main

args = [arg for arg in sys.argv[1:] if arg not in ("--no-setuptools", "--no-wheel")]
sys.exit(main(["install", "--no-index", "--find-links", "$wheel_dir"] + args))
EOF

chmod 0644 "$tmp"
if cmp -s "$tmp" "$script"; then
  echo "seed-get-pip: $script already up to date"
else
  mv "$tmp" "$script"
  echo "seed-get-pip: wrote $script (${packages})"
fi
