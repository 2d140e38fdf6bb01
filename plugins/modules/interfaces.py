#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# Over 400 lines for its DOCUMENTATION, EXAMPLES and RETURN alone, which Ansible reads from the module's own file; the
# code is the last few lines, and the resource lives in plugins/module_utils/_resources/interfaces/.

from __future__ import annotations

DOCUMENTATION = r"""
module: interfaces
short_description: Interfaces of a fabric's switches (ports, port-channels, vPCs, loopbacks, sub-interfaces, SVIs), idempotently
version_added: 1.0.0
description:
  - Manages the interfaces of the switches of a fabric through the fabric controller's interface policies, with the states
    of Ansible's network resource modules (see O(state)). It manages access and trunk ports, routed ports, loopbacks, sub-interfaces,
    SVIs (interface VLANs), access, trunk and routed port-channels with their member ports, and vPCs (a port-channel across the
    two switches of a vPC pair) with each switch's member ports.
  - An interface is named by its switch (O(config[].switch)) and its name (O(config[].name)). Names are read in any letter
    case and short form (V(eth1/10), V(po10), V(lo0), V(Vlan10)) and returned as the controller spells them (V(Ethernet1/10),
    V(port-channel10), V(Loopback0), V(Ethernet1/1.10), V(vPC10), V(vlan10)).
  - A vPC (V(vPC10)) lives on a vPC pair, which must exist (pair the switches first); O(config[].switch) names either
    switch of the pair; the module takes the pair from the vPCs the switch already has, and asks the controller for it (one
    request per switch named by a vPC) only when it has none. Results
    name a vPC by the pair's first switch (peer 1), whose member ports are O(config[].peer1_members); the other switch's are
    O(config[].peer2_members). Both switches of the pair are read; only the ones O(config) names are changed unasked.
  - The interfaces of each switch concerned are read once, in one request per switch (and the fabric inventory, to find the
    switches, once per run, as the run's later tasks of the fabric take it from the first unless they name a switch it does
    not list or a M(fabricops.dashboard.fabric_switches) task changed the fabric's switches since). The task then sends only
    what differs, in as few requests as the controller allows (one request for all changed interfaces, one create per
    policy, one deploy). A second run with the same config sends no write and reports no change.
  - Each kind and mode has a policy (the controller's interface template) that the module chooses and O(config[].policy) may
    name, one of V(int_access_host), V(int_trunk_host), V(int_routed_host), V(int_port_channel_access_host),
    V(int_port_channel_trunk_host), V(int_l3_port_channel), V(int_vpc_access_host), V(int_vpc_trunk_host), V(int_loopback),
    V(int_subif), V(int_vlan) (an SVI). The
    ports of a port-channel take the member policy the controller gives them, and are described by the port-channel's
    O(config[].members), never on their own; so V(gathered) does not list them, and no state resets them while they are members.
  - Policy parameters this module does not name as options are kept in O(config[].template_params), which V(gathered)
    fills, so a gathered config fed back to V(merged) or V(replaced) changes nothing.
  - Before anything is written, the task is checked and refused, naming every problem in one message, when it cannot work, for
    an option the interface's kind or mode does not take (O(config[].access_vlan) on a trunk, O(config[].members) on a
    port); a VLAN outside 2 to 4094 (1 to 4094 in O(config[].allowed_vlans)); an address without a prefix length, or an IPv4
    address that is its subnet's network or broadcast address (V(172.16.0.0/30), V(172.16.0.3/30); a V(/31) or V(/32) has
    neither); a port,
    member or sub-interface parent the switch does not have; a sub-interface of a port that is not routed; a port in two
    port-channels (or vPCs), or configured on its own while a port-channel of the task has it as a member, or a member of a
    port-channel or vPC the task does not change; a vPC on a switch in no vPC pair; a key of O(config[].template_params)
    that an option sets; an SVI whose VLAN (its name's number) is outside 2 to 4094; a switch the fabric does not have (in
    every state); a member port of a vPC pair's peer-link given to a port-channel or vPC or configured on its own, and the
    peer-link's port-channel itself (in every state; the pair holds them, see M(fabricops.dashboard.vpc_pairs)).
  - A port that a network's attachment lists (M(fabricops.dashboard.networks), C(attach) C(ports)) carries that network's
    VLAN. A change that leaves it unable to is refused, naming the interface and the networks, in every state but
    V(rendered) and V(gathered), when it makes the port a routed port (O(config[].mode=routed), the only way a port takes an address,
    or a reset by V(deleted) or V(overridden) to the default policy of a switch that is not a leaf, a routed port), a
    member of a port-channel or vPC (O(config[].members), O(config[].peer1_members), O(config[].peer2_members)), or an
    access port of a VLAN other than the network's (an access port carries one VLAN); the same for a port-channel the
    attachment lists, made routed or an access port of another VLAN. Detach the port from the network first
    (M(fabricops.dashboard.networks), in an earlier task), or keep it a layer-2 port of the network's VLAN. Any other change
    of a layer-2 port (its trunk VLANs, its description) keeps the attachment. The attachments are read only by a task with
    such a change, once per run and fabric (one request; on the legacy API two when a network is attached anywhere, the
    fabric's networks and then the attachments of those attached), and read again after a networks task of the run writes.
  - A refusal that rests on the fabric as it is (a switch its inventory does not list yet, a vPC's switch in no pair yet, a
    member of a port-channel the task does not change, the peer-link and its ports, a sub-interface's parent the task does not
    list, a network's attachment of the port) is a warning in check mode, since an earlier task of the play may change that;
    the interfaces of a switch not in the fabric are then taken as new, and so is a vPC of a switch in no pair (on that switch
    alone).
  - When the controller refuses a request part way (a policy it does not have, say), the task fails naming the interfaces
    of that request and the ones the requests before it did change; nothing is sent twice. When it marks some interfaces for
    delete and refuses others, the task fails naming those it refused in RV(failed_items), after deploying the ones it did
    mark (a marked interface is no longer listed, so a later run could not send that deploy).
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed interface before
    and after.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options, output and
    checks go through its C(/api/v1/manage) API, which types each interface's policy. There the module manages access and
    trunk ports, loopbacks and SVIs; it reads the fabric's switch list and one list per switch, sends one request per
    changed interface (that API has no bulk update) and one create per switch, returns ports to the default policy with
    C(interfaceActions/normalize) (never a delete), removes loopbacks and SVIs with C(interfaceActions/remove), and deploys
    with one C(interfaceActions/deploy) per task, then waits on the switches' sync state. Refused there before anything is
    written (use O(controller_api=legacy) on a dashboard that still serves the legacy API) are port-channels, vPCs and
    sub-interfaces, routed ports (O(config[].mode=routed)), a O(config[].policy) other than V(int_access_host),
    V(int_trunk_host), V(int_loopback) and V(int_vlan), a key of O(config[].template_params) or an option the typed
    policy has no field for (an SVI's O(config[].vrf), say), returning a port of a switch that is not a leaf to its default
    (a routed port), and a task that deploys (a delete always does) on a fabric whose deployments are frozen.
seealso:
  - module: fabricops.dashboard.networks
    description: The networks whose VLANs the ports carry.
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
  fabric:
    description:
      - Name of the fabric the switches are in.
    type: str
    required: true
  state:
    description:
      - V(merged) sets the options given for the listed interfaces (creating the logical ones that do not exist); nothing
        else is touched. A new mode (or policy) starts the interface from that mode's defaults, keeping its description,
        O(config[].enabled) and O(config[].speed).
      - V(replaced) makes each listed interface exactly what is given, with the documented defaults for options not given;
        policy parameters this module does not name keep their value unless the mode changes.
      - V(overridden) is V(replaced) for the listed interfaces, and on the switches O(config) names (only those) returns every
        other physical port to the controller's default policy and deletes every other loopback, port-channel and
        sub-interface, and every other vPC of the vPC pair of a switch it names. Ports that are members of a port-channel the
        task keeps are left as they are. A switch O(config) does not name is never touched; O(config) cannot be empty. Only
        interfaces with one of the module's policies (see the description) are reset or removed unasked; the fabric's own
        interfaces (underlay loopbacks and links, with their fabric policies) and those with other policies are left as they
        are, and so are SVIs O(config) does not list (a network's attachment may give a switch its SVI).
      - V(deleted) returns the listed physical ports to the controller's default policy (a trunk on a leaf, a routed port on
        other roles), and removes the listed logical interfaces. Both are marked for delete and then deployed, as the
        controller requires, whatever O(deploy) says. An interface already absent, or a port already at the default, is
        fine, and so is a vPC of a switch in no vPC pair. O(config) cannot be empty.
      - V(gathered) reads every interface of every switch of the fabric, except the members of port-channels (and of vPCs,
        where the controller gives them a vPC member policy, and of a vPC pair's peer-link), each vPC once (by its pair's first switch), and returns
        them in RV(gathered), in the format O(config) takes, so they can be fed back unchanged (brownfield export).
      - V(rendered) returns in RV(rendered) the requests a run would send to create the listed interfaces on switches that
        have none of them, without connecting to anything. O(config[].switch) is taken as the switch's serial number. A vPC
        is refused, since only the controller knows its pair.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - After the changes, deploy the interfaces the task changed, and the ports a port-channel change added or released.
        Only these interfaces are deployed, not the whole switch.
      - Deleting and resetting always deploy what they marked for delete, whatever this option says.
    type: bool
    default: false
  wait:
    description:
      - Wait until every deployed interface reports V(IN-SYNC) (or is gone, when removed), and return the state of each in
        RV(deployment).
      - With O(deploy), a listed interface the task leaves as it is whose deploy is still running (an earlier run's wait ran
        out, say) is waited for too, and not deployed a second time.
    type: bool
    default: true
  wait_timeout:
    description:
      - How many seconds O(wait) waits at most. When they run out, the task fails naming the interfaces not deployed yet.
    type: int
    default: 300
  config:
    description:
      - The interfaces. Options left out are not changed by V(merged); V(replaced) and V(overridden) reset them to the
        defaults shown, which depend on the kind and mode.
    type: list
    elements: dict
    default: []
    suboptions:
      switch:
        description: The switch, by its name, serial number or IP address as the fabric inventory lists it.
        type: str
        required: true
      name:
        description:
          - The interface, such as V(Ethernet1/10), V(port-channel10), V(Loopback0), V(Ethernet1/1.10) (a sub-interface) or
            V(vlan10) (an SVI, of VLAN 10), in any letter case.
        type: str
        required: true
      mode:
        description:
          - The mode of a physical port or a port-channel (V(access), V(trunk) or V(routed)) or a vPC (V(access) or V(trunk)). It
            chooses the policy, and which options the interface takes.
          - Needed to set a port whose current policy the module does not know, and to create a port-channel or vPC. Loopbacks,
            sub-interfaces and SVIs are routed; leave it out for them.
        type: str
        choices: [access, trunk, routed]
      policy:
        description:
          - The controller's interface template. Defaults to the one of the kind and mode (see the description).
          - A template this module does not know takes no named option; give its parameters in O(config[].template_params).
        type: str
      description:
        description: The interface's description. Default V("").
        type: str
      enabled:
        description: Whether the interface is up (not shut down). Default V(true).
        type: bool
      mtu:
        description:
          - On access and trunk ports, port-channels and vPCs, V(jumbo) (9216, the default) or V(default) (1500); V(9216) and
            V(1500) are read as these.
          - On routed ports and port-channels, sub-interfaces and SVIs, a number from 576 to 9216; default V(9216).
        type: str
      speed:
        description: Speed of a physical port, such as V(Auto) (the default), V(10Gb), V(25Gb) or V(100Gb), in any letter case.
        type: str
      access_vlan:
        description: The VLAN of an access port, port-channel or vPC (2 to 4094). Default none (the switch's default VLAN).
        type: int
      allowed_vlans:
        description:
          - The VLANs a trunk port, port-channel or vPC carries, as V(none) (the default), V(all) or VLANs and ranges such as
            V(10,20-30). Returned as ranges in ascending order.
        type: str
      native_vlan:
        description: The native VLAN of a trunk port, port-channel or vPC (2 to 4094). Default none.
        type: int
      members:
        description:
          - The member ports of a port-channel, such as V([Ethernet1/20, Ethernet1/21]). They take the controller's member
            policy; a port left out of the list goes back to the default policy. A port can be in one port-channel only.
          - Default V([]).
        type: list
        elements: str
      peer1_members:
        description:
          - The member ports of a vPC on the pair's first switch (peer 1, the switch results name the vPC by), such as
            V([Ethernet1/30]). A port can be in one port-channel or vPC only.
          - Default V([]).
        type: list
        elements: str
      peer2_members:
        description:
          - The member ports of a vPC on the pair's second switch (peer 2). Default V([]).
        type: list
        elements: str
      pc_mode:
        description: The LACP mode of a port-channel's or vPC's members. Default V(active).
        type: str
        choices: [active, passive, 'on']
      ipv4_address:
        description:
          - The IPv4 address of a routed port or port-channel, sub-interface, SVI or loopback, with its prefix length, such as
            V(10.0.0.1/30); a host's address of that subnet, not its network or broadcast address (V(10.0.0.0/30) and
            V(10.0.0.3/30) are refused). A loopback's is one address (V(/32), added when left out). Default none.
        type: str
      ipv6_address:
        description:
          - The IPv6 address of a sub-interface, with its prefix length (V(2001:db8::1/64)), or of a loopback (one address,
            V(/128), added when left out). Returned in lower case. Default none.
          - Routed ports, port-channels and SVIs take none here (the controller's clients show no IPv6 parameter of their
            policies); give the policy's own parameters in O(config[].template_params) if it has them.
        type: str
      vrf:
        description: The VRF of a routed port or port-channel, sub-interface, SVI or loopback. Default V("") (the default VRF).
        type: str
      dot1q_vlan:
        description: The 802.1Q tag of a sub-interface (2 to 4094). Default the sub-interface's number (V(10) for V(Ethernet1/1.10)).
        type: int
      template_params:
        description:
          - Policy parameters (C(nvPairs)) this module does not name as options, by the policy's own names (for example
            V(BPDUGUARD_ENABLED) or V(CONF)). Values are sent as text, as the controller stores them.
          - A key an option sets (V(ACCESS_VLAN) is O(config[].access_vlan)) is refused, naming the option.
        type: dict
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
notes:
  - The controller's default policy of a physical port, which V(deleted) and V(overridden) return a port to, is taken to be
    C(int_trunk_host) with no allowed VLANs on a leaf and C(int_routed_host) with no address on other roles, as the
    controller's own clients reset ports.
"""

