"""The emulator, pip-installed from the collection that ansible-galaxy installed (`make range` does it,
as docs/docsite/rst/install.rst tells users), starts and serves the documents of docs/api."""

import json
import pathlib
import subprocess

import requests

from test_supported_range import RANGE_ROOT, REPO

INSTALLED = RANGE_ROOT / 'oldest' / 'collections' / 'ansible_collections' / 'fabricops' / 'dashboard'


def test_the_emulator_installs_and_runs_from_the_installed_collection(tmp_path):
    command = RANGE_ROOT / 'emulator' / 'bin' / 'dashboard-emulator'
    assert command.exists(), 'no emulator installed from the collection: run `make range`'
    process = subprocess.Popen([str(command), '--port', '0', '--ca-out', str(tmp_path / 'ca.pem')],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        banner = json.loads(process.stdout.readline())
        answer = requests.post(banner['base_url'] + '/login', timeout=10, verify=banner['ca_path'],
                               json={'userName': 'viewer', 'userPasswd': 'Viewer-Passw0rd!', 'domain': 'DefaultAuth'})
        assert answer.status_code == 200
        assert answer.json()['jwttoken'].startswith('eyJ')
    finally:
        process.terminate()
        process.wait(timeout=15)
    # It ships the OpenAPI documents of the collection it was installed from.
    packaged = sorted(RANGE_ROOT.joinpath('emulator').glob('lib/python3*/site-packages/dashboard_emulator/api/*.yaml'))
    assert [path.name for path in packaged] == sorted(path.name for path in (REPO / 'docs' / 'api').glob('*.yaml'))
    for path in packaged:
        assert path.read_bytes() == (INSTALLED / 'docs' / 'api' / path.name).read_bytes()
    assert pathlib.Path(INSTALLED / 'tests' / 'emulator' / 'pyproject.toml').exists()
