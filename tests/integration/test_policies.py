"""fabricops.dashboard.policies run as a user runs it, against the emulator's fabric site-a (switches site-a-spine-1 and
site-a-leaf-2, each with the policies the controller made itself from the fabric's settings: feature_lacp and
feature_ngoam, source UNDERLAY).

Every test runs twice (emu_of_each): on the legacy API, and on a 4.2.1 platform that serves no legacy path, where the
module speaks /api/v1/manage; where a test checks which requests a run sent, it names each API's own (``on_api``). The
policies are also read directly from the controller (its legacy view on both), not only through the module; idempotence is
counted in the emulator's writes. tests/integration/test_policies_manage.py holds what only 4.2 does.
"""

import json

import pytest

from dashboard_emulator.pytest_plugin import emu_of_each

from conftest import LAN_FABRIC, assert_idempotent, on_api, read_controller

emu = emu_of_each()
# pylint: disable=redefined-outer-name

ADMIN_PASSWORD = 'Admin-Passw0rd!'
LEAF, SPINE = 'site-a-leaf-2', 'site-a-spine-1'
NTP = {'switch': LEAF, 'template': 'switch_freeform', 'description': 'ntp servers', 'priority': 600,
       'template_params': {'CONF': 'ntp server 10.0.0.1 use-vrf management'}}
BANNER = {'switch': LEAF, 'template': 'switch_freeform', 'description': 'banner', 'template_params': {'CONF': 'banner motd #hi#'}}
PIM = {'switch': SPINE, 'template': 'feature_pim'}


@pytest.fixture(autouse=True)
def quick_deploys(emu):
    """A deploy the emulator finishes in 0.2 s: the waits are what is tested, not their length."""
    emu.set_timing(deploy_seconds=0.2)


def reads(run, path):
    """How many GETs of a path (as the API document writes it) a run sent."""
    return sum(count for key, count in run.requests.items() if key.startswith('GET ') and key.endswith(path))


def inventory(emu):
    return {switch['logicalName']: switch for switch in read_controller(emu, '/control/fabrics/site-a/inventory/switchesByFabric')}


def stored(emu, *names):
    """The switch policies of the switches named, read directly from the controller: [(switch, template, description,
    priority, source, nvPairs)] sorted."""
    switches = inventory(emu)
    by_serial = {switches[name]['serialNumber']: name for name in names}
    policies = read_controller(emu, '/control/policies/switches?serialNumber=' + ','.join(by_serial))
    return sorted((by_serial[policy['serialNumber']], policy['templateName'], policy['description'], policy['priority'],
                   policy['source'], policy['nvPairs']) for policy in policies if policy['entityType'] == 'SWITCH')


def create_directly(emu, *policies):
    """Policies made on the controller without the module (another tool, or a person), given as the module takes them."""
    switches = inventory(emu)
    answer = emu.login().post(emu.legacy_url(LAN_FABRIC + '/control/policies/bulk-create'), timeout=10, json=[{
        'serialNumber': switches[policy['switch']]['serialNumber'], 'templateName': policy['template'], 'entityType': 'SWITCH',
        'entityName': 'SWITCH', 'priority': policy.get('priority', 500), 'description': policy.get('description', ''),
        'source': '', 'nvPairs': policy.get('template_params', {})} for policy in policies])
    assert answer.status_code == 200 and 'failureList' not in answer.json(), answer.text


def controller_made(emu, switch):
    return [entry for entry in stored(emu, switch) if entry[4] == 'UNDERLAY']


