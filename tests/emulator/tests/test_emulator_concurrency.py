"""Many clients at once."""

import concurrent.futures

from controller_paths import FABRICS


def test_fifty_concurrent_logins_from_threads(emu):
    def login(index):
        user = ("admin", "Admin-Passw0rd!") if index % 2 else ("viewer", "Viewer-Passw0rd!")
        session = emu.session()
        answer = session.post(emu.url("/login"), json={"domain": "DefaultAuth", "userName": user[0], "userPasswd": user[1]}, timeout=30)
        check = session.get(emu.url(FABRICS), timeout=30)
        session.close()
        return answer.status_code, answer.json()["jwttoken"], check.status_code

    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        results = list(pool.map(login, range(50)))
    assert [status for status, _token, _check in results] == [200] * 50
    assert [check for _status, _token, check in results] == [200] * 50
    assert len({token for _status, token, _check in results}) == 50
    counters = emu.counters()
    assert counters["logins"] == 50
    assert counters["live_sessions"] == 50


def test_concurrent_creates_of_one_fabric_make_one(emu):
    admin_token = emu.login("admin").token

    def create(_index):
        session = emu.session()
        session.headers["Cookie"] = "AuthCookie=" + admin_token
        return session.post(emu.url(FABRICS + "/race/External_Fabric"), json={"BGP_AS": "65123"}, timeout=30).status_code

    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        statuses = sorted(pool.map(create, range(20)))
    assert statuses == [200] + [500] * 19
