"""Property-based run of both OpenAPI documents against the running emulator.

schemathesis generates valid and invalid requests from the documents and checks every
answer against them (status codes, content types, schemas, Allow headers, auth handling).
The seed is fixed so a failure reproduces; SCHEMATHESIS_SEED picks another one.
"""

import os
import re
import subprocess
import sys

import pytest

MAX_EXAMPLES = os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "25")
SEED = os.environ.get("SCHEMATHESIS_SEED", "20261122")

RUNS = [
    # logout would end the session the other operations run with: it gets a run of its own
    pytest.param("/openapi.json", ["--exclude-path-regex", "logout$"], id="platform"),
    pytest.param("/openapi.json", ["--include-path-regex", "logout$"], id="platform-logout"),
    pytest.param("/appcenter/cisco/ndfc/api/openapi.json", [], id="fabric-controller"),
]


@pytest.mark.parametrize("document,filters", RUNS)
def test_schemathesis_finds_no_failure(emu, tmp_path, document, filters):
    token = emu.login("admin").token
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", emu.url(document),
        "--tls-verify", emu.ca_path,
        "--header", "Cookie: AuthCookie=" + token,
        "--checks", "all",
        "--max-examples", MAX_EXAMPLES,
        "--seed", SEED,
        "--request-timeout", "10",
        "--no-color",
    ] + filters
    # cwd: schemathesis keeps a hypothesis example database in the working directory
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-8000:]
    summary = output.split("SUMMARY")[-1]
    assert re.search(r"\d+ generated, \d+ passed", summary), summary
    assert "unique failures" not in summary
    # the run really exercised the emulator
    assert sum(sum(by_status.values()) for by_status in emu.counters()["requests"].values()) > 50
