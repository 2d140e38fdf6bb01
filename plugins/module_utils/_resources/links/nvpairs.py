# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a link as the controller lists it (``sw1-info``/``sw2-info``, ``templateName``,
``nvPairs``), and a link's settings as its template's nvPairs (rows of ``_framework/nvpairs.py``, per template).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nvpairs import FLAG, NUMBER, OPTIONAL_TEXT, TEXT, NvPairs
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import INTRA_FABRIC_TEMPLATES, PREFIXED, TAKES, link_key, prefix_length

# setting -> nvPair, for the settings that are one nvPair as text; the addresses depend on the template (ADDRESS_KEYS)
NV_KEYS = {'mtu': 'MTU', 'enabled': 'ADMIN_STATE', 'src_description': 'PEER1_DESC', 'dst_description': 'PEER2_DESC',
           'src_asn': 'asn', 'dst_asn': 'NEIGHBOR_ASN'}


# How each setting is written: an empty text is no value, but for the descriptions (an empty one is a value); an MTU that is
# no number stays in template_params as the controller has it.
KINDS = {'mtu': NUMBER, 'enabled': FLAG, 'src_description': TEXT, 'dst_description': TEXT, 'src_asn': OPTIONAL_TEXT,
         'dst_asn': OPTIONAL_TEXT, 'src_ip': OPTIONAL_TEXT, 'dst_ip': OPTIONAL_TEXT}


_INTRA_ADDRESSES = {'src_ip': 'PEER1_IP', 'dst_ip': 'PEER2_IP'}


ADDRESS_KEYS = dict({template: _INTRA_ADDRESSES for template in INTRA_FABRIC_TEMPLATES},
                    ext_fabric_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_multisite_underlay_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_vxlan_mpls_underlay_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_evpn_multisite_overlay_setup={'src_ip': 'SOURCE_IP', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_vxlan_mpls_overlay_setup={'dst_ip': 'NEIGHBOR_IP'})


# nvPairs the controller adds of its own from the link's ends [seen]: never template_params, never sent
DERIVED_KEYS = frozenset((
    'LINK_UUID', 'FABRIC1', 'FABRIC2', 'PEER1_SN', 'PEER2_SN', 'PEER1_INTF', 'PEER2_INTF', 'HOSTNAME1', 'HOSTNAME2',
    'SOURCE_FABRIC_NAME', 'DEST_FABRIC_NAME', 'SOURCE_SERIAL_NUMBER', 'DEST_SERIAL_NUMBER', 'SOURCE_SWITCH_NAME',
    'DEST_SWITCH_NAME', 'SOURCE_IF_NAME', 'DEST_IF_NAME',
))


# the ends of a link as the controller lists them, and as its create body names them
INFO = (('src', 'sw1-info', 'source'), ('dst', 'sw2-info', 'destination'))


def template_rows(template):
    """The NvPairs of a template's settings: those it takes that are one nvPair each, then its addresses."""
    rows = [(option, NV_KEYS[option], KINDS[option]) for option in TAKES.get(template, ()) if option in NV_KEYS]
    rows += [(option, key, KINDS[option]) for option, key in ADDRESS_KEYS.get(template, {}).items()]
    return NvPairs(rows)


def owned_keys(template):
    """{nvPair: setting} of the nvPairs the settings set for this template."""
    return template_rows(template).keys()


def object_from_controller(link, label_of, task_fabric):
    """(the model object, its ends [(fabric, serial, interface)]) of a link as GET /control/links/fabrics/{f} lists it;
    (None, ends) for a link the controller discovered itself (no template). ``label_of(fabric, serial, name)``: the switch
    as results name it."""
    ends = []
    obj = {}
    for end, info_key, _prefix in INFO:
        info = link.get(info_key) if isinstance(link.get(info_key), dict) else {}
        fabric, serial = str(info.get('fabric-name') or ''), str(info.get('sw-serial-number') or '')
        interface = interface_name(info.get('if-name'))[1]
        ends.append((fabric, serial, interface))
        obj.update({'%s_fabric' % end: fabric, '%s_switch' % end: label_of(fabric, serial, str(info.get('sw-sys-name') or serial)),
                    '%s_interface' % end: interface})
    template = str(link.get('templateName') or '')
    if not template:
        return None, ends
    obj['template'] = template
    pairs = {str(key): template_text(value) for key, value in (link.get('nvPairs') or {}).items() if key not in DERIVED_KEYS}
    settings, rest = template_rows(template).from_controller(pairs)
    obj.update(settings)
    if template in PREFIXED and prefix_length(obj.get('src_ip')) and obj.get('dst_ip'):
        obj['dst_ip'] = '%s/%s' % (obj['dst_ip'], prefix_length(obj['src_ip']))
    obj['template_params'] = rest
    obj['name'] = link_key(task_fabric, obj)
    return obj, ends


def nv_pairs(obj):
    """The nvPairs of ``obj`` as its template takes them: its template_params, then its settings as text."""
    template = obj.get('template')
    pairs = template_rows(template).to_controller(obj, obj.get('template_params'))
    if template in PREFIXED and obj.get('dst_ip') is not None:
        # the far end's address goes without the link's prefix length, which the source's carries (IP_MASK)
        pairs[ADDRESS_KEYS[template]['dst_ip']] = str(obj['dst_ip']).partition('/')[0]
    return pairs