EXAMPLES = r"""
- name: A server's access port, a trunk to a hypervisor, a routed uplink and a loopback, deployed
  fabricops.dashboard.interfaces:
    fabric: site-a
    deploy: true
    config:
      - switch: site-a-leaf-2
        name: Ethernet1/10
        mode: access
        access_vlan: 2301
        description: web-01
      - switch: site-a-leaf-2
        name: Ethernet1/11
        mode: trunk
        allowed_vlans: 2301-2310,2400
        native_vlan: 2301
      - switch: site-a-leaf-2
        name: Ethernet1/48
        mode: routed
        ipv4_address: 10.33.0.1/30
        mtu: "9216"
      - switch: site-a-leaf-2
        name: loopback10
        ipv4_address: 10.2.0.10/32
        vrf: vrf-1

- name: A port-channel to a host, with two member ports
  fabricops.dashboard.interfaces:
    fabric: site-a
    deploy: true
    config:
      - switch: site-a-leaf-2
        name: port-channel20
        mode: trunk
        members: [Ethernet1/20, Ethernet1/21]
        allowed_vlans: 2301,2302

# site-a-leaf-3 and site-a-leaf-4 are a vPC pair; either names it
- name: A vPC to a host across a leaf pair
  fabricops.dashboard.interfaces:
    fabric: site-a
    deploy: true
    config:
      - switch: site-a-leaf-3
        name: vPC30
        mode: trunk
        peer1_members: [Ethernet1/30]
        peer2_members: [Ethernet1/30]
        allowed_vlans: 2301,2302
        description: host-7

- name: A sub-interface of a routed port
  fabricops.dashboard.interfaces:
    fabric: site-a
    config:
      - switch: site-a-leaf-2
        name: Ethernet1/47.100
        ipv4_address: 10.34.0.1/30
        vrf: vrf-1

- name: Export every interface of the fabric (brownfield)
  fabricops.dashboard.interfaces:
    fabric: site-a
    state: gathered
  register: existing

- name: Feeding it back changes nothing
  fabricops.dashboard.interfaces:
    fabric: site-a
    config: "{{ existing.gathered }}"

- name: An SVI on a leaf, a routed port-channel on a spine, a loopback and a sub-interface with IPv6 addresses
  fabricops.dashboard.interfaces:
    fabric: site-a
    deploy: true
    config:
      - switch: site-a-leaf-2
        name: vlan2301
        ipv4_address: 10.23.1.1/24
        vrf: vrf-1
      - switch: site-a-spine-1
        name: port-channel40
        mode: routed
        members: [Ethernet1/40, Ethernet1/41]
        ipv4_address: 10.40.0.1/31
      - switch: site-a-leaf-2
        name: loopback10
        ipv4_address: 10.2.0.10/32
        ipv6_address: 2001:db8::10/128
      - switch: site-a-spine-1
        name: Ethernet1/47.100
        ipv6_address: 2001:db8:34::1/64

- name: On site-a-leaf-2 only these interfaces; every other port back to the default, other logical interfaces removed
  fabricops.dashboard.interfaces:
    fabric: site-a
    state: overridden
    config:
      - switch: site-a-leaf-2
        name: Ethernet1/10
        mode: access
        access_vlan: 2301

- name: Ethernet1/11 back to the default policy, loopback10 removed
  fabricops.dashboard.interfaces:
    fabric: site-a
    state: deleted
    config:
      - switch: site-a-leaf-2
        name: Ethernet1/11
      - switch: site-a-leaf-2
        name: Loopback10

- name: The requests a run would send, without connecting
  fabricops.dashboard.interfaces:
    fabric: site-a
    state: rendered
    config:
      - switch: FDO12345678
        name: Ethernet1/10
        mode: access
        access_vlan: 2301
  register: requests
"""

