"""Per-item answers: one reading for dashboard_rest (failed_items_message) and the resource modules (ItemsFailed)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import (
    ItemsFailed, check_bulk_answer, check_item_statuses, failed_items_message)


def test_a_bulk_answer_with_a_failure_list_names_each_failed_item_and_what_succeeded():
    answer = {'successList': [{'name': 'a', 'status': 'Success'}],
              'failureList': [{'name': 'b', 'message': 'VRF\tb\talready exists', 'status': 'Failed'}]}
    with pytest.raises(ItemsFailed) as failure:
        check_bulk_answer('creating vrfs in fabric f1', ['a', 'b'], answer)
    assert failure.value.failed == {'b': 'VRF\tb\talready exists'} and failure.value.succeeded == ['a']
    assert failure.value.message.startswith('1 of 2 items failed while creating vrfs in fabric f1: b: VRF')
    check_bulk_answer('creating', ['a'], {'successList': [{'name': 'a'}], 'failureList': []})


def test_an_attachment_answer_fails_on_any_item_but_success_or_already_detached():
    check_item_statuses('attaching', {'web-[SN1/leaf-1]': 'SUCCESS', 'db-[SN1/leaf-1]': 'Network db is already in detached state'})
    with pytest.raises(ItemsFailed, match=r'web-\[SN2/leaf-2\]: Entered Network VLAN ID 203 is in use already'):
        check_item_statuses('attaching', {'web-[SN1/leaf-1]': 'SUCCESS', 'web-[SN2/leaf-2]': 'Entered Network VLAN ID 203 is in use already'})


# A successList item whose own status failed: dashboard_rest failed on it, the resource modules passed it.
LISTED_AS_SUCCESS_BUT_FAILED = {'successList': [{'name': 'web', 'status': 'Success'},
                                                {'name': 'db', 'message': 'Deploy of db failed', 'status': 'Failed'}],
                                'failureList': []}


def test_a_success_list_item_with_a_failing_status_fails_the_resource_modules_naming_it():
    with pytest.raises(ItemsFailed) as failure:
        check_bulk_answer('creating networks in fabric f1', ['web', 'db'], LISTED_AS_SUCCESS_BUT_FAILED)
    assert failure.value.failed == {'db': 'Deploy of db failed'} and failure.value.succeeded == ['web']
    assert failure.value.message.startswith('1 of 2 items failed while creating networks in fabric f1: db: Deploy of db failed.')


def test_a_success_list_item_with_a_failing_status_fails_dashboard_rest_naming_it():
    message = failed_items_message('POST', '/bulk-create/networks', 200, LISTED_AS_SUCCESS_BUT_FAILED)
    assert message == ('POST /bulk-create/networks answered HTTP 200 and reports 1 of 2 item(s) failed: db (Deploy of db failed). '
                       'Succeeded: web.')


@pytest.mark.parametrize('outcome', ['Network db is already in detached state', 'Network db is already in DETACHED state',
                                     'NETWORK DB IS ALREADY IN DETACHED STATE'])
def test_already_detached_in_any_letter_case_is_done_for_both_users(outcome):
    answer = {'web-[SN1/leaf-1]': 'SUCCESS', 'db-[SN1/leaf-1]': outcome}
    check_item_statuses('detaching', answer)
    assert failed_items_message('POST', '/networks/attachments', 200, answer) is None


def test_both_users_name_the_same_failed_item_of_an_attachment_answer():
    answer = {'web-[SN1/leaf-1]': 'SUCCESS', 'web-[SN2/leaf-2]': 'Invalid interfaces Ethernet1/99'}
    with pytest.raises(ItemsFailed) as failure:
        check_item_statuses('attaching', answer)
    assert failure.value.failed == {'web-[SN2/leaf-2]': 'Invalid interfaces Ethernet1/99'}
    assert failure.value.succeeded == ['web-[SN1/leaf-1]']
    assert 'web-[SN2/leaf-2] (Invalid interfaces Ethernet1/99)' in failed_items_message('POST', '/attachments', 200, answer)
