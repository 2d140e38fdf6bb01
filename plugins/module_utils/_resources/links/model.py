# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a link as the user writes it (the links module's model).
"""

from __future__ import annotations

import copy
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, ResourceModel, given_over, shown_params, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, SUBINTERFACE, interface_name

# The options that say where a link is, by end; turning a link round exchanges each src_ option with its dst_ option.
END_OPTIONS = ('fabric', 'switch', 'interface')


PER_END = ('fabric', 'switch', 'interface', 'ip', 'description', 'asn')


IDENTITY = tuple('%s_%s' % (end, option) for end in ('src', 'dst') for option in END_OPTIONS)


# The template settings the module names, and what a template takes of them [client, cisco.dcnm dcnm_links, release 12].
SETTINGS = ('src_ip', 'dst_ip', 'mtu', 'enabled', 'src_description', 'dst_description', 'src_asn', 'dst_asn')


_NUMBERED = ('src_ip', 'dst_ip', 'mtu', 'enabled', 'src_description', 'dst_description')


_UNNUMBERED = ('mtu', 'enabled', 'src_description', 'dst_description')


INTRA_FABRIC_TEMPLATES = {
    'int_intra_fabric_num_link': _NUMBERED,
    'ios_xe_int_intra_fabric_num_link': _NUMBERED,
    'int_intra_vpc_peer_keep_alive_link': _NUMBERED,
    'int_intra_fabric_unnum_link': _UNNUMBERED,
    'int_intra_fabric_ipv6_link_local': _UNNUMBERED,
    'int_pre_provision_intra_fabric_link': (),
}


INTER_FABRIC_TEMPLATES = {
    'ext_fabric_setup': ('src_ip', 'dst_ip', 'mtu', 'src_description', 'dst_description', 'src_asn', 'dst_asn'),
    'ext_multisite_underlay_setup': ('src_ip', 'dst_ip', 'mtu', 'src_description', 'dst_description', 'src_asn', 'dst_asn'),
    'ext_vxlan_mpls_underlay_setup': ('src_ip', 'dst_ip', 'mtu', 'src_description', 'dst_description'),
    'ext_evpn_multisite_overlay_setup': ('src_ip', 'dst_ip'),
    'ext_vxlan_mpls_overlay_setup': ('dst_ip', 'src_asn', 'dst_asn'),
}


TAKES = dict(INTRA_FABRIC_TEMPLATES, **INTER_FABRIC_TEMPLATES)


# Templates whose source address carries the link's prefix length (IP_MASK): both ends' addresses are given with it.
PREFIXED = ('ext_fabric_setup', 'ext_multisite_underlay_setup', 'ext_vxlan_mpls_underlay_setup')


# The numbered intra-fabric templates: their addresses carry no prefix length, the fabric's underlay subnet mask sets it
# (the fabric's targetSubnetMask, 30 by default, or 31: docs/api/platform.yaml, ManageLinkTemplateInputs srcIp). Two
# addresses in one /31 are in one /30 too, so the check refuses only what no fabric setting can join [client: cisco.dcnm
# dcnm_links and cisco.nd's numbered link send the addresses without a length].
SUBNET_CHECKED = ('int_intra_fabric_num_link', 'ios_xe_int_intra_fabric_num_link')


FABRIC_LINK_PREFIX = 30


# What a new link needs besides its template, by template [client: cisco.dcnm requires these].
REQUIRED = {
    'int_intra_fabric_num_link': ('src_ip', 'dst_ip'),
    'ios_xe_int_intra_fabric_num_link': ('src_ip', 'dst_ip'),
    'int_intra_vpc_peer_keep_alive_link': ('src_ip', 'dst_ip'),
    'ext_fabric_setup': ('src_ip', 'dst_ip', 'src_asn', 'dst_asn'),
    'ext_multisite_underlay_setup': ('src_ip', 'dst_ip', 'src_asn', 'dst_asn'),
    'ext_vxlan_mpls_underlay_setup': ('src_ip', 'dst_ip'),
    'ext_evpn_multisite_overlay_setup': ('src_ip', 'dst_ip'),
    'ext_vxlan_mpls_overlay_setup': ('dst_ip', 'src_asn', 'dst_asn'),
}


# What a new link (and replaced, for what it does not give) gets, of the settings its template takes.
DEFAULTS = {'mtu': 9216, 'enabled': True, 'src_description': '', 'dst_description': ''}


ASN = re.compile(r'^\d+(?:\.\d+)?$')


def template_kind(template):
    return 'intra' if template in INTRA_FABRIC_TEMPLATES else 'inter' if template in INTER_FABRIC_TEMPLATES else None


def end_label(task_fabric, fabric, switch, interface):
    """An end as results name it: ``"<switch> <interface>"``, the fabric first for an end outside the task's fabric."""
    return '%s%s %s' % ('' if fabric == task_fabric else '%s/' % fabric, switch, interface)


def link_key(task_fabric, obj):
    """The plan's key of a link: its two ends' labels, sorted, so that the order of the ends does not matter."""
    return ' -- '.join(sorted(end_label(task_fabric, obj['%s_fabric' % end], obj['%s_switch' % end], obj['%s_interface' % end])
                              for end in ('src', 'dst')))


