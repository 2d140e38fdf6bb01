"""--release: what each platform release answers (nd-manage-facts 1), and a 4.2 without its legacy paths."""

import jwt
import pytest

from dashboard_emulator.cli import parse_args
from dashboard_emulator.pytest_plugin import RELEASE_42

FABRICS = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"
ADMIN_LOGIN = {"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"}


def release_of(answer):
    body = answer.json()
    return [body[key] for key in ("major", "minor", "maintenance", "patch")]


def infra_login(emu, body=None):
    return emu.session().post(emu.url("/api/v1/infra/login"), json=ADMIN_LOGIN if body is None else body, timeout=10)


@pytest.mark.parametrize("emu_release,reported", [
    (None, [3, 2, 1, "e"]),
    ("4.1.0", [4, 1, 0, ""]),
    (RELEASE_42, [4, 2, 1, ""]),
], indirect=["emu_release"])
def test_version_json_reports_the_release_without_a_session(emu_release, reported):
    answer = emu_release.session().get(emu_release.url("/version.json"), timeout=10)
    assert answer.status_code == 200
    assert release_of(answer) == reported
    assert answer.json()["product_name"] == "Nexus Dashboard"


@pytest.mark.parametrize("emu_release,served", [(None, False), ("4.2.0", False), (RELEASE_42, True)], indirect=["emu_release"])
def test_infra_about_answers_the_build_from_4_2_1_on(emu_release, served):
    session = emu_release.login()
    answer = session.get(emu_release.url("/api/v1/infra/about"), timeout=10)
    if served:
        assert answer.status_code == 200
        assert answer.json() == {"buildVersion": RELEASE_42 + ".1"}
    else:
        assert answer.status_code == 404
    # never without a session [uncertain: the emulator's choice]
    assert emu_release.session().get(emu_release.url("/api/v1/infra/about"), timeout=10).status_code == 401


@pytest.mark.parametrize("emu_release,public", [(None, False), ("4.1.0", False), ("4.2.0", True)], indirect=["emu_release"])
def test_login_domains_are_public_from_4_2_on(emu_release, public):
    answer = emu_release.session().get(emu_release.url("/api/v1/infra/logindomains"), timeout=10)
    if not public:
        assert answer.status_code == 401   # as it always was: an unknown path needs a session first
        return
    assert answer.status_code == 200
    body = answer.json()
    # nac-analytics 0.3.0: the list does not name DefaultAuth, although DefaultAuth logs in
    assert body == {"domains": [{"name": "local"}, {"name": "corp-ldap"}], "defaultDomain": "local"}
    assert infra_login(emu_release).status_code == 200
    assert emu_release.counters()["logins"] == 1


def test_infra_login_on_4_2_answers_jwttoken_and_token_and_the_cookie(emu_42):
    answer = infra_login(emu_42)
    assert answer.status_code == 200
    body = answer.json()
    assert body["jwttoken"] and body["token"] == body["jwttoken"]
    assert answer.cookies["AuthCookie"] == body["jwttoken"]
    assert jwt.decode(body["jwttoken"], options={"verify_signature": False})["username"] == "admin"


@pytest.mark.parametrize("body", [
    {"userName": "admin", "userPasswd": "Admin-Passw0rd!"},
    {"domain": "", "userName": "admin", "userPasswd": "Admin-Passw0rd!"},
])
def test_infra_login_without_a_domain_is_500_on_4_2_and_400_before(emu_42, emu, body):
    answer = infra_login(emu_42, body)
    assert answer.status_code == 500
    assert answer.json() == {"code": 500, "message": "A login domain is required"}
    # before 4.2 the path refuses it as /login does
    before = infra_login(emu, body)
    assert before.status_code == 400
    assert "domain" in before.json()["message"]
    assert emu_42.counters()["logins"] == 0


def test_refusals_on_4_2_come_in_the_code_message_envelope_and_legacy_login_keeps_its_own(emu_42):
    wrong = infra_login(emu_42, dict(ADMIN_LOGIN, userPasswd="nope"))
    assert wrong.status_code == 401
    assert wrong.json() == {"code": 401, "message": "Invalid Username/Password, or Account is locked"}
    expired = infra_login(emu_42, {"domain": "DefaultAuth", "userName": "expired", "userPasswd": "Expired-Passw0rd!"})
    assert expired.status_code == 403
    assert expired.json()["code"] == 403
    legacy = emu_42.session().post(emu_42.url("/login"), json=dict(ADMIN_LOGIN, userPasswd="nope"), timeout=10)
    assert legacy.status_code == 401
    assert legacy.json() == {"message": "Invalid Username/Password, or Account is locked"}


