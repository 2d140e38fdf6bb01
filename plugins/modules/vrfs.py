#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: vrfs
short_description: VRFs of a fabric and their switch attachments, idempotently
version_added: 1.0.0
description:
  - Manages the VRFs of a fabric on the fabric controller, and which switches each is attached to, with the states of
    Ansible's network resource modules (see O(state)).
  - The VRFs of the fabric and the attachments of the VRFs concerned are read once, in bulk; the task then sends only
    what differs, in as few requests as the controller allows (one create for all new VRFs, one call for all attachment
    changes). A second run with the same config sends no write and reports no change.
  - An update sends the whole VRF, with every template setting it had, so a setting the task does not name is never lost.
  - Template settings this module does not name as options are kept in O(config[].template_params), which V(gathered)
    fills, so a gathered config fed back to V(merged) changes nothing.
  - When the controller refuses some items of a request (a bulk answer with a C(failureList), or an attachment answer naming
    failed items), the task fails, naming each refused item and what succeeded; nothing is sent twice.
  - Before anything is written, the task is checked against itself and the fabric as read, and refused, naming every
    problem in one message, when it contradicts either. A VNI (O(config[].vrf_id)) another VRF or network already has or
    another item gives; a VLAN another VRF or network holds on the same switch; an attachment to a switch the fabric does
    not have, or on a spine; a change of an
    existing VRF's O(config[].vrf_id); a VNI outside 1 to 16777214 or a VLAN outside 2 to 4094; a key of
    O(config[].template_params) that an option sets; the delete of a VRF that still holds networks. A VNI or VLAN outside
    the fabric's own ranges is a warning only. See the guide's section on what is checked before anything is written.
  - The checks read, once per task and only when it writes something, the fabric's networks (only when the task gives a
    VNI or a VLAN anew, or deletes VRFs), its settings and (when the task attaches) the attachments of the other VRFs and
    the networks (0 to 4 requests more).
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed VRF before and after.
    A refusal that rests on the fabric's current state (the delete of a VRF whose networks an earlier task of the play
    deletes, an attachment to a switch an earlier fabricops.dashboard.fabric_switches task adds) is a warning in check mode,
    since that earlier task changed nothing there.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options,
    output, checks and deploy go through its C(/api/v1/manage) API. There, O(config[].template_params)
    takes only the template keys the typed VRF object of that API has a place for (C(bgpPassword),
    C(bgpPasswordKeyType), C(isRPExternal), C(rpAddress), C(L3VniMcastGroup), C(multicastGroup), C(loopbackNumber)),
    and a task giving another key, or a template other than the default one, is refused before anything is written
    (use the options, or O(controller_api=legacy) on a dashboard that still serves the legacy API); changed VRFs are
    sent one request each, as that API has no bulk update.
seealso:
  - module: fabricops.dashboard.networks
    description: The networks that live in these VRFs.
  - ref: ansible_collections.fabricops.dashboard.docsite.resource_modules
    description: The resource modules' guide (each state, brownfield export, deploy).
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.gathered_query
  - fabricops.dashboard.resource_state
  - fabricops.dashboard.attributes
options:
  config:
    description:
      - The VRFs. Options left out are not changed by V(merged); V(replaced) and V(overridden) reset them to the defaults
        shown.
    type: list
    elements: dict
    default: []
    suboptions:
      name:
        description: Name of the VRF (1 to 64 letters, digits, C(_), C(.), C(:) or C(-)).
        type: str
        required: true
      vrf_id:
        description:
          - The VRF's layer-3 VNI (segment id); cannot be reset by V(replaced).
          - When left out on create, the controller gives its next free one (asked once per VRF, each created before the next
            is asked for, so no two get the same id); V(merged) and V(replaced) then keep it. Check mode and the diff cannot
            know it and leave it out of RV(after); a real run's RV(after) shows the id given.
          - V(rendered) cannot ask the controller, so there it is required.
        type: int
      vlan_id:
        description: VLAN of the VRF's SVI. When left out on create, the controller picks one.
        type: int
      vlan_name:
        description: Name of that VLAN. Default V("").
        type: str
      description:
        description: Description of the VRF. Default V("").
        type: str
      interface_description:
        description: Description of the VRF's SVI. Default V("").
        type: str
      mtu:
        description: MTU of the VRF's SVI, 68 to 9216. Default V(9216).
        type: int
      tag:
        description: Route tag. Default V(12345).
        type: int
      route_map:
        description: IPv4 redistribute route map. Default V(FABRIC-RMAP-REDIST-SUBNET).
        type: str
      ipv6_route_map:
        description: IPv6 redistribute route map. Default V(FABRIC-RMAP-REDIST-SUBNET).
        type: str
      max_bgp_paths:
        description: Maximum eBGP paths. Default V(1).
        type: int
      max_ibgp_paths:
        description: Maximum iBGP paths. Default V(2).
        type: int
      ipv6_link_local:
        description: Enable IPv6 link-local addressing. Default V(true).
        type: bool
      advertise_host_routes:
        description: Advertise host routes. Default V(false).
        type: bool
      advertise_default_route:
        description: Advertise a default route. Default V(true).
        type: bool
      static_default_route:
        description: Configure a static default route. Default V(true).
        type: bool
      trm:
        description: Enable tenant routed multicast. Default V(false).
        type: bool
      disable_rt_auto:
        description: Disable automatic route targets. Default V(false).
        type: bool
      route_target_import:
        description: Route targets to import. Default V("").
        type: str
      route_target_export:
        description: Route targets to export. Default V("").
        type: str
      route_target_import_evpn:
        description: EVPN route targets to import. Default V("").
        type: str
      route_target_export_evpn:
        description: EVPN route targets to export. Default V("").
        type: str
      template:
        description: The controller's VRF template. Default V(Default_VRF_Universal).
        type: str
      extension_template:
        description: The controller's VRF extension template. Default V(Default_VRF_Extension_Universal).
        type: str
      template_params:
        description:
          - Template parameters this module does not name as options, by the template's own names (for example
            V(bgpPassword) or V(nveId)). Values are sent as text, as the controller stores them.
          - V(merged) changes only the parameters given here; V(replaced) too, since the module cannot know the template's
            defaults for parameters it does not name.
        type: dict
      attach:
        description:
          - The switches the VRF is attached to. V(merged) adds these; V(replaced) and V(overridden) detach every switch
            not listed (an empty or missing list detaches all).
        type: list
        elements: dict
        suboptions:
          switch:
            description: The switch, by its name, serial number or IP address as the fabric inventory lists it.
            type: str
            required: true
          vlan:
            description:
              - VLAN of the VRF on this switch, when not the VRF's own O(config[].vlan_id).
              - No other VRF or network may hold the same VLAN on that switch.
            type: int
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
"""

EXAMPLES = r"""
- name: Two VRFs, attached to a leaf and deployed
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: merged
    deploy: true
    config:
      - name: blue
        vrf_id: 50101
        vlan_id: 2101
        attach:
          - switch: site-a-leaf-2
      - name: red
        vrf_id: 50102
        vlan_id: 2102
        description: tenant red
        attach:
          - switch: site-a-leaf-2

