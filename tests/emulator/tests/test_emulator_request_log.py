"""The request log control: the writes the emulator served, in order, with secrets masked."""

from controller_paths import FABRICS, TOP_DOWN

SECRET = "Sw1tch-Passw0rd!"


def test_a_write_is_logged_with_its_method_path_query_and_body(emu):
    admin = emu.login("admin")
    created = admin.post(emu.url(FABRICS + "/temp/External_Fabric?dryRun=false&tag=a&tag=b"), json={"BGP_AS": "65100"},
                         timeout=10)
    deleted = admin.delete(emu.url(TOP_DOWN + "/site-a/bulk-delete/networks?network-names=net-1"), timeout=10)
    assert emu.request_log() == [
        {"method": "POST", "path": FABRICS + "/temp/External_Fabric", "query": {"dryRun": "false", "tag": ["a", "b"]},
         "body": {"BGP_AS": "65100"}, "status": created.status_code},
        {"method": "DELETE", "path": TOP_DOWN + "/site-a/bulk-delete/networks", "query": {"network-names": "net-1"},
         "body": None, "status": deleted.status_code},
    ]


def test_secret_fields_are_masked_in_json_and_text_bodies(emu):
    admin = emu.login("admin")
    admin.post(emu.url(FABRICS + "/site-a/inventory/test-reachability"),
               json={"seedIP": "10.9.9.1", "role": "leaf", "username": "admin", "password": SECRET,
                     "switches": [{"ipAddress": "10.9.9.1", "sshPassword": SECRET, "apiKey": SECRET}]}, timeout=10)
    admin.post(emu.url(FABRICS + "/site-a/inventory/test-reachability"), data="username=admin&password=%s" % SECRET,
               headers={"Content-Type": "application/x-www-form-urlencoded"}, timeout=10)
    first, second = emu.request_log()
    assert first["body"] == {"seedIP": "10.9.9.1", "role": "leaf", "username": "admin", "password": "********",
                             "switches": [{"ipAddress": "10.9.9.1", "sshPassword": "********", "apiKey": "********"}]}
    assert second["body"] == "username=admin&password=********"
    raw = emu.session().get(emu.url("/_emulator/request-log"), timeout=10).text
    assert SECRET not in raw


def test_reads_and_the_login_family_are_not_logged(emu):
    admin = emu.login("admin")
    admin.get(emu.url(FABRICS), timeout=10)
    admin.head(emu.url(FABRICS), timeout=10)
    admin.options(emu.url(FABRICS), timeout=10)
    admin.post(emu.url("/refresh"), json={}, timeout=10)
    admin.post(emu.url("/logout"), json={}, timeout=10)
    assert emu.request_log() == []
    assert emu.counters()["logins"] == 1


def test_reset_and_its_own_delete_clear_it(emu):
    admin = emu.login("admin")
    admin.post(emu.url(FABRICS + "/temp/External_Fabric"), json={"BGP_AS": "65100"}, timeout=10)
    assert len(emu.request_log()) == 1
    emu.clear_request_log()
    assert emu.request_log() == []
    admin.delete(emu.url(FABRICS + "/temp"), timeout=10)
    assert [entry["method"] for entry in emu.request_log()] == ["DELETE"]
    emu.reset()
    assert emu.request_log() == []


def test_only_the_last_entries_are_kept(emu):
    admin = emu.login("admin")
    limit = emu.session().get(emu.url("/_emulator/request-log"), timeout=10).json()["limit"]
    for index in range(limit + 3):
        admin.post(emu.url(FABRICS + "/ghost-%d/External_Fabric" % index), data="x", timeout=10)
    answer = emu.session().get(emu.url("/_emulator/request-log"), timeout=10).json()
    assert len(answer["requests"]) == limit and answer["discarded"] == 3
    assert answer["requests"][0]["path"] == FABRICS + "/ghost-3/External_Fabric"
    assert answer["requests"][-1]["path"] == FABRICS + "/ghost-%d/External_Fabric" % (limit + 2)
