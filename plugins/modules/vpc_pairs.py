#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: vpc_pairs
short_description: vPC pairs of a fabric's switches (pair, change, unpair), idempotently
version_added: 1.0.0
description:
  - Pairs two switches of a fabric as a vPC pair, changes a pair's settings and unpairs switches, through the fabric
    controller's vPC pair calls, with the states of Ansible's network resource modules (see O(state)). A vPC interface
    (M(fabricops.dashboard.interfaces), a V(vPC30)) lives on such a pair.
  - A pair is named by its two switches, O(config[].peer1) and O(config[].peer2), each by its name, serial number or IP
    address as the fabric inventory lists it, in either order. Results name each switch by its name, peer one (the
    controller's first switch of the pair) first; a task that names the peers the other way round means the same pair,
    and its per-peer settings (O(config[].peer1_port_channel) and the others) are read as belonging to the switch they
    name.
  - With only the two switches (and O(config[].use_virtual_peerlink)), the pair takes the settings the controller chooses
    (the fabric's vPC domain range, its peer-link port-channel number, the keep-alive it sets up), as VXLAN fabrics pair
    switches. Any setting given (O(config[].domain_id), the peer-link's port-channels and members, the keep-alive, or
    O(config[].template_params)) is sent as the C(vpc_pair) template's parameters, which LAN_Classic and External fabrics
    need. The controller merges the settings an update gives into those the pair has, and has no way to remove one, so a
    setting once given stays until another value is given; V(replaced) resets only O(config[].use_virtual_peerlink).
  - The peer-link, as the controller models it, is a port-channel on each switch (O(config[].peer1_port_channel), else the
    fabric's vPC peer-link port-channel) whose members are O(config[].peer1_link_members) and O(config[].peer2_link_members)
    (when none are given the controller picks them from the links it found between the two switches); with
    O(config[].use_virtual_peerlink) there is none, the pair peers over the fabric. M(fabricops.dashboard.interfaces) shows
    the peer-link port-channel with the controller's policy C(int_vpc_peer_link_po) and never changes it unasked.
  - 'Reads: the fabric inventory once (it says which switches are paired, with which peer, in which vPC domain); then for
    each pair concerned, three reads: its peer order and vPC interfaces, its peer-link kind and its settings, since the
    controller has no fabric-wide read of them. A pair is concerned when O(config) names one of its switches, and for
    V(gathered), V(overridden) and V(deleted) without O(config), every pair of the fabric. Writes: one request per pair
    created, changed or unpaired (the controller has no bulk call), one deploy. A second run with the same config sends no
    write and reports no change.'
  - Before anything is written, the task is checked and refused, naming every problem in one message, for a switch the
    fabric does not have; a switch paired with itself; a switch named in two pairs; a switch already in another pair that
    the task does not unpair (V(overridden) unpairs it first); switches of different roles (the controller pairs switches of
    one role); a new pair the controller's recommendation for peer one does not offer or blocks (one read per new pair; it
    gives the controller's reason); the unpairing of a pair that still has vPC interfaces; a vPC domain outside 1 to 1000,
    a port-channel number outside 1 to 4096, a keep-alive address that is not an IP address, peer-link members with a
    virtual peer-link; a key of O(config[].template_params) that an option sets; a peer-link member port
    (O(config[].peer1_link_members), O(config[].peer2_link_members)) that a port-channel or vPC of its switch holds (the
    controller would make it a member of both; the message names the pair, the port and its port-channel or vPC; take
    the port out of it first with M(fabricops.dashboard.interfaces), or give other ports). For that check the task reads
    the interfaces of each switch whose peer-link gains ports, once per run (later tasks of the run use what it read).
    The facts this module follows show no rule of the controller about spines beyond the same-role one, so a pair of two spines is left to the controller's
    recommendation. A refusal that rests on the fabric as it is (a switch not in it yet, a pair to unpair first) is a
    warning in check mode, since an earlier task of the play may change that.
  - When the controller refuses a request part way (a peer-link member the switch does not have, say), the task fails
    naming that pair in RV(failed_items), the pairs done before it in RV(succeeded_items), and the ones not sent after it.
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed pair before and
    after.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options, output and
    checks go through its C(/api/v1/manage) API. There the module reads the fabric's switch list (or the run's copy of it)
    and one list of every pair with its settings, where the legacy API takes three reads per pair; it pairs, changes and
    unpairs with one request per pair (the per-switch C(vpcPair) call, sending the pair's whole settings as its typed
    C(vpcPairDetails)), counts a pair's vPC interfaces before unpairing it (one read per pair unpaired), and deploys with
    one C(switchActions/deploy) per task, then waits on the switches' sync state. Refused there before anything is sent
    (use O(controller_api=legacy) on a dashboard that still serves the legacy API) are a key of O(config[].template_params)
    that C(vpcPairDetails) has no field for (it has V(KEEP_ALIVE_HOLD_TIMEOUT), V(PC_MODE), V(ADMIN_STATE),
    V(ALLOWED_VLANS), V(PEER1_PO_DESC) and V(PEER2_PO_DESC) beside the options), a value its field's type cannot hold (a
    V(KEEP_ALIVE_HOLD_TIMEOUT) that is not a whole number, an V(ADMIN_STATE) other than true or false), and a task that
    deploys on a fabric whose deployments are frozen. A pair made without settings has no C(vpcPairDetails) there, so
    V(gathered) shows no O(config[].domain_id) for it (the legacy API shows the domain the controller chose).
seealso:
  - module: fabricops.dashboard.interfaces
    description: The vPC interfaces (port-channels across the pair) that live on a pair.
  - module: fabricops.dashboard.fabric_switches
    description: The switches of a fabric, which a pair is made of.
  - ref: ansible_collections.fabricops.dashboard.docsite.resource_modules
    description: The resource modules' guide (each state, brownfield export, deploy, a server on a vPC).
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.gathered_query
  - fabricops.dashboard.resource_state
  - fabricops.dashboard.attributes
options:
  fabric:
    description:
      - Name of the fabric the switches are in.
    type: str
    required: true
  state:
    description:
      - V(merged) pairs the listed switches that are not paired yet, and sets the settings given on pairs that exist;
        nothing else is touched.
      - V(replaced) is V(merged), but a listed pair's O(config[].use_virtual_peerlink) returns to V(false) when not given
        (settings stay, see the description).
      - V(overridden) is V(replaced) for the listed pairs, and unpairs every other pair of the fabric, first, so that a
        switch can move from one pair to another in one task.
      - V(deleted) unpairs the listed pairs (both switches named, in either order); a pair that does not exist, or switches
        the fabric does not have, are nothing to do. Without O(config), every pair of the fabric is unpaired.
      - V(gathered) returns every pair of the fabric in RV(gathered), in the format O(config) takes, so they can be fed
        back unchanged (brownfield export).
      - V(rendered) returns in RV(rendered) the requests a run would send to pair the listed switches on a fabric that has
        none of the pairs, without connecting to anything. O(config[].peer1) and O(config[].peer2) are taken as serial
        numbers.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - After the changes, deploy the switches of the pairs the task created, changed or unpaired, and of the listed pairs
        it leaves as they are whose switches the controller shows not in sync (both switches of each), in one request; no
        other switch. So a rerun with O(deploy=true) deploys a pair an earlier run changed without O(deploy). A switch whose
        deploy is still running is not deployed again.
      - The controller reports whether a switch is in sync (its C(ccStatus)), not a pair; deploying the switch (its
        C(config-deploy)) also pushes any other change waiting on it, as the controller's own deploy of a switch does.
    type: bool
    default: false
  wait:
    description:
      - Wait until every deployed switch reports V(IN-SYNC), and return the state of each in RV(deployment).
    type: bool
    default: true
  wait_timeout:
    description:
      - How many seconds O(wait) waits at most. When they run out, the task fails naming the switches not in sync yet.
    type: int
    default: 300
  config:
    description:
      - The pairs. Settings left out are not changed.
    type: list
    elements: dict
    default: []
    suboptions:
      peer1:
        description:
          - One switch of the pair, by its name, serial number or IP address as the fabric inventory lists it.
          - For a new pair, the controller's peer one (the switch results name first).
        type: str
        required: true
      peer2:
        description: The other switch of the pair, named the same way.
        type: str
        required: true
      use_virtual_peerlink:
        description:
          - Peer over the fabric (a virtual peer-link, the controller's fabric peering) instead of a physical peer-link.
            Default V(false).
        type: bool
      domain_id:
        description:
          - The vPC domain (C(DOMAIN_ID)), 1 to 1000. When not given for a new pair, the controller picks one from the fabric's
            vPC domain range; V(gathered) returns the one it picked.
        type: int
      peer1_port_channel:
        description: The number of the peer-link's port-channel on peer one (C(PEER1_PCID)), 1 to 4096.
        type: int
      peer2_port_channel:
        description: The number of the peer-link's port-channel on peer two (C(PEER2_PCID)), 1 to 4096.
        type: int
      peer1_link_members:
        description:
          - The member ports of the peer-link on peer one (C(PEER1_MEMBER_INTERFACES)), such as V([Ethernet1/53, Ethernet1/54]);
            ranges such as V(e1/53-54) are spread. Returned sorted, as the switch spells them.
        type: list
        elements: str
      peer2_link_members:
        description: The member ports of the peer-link on peer two (C(PEER2_MEMBER_INTERFACES)).
        type: list
        elements: str
      keepalive_vrf:
        description: The VRF the peer keep-alive runs in (C(KEEP_ALIVE_VRF)), such as V(management).
        type: str
      peer1_keepalive_ip:
        description: Peer one's keep-alive address (C(PEER1_KEEP_ALIVE_LOCAL_IP)), an IP address without a prefix length.
        type: str
      peer2_keepalive_ip:
        description: Peer two's keep-alive address (C(PEER2_KEEP_ALIVE_LOCAL_IP)).
        type: str
      template_params:
        description:
          - Other parameters of the C(vpc_pair) template, by the controller's own names (for example V(PC_MODE),
            V(ALLOWED_VLANS), V(PEER1_PO_DESC) or V(ADMIN_STATE)). Values are sent as text, as the controller stores them.
          - A key an option sets (V(DOMAIN_ID) is O(config[].domain_id)) is refused, naming the option.
        type: dict
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
notes:
  - The controller keeps a pair that has vPC interfaces; unpairing one is refused before anything is sent, with the advice
    to delete its vPC interfaces first (M(fabricops.dashboard.interfaces), V(deleted)).
"""

EXAMPLES = r"""
- name: Pair two leaves with the controller's settings, deployed
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    deploy: true
    config:
      - peer1: site-a-leaf-3
        peer2: site-a-leaf-4

- name: Pair two leaves with a given domain and peer-link
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    config:
      - peer1: site-a-leaf-5
        peer2: 10.1.0.6
        domain_id: 12
        peer1_port_channel: 500
        peer2_port_channel: 500
        peer1_link_members: [Ethernet1/53, Ethernet1/54]
        peer2_link_members: [e1/53-54]
        template_params:
          PEER1_PO_DESC: peer-link to leaf-6

- name: Peer over the fabric instead (a virtual peer-link)
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    config:
      - peer1: site-a-leaf-3
        peer2: site-a-leaf-4
        use_virtual_peerlink: true

- name: Export every pair of the fabric (brownfield)
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    state: gathered
  register: existing

- name: Feeding it back changes nothing
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    config: "{{ existing.gathered }}"

- name: Only this pair in the fabric; every other pair unpaired
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    state: overridden
    config:
      - peer1: site-a-leaf-3
        peer2: site-a-leaf-4

- name: Unpair two leaves
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    state: deleted
    deploy: true
    config:
      - peer1: site-a-leaf-4
        peer2: site-a-leaf-3

- name: The requests a run would send, without connecting
  fabricops.dashboard.vpc_pairs:
    fabric: site-a
    state: rendered
    config:
      - peer1: FDO12345678
        peer2: FDO12345679
        domain_id: 12
  register: requests
"""

RETURN = r"""
before:
  description:
    - The pairs concerned as they were, in the format O(config) takes, switches by name, peer one first.
    - These are the listed pairs that exist; every pair of the fabric for V(overridden), V(gathered) and V(deleted) without
      O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description: The same pairs as the task leaves them (as planned, in check mode); an unpaired pair is left out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description: Every pair of the fabric, in the format O(config) takes.
  returned: when O(state=gathered)
  type: list
  elements: dict
  sample: [{"peer1": "site-a-leaf-3", "peer2": "site-a-leaf-4", "use_virtual_peerlink": false, "domain_id": 1, "template_params": {}}]
rendered:
  description:
    - The requests a run would send to make the listed pairs, each with C(method), C(path) (from the API root) and C(body)
      (the controller's own field names), and with O(deploy) the deploy.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed pair, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the pair's key (its switches' names, peer one first (C(site-a-leaf-3~site-a-leaf-4))).
    - C(before) and C(after) are the pair before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
deploy:
  description: The switches a deploy was (or, in check mode, would be) sent for, by name.
  returned: when O(deploy=true) and some pair changed
  type: list
  elements: str
  sample: ["site-a-leaf-3", "site-a-leaf-4"]
deployment:
  description:
    - Per switch, its configuration state when the wait ended (V(IN-SYNC)).
    - Also when the deploy did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy did not finish
  type: dict
  sample: {"site-a-leaf-3": "IN-SYNC", "site-a-leaf-4": "IN-SYNC"}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["DELETE /vpcpair", "POST /vpcpair", "POST /control/fabrics/site-a/config-deploy/FDO1A2B3C4D,FDO5E6F7A8B"]
failed_items:
  description: When the controller refused a request, the pair of that request (its switches) with the controller's message.
  returned: on a partial failure
  type: dict
  sample: {"site-a-leaf-5 and site-a-leaf-6": "Invalid interface Ethernet1/99 for switch FDO5E6F7A8B"}
succeeded_items:
  description: The pairs the task's earlier requests did change, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = VPC_PAIRS.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
