# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the base of the mappings whose objects live on a fabric's switches (interfaces, links,
vPC pairs, policies).

What they share: the fabric's switches, read through the one switch inventory (``switch_directory``), a switch named by
name, serial number or IP address; the switches config names that the fabric does not list, refused by the intent checks
(a warning in check mode, where an earlier task of the play, fabricops.dashboard.fabric_switches, may add them); the guard
of the states that act on the listed objects only; one request per group of items, whose refusal fails the task naming
the items (``attempt``), with the controller's own words for the reason (``refusal_reason``).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DEPLOYING, normal
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import (
    config_switches,
    manage_switch_list,
    read_directory,
    read_inventory,
    read_manage_inventory,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, server_message

# What a refusal of an absent switch tells the user to do, after "switch X is not in fabric F"
NAME_IT = 'give its name, serial number or IP address as the fabric inventory lists it'
ADD_IT_FIRST = ': add it to the fabric first (fabricops.dashboard.fabric_switches, in an earlier task), or ' + NAME_IT

# A switch's sync state (ccStatus) while a deploy runs on it (docs/api/fabric-controller.yaml, switchesByFabric): waited
# for, never deployed a second time (deploy.sync_plan's ``running``)
SYNC_DEPLOYING = DEPLOYING + ('PENDING',)


def switch_states(sync, keys, label):
    """deploy.sync_plan's ``states_of`` for switches: ({key: (switch, state)}, [keys]) of ``keys`` from ``sync`` ({key: the
    switch's ccStatus as read}), ``label(key)`` the switch as results name it. A switch not applicable (NA, or not read)
    has nothing a deploy could push: it is left out, so it never asks for one."""
    states = {key: (label(key), normal(sync.get(key))) for key in keys}
    states = {key: value for key, value in states.items() if value[1] != 'NA'}
    return states, list(states)


def refusal_reason(exc):
    """The controller's own words for a refused request (``ApiError``), without the address and path every item would
    repeat; the error's message when the answer has none."""
    return (server_message(exc.body) if isinstance(exc.body, (str, dict)) else None) or exc.message


class SwitchScopedMapping(Mapping):
    """A mapping of objects that live on the fabric's switches.

    ``directory``: the fabric's ``SwitchDirectory`` once read; ``labels``: {serial: the switch as results name it (its
    name, or its serial number when another switch has that name)}; ``serials``: {key: the serial of the object's
    switch}; ``absent``: {switch as given: where}, the switches config names that the fabric does not list.

    The messages say what config lists by the model's ``PLURAL`` and ``EACH`` (``interfaces``, ``each with its switch and
    name``).
    """

    # the one read of the fabric's switches on the mapping's API: a 4.2 mapping sets switch_directory.read_manage_inventory
    READ_INVENTORY = staticmethod(read_inventory)

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.directory = None
        # on /api/v1/manage: the fabric's switch list as this task read it (``manage_inventory``)
        self.switch_entries = None
        self.labels = {}
        self.serials = {}
        self.absent = {}

    def config_hint(self, state):
        return 'list the %s to %s, %s' % (self.model.PLURAL, 'render' if state == 'rendered' else 'set', self.model.EACH)

    def prepare(self, wants, have):
        """Nothing to learn before the plan: the switches config names are resolved in ``plan``, for every state."""
        del wants, have

    def needs_config(self):
        """deleted and overridden act on the switches config names only: without config they would act on none, refused."""
        state = self.params.get('state')
        if state in ('deleted', 'overridden') and not self.params.get('config'):
            raise ModelError('state %s needs config: list the %s%s, %s; nothing is %s on a switch config does not name.'
                             % (state, self.model.PLURAL, ' to keep' if state == 'overridden' else ' to delete', self.model.EACH,
                                'changed' if state == 'overridden' else 'deleted'))

    # the fabric's switches

    def inventory(self, named=None):
        """The fabric's switches; ``named`` (the switches config names, as given): from the run's copy when it names them
        all (see ``switch_directory.read_directory``)."""
        switches, self.directory, labels = read_directory(self.client, self.fabric, named, read=self.READ_INVENTORY)
        self.labels.update(labels)
        return switches

    def manage_inventory(self, named=None):
        """``inventory`` on /api/v1/manage (a 4.2 mapping's ``inventory``): the switch list as this task read it is kept in
        ``switch_entries`` (None when the run's copy served), whose sync state the task's reads before its writes take
        instead of reading the list again."""
        self.switch_entries = None

        def read(client, fabric):
            self.switch_entries = manage_switch_list(client, fabric)
            return read_manage_inventory(client, fabric, self.switch_entries)

        switches, self.directory, labels = read_directory(self.client, self.fabric, named, read=read)
        self.labels.update(labels)
        return switches

    def config_inventory(self):
        """The fabric's switches, for a task whose config names each item's switch in ``switch``."""
        return self.inventory(config_switches(self.params))

    def listed(self, given, where):
        """Whether the fabric's inventory names the switch ``given`` (by name, serial number or IP address); one it does not
        is noted in ``absent``, for the intent checks to refuse."""
        if self.directory.lists(given):
            return True
        self.absent.setdefault(given, where)
        return False

    def named_switches(self):
        """The serials of the switches the task's config names (``switch``) that the fabric has, in the order named
        (ModelError for a name several switches have); the others are noted in ``absent``."""
        serials = []
        for index, item in enumerate(self.params.get('config') or []):
            given = str(item.get('switch') or '').strip()
            if not self.listed(given, 'config[%d]' % index):
                continue
            serial = self.directory.serial_of(given, 'config[%d]' % index)
            if serial not in serials:
                serials.append(serial)
        return serials

    def switch_serial(self, want, index):
        """The serial of the switch ``want`` (config[index]) names; None for a switch the fabric does not list (``absent``),
        whose object is keyed by the switch as given, its own serial as far as the task can know."""
        if want['switch'] in self.absent:
            self.serials[want['name']] = want['switch']
            return None
        return self.directory.serial_of(want['switch'], 'config[%d]' % index)

    def role(self, serial):
        """The switch's role as the inventory spells it, in lower case ('' when not known)."""
        switch = self.directory.by_serial.get(serial) if self.directory else None
        return str((switch or {}).get('switchRole') or '').strip().lower()

    def refuse_absent(self, checks, absent=None, advice='; ' + NAME_IT, depends_on='the switches of fabric {fabric}'):
        """Refuse each switch of ``absent`` ([(where, switch as given)]; the mapping's ``absent`` in the order noted when
        None); in check mode a warning (``depends_on``, formatted with ``fabric`` and ``switch``), since an earlier task of
        the play may add the switch."""
        for where, given in absent if absent is not None else [(where, given) for given, where in self.absent.items()]:
            checks.refuse('%s: switch %s is not in fabric %s%s' % (where, given, self.fabric, advice),
                          depends_on=depends_on.format(fabric=self.fabric, switch=given))

    # writes

    def attempt(self, request, doing, names, done, record=True):
        """Send ``request``; a refusal fails the task naming its items (``names``), and what the task's earlier requests did
        (``done``, which the names join when it is sent and ``record``). The controller's answer."""
        try:
            answer = yield request
        except ApiError as exc:
            raise ItemsFailed('%s %s (%s, HTTP %s)' % (doing, self.model.PLURAL, request.label(), exc.status),
                              {name: refusal_reason(exc) for name in names}, list(done)) from None
        if record:
            done.extend(names)
        return answer
