# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what is checked of a task's intent before anything is written.

The controller takes much that contradicts itself without a word (two networks on one VLAN of a
switch, a VNI given twice), or refuses it part way, after some writes have landed. The rules here
refuse that before the first write, all of them in one message, each naming the objects and what
to change. They know nothing of the controller: a mapping reads the fabric and hands the rules
plain values, so any resource (and the ones to come) can use them.

Each refusal says what it rests on. One that rests on the task's own input alone (a bad address,
a value given twice in the task, a VNI out of bounds) fails the task in check mode as in a run.
One that rests on the fabric's current state (``depends_on``: an object the task does not list, a
switch's role) is a warning in check mode: an earlier task of the same play may have changed that
state in a real run (created the VRF, deleted the network), which check mode did not, so a play
that succeeds for real must also succeed with ``--check``.
"""

from __future__ import annotations

import collections
import ipaddress
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import is_interface_name

# What any VXLAN fabric can take; the fabric's own ranges (its settings) are narrower and only warned about.
VNI_BOUNDS = (1, 16777214)
VLAN_BOUNDS = (2, 4094)

# One object's hold on a value: a VNI of the fabric (``where`` None) or a VLAN of a switch (``where`` the switch's name).
# ``fresh``: the task gives the object this value (a create, a change, a new attachment); ``option`` what to change instead.
Use = collections.namedtuple('Use', 'kind name value where fresh option')


class IntentRefused(ModelError):
    """The task's intent contradicts itself or the fabric; ``warnings`` are the findings that do not refuse it."""

    def __init__(self, message, warnings):
        super().__init__(message)
        self.warnings = list(warnings)


class IntentChecks:
    """The findings of one task, gathered so that one message names all of them."""

    def __init__(self, check_mode=False):
        self.check_mode = check_mode
        self.refusals = []
        self.warnings = []

    def refuse(self, text, depends_on=None):
        """``text`` says what is wrong and how to fix it; ``depends_on`` names the fabric state it rests on, if any."""
        if depends_on and self.check_mode:
            self.warn('%s. A real run refuses this unless an earlier task of the play changes %s first; check mode goes on as '
                      'if it had' % (text, depends_on))
        elif text not in self.refusals:
            self.refusals.append(text)

    def warn(self, text):
        if text not in self.warnings:
            self.warnings.append(text)

    def conclude(self):
        """The warnings; IntentRefused when anything was refused."""
        if self.refusals:
            count = len(self.refusals)
            raise IntentRefused('Nothing was sent: the task contradicts itself or the fabric (%d problem%s): %s. Change the '
                                'config as each says and run the task again.' % (
                                    count, '' if count == 1 else 's',
                                    '; '.join('(%d) %s' % (index + 1, text) for index, text in enumerate(self.refusals))),
                                self.warnings)
        return self.warnings


def label(use):
    return '%s %s' % (use.kind, use.name)


def check_shared_values(checks, uses, what):
    """Refuse every value two objects would hold where the task gives it to at least one of them.

    ``what`` names the space in the message ("VNI", "VLAN"). A clash only among the task's own items
    rests on the task; one with an object the task does not change rests on that object.
    """
    holders = collections.OrderedDict()
    for use in uses:
        holders.setdefault((use.where, use.value), collections.OrderedDict()).setdefault((use.kind, use.name), use)
    for (where, value), by_object in holders.items():
        found = list(by_object.values())
        fresh = [use for use in found if use.fresh]
        if len(found) < 2 or not fresh:
            continue
        settled = [use for use in found if not use.fresh]
        names = ' and '.join('%s (%s)' % (label(use), 'in the fabric' if use in settled else 'this task') for use in found)
        fixes = '; '.join('give %s another %s' % (use.name, use.option) for use in (fresh if settled else fresh[1:]))
        checks.refuse('%s %s%s is given to %s: %s' % (what, value, ' on switch %s' % where if where else '', names, fixes),
                      depends_on=', '.join(label(use) for use in settled) or None)


def check_bounds(checks, kind, name, option, value, bounds, what):
    """Refuse a value no fabric can take."""
    if value is not None and not bounds[0] <= value <= bounds[1]:
        checks.refuse('%s %s: %s %d is not a usable %s; give %d to %d' % (kind, name, option, value, what, bounds[0], bounds[1]))


def parse_ranges(text):
    """A fabric setting such as ``30000-49000`` or ``2300-2999,3100`` as [(low, high)]; None when it says no range."""
    ranges = []
    for part in str(text or '').split(','):
        part = part.strip()
        if not part:
            continue
        match = re.match(r'^(\d+)\s*(?:-\s*(\d+))?$', part)
        if not match:
            return None
        low = int(match.group(1))
        ranges.append((low, int(match.group(2) or low)))
    return ranges or None


def check_range(checks, kind, name, option, value, setting, text, fabric):
    """Warn about a value inside the bounds but outside the fabric's configured range: the controller takes it, and
    its own allocations from the range may then clash with it, or it was a typing mistake."""
    ranges = parse_ranges(text)
    if value is None or ranges is None or any(low <= value <= high for low, high in ranges):
        return
    checks.warn('%s %s: %s %d is outside the range fabric %s sets for it (%s %s); the controller takes it, but check that it '
                'is meant' % (kind, name, option, value, fabric, setting, text))


