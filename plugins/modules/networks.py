#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: networks
short_description: Networks of a fabric, their switch and port attachments and their deploy, idempotently
version_added: 1.0.0
description:
  - Manages the networks of a fabric on the fabric controller, which switch ports carry each, and their deploy, with the
    states of Ansible's network resource modules (see O(state)).
  - The networks of the fabric and the attachments of the networks concerned are read once, in bulk; the task then sends
    only what differs, in as few requests as the controller allows (one create for all new networks, one call for all
    attachment changes, one deploy). A second run with the same config sends no write and reports no change.
  - An update sends the whole network, with its VRF, segment id and every template setting it had, so a setting the task
    does not name is never lost.
  - Template settings this module does not name as options are kept in O(config[].template_params), which V(gathered)
    fills, so a gathered config fed back to V(merged) changes nothing.
  - On a switch already attached, only the ports that differ are sent, as ports to add and ports to remove.
  - When the controller refuses some items of a request (a bulk answer with a C(failureList), or an attachment answer naming
    failed items such as a VLAN already in use), the task fails, naming each refused item and what succeeded; nothing is
    sent twice.
  - Before anything is written, the task is checked against itself and the fabric as read, and refused, naming every
    problem in one message, when it contradicts either. A VNI (O(config[].network_id)) another network or VRF already has or
    another item gives; a VLAN another network or VRF holds on the same switch; a O(config[].vrf) the fabric does not have;
    an attachment to a switch the fabric does not have, or on a spine; a port that is no interface name, or that its
    switch does not have; a change of an existing network's O(config[].network_id); a gateway that is not an address
    with a prefix length; a VNI outside 1 to 16777214 or a VLAN outside 2 to 4094; a key of O(config[].template_params) that
    an option sets (V(enableL3OnBorder) is O(config[].l3_gateway_on_border)). A VNI or VLAN outside the fabric's own ranges
    is a warning only. See the guide's section on what is checked before anything is written.
  - The checks read, once per task and only when it writes something, the fabric's VRFs (only when the task gives a VNI,
    a VLAN or a network's VRF anew, not for a new gateway or a detach), its settings and (when the task attaches) the
    attachments of the VRFs and of the other networks (0 to 4 requests more), and the interface list of each switch the
    task brings ports to (1 request per such switch).
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed network before
    and after. A refusal that rests on the fabric's current state (a network in a VRF an earlier task of the play
    creates, or attached to a switch an earlier fabricops.dashboard.fabric_switches task adds) is a warning in check mode,
    since that earlier task changed nothing there.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options,
    output, checks and deploy go through its C(/api/v1/manage) API. There, O(config[].template_params)
    takes only the template keys the typed network object of that API has a place for (C(loopbackId)), and a task
    giving another key, or a template other than the default one, is refused before anything is written (use the
    options, or O(controller_api=legacy) on a dashboard that still serves the legacy API); changed networks are sent
    one request each, as that API has no bulk update. Ports travel as the attachment's C(interfaces) (trunk ports),
    and a layer-2-only network is one without a VRF name.
seealso:
  - module: fabricops.dashboard.vrfs
    description: The VRFs these networks live in.
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
      - The networks. Options left out are not changed by V(merged); V(replaced) and V(overridden) reset them to the
        defaults shown.
    type: list
    elements: dict
    default: []
    suboptions:
      name:
        description: Name of the network (1 to 64 letters, digits, C(_), C(.), C(:) or C(-)).
        type: str
        required: true
      network_id:
        description:
          - The network's layer-2 VNI (segment id); cannot be reset by V(replaced).
          - When left out on create, the controller gives its next free one (asked once per network, each created before the
            next is asked for, so no two get the same id); V(merged) and V(replaced) then keep it. Check mode and the diff
            cannot know it and leave it out of RV(after); a real run's RV(after) shows the id given.
          - V(rendered) cannot ask the controller, so there it is required.
        type: int
      vrf:
        description: The VRF the network belongs to. Needed to create a network unless O(config[].layer2_only=true).
        type: str
      layer2_only:
        description: A layer-2-only network, in no VRF. Default V(false).
        type: bool
      vlan_id:
        description: VLAN of the network on its switches. When left out on create, the controller picks one.
        type: int
      vlan_name:
        description: Name of that VLAN. Default V("").
        type: str
      gateway_ipv4:
        description: Anycast gateway IPv4 address with prefix length, for example V(10.1.1.1/24). Default V("").
        type: str
      gateway_ipv6:
        description: Anycast gateway IPv6 address with prefix length, for example V(2001:db8::1/64). Default V("").
        type: str
      interface_description:
        description: Description of the network's SVI. Default V("").
        type: str
      mtu:
        description: MTU of the network's SVI. Default V(9216).
        type: int
      tag:
        description: Route tag. Default V(12345).
        type: int
      suppress_arp:
        description: ARP suppression. Default V(false).
        type: bool
      multicast_group:
        description:
          - Multicast group address for BUM traffic in a multicast-replication fabric. No default is sent (the controller
            refuses one in an ingress-replication fabric); V(replaced) keeps the current value when not given.
        type: str
      trm:
        description: Tenant routed multicast. Default V(false).
        type: bool
      route_target_both:
        description: Automatic route targets for import and export. Default V(false).
        type: bool
      l3_gateway_on_border:
        description: Layer-3 gateway on border switches. Default V(false).
        type: bool
      template:
        description: The controller's network template. Default V(Default_Network_Universal).
        type: str
      extension_template:
        description: The controller's network extension template. Default V(Default_Network_Extension_Universal).
        type: str
      template_params:
        description:
          - Template parameters this module does not name as options, by the template's own names (for example
            V(dhcpServerAddr1) or V(loopbackId)). Values are sent as text, as the controller stores them.
          - V(merged) changes only the parameters given here; V(replaced) too, since the module cannot know the template's
            defaults for parameters it does not name.
        type: dict
      attach:
        description:
          - The switches, and their ports, that carry the network. V(merged) adds these (a switch already attached gains the
            listed ports and keeps the others); V(replaced) and V(overridden) make the attachments exactly these, detaching
            switches and ports not listed (an empty or missing list detaches all).
          - Spine switches take no attachments.
        type: list
        elements: dict
        suboptions:
          switch:
            description: The switch, by its name, serial number or IP address as the fabric inventory lists it.
            type: str
            required: true
          ports:
            description:
              - Interfaces of the switch that carry the network, named as the switch's interface list names them, for
                example V(Ethernet1/13).
              - A port the switch does not have is refused before anything is written.
            type: list
            elements: str
          vlan:
            description: VLAN of the network on this switch, when not the network's own O(config[].vlan_id).
            type: int
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
"""

EXAMPLES = r"""
- name: A VRF and two networks in it, attached to a leaf's ports and deployed
  fabricops.dashboard.networks:
    fabric: site-a
    state: merged
    deploy: true
    config:
      - name: web
        network_id: 30101
        vrf: vrf-1
        vlan_id: 2401
        gateway_ipv4: 10.1.1.1/24
        attach:
          - switch: site-a-leaf-2
            ports: [Ethernet1/13, Ethernet1/14]
      - name: storage
        network_id: 30102
        layer2_only: true
        vlan_id: 2402
        attach:
          - switch: site-a-leaf-2
            ports: [Ethernet1/15]