RETURN = r"""
before:
  description:
    - The interfaces concerned as they were, in the format O(config) takes, switches by name.
    - These are the listed interfaces that exist; every interface of the switches O(config) names for V(overridden), of the
      fabric for V(gathered). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same interfaces as the task leaves them (as planned, in check mode); a removed logical interface is left out, a port
      returned to the default policy is shown with it.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description:
    - Every interface of the fabric's switches but the members of port-channels, in the format O(config) takes; each vPC
      once, by its pair's first switch.
  returned: when O(state=gathered)
  type: list
  elements: dict
rendered:
  description:
    - The requests a run would send to create the listed interfaces, each with C(method), C(path) (from the API root) and
      C(body) (the controller's own field names), one create per policy, and with O(deploy) the deploy.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed interface, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the interface's key (its switch and interface name).
    - C(before) and C(after) are the interface before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
left_alone:
  description:
    - The listed interfaces that O(state=deleted) left alone although they exist, each with why
      (a port-channel, vPC or vPC peer-link member, which the object whose members it is describes).
    - Each is also said in a warning; in check mode too.
  returned: when O(state=deleted) left some alone
  type: dict
deploy:
  description: The interfaces a deploy was (or, in check mode, would be) sent for, each as its switch and its name.
  returned: when some interface needed deploying
  type: list
  elements: str
  sample: ["site-a-leaf-2 Ethernet1/10", "site-a-leaf-2 port-channel20"]
deployment:
  description:
    - Per switch, the state of each deployed interface when the wait ended (V(IN-SYNC); V(NA) for one removed).
    - Also when a deploy did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy failed
  type: dict
  sample: {"site-a-leaf-2": {"Ethernet1/10": "IN-SYNC", "port-channel20": "IN-SYNC"}}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["POST /interface/modify", "POST /globalInterface", "POST /globalInterface/deploy"]
failed_items:
  description:
    - When the controller refused a request, each interface of that request (switch and name) with its message.
    - When it refused some interfaces of a mark for delete, those interfaces, each with the controller's words.
  returned: on a partial failure
  type: dict
  sample: {"site-a-leaf-2 Loopback11": "Failed to get template. Template with name int_loopback_custom not found"}
succeeded_items:
  description: The interfaces the task's earlier requests did change, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = INTERFACES.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
