#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: fabrics
short_description: Fabrics of the fabric controller, from their templates, idempotently
version_added: 1.0.0
description:
  - Creates fabrics from a fabric template (V(Easy_Fabric) and the others the controller offers), updates their settings
    and deletes them, with the states of Ansible's network resource modules (see O(state)).
  - The fabric list is read once; a fabric is written only when a setting differs, and an update sends every setting of
    the fabric (as ND 4.x requires), so a setting the task does not name is never lost. A second run sends no write.
  - V(replaced) and V(overridden) reset the settings not given to the defaults of the fabric's template, read from the
    controller; settings without a default (the BGP AS number) keep their value.
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed fabric before and
    after.
  - A new fabric must give the options its template requires and has no default for (O(config[].bgp_asn) for V(Easy_Fabric)
    and V(External_Fabric)); the task fails naming them before any write, in check mode too.
seealso:
  - module: fabricops.dashboard.vrfs
  - module: fabricops.dashboard.networks
  - ref: ansible_collections.fabricops.dashboard.docsite.resource_modules
    description: The resource modules' guide.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.gathered_query
  - fabricops.dashboard.attributes
options:
  state:
    description:
      - V(merged) creates the listed fabrics (with their template's defaults for what is not given) and changes the settings
        given; nothing else is touched.
      - V(replaced) makes each listed fabric exactly what is given, with the template's defaults for the rest. The template of
        an existing fabric cannot change.
      - V(overridden) is V(replaced) for the listed fabrics, and deletes every other fabric of the controller.
      - V(deleted) deletes the listed fabrics, or every fabric when O(config) is empty. The controller refuses to delete a
        fabric that still has switches. A fabric already absent is fine.
      - V(gathered) returns every fabric in RV(gathered), in the format O(config) takes.
      - V(rendered) returns in RV(rendered) the create requests for the listed fabrics, without connecting.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - Save the configuration (C(config-save)) of each listed fabric the task creates or changes, and of each listed fabric
        whose switches are not all in sync on the controller (changed by the task or not), and deploy it to its switches.
        Other fabrics are not deployed, nor a listed fabric in deployment freeze that the task leaves as it is.
    type: bool
    default: false
  wait_timeout:
    description:
      - With O(deploy), the seconds the task waits, at most, for a fabric's deploy. V(0) does not wait. The same meaning in
        every module of this collection.
      - The controller answers a fabric's C(config-deploy) once the deploy to its switches is done, so that request waits
        this long; the others keep the session's O(timeout). Without a wait (V(0)), the task deploys the fabric's switches
        (C(config-deploy/{serials})), which the controller answers at once.
    type: int
    default: 300
  config:
    description:
      - The fabrics. Options left out are not changed by V(merged).
    type: list
    elements: dict
    default: []
    suboptions:
      name:
        description: Name of the fabric (1 to 64 letters, digits, C(_), C(.), C(:) or C(-)).
        type: str
        required: true
      template:
        description: The fabric template to create the fabric from. Default V(Easy_Fabric).
        type: str
      bgp_asn:
        description:
          - The fabric's BGP AS number (C(BGP_AS)), plain or dotted.
          - Needed to create a fabric from a template that has no default for it (V(Easy_Fabric), V(External_Fabric)).
        type: str
      site_id:
        description: Site id for multi-site (C(SITE_ID)).
        type: str
      replication_mode:
        description: Replication of BUM traffic (C(REPLICATION_MODE)).
        type: str
        choices: [Multicast, Ingress]
      multicast_group_subnet:
        description: Multicast group subnet (C(MULTICAST_GROUP_SUBNET)).
        type: str
      anycast_gateway_mac:
        description: Anycast gateway MAC address, dotted (C(ANYCAST_GW_MAC)).
        type: str
      fabric_mtu:
        description: Fabric interface MTU (C(FABRIC_MTU)).
        type: int
      underlay_routing:
        description: Underlay routing protocol (C(LINK_STATE_ROUTING)), such as V(ospf) or V(is-is).
        type: str
      l2_segment_id_range:
        description: Layer-2 VNI range (C(L2_SEGMENT_ID_RANGE)), such as V(30000-49000).
        type: str
      l3_partition_id_range:
        description: Layer-3 VNI range (C(L3_PARTITION_ID_RANGE)).
        type: str
      network_vlan_range:
        description: VLAN range for networks (C(NETWORK_VLAN_RANGE)).
        type: str
      vrf_vlan_range:
        description: VLAN range for VRFs (C(VRF_VLAN_RANGE)).
        type: str
      deployment_freeze:
        description: Freeze deployments to the fabric's switches (C(DEPLOYMENT_FREEZE)).
        type: bool
      template_params:
        description:
          - Template parameters this module does not name as options, by the template's own names (C(nvPairs) keys). Values
            are sent as text, as the controller stores them.
          - A parameter whose name says it holds a secret (an authentication key such as C(OSPF_AUTH_KEY) or
            C(BGP_AUTH_KEY), a MACsec key string, a password) is shown as C(********) in RV(before), RV(after), the diff and
            RV(gathered), as every resource module shows it. Given as C(********) (gathered fed back), it means the value
            the fabric has, which is kept.
        type: dict
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
"""

EXAMPLES = r"""
- name: A VXLAN EVPN fabric with ingress replication
  fabricops.dashboard.fabrics:
    config:
      - name: site-b
        bgp_asn: "65002"
        replication_mode: Ingress
        template_params:
          GRFIELD_DEBUG_FLAG: Enable

- name: Change its MTU, save and deploy it, waiting up to 15 minutes for the deploy; every other setting stays
  fabricops.dashboard.fabrics:
    deploy: true
    wait_timeout: 900
    config:
      - name: site-b
        fabric_mtu: 9000

- name: Export every fabric (brownfield)
  fabricops.dashboard.fabrics:
    state: gathered
  register: fabrics

- name: site-b exactly as given, template defaults for the rest
  fabricops.dashboard.fabrics:
    state: replaced
    config:
      - name: site-b
        bgp_asn: "65002"

- name: Delete it (it must have no switches; fine when already gone)
  fabricops.dashboard.fabrics:
    state: deleted
    config:
      - name: site-b
"""

RETURN = r"""
before:
  description:
    - The fabrics concerned as they were, in the format O(config) takes, settings and O(config[].template_params) read from the
      controller.
    - These are the listed fabrics; every fabric of the controller for V(overridden), V(gathered), and V(deleted) without
      O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same fabrics as the task leaves them (as planned, in check mode); a deleted fabric is left out.
    - For V(rendered), the listed fabrics as given, with their template; the template's defaults, which only the controller
      can tell, are left out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description:
    - Every fabric of the controller, in the format O(config) takes, so that it can be fed back to V(merged), V(replaced) or
      V(overridden) with nothing to change, on this dashboard or on one of another release.
    - Of O(config[].template_params), only the settings that differ from the template's defaults (a parameter without a
      default, when not empty); the controller's own bookkeeping (its template's internal parameters) is left out.
  returned: when O(state=gathered)
  type: list
  elements: dict
rendered:
  description:
    - The create request of each listed fabric, as a run would send it to a controller that has none of them, each with
      C(method), C(path) (from the API root) and C(body) (the fabric's settings by the template's own names, as text).
  returned: when O(state=rendered)
  type: list
  elements: dict
  sample: [{"method": "POST", "path": "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b/Easy_Fabric",
            "body": {"BGP_AS": "65002", "REPLICATION_MODE": "Ingress", "FABRIC_NAME": "site-b"}}]
diff:
  description:
    - One entry per changed fabric, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the fabric's key (its fabric name).
    - C(before) and C(after) are the fabric before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
deploy:
  description: Names of the fabrics a deploy was (or, in check mode, would be) sent for.
  returned: when O(deploy=true) and some fabric needed deploying
  type: list
  elements: str
  sample: ["site-b"]
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order; with
      O(deploy), each deployed fabric's C(config-save) and C(config-deploy) follow its create or update.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["PUT /control/fabrics/site-b/Easy_Fabric", "POST /control/fabrics/site-b/config-save",
           "POST /control/fabrics/site-b/config-deploy"]
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = FABRICS.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
