import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import FRESH_FIELDS, RUN_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import ADD_IT_FIRST, SwitchScopedMapping, refusal_reason
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks, IntentRefused
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

INVENTORY = '/control/fabrics/site-a/inventory/switchesByFabric'
SWITCHES = [
    {'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'ipAddress': '10.0.0.1', 'switchRole': 'Leaf', 'model': 'N9K-C93180YC-EX',
     'fabricName': 'site-a', 'switchDbID': 101, 'isVpcConfigured': True, 'peerSerialNumber': 'SN2', 'vpcDomain': 1,
     'ccStatus': 'In-Sync'},
    {'serialNumber': 'SN2', 'logicalName': 'leaf-2', 'ipAddress': '10.0.0.2', 'switchRole': 'border gateway', 'switchDbID': 102},
    {'serialNumber': 'SN3', 'logicalName': 'twin', 'ipAddress': '10.0.0.3'},
    {'serialNumber': 'SN4', 'logicalName': 'twin', 'ipAddress': '10.0.0.4'},
]


class RunClient:
    """The inventory's answer and the run's kept facts, as ControllerClient keeps them for the tasks of one run."""

    offline = False

    def __init__(self):
        self.reads = []
        self.kept = {}

    def read(self, path, params=None):
        del params
        self.reads.append(path)
        return SWITCHES

    def fabric_fact(self, name, fabric):
        return self.kept.get((name, fabric))

    def keep_fabric_fact(self, name, fabric, value):
        self.kept[(name, fabric)] = value


class Mapped(SwitchScopedMapping):
    """The base alone, on the policies' model (whose PLURAL and EACH the messages say)."""


def mapping(config, state='merged', client=None):
    return Mapped(POLICIES.model, client or RunClient(), {'fabric': 'site-a', 'state': state, 'config': config})


def test_the_switches_config_names_are_found_by_name_serial_or_address_once_each_and_the_others_noted():
    mapped = mapping([{'switch': 'leaf-1'}, {'switch': '10.0.0.2'}, {'switch': 'SN1'}, {'switch': 'spine-9'}])
    mapped.config_inventory()
    assert mapped.named_switches() == ['SN1', 'SN2']
    assert mapped.absent == {'spine-9': 'config[3]'}
    assert mapped.labels == {'SN1': 'leaf-1', 'SN2': 'leaf-2', 'SN3': 'SN3', 'SN4': 'SN4'}
    assert mapped.role('SN2') == 'border gateway' and mapped.role('SN9') == ''


def test_a_name_two_switches_have_is_refused_naming_their_serial_numbers():
    mapped = mapping([{'switch': 'twin'}])
    mapped.config_inventory()
    with pytest.raises(ModelError, match=r'config\[0\]: several switches of fabric site-a are called twin \(SN3, SN4\)'):
        mapped.named_switches()


def test_an_absent_switch_is_refused_in_a_run_and_a_warning_in_check_mode():
    mapped = mapping([{'switch': 'spine-9'}])
    mapped.config_inventory()
    mapped.named_switches()
    checks = IntentChecks(check_mode=False)
    mapped.refuse_absent(checks)
    with pytest.raises(IntentRefused, match=r'config\[0\]: switch spine-9 is not in fabric site-a; give its name, serial number or IP '
                                            r'address as the fabric inventory lists it\. Change the config'):
        checks.conclude()
    checks = IntentChecks(check_mode=True)
    mapped.refuse_absent(checks, advice=ADD_IT_FIRST, depends_on='switch {switch}')
    assert checks.conclude() == [
        'config[0]: switch spine-9 is not in fabric site-a: add it to the fabric first (fabricops.dashboard.fabric_switches, in an '
        'earlier task), or give its name, serial number or IP address as the fabric inventory lists it. A real run refuses this '
        'unless an earlier task of the play changes switch spine-9 first; check mode goes on as if it had']


def test_deleted_and_overridden_need_config_and_say_what_to_list():
    with pytest.raises(ModelError, match=r'^state overridden needs config: list the policies to keep, each with its switch and template; '
                                         r'nothing is changed on a switch config does not name\.$'):
        mapping([], state='overridden').needs_config()
    mapping([], state='gathered').needs_config()
    assert mapping([]).config_hint('rendered') == 'list the policies to render, each with its switch and template'


def test_a_task_reads_the_inventory_once_per_run_when_the_runs_copy_names_its_switches():
    client = RunClient()
    mapping([{'switch': 'leaf-1'}], client=client).config_inventory()
    kept = client.kept[(RUN_SWITCHES, 'site-a')]
    # the copy keeps what no task of the run changes unnoticed; a pair and a sync state are always read fresh
    assert kept[0] == {'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'ipAddress': '10.0.0.1', 'switchRole': 'Leaf',
                       'model': 'N9K-C93180YC-EX', 'fabricName': 'site-a', 'switchDbID': 101}
    assert not any(field in entry for entry in kept for field in FRESH_FIELDS)
    second = mapping([{'switch': '10.0.0.2'}], client=client)
    second.config_inventory()
    assert client.reads == [INVENTORY] and second.named_switches() == ['SN2']
    # a switch the copy does not know is looked for in a fresh read
    mapping([{'switch': 'spine-9'}], client=client).config_inventory()
    assert client.reads == [INVENTORY, INVENTORY]


def test_one_request_per_group_of_items_names_them_all_when_refused():
    mapped = mapping([])
    done = ['leaf-1 ntp']
    steps = mapped.attempt(Request('POST', '/things', []), 'creating', ['leaf-2 ntp', 'leaf-2 pim'], done)
    assert next(steps).label() == 'POST /things'
    with pytest.raises(ItemsFailed) as failed:
        steps.throw(ApiError('HTTP 400 from https://ctl/things', 400, body={'message': 'Template ntp is not valid'}))
    assert failed.value.failed == {'leaf-2 ntp': 'Template ntp is not valid', 'leaf-2 pim': 'Template ntp is not valid'}
    assert failed.value.succeeded == ['leaf-1 ntp']
    assert 'while creating policies (POST /things, HTTP 400)' in str(failed.value)


def test_what_a_request_sent_joins_what_was_done_and_its_answer_is_returned():
    done = []
    steps = mapping([]).attempt(Request('POST', '/things', []), 'creating', ['a'], done)
    next(steps)
    with pytest.raises(StopIteration) as stopped:
        steps.send({'successList': []})
    assert stopped.value.value == {'successList': []} and done == ['a']
    unrecorded = mapping([]).attempt(Request('POST', '/things', []), 'creating', ['b'], done, record=False)
    next(unrecorded)
    with pytest.raises(StopIteration):
        unrecorded.send(None)
    assert done == ['a']


def test_a_refusal_reason_is_the_controllers_own_words_or_the_errors_message():
    assert refusal_reason(ApiError('HTTP 500 from https://ctl/x', 500, body='  Policy not found  ')) == 'Policy not found'
    assert refusal_reason(ApiError('HTTP 500 from https://ctl/x', 500, body=['not words'])) == 'HTTP 500 from https://ctl/x'
