"""The roles on input users get wrong or that is hostile (issue 17 items 15, 17 and 18; issue 15 hole 8), through
ansible-playbook against the emulator.

Each mistake fails before any request with a message that says what to change; a name from the
user goes into a request path as one encoded segment and reaches no other path.
"""

import pytest

ADMIN = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': 'Admin-Passw0rd!'}
VIEWER = {'DASHBOARD_USERNAME': 'viewer', 'DASHBOARD_PASSWORD': 'Viewer-Passw0rd!'}
LAN = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'


def deploy(play, **variables):
    return play('roles_input/fabric_deploy.yml', env=ADMIN, extra_vars=variables)


def sent_paths(emu):
    """What the emulator received, as 'METHOD path' (the route's template where one matched), logins and the run's one read
    of the release (GET /version.json, before its login) left out."""
    return sorted(key for key in emu.counters()['requests'] if key not in ('POST /login', 'POST /logout', 'GET /version.json'))


# issue 15, hole 8: names are encoded into one path segment

def test_a_fabric_name_with_dot_segments_reaches_no_other_path(play, emu):
    run = deploy(play, fabric_deploy_fabric='../../logout')
    assert run.rc == 2, run.output[-3000:]
    # The emulator decodes %2F before it routes: the name arrived as the segments of one fabric name, under .../fabrics/.
    assert sent_paths(emu) == ['GET %s/control/fabrics' % LAN, 'GET %s/control/fabrics/../../logout' % LAN]
    assert 'Fabric "../../logout" does not exist on the fabric controller' in run.output
    assert emu.counters()['writes'] == 0


def test_a_serial_number_with_dot_segments_reaches_no_other_path(play, emu):
    run = deploy(play, fabric_deploy_fabric='site-a', fabric_deploy_force=True, fabric_deploy_timeout=0,
                 fabric_deploy_switches=['../../../../config-save'])
    assert run.rc == 2, run.output[-3000:]
    deploys = [key for key in sent_paths(emu) if key.startswith('POST')]
    assert deploys == ['POST %s/control/fabrics/site-a/config-deploy/../../../../config-save' % LAN,
                       'POST %s/control/fabrics/{fabricName}/config-save' % LAN], deploys
    assert emu.counters()['requests']['POST %s/control/fabrics/{fabricName}/config-save' % LAN] == {'200': 1}


@pytest.mark.parametrize('name', ['.', '..'])
def test_a_fabric_named_like_a_dot_segment_is_refused_before_any_request(play, emu, name):
    run = deploy(play, fabric_deploy_fabric=name)
    assert run.rc == 2, run.output[-3000:]
    assert 'fabric_deploy_fabric is "%s": give the name of the fabric to deploy' % name in run.output
    assert emu.counters()['logins'] == 0


# item 17: a fabric that does not exist

def test_fabric_deploy_on_a_missing_fabric_says_the_fabric_does_not_exist(play, emu):
    run = deploy(play, fabric_deploy_fabric='site-q')
    assert run.rc == 2, run.output[-3000:]
    assert ('Fabric "site-q" does not exist on the fabric controller (or this account may not read it); its fabrics are '
            'site-a, site-dc1. Set fabric_deploy_fabric to one of them.') in run.output
    assert 'switchesByFabric' not in run.output
    assert emu.counters()['writes'] == 0


# item 15: values the argument spec takes but the role cannot use

@pytest.mark.parametrize('variables, message', [
    ({'fabric_deploy_fabric': ''}, 'fabric_deploy_fabric is "": give the name of the fabric to deploy'),
    ({'fabric_deploy_fabric': '   '}, 'fabric_deploy_fabric is "   ": give the name of the fabric to deploy'),
    ({'fabric_deploy_fabric': 'site-a', 'fabric_deploy_timeout': -1},
     'fabric_deploy_timeout is -1 and fabric_deploy_poll_interval is 5: the timeout is the number of seconds'),
    ({'fabric_deploy_fabric': 'site-a', 'fabric_deploy_poll_interval': 0},
     'fabric_deploy_timeout is 600 and fabric_deploy_poll_interval is 0: the timeout is the number of seconds'),
    ({'fabric_deploy_fabric': 'site-a', 'fabric_deploy_switches': ['FDO1', '']},
     'fabric_deploy_switches is ["FDO1", ""]: it holds an empty serial number'),
])
def test_fabric_deploy_refuses_values_it_cannot_use_before_any_request(play, emu, variables, message):
    run = deploy(play, **variables)
    assert run.rc == 2, run.output[-3000:]
    assert message in run.output
    assert emu.counters()['logins'] == 0, 'nothing is sent'
    assert 'fabrics//' not in run.output


def test_session_role_takes_a_string_of_domains_and_names_them(play, emu):
    run = play('roles_input/session.yml', env=VIEWER, extra_vars={'session_require_write': 'notalist'})
    assert run.rc == 2, run.output[-3000:]
    assert 'lacks WritePriv on security domain notalist, which this play needs' in run.output
    assert '_AnsibleTaggedStr' not in run.output and 'Tagged' not in run.output
    both = play('roles_input/session.yml', env=VIEWER, extra_vars={'session_require_write': 'dc1, all'})
    assert 'lacks WritePriv on security domain dc1 and WritePriv on security domain all' in both.output


# item 18: the privilege message reads as one sentence

def test_the_privilege_message_has_no_stray_line_break(play, emu):
    run = play('roles_input/session.yml', env=VIEWER, extra_vars={'session_require_write': ['dc1']})
    assert run.rc == 2, run.output[-3000:]
    assert ('The account viewer on %s lacks WritePriv on security domain dc1, which this play needs. Ask an administrator of '
            'the dashboard for the missing privilege, or run the play with another account.' % emu.base_url) in run.output
    assert '\\n' not in run.output.split('lacks WritePriv', 1)[1].split('}', 1)[0]