- name: A VRF whose id (L3 VNI) the controller chooses, the next free one of the fabric's range
  fabricops.dashboard.vrfs:
    fabric: site-a
    config:
      - name: green

- name: Export every VRF of the fabric (brownfield), in the format config takes
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: gathered
  register: existing

- name: Feeding it back changes nothing
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: merged
    config: "{{ existing.gathered }}"

- name: Make red exactly this (defaults for what is not given, detached from switches not listed)
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: replaced
    config:
      - name: red
        vrf_id: 50102
        vlan_id: 2102

- name: Keep only these VRFs in the fabric; every other VRF is deleted
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: overridden
    config:
      - name: blue
        vrf_id: 50101
        vlan_id: 2101
        attach:
          - switch: site-a-leaf-2

- name: Delete red (fine when it is already gone)
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: deleted
    config:
      - name: red

- name: The requests a run would send, without connecting
  fabricops.dashboard.vrfs:
    fabric: site-a
    state: rendered
    config:
      - name: green
        vrf_id: 50103
  register: requests
"""

RETURN = r"""
before:
  description:
    - The VRFs concerned as they were, in the format O(config) takes, attachments by switch name.
    - These are the listed VRFs that exist; every VRF of the fabric for V(overridden), V(gathered), and V(deleted) without
      O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same VRFs as the task leaves them (as planned, in check mode); a deleted VRF is left out.
    - A VRF created without O(config[].vrf_id) shows the id the controller gave it; check mode cannot know that id and
      leaves it out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description: Every VRF of the fabric, in the format O(config) takes, so that it can be fed back to V(merged).
  returned: when O(state=gathered)
  type: list
  elements: dict
rendered:
  description:
    - The requests a run would send to create the listed VRFs in a fabric that has none of them, each with C(method),
      C(path) (from the API root) and C(body) (the controller's own field names).
    - They are one bulk create, one call for all attachments if any are listed, and with O(deploy) the deploy of the
      attached VRFs.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed VRF, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the VRF's key (its name).
    - C(before) and C(after) are the VRF before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
deploy:
  description: Names of the VRFs a deploy was (or, in check mode, would be) sent for.
  returned: when O(deploy=true) and some VRF needed deploying
  type: list
  elements: str
  sample: ["blue", "red"]
deployment:
  description:
    - Per VRF, the deployment state of each switch it is attached to, by switch name, when the wait ended.
    - Also when a deploy failed or did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy failed
  type: dict
  sample: {"blue": {"site-a-leaf-2": "DEPLOYED"}, "red": {"site-a-leaf-2": "DEPLOYED"}}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["POST /top-down/bulk-create/vrfs", "POST /top-down/fabrics/site-a/vrfs/attachments",
           "POST /top-down/fabrics/site-a/vrfs/deployments"]
failed_items:
  description:
    - When the controller refused some items of a request, each refused item with the controller's message. The items are
      VRFs (bulk create and delete) or VRFs on a switch (attachments, keyed by VRF name, serial number and switch name).
  returned: on a partial failure
  type: dict
  sample: {"red-[FDO2111AAAA/site-a-leaf-2]": "Entered VRF VLAN ID 2102 is in use already"}
succeeded_items:
  description: The items of that request that the controller did accept, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = VRFS.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