def test_a_run_creates_and_deploys_check_mode_and_diff_agree_and_the_rerun_writes_nothing(resource, emu):
    made = controller_made(emu, LEAF) + controller_made(emu, SPINE)
    # the spine named by its IP address: the module names it as the fabric does
    config = [NTP, BANNER, dict(PIM, switch=inventory(emu)[SPINE]['ipAddress'])]
    # one play: the task in check mode (the run's first task: its reads below are those of a run), then for real
    check, run = resource.steps('policies', [dict(state='merged', config=config, check=True, diff=True, deploy=True),
                                             dict(state='merged', config=config, deploy=True, diff=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    # bulk reads: the switches once (their sync state with them: no config preview), the policies of both switches in
    # one request; each template the task writes is asked for its parameters once; on 4.2 the fabric's deploymentFreeze
    assert (reads(check, on_api(emu, '/inventory/switchesByFabric', '/fabrics/{fabricName}/switches')),
            reads(check, on_api(emu, '/control/policies/switches', '/fabrics/{fabricName}/policies')),
            reads(check, '/config-preview/{serialNumbers}'),
            reads(check, on_api(emu, '/config/templates/{templateName}', '/configTemplates/{templateName}/parameters')),
            reads(check, '/fabrics/{fabricName}/deploymentFreeze')) == (1, 1, 0, 2, on_api(emu, 0, 1)), check.requests
    assert run['changed'] is True and check['after'] == run['after'] and check.diff == run.diff
    assert check['deploy'] == run['deploy'] == [LEAF, SPINE]
    # one create for the three, one deploy of the two switches, one wait
    serials = ','.join(inventory(emu)[name]['serialNumber'] for name in (LEAF, SPINE))
    assert run['requests'] == on_api(emu, ['POST /control/policies/bulk-create', 'POST /control/fabrics/site-a/config-deploy/' + serials],
                                     ['POST /fabrics/site-a/policies', 'POST /fabrics/site-a/switchActions/deploy'])
    assert run['deployment'] == {LEAF: 'IN-SYNC', SPINE: 'IN-SYNC'}
    assert sorted(run.diff['after']) == [LEAF + ' switch_freeform "banner"', LEAF + ' switch_freeform "ntp servers"',
                                         SPINE + ' feature_pim'] and run.diff['before'] == {}
    # --diff shows it to the user, under its own header: for the check and for the run, which share the play's output
    assert run.play.output.count('+++ after: policy %s switch_freeform "ntp servers"' % LEAF) == 2, run.play.output[-3000:]
    users = [entry for entry in stored(emu, LEAF, SPINE) if not entry[4]]
    assert users == [(LEAF, 'switch_freeform', 'banner', 500, '', {'CONF': 'banner motd #hi#', 'FABRIC_NAME': 'site-a'}),
                     (LEAF, 'switch_freeform', 'ntp servers', 600, '', {'CONF': NTP['template_params']['CONF'], 'FABRIC_NAME': 'site-a'}),
                     (SPINE, 'feature_pim', '', 500, '', {'FABRIC_NAME': 'site-a'})]
    assert controller_made(emu, LEAF) + controller_made(emu, SPINE) == made
    assert_idempotent(resource, 'policies', 'merged', config, deploy=True)
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_a_new_priority_or_parameter_updates_the_one_policy_and_gathered_feeds_back_with_no_write(resource, emu):
    create_directly(emu, dict(NTP, priority=500), PIM)
    # cisco.dcnm creates a second policy when the priority differs; here it is the same policy, updated
    changed = dict(NTP, template_params={'CONF': 'ntp server 10.0.0.2 use-vrf management'})
    # one play: the task, then gathered
    run, gathered = resource.steps('policies', [dict(state='merged', config=[changed, PIM]), dict(state='gathered')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == [on_api(emu, 'PUT /control/policies/%s/bulk', 'PUT /fabrics/site-a/policies/%s') % ntp_id(emu)]
    assert run.get('deploy') is None
    users = [entry for entry in stored(emu, LEAF) if not entry[4]]
    assert [(entry[1], entry[2], entry[3], entry[5]['CONF']) for entry in users] == [
        ('switch_freeform', 'ntp servers', 600, 'ntp server 10.0.0.2 use-vrf management')]
    assert gathered.writes == 0
    # the users' policies only: not the controller's own (feature_lacp, feature_ngoam on each switch)
    assert gathered['gathered'] == [dict(changed, template_params=changed['template_params']), dict(PIM, description='', priority=500, template_params={})]
    # fed back in a run of its own
    states = ('merged', 'replaced')
    fed_back = resource.steps('policies', [dict(state=state, config=gathered['gathered']) for state in states])
    assert fed_back[0].play.rc == 0, fed_back[0].play.output[-3000:]
    for state, again in zip(states, fed_back):
        assert again['changed'] is False and again.writes == 0, (state, again.requests)


def ntp_id(emu):
    serial = inventory(emu)[LEAF]['serialNumber']
    return next(policy['policyId'] for policy in read_controller(emu, '/control/policies/switches?serialNumber=' + serial)
                if policy['templateName'] == 'switch_freeform' and policy['description'] == 'ntp servers')


def test_overridden_and_deleted_touch_only_the_users_policies_of_the_switches_named(resource, emu):
    create_directly(emu, NTP, BANNER, dict(PIM, switch=LEAF), PIM)
    made = controller_made(emu, LEAF) + controller_made(emu, SPINE)
    run = resource('policies', 'overridden', [NTP], diff=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    # the leaf's other two go: marked, the leaf deployed (whatever deploy says), deleted; the spine is not named
    if emu.legacy_paths:
        assert run['requests'][0].startswith('PUT /control/policies/') and run['requests'][0].endswith('/mark-delete')
        assert run['requests'][1:] == ['POST /control/fabrics/site-a/config-deploy/' + inventory(emu)[LEAF]['serialNumber'],
                                       'DELETE /control/policies/policyIds']
    else:
        assert run['requests'] == ['POST /fabrics/site-a/policyActions/markDelete', 'POST /fabrics/site-a/switchActions/deploy',
                                   'POST /fabrics/site-a/policyActions/remove']
    assert sorted(run.diff['before']) == [LEAF + ' feature_pim', LEAF + ' switch_freeform "banner"'] and run.diff['after'] == {}
    assert run['deployment'] == {LEAF: 'IN-SYNC'}
    assert [(entry[0], entry[1], entry[2]) for entry in stored(emu, LEAF, SPINE) if not entry[4]] == [
        (LEAF, 'switch_freeform', 'ntp servers'), (SPINE, 'feature_pim', '')]
    # a policy the controller made is nobody's to delete here: listing it deletes nothing
    deleted = resource('policies', 'deleted', [NTP, {'switch': LEAF, 'template': 'feature_lacp'}])
    assert deleted.play.rc == 0, deleted.play.output[-3000:]
    assert deleted['before'] == [dict(NTP)] and deleted['after'] == []
    assert [(entry[0], entry[1]) for entry in stored(emu, LEAF, SPINE) if not entry[4]] == [(SPINE, 'feature_pim')]
    assert controller_made(emu, LEAF) + controller_made(emu, SPINE) == made
    # the rerun in a run of its own, then the controller's policy alone in check mode
    again, check = resource.steps('policies', [dict(state='deleted', config=[NTP, {'switch': LEAF, 'template': 'feature_lacp'}]),
                                               dict(state='deleted', config=[{'switch': LEAF, 'template': 'feature_lacp'}], check=True)])
    assert again.play.rc == 0 and again['changed'] is False and again.writes == 0, again.requests
    # said aloud, in check mode too (issue 36 item 8): the item under skipped, with why, and a warning naming it
    for run in (deleted, again, check):
        assert list(run['left_alone']) == [LEAF + ' feature_lacp'] and 'the controller made it' in run['left_alone'][LEAF + ' feature_lacp']
        assert any(LEAF + ' feature_lacp was left alone' in warning for warning in run['warnings'])


def test_intent_the_controller_or_the_module_cannot_carry_out_is_refused_before_any_write(resource, emu):
    before = stored(emu, LEAF, SPINE)
    # the same policy twice: the spine by its name and by its IP address, no description on either; then every other
    # problem in one message, nothing sent: a template the controller does not have, a parameter it sets itself, a switch
    # the fabric does not have
    config = [NTP, {'switch': LEAF, 'template': 'no_such_template'}, dict(BANNER, template_params={'CONF': 'x', 'FABRIC_NAME': 'b'}),
              {'switch': 'no-such-leaf', 'template': 'feature_pim'}]
    twice, refused = resource.steps('policies', [
        dict(state='merged', config=[PIM, dict(PIM, switch=inventory(emu)[SPINE]['ipAddress'], priority=100)], may_fail=True),
        dict(state='merged', config=config, may_fail=True)])
    assert twice['failed'] is True and twice.writes == 0
    assert 'config[0] and config[1] are the same policy, %s feature_pim' % SPINE in twice['msg']
    assert refused['failed'] is True and refused.writes == 0
    assert '(3 problems)' in refused['msg'] and 'the controller has no template no_such_template' in refused['msg']
    assert 'template_params gives FABRIC_NAME, which the controller sets itself' in refused['msg']
    assert 'config[3]: switch no-such-leaf is not in fabric site-a' in refused['msg']
    # copies made by another tool: which one the task means cannot be told, so only deleted acts on them
    create_directly(emu, PIM, PIM)
    # in a run apart from the delete that follows: the controller is read between them
    copies = resource('policies', 'replaced', [dict(PIM, priority=100)])
    assert copies.play.rc == 2 and copies.writes == 0 and 'holds it 2 times' in copies['msg']
    assert stored(emu, LEAF, SPINE) == sorted(before + [(SPINE, 'feature_pim', '', 500, '', {'FABRIC_NAME': 'site-a'})] * 2)
    removed = resource('policies', 'deleted', [PIM])
    assert removed.play.rc == 0 and stored(emu, LEAF, SPINE) == before
    assert 'Traceback' not in twice.play.output + refused.play.output


def test_priorities_parameters_and_an_empty_freeform_policy_the_templates_refuse_are_refused_before_any_write(resource, emu):
    """Issue 36 item 6: each of these was written, and the controller took it."""
    config = [dict(NTP, priority=5000), dict(BANNER, priority=-5), dict(PIM, priority=0, template_params={'FOO': 'bar'}),
              {'switch': LEAF, 'template': 'switch_freeform', 'description': 'empty'}]
    refused = resource('policies', 'merged', config, deploy=True)
    assert refused.play.rc == 2 and refused.writes == 0, refused.requests
    assert '(5 problems)' in refused['msg'], refused['msg']
    for name, priority in ((LEAF + ' switch_freeform "ntp servers"', 5000), (LEAF + ' switch_freeform "banner"', -5), (SPINE + ' feature_pim', 0)):
        assert ('policy %s: priority %d is outside the range the controller takes; give a priority from 1 to 2000 (500 when left '
                'out)' % (name, priority)) in refused['msg']
    assert ('policy %s feature_pim: template feature_pim has no parameter FOO; it takes no parameters, so leave template_params '
            'out' % SPINE) in refused['msg']
    assert ('policy %s switch_freeform "empty": template switch_freeform needs CONF, and the policy would have none; give CONF '
            'in template_params' % LEAF) in refused['msg']
    # each template asked for its parameters once, whatever the number of its policies
    assert reads(refused, on_api(emu, '/config/templates/{templateName}', '/configTemplates/{templateName}/parameters')) == 2
    assert [entry for entry in stored(emu, LEAF, SPINE) if not entry[4]] == []


def test_a_create_the_controller_refuses_part_way_fails_naming_the_policy_and_the_rerun_sends_the_rest(resource, emu):
    emu.set_faults(partial_failure_count=1, paths=[on_api(emu, LAN_FABRIC + '/control/policies/bulk-create', '/api/v1/manage/fabrics/site-a/policies')])
    run = resource('policies', 'merged', [NTP, dict(PIM, switch=LEAF)], deploy=True)
    assert run.play.rc == 2
    assert run['failed_items'] == {LEAF + ' feature_pim': 'Failed to create policy. Please try after some time'}
    assert run['succeeded_items'] == [LEAF + ' switch_freeform "ntp servers"'] and run['changed'] is True
    assert '1 of 2 items failed' in run['msg']
    # nothing deployed after the failure
    create = on_api(emu, 'POST /control/policies/bulk-create', 'POST /fabrics/site-a/policies')
    assert run['requests'] == [create]
    rerun = resource('policies', 'merged', [NTP, dict(PIM, switch=LEAF)], deploy=True)
    assert rerun.play.rc == 0, rerun.play.output[-3000:]
    assert rerun['requests'] == [create, on_api(emu, 'POST /control/fabrics/site-a/config-deploy/' + inventory(emu)[LEAF]['serialNumber'],
                                                'POST /fabrics/site-a/switchActions/deploy')]
    assert [(entry[1], entry[2]) for entry in stored(emu, LEAF) if not entry[4]] == [('feature_pim', ''), ('switch_freeform', 'ntp servers')]


def test_rendered_connects_to_nothing_and_is_what_the_run_writes(play, resource, emu, tmp_path):
    serial = inventory(emu)[LEAF]['serialNumber']
    config = [dict(NTP, switch=serial), dict(PIM, switch=serial)]
    logins = emu.counters()['logins']
    emu.clear_request_log()
    # rendered reads nothing, so not the release either: the task names the API to render for
    result_file = tmp_path / 'rendered.json'
    rendered = play('resource_policies.yml', extra_vars={
        'resource_state': 'rendered', 'resource_config': config, 'resource_deploy': True, 'result_file': str(result_file),
        'resource_controller_api': on_api(emu, 'legacy', 'manage')})
    assert rendered.rc == 0, rendered.output[-3000:]
    rendered = json.loads(result_file.read_text(encoding='utf-8'))
    assert emu.counters()['logins'] == logins and emu.request_log() == []
    real = resource('policies', 'merged', config, deploy=True)
    assert real.play.rc == 0, real.play.output[-3000:]
    written = [(entry['method'], entry['path'], entry['body']) for entry in emu.request_log()]
    shown = [(request['method'], request['path'].split('?')[0], request['body']) for request in rendered['rendered']]
    assert shown == written
    assert [path.rsplit('/', 1)[-1] for _method, path, _body in shown] == on_api(emu, ['bulk-create', serial], ['policies', 'deploy'])
    created = shown[0][2] if emu.legacy_paths else shown[0][2]['policies']
    assert [body['templateName'] for body in created] == ['switch_freeform', 'feature_pim']


def inventory_reads(emu):
    return sum(sum(statuses.values()) for operation, statuses in emu.counters()['requests'].items()
               if operation.startswith('GET ') and operation.endswith(on_api(emu, '/inventory/switchesByFabric', '/fabrics/{fabricName}/switches')))


def test_a_runs_policies_and_interfaces_tasks_read_the_fabrics_inventory_once(play, emu):
    """Four tasks of one run name site-a's switches by name and by address: the first reads the inventory, the next two
    take it from the run (before: one read per task); the last names a switch the run's copy does not list, so it reads
    the inventory again, and is refused, naming it. The rerun the same, and no write."""
    for run in ('first', 'again'):
        before = inventory_reads(emu)
        emu.clear_request_log()
        played = play('switches_across_resources.yml')
        assert played.rc == 0, played.output[-3000:]
        assert inventory_reads(emu) - before == 2, run
    assert emu.request_log() == []
    # what the tasks that took the switches from the run wrote went to the switches they named
    assert [entry[:2] for entry in stored(emu, SPINE, LEAF) if not entry[4]] == [
        ('site-a-leaf-2', 'switch_freeform'), ('site-a-spine-1', 'feature_pim')]
