"""dashboard_rest against the fabric controller's real shapes, through ansible-playbook at -vvvv."""

ADMIN_PASSWORD = 'Admin-Passw0rd!'
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'


def test_creates_at_another_path_and_key_in_real_lists_are_idempotent(play, emu):
    first = play('rest_shapes.yml', verbosity=4)
    assert first.rc == 0, first.output[-3000:]
    assert first.total('changed') == 2
    second = play('rest_shapes.yml', verbosity=4)
    assert second.rc == 0, second.output[-3000:]
    assert second.total('changed') == 0
    assert 'already present (found by %s/control/fabrics/site-c)' % LAN_FABRIC in second.output
    assert "already present (found by key vrfName='blue')" in second.output
    assert emu.counters()['writes'] == 2
    second.assert_no_secrets(ADMIN_PASSWORD)


def test_key_on_an_answer_that_is_not_a_list_fails_before_any_write(play, emu):
    run = play('errors.yml', verbosity=4, extra_vars={
        'step': 'rest', 'rest_method': 'POST', 'rest_key': 'FABRIC_NAME',
        'rest_path': LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric',
        'rest_body': '{"FABRIC_NAME": "site-a", "BGP_AS": "65001"}'})
    assert run.rc == 2
    assert ('key FABRIC_NAME needs a list to look the object up in, but GET %s/control/fabrics/site-a/Easy_Fabric answered '
            'HTTP 405: it cannot be read. Nothing was sent.' % LAN_FABRIC) in run.output
    assert 'Set existing_path to the path that lists these objects' in run.output
    assert emu.counters()['writes'] == 0
    assert 'POST %s/control/fabrics/{fabricName}/{templateName}' % LAN_FABRIC not in emu.counters()['requests']
    run.assert_no_secrets(ADMIN_PASSWORD)