def check_interface_address(checks, kind, name, option, value, version):
    """Refuse a gateway that is not an interface address of IP ``version`` with a prefix length (10.1.1.1/24)."""
    if value in (None, ''):
        return
    example = '10.1.1.1/24' if version == 4 else '2001:db8::1/64'
    text = str(value).strip()
    address, _slash, length = text.partition('/')
    try:
        parsed = ipaddress.ip_interface(text) if length.isdigit() else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.version != version:
        try:
            bare = ipaddress.ip_address(address) if not length else None
        except ValueError:
            bare = None
        if bare is not None and bare.version == version:
            reason = 'has no prefix length'
        else:
            reason = 'is not an IPv%d address with a prefix length' % version
        checks.refuse('%s %s: %s %r %s; give it as address/prefix length, such as %s' % (kind, name, option, value, reason, example))


def check_template_keys(checks, kind, name, params, owned):
    """Refuse template parameters that an option of the module sets (``owned``: {template key: option}): the option's
    value would be sent over them, silently."""
    for key in sorted(key for key in params or () if key in owned):
        checks.refuse('%s %s: template_params %s is what the option %s sets; give %s instead of template_params %s'
                      % (kind, name, key, owned[key], owned[key], key))


def check_identity(checks, kind, name, option, before, after):
    """Refuse an in-place change of what identifies an object on the controller (its VNI)."""
    if before is not None and after is not None and before != after:
        checks.refuse('%s %s has %s %s in the fabric, and an object\'s %s cannot change in place: leave %s out (or give %s), '
                      'or delete %s %s and create it anew with %s %s' % (kind, name, option, before, option, option, before,
                                                                         kind, name, option, after),
                      depends_on='%s %s' % (kind, name))


def check_references(checks, referrers, targets, deleted, target_kind, option):
    """Refuse a reference to an object that will not exist, and the delete of an object still referred to.

    ``referrers``: [(kind, name, target, fresh)] of the objects as the task leaves them; ``targets``: the names of the
    ``target_kind`` objects as the task leaves them; ``deleted``: those the task deletes.
    """
    for kind, name, target, fresh in referrers:
        if fresh and target not in targets:
            checks.refuse('%s %s is in %s %s, which is not in the fabric: create %s %s first (fabricops.dashboard.%ss), or '
                          'give as %s an existing %s' % (kind, name, target_kind, target, target_kind, target,
                                                         target_kind.lower(), option, target_kind),
                          depends_on='%s %s' % (target_kind, target))
    held = collections.OrderedDict()
    for kind, name, target, _fresh in referrers:
        if target in deleted:
            held.setdefault(target, []).append('%s %s' % (kind, name))
    for target, holders in held.items():
        checks.refuse('%s %s still holds %s, and the controller cannot delete a %s that holds any: delete or move those first'
                      % (target_kind, target, ', '.join(sorted(holders)), target_kind), depends_on=', '.join(sorted(holders)))


# Roles (the inventory's spelling, lower case) that carry no VRF or network: the fabric's spines route the underlay only.
SPINE_ROLES = ('spine', 'super spine')


def check_roles(checks, kind, name, switches):
    """Refuse new attachments on spines. ``switches``: [(switch name, role as the controller spells it)]."""
    for switch, role in switches:
        if str(role or '').strip().lower().replace('_', ' ') in SPINE_ROLES:
            checks.refuse('%s %s: switch %s is a %s, and spines carry no VRFs or networks: attach it to leaf or border switches'
                          % (kind, name, switch, str(role).strip().lower()), depends_on='the role of %s' % switch)


def check_port_names(checks, kind, name, switch, ports):
    """Refuse ports that are no interface name at all (``not a port``): no switch has them, whatever the fabric holds."""
    bad = [port for port in ports or () if not is_interface_name(port)]
    if bad:
        checks.refuse('%s %s: ports %s (attach, switch %s) %s not an interface name; give each port as the switch names it, '
                      'such as Ethernet1/10' % (kind, name, ', '.join(repr(str(port)) for port in bad), switch,
                                                'is' if len(bad) == 1 else 'are'))


def check_ports_exist(checks, kind, name, switch, ports, switch_ports):
    """Refuse ports the switch does not have. ``switch_ports``: the names its interface list gives, in its order; compared
    without regard to letter case, as the controller compares them."""
    have = set(port.lower() for port in switch_ports)
    missing = [port for port in ports if port.lower() not in have]
    if not missing:
        return
    shown = list(switch_ports[:3]) + ([switch_ports[-1]] if len(switch_ports) > 3 else [])
    checks.refuse('%s %s: switch %s has no port %s; give ports it has, as its interface list names them (it has %d, such as %s)'
                  % (kind, name, switch, ', '.join(missing), len(switch_ports), ', '.join(shown)))