- name: Networks whose ids (L2 VNIs) the controller chooses, the next free ones of the fabric's range
  fabricops.dashboard.networks:
    fabric: site-a
    config:
      - name: app-1
        vrf: vrf-1
      - name: app-2
        vrf: vrf-1

- name: Change web's VLAN only; its VRF, segment id and every other setting stay
  fabricops.dashboard.networks:
    fabric: site-a
    config:
      - name: web
        vlan_id: 2411

- name: Export every network of the fabric (brownfield)
  fabricops.dashboard.networks:
    fabric: site-a
    state: gathered
  register: existing

- name: Feeding it back changes nothing
  fabricops.dashboard.networks:
    fabric: site-a
    config: "{{ existing.gathered }}"

- name: web exactly as given, carried by one port only (the others are detached), deployed
  fabricops.dashboard.networks:
    fabric: site-a
    state: replaced
    deploy: true
    config:
      - name: web
        vrf: vrf-1
        vlan_id: 2401
        gateway_ipv4: 10.1.1.1/24
        attach:
          - switch: site-a-leaf-2
            ports: [Ethernet1/13]

- name: Delete storage (undeployed and detached first; fine when already gone)
  fabricops.dashboard.networks:
    fabric: site-a
    state: deleted
    config:
      - name: storage

- name: The requests a run would send, without connecting
  fabricops.dashboard.networks:
    fabric: site-a
    state: rendered
    deploy: true
    config:
      - name: app
        network_id: 30103
        vrf: vrf-1
        attach:
          - switch: FDO12345678
            ports: [Ethernet1/20]
  register: requests
"""

RETURN = r"""
before:
  description:
    - The networks concerned as they were, in the format O(config) takes, attachments by switch name.
    - These are the listed networks that exist; every network of the fabric for V(overridden), V(gathered), and V(deleted) without
      O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same networks as the task leaves them (as planned, in check mode); a deleted network is left out.
    - A network created without O(config[].network_id) shows the id the controller gave it; check mode cannot know that id and
      leaves it out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description: Every network of the fabric, in the format O(config) takes, so that it can be fed back to V(merged).
  returned: when O(state=gathered)
  type: list
  elements: dict
rendered:
  description:
    - The requests a run would send to create the listed networks in a fabric that has none of them, each with C(method),
      C(path) (from the API root) and C(body) (the controller's own field names).
    - They are one bulk create, one call for all attachments if any are listed, and with O(deploy) the deploy of the
      attached networks.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed network, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the network's key (its name).
    - C(before) and C(after) are the network before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
deploy:
  description: Names of the networks a deploy was (or, in check mode, would be) sent for.
  returned: when O(deploy=true) and some network needed deploying
  type: list
  elements: str
  sample: ["web", "storage"]
deployment:
  description:
    - Per network, the deployment state of each switch it is attached to, by switch name, when the wait ended.
    - Also when a deploy failed or did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy failed
  type: dict
  sample: {"web": {"site-a-leaf-2": "DEPLOYED"}, "storage": {"site-a-leaf-2": "DEPLOYED"}}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["POST /top-down/bulk-create/networks", "POST /top-down/fabrics/site-a/networks/attachments",
           "POST /top-down/fabrics/site-a/networks/deployments"]
failed_items:
  description:
    - When the controller refused some items of a request, each refused item with the controller's message. The items are
      networks (bulk create and delete) or networks on a switch (attachments, keyed by network name, serial number and switch name).
  returned: on a partial failure
  type: dict
  sample: {"storage-[FDO2111AAAA/site-a-leaf-2]": "Entered Network VLAN ID 2402 is in use already"}
succeeded_items:
  description: The items of that request that the controller did accept, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = NETWORKS.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