def turned(obj):
    """``obj`` with its ends swapped: each src_ option with its dst_ option, PEER1_ template parameters with PEER2_ ones."""
    result = {key: value for key, value in obj.items() if key not in ['%s_%s' % (end, option) for end in ('src', 'dst') for option in PER_END]}
    for option in PER_END:
        for mine, other in (('src', 'dst'), ('dst', 'src')):
            if '%s_%s' % (other, option) in obj:
                result['%s_%s' % (mine, option)] = obj['%s_%s' % (other, option)]
    if 'template_params' in obj:
        swap = {'PEER1_': 'PEER2_', 'PEER2_': 'PEER1_'}
        result['template_params'] = {swap[key[:6]] + key[6:] if key[:6] in swap else key: value
                                     for key, value in obj['template_params'].items()}
    return result


def prefix_length(address):
    text = str(address or '')
    return text.partition('/')[2] if '/' in text else None


def settle_addresses(obj, want):
    """The addresses of a PREFIXED template, each with the link's prefix length, which either end may give (the task's
    first, then the link's); a length given twice differently is left for the checks to name."""
    if obj.get('template') not in PREFIXED:
        return
    given = [prefix_length(want.get(option)) for option in ('src_ip', 'dst_ip')]
    given = [length for length in given if length] or [length for length in (prefix_length(obj.get(option)) for option in (
        'src_ip', 'dst_ip')) if length]
    if len(set(given)) != 1:
        return
    for option in ('src_ip', 'dst_ip'):
        if obj.get(option) and prefix_length(obj[option]) is None:
            obj[option] = '%s/%s' % (obj[option], given[0])


class LinkModel(ResourceModel):
    """A link in the user's terms; the object's ``name`` is the plan's key (see link_key)."""

    KIND = 'link'
    PLURAL = 'links'
    EACH = 'each with its two ends (src_switch, src_interface, dst_switch, dst_interface)'
    REQUIRED_ON_CREATE = ('template',)

    # input

    def from_task(self, item, index):
        where = 'config[%d]' % index
        partial = {'name': where}
        for end in ('src', 'dst'):
            switch = str(item.get('%s_switch' % end) or '').strip()
            if not switch:
                raise ModelError('%s: give %s_switch, the switch of the link\'s %s end (its name, serial number or IP address).'
                                 % (where, end, 'source' if end == 'src' else 'destination'))
            kind, interface = interface_name(item.get('%s_interface' % end))
            if kind not in (ETHERNET, SUBINTERFACE):
                raise ModelError('%s: %s_interface %r is not an Ethernet port or sub-interface; give it as the switch names it, '
                                 'such as Ethernet1/49' % (where, end, item.get('%s_interface' % end)))
            partial['%s_switch' % end] = switch
            partial['%s_interface' % end] = interface
            if item.get('%s_fabric' % end):
                partial['%s_fabric' % end] = str(item['%s_fabric' % end]).strip()
        if item.get('template') is not None:
            partial['template'] = str(item['template']).strip()
        for option in SETTINGS:
            value = item.get(option)
            if value is None:
                continue
            if option == 'mtu':
                if isinstance(value, bool) or not str(value).strip().isdigit():
                    raise ModelError('%s: mtu must be a whole number, not %r' % (where, value))
                value = int(str(value).strip())
            elif option == 'enabled':
                value = bool(value)
            else:
                value = str(value).strip()
            partial[option] = value
        if item.get('template_params') is not None:
            partial['template_params'] = {str(key): template_text(value) for key, value in item['template_params'].items()}
        return partial

    # states

    @staticmethod
    def defaults_for(want, template):
        """A new link with ``want``'s ends and ``template``, the defaults of the settings the template takes."""
        base = {key: want[key] for key in ('name',) + IDENTITY if key in want}
        base['template'] = template
        base['template_params'] = {}
        for option in TAKES.get(template, ()):
            if option in DEFAULTS:
                base[option] = DEFAULTS[option]
        return base

    def merged(self, have, want):
        template = want.get('template') or (have or {}).get('template')
        if have is None or template != have.get('template'):
            # a new template has other parameters: only the ends carry over
            result = self.defaults_for(have or want, template)
        else:
            result = copy.deepcopy(have)
        given_over(result, want)
        settle_addresses(result, want)
        return result

    def replaced(self, have, want):
        template = want.get('template') or (have or {}).get('template')
        result = self.defaults_for(have or want, template)
        if have is not None and template == have.get('template'):
            # parameters the module does not name keep their value: their template defaults are the controller's
            result['template_params'] = dict(have.get('template_params') or {})
        given_over(result, want)
        settle_addresses(result, want)
        return result

    # output

    def for_output(self, obj):
        out = {key: obj[key] for key in IDENTITY}
        for key in ('template',) + SETTINGS:
            if obj.get(key) is not None:
                out[key] = obj[key]
        out['template_params'] = shown_params(obj)
        return out
