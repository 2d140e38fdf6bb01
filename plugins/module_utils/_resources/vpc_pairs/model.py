# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a vPC pair as the user writes it (the vpc_pairs module's model).
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel, shown_params, template_text

MEMBER_OPTIONS = ('peer1_link_members', 'peer2_link_members')


NUMBER_OPTIONS = ('domain_id', 'peer1_port_channel', 'peer2_port_channel')


# The options that belong to one peer: swapped when the task names the peers in the other order than the controller.
PEER_OPTIONS = (('peer1_port_channel', 'peer2_port_channel'), ('peer1_link_members', 'peer2_link_members'),
                ('peer1_keepalive_ip', 'peer2_keepalive_ip'))


DOMAIN_BOUNDS = (1, 1000)


PORT_CHANNEL_BOUNDS = (1, 4096)


_PORT = re.compile(r'^(?:ethernet|eth|e)\s*(\d+/)?(\d+/)(\d+)(?:-(\d+))?$', re.I)


def port_list(value, where):
    """Peer-link member ports in one spelling: [Ethernet1/21, Ethernet1/22], sorted; ranges such as e1/21-22 spread.

    ``value``: a list of names or a comma text (as the controller stores it); ModelError for what is no Ethernet port."""
    parts = value.split(',') if isinstance(value, str) else list(value or [])
    ports = set()
    for part in [str(part).strip() for part in parts if str(part).strip()]:
        match = _PORT.match(part)
        if not match:
            raise ModelError('%s: %r is no Ethernet port; give peer-link members such as Ethernet1/53 (or e1/53-54)' % (where, part))
        prefix = 'Ethernet%s%s' % (match.group(1) or '', match.group(2))
        low, high = int(match.group(3)), int(match.group(4) or match.group(3))
        ports.update('%s%d' % (prefix, number) for number in range(min(low, high), max(low, high) + 1))
    return sorted(ports, key=lambda port: [int(number) for number in re.findall(r'\d+', port)])


class VpcPairModel(ResourceModel):
    """A pair in the user's terms; the object's ``name`` is the plan's key (``"leaf-1~leaf-2"``)."""

    KIND = 'vPC pair'
    PLURAL = 'vPC pairs'
    EACH = 'each with peer1 and peer2'
    NOT_PARTS = ('attach',)
    # Every setting is KEEP: the controller keeps a setting once given (see the file's docstring).
    FIELDS = (Field('use_virtual_peerlink', 'bool', False), Field('domain_id', 'int'),
              Field('peer1_port_channel', 'int'), Field('peer2_port_channel', 'int'),
              Field('peer1_link_members', 'list'), Field('peer2_link_members', 'list'),
              Field('keepalive_vrf', 'str'), Field('peer1_keepalive_ip', 'str'), Field('peer2_keepalive_ip', 'str'))

    def from_task(self, item, index):
        where = 'config[%d]' % index
        peers = []
        for option in ('peer1', 'peer2'):
            given = str(item.get(option) or '').strip()
            if not given:
                raise ModelError('%s: give %s, a switch of the fabric (its name, serial number or IP address).' % (where, option))
            peers.append(given)
        partial = {'name': '~'.join(peers), 'peer1': peers[0], 'peer2': peers[1]}
        where = '%s (vPC pair %s and %s)' % (where, peers[0], peers[1])
        for field in self.FIELDS:
            value = item.get(field.name)
            if value is None:
                continue
            if field.name in MEMBER_OPTIONS:
                partial[field.name] = port_list(value, '%s %s' % (where, field.name))
            elif field.name in ('peer1_keepalive_ip', 'peer2_keepalive_ip'):
                partial[field.name] = str(value).strip()
            else:
                partial[field.name] = field.coerce(value, where)
        if item.get('template_params') is not None:
            partial['template_params'] = {str(key): template_text(value) for key, value in item['template_params'].items()}
        return partial

    def defaults(self, name):
        return {'name': name, 'use_virtual_peerlink': False, 'template_params': {}}

    def for_output(self, obj):
        out = {'peer1': obj['peer1'], 'peer2': obj['peer2']}
        for field in self.FIELDS:
            if obj.get(field.name) is not None:
                out[field.name] = list(obj[field.name]) if field.name in MEMBER_OPTIONS else obj[field.name]
        out['template_params'] = shown_params(obj)
        return out


def swapped(obj):
    """``obj`` with its peers (and each peer's settings) in the other order."""
    result = dict(obj, peer1=obj['peer2'], peer2=obj['peer1'])
    for first, second in PEER_OPTIONS:
        for one, other in ((first, second), (second, first)):
            if other in obj:
                result[one] = obj[other]
            else:
                result.pop(one, None)
    return result