def test_infra_refresh_on_4_2_answers_the_token_alone_and_it_works(emu_42):
    session = emu_42.session()
    token = infra_login(emu_42).json()["jwttoken"]
    # nac-analytics 0.3.0 sends the session's cookie and nothing else
    answer = session.post(emu_42.url("/api/v1/infra/refresh"), headers={"Cookie": "AuthCookie=" + token}, timeout=10)
    assert answer.status_code == 200
    assert set(answer.json()) == {"jwttoken"}
    renewed = answer.json()["jwttoken"]
    assert renewed != token
    assert session.get(emu_42.url(FABRICS), headers={"Cookie": "AuthCookie=" + renewed}, timeout=10).status_code == 200
    # the legacy refresh keeps the login answer's shape
    legacy = session.post(emu_42.url("/refresh"), headers={"Cookie": "AuthCookie=" + renewed}, timeout=10)
    assert set(legacy.json()) == {"jwttoken", "username", "usertype", "rbac", "statusCode", "token"}
    refused = session.post(emu_42.url("/api/v1/infra/refresh"), headers={"Cookie": "AuthCookie=not-a-token"}, timeout=10)
    assert refused.status_code == 401
    assert refused.json() == {"code": 401, "message": "Token invalid or expired"}
    assert emu_42.counters()["refreshes"] == 2


def test_a_token_in_an_authcookie_header_is_refused_on_4_2(emu_42):
    token = infra_login(emu_42).json()["jwttoken"]
    session = emu_42.session()
    assert session.get(emu_42.url(FABRICS), headers={"Authcookie": token}, timeout=10).status_code == 401
    answer = session.get(emu_42.url(FABRICS), headers={"Cookie": "AuthCookie=" + token}, timeout=10)
    assert answer.status_code == 200
    assert {fabric["fabricName"] for fabric in answer.json()} >= {"site-a"}


@pytest.mark.parametrize("emu_release", [(RELEASE_42, False)], indirect=True)
def test_without_legacy_paths_the_fabric_controller_answers_only_its_unified_api(emu_release):
    # the platform's own login stays: cisco.nd 2.0, a client of 4.2 only, logs in there (and out again)
    platform = emu_release.session().post(emu_release.url("/login"), json=ADMIN_LOGIN, timeout=10)
    assert platform.status_code == 200 and platform.json()["jwttoken"]
    assert emu_release.session().post(emu_release.url("/logout"), cookies={"AuthCookie": platform.json()["jwttoken"]},
                                      json={}, timeout=10).status_code == 200
    session = emu_release.login()   # through /api/v1/infra/login
    assert session.get(emu_release.url("/api/v1/infra/about"), timeout=10).status_code == 200
    assert session.get(emu_release.url("/api/v1/infra/whoami"), timeout=10).json()["username"] == "admin"
    for path in (FABRICS, "/appcenter/cisco/ndfc/api/about/version"):
        assert session.get(emu_release.url(path), timeout=10).status_code == 404
    # without a session the gateway points at the login that is served
    refused = emu_release.session().get(emu_release.url(FABRICS), timeout=10)
    assert refused.status_code == 401
    assert "/api/v1/infra/login" in refused.json()["description"]
    assert emu_release.counters()["logins"] == 2


@pytest.mark.parametrize("argv,complaint", [
    (["--no-legacy-paths"], "goes with --release"),
    (["--release", "4.2"], "MAJOR.MINOR.MAINTENANCE"),
    (["--release", "4.1.0", "--no-legacy-paths"], "only a release from 4.2 on"),
])
def test_release_options_that_cannot_be_served_are_refused_with_the_reason(capsys, argv, complaint):
    with pytest.raises(SystemExit) as stopped:
        parse_args(argv)
    assert stopped.value.code == 2
    assert complaint in capsys.readouterr().err


def test_release_option_parses_a_patch_letter():
    args = parse_args(["--release", "3.2.2m"])
    assert (str(args.release), args.release.patch, args.release.unified_auth) == ("3.2.2m", "m", False)
    assert parse_args([]).release.given is False
