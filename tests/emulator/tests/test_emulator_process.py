"""The command line: banner, certificates, options, signals, and what the log holds."""

import json
import signal
import subprocess
import sys
import time

import jwt
import pytest
import requests
import trustme

from dashboard_emulator.testing import EmulatorProcess


def test_banner_is_one_json_line_and_the_ca_validates(tmp_path):
    ca_out = tmp_path / "ca.pem"
    process = subprocess.Popen(  # pylint: disable=consider-using-with
        [sys.executable, "-m", "dashboard_emulator", "--port", "0", "--ca-out", str(ca_out)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        banner = json.loads(process.stdout.readline())
        assert set(banner) == {"base_url", "nodes", "ca_path", "pid"}
        assert banner["base_url"].startswith("https://127.0.0.1:")
        assert banner["nodes"] == [banner["base_url"]]
        assert banner["ca_path"] == str(ca_out.resolve())
        assert banner["pid"] == process.pid
        session = requests.Session()
        session.trust_env = False
        assert session.get(banner["base_url"] + "/openapi.json", verify=banner["ca_path"], timeout=10).status_code == 200
        # the certificate is not trusted by anything else
        with pytest.raises(requests.exceptions.SSLError):
            session.get(banner["base_url"] + "/openapi.json", verify=True, timeout=10)
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
        assert process.stdout.read() == ""  # nothing but the banner on stdout
    finally:
        if process.poll() is None:
            process.kill()
        process.stdout.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_clean_exit_on_signal_with_connections_open(tmp_path, signum):
    emu = EmulatorProcess(workdir=tmp_path).start()
    session = emu.login("admin")
    assert session.get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), timeout=10).status_code == 200
    emu.process.send_signal(signum)
    assert emu.process.wait(15) == 0
    emu.process = None
    assert "Traceback" not in emu.log_tail()


def test_given_certificate_and_key_are_used(tmp_path):
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    cert.cert_chain_pems[0].write_to_path(str(tmp_path / "cert.pem"))
    cert.private_key_pem.write_to_path(str(tmp_path / "key.pem"))
    ca.cert_pem.write_to_path(str(tmp_path / "myca.pem"))
    args = ["--cert", str(tmp_path / "cert.pem"), "--key", str(tmp_path / "key.pem"), "--ca", str(tmp_path / "myca.pem")]
    with EmulatorProcess(workdir=tmp_path / "run", extra_args=args) as emu:
        assert emu.ca_path == str(tmp_path / "myca.pem")
        assert emu.session().get(emu.url("/openapi.json"), timeout=10).status_code == 200


def test_session_timeout_option(tmp_path):
    with EmulatorProcess(workdir=tmp_path, extra_args=["--session-timeout", "90"]) as emu:
        claims = jwt.decode(emu.login("admin").token, options={"verify_signature": False})
        assert claims["exp"] - claims["iat"] == 90
        emu.set_faults(session_timeout=3)
        emu.reset()
        claims = jwt.decode(emu.login("admin").token, options={"verify_signature": False})
        assert claims["exp"] - claims["iat"] == 90


def test_accounts_file_replaces_the_default_accounts(tmp_path):
    accounts = tmp_path / "accounts.yaml"
    accounts.write_text(
        "unknown_login_domain: reject_401\n"
        "login_domains:\n"
        "  - name: radius-dom\n"
        "    usertype: radius\n"
        "    accounts:\n"
        "      - username: ops\n"
        "        password: Ops-Secret-1\n"
        "        rbac: [{domain: all, rolesR: 1, rolesW: 0, roles: [[app-user, ReadPriv]]}]\n", encoding="utf-8")
    with EmulatorProcess(workdir=tmp_path / "run", extra_args=["--accounts", str(accounts)]) as emu:
        session = emu.session()
        answer = session.post(emu.url("/login"), json={"domain": "radius-dom", "userName": "ops", "userPasswd": "Ops-Secret-1"}, timeout=10)
        assert answer.status_code == 200 and answer.json()["usertype"] == "radius"
        default_admin = session.post(emu.url("/login"), json={"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"}, timeout=10)
        assert default_admin.status_code == 401  # unknown domain, rejected as configured


def test_log_holds_no_password_token_or_cookie(emulator):
    emulator.reset()
    session = emulator.login("admin")
    token = session.token
    refreshed = session.post(emulator.url("/refresh"), timeout=10).json()["jwttoken"]
    emulator.session().post(emulator.url("/login"), json={"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Wrong-Passw0rd-123"}, timeout=10)
    emulator.session().post(emulator.url("/login"), json={"domain": "DefaultAuth", "userName": "expired", "userPasswd": "Expired-Passw0rd!"}, timeout=10)
    session.post(emulator.url("/logout"), timeout=10)
    time.sleep(0.2)
    log = emulator.log_path.read_text(encoding="utf-8")
    assert "login ok: user=admin" in log  # the log is being written at all
    for secret in ("Admin-Passw0rd!", "Wrong-Passw0rd-123", "Expired-Passw0rd!", token, refreshed, token.split(".")[2][:20]):
        assert secret not in log
    assert "AuthCookie=" not in log


def test_bad_option_combination_is_refused():
    result = subprocess.run([sys.executable, "-m", "dashboard_emulator", "--cert", "x.pem"], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert "--cert and --key go together" in result.stderr
    assert result.stdout == ""
