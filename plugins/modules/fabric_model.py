#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
module: fabric_model
short_description: Check a fabric's Network-as-Code vxlan model offline and translate it for the resource modules
version_added: 1.1.0
description:
  - Reads a whole fabric from Cisco's Network-as-Code (NaC) C(vxlan) data model, as netascode/ansible-dc-vxlan 0.8.0 reads it,
    with NaC's defaults for the keys the model leaves out (NaC's C(defaults.yml), not the controller template's defaults).
  - With O(stage=validate), checks the whole model offline, without a login or any request, and reports every problem at once,
    each named by its path in the model (such as C(vxlan.overlay.networks[2].vlan_id)) with what is wrong and how to fix it.
    The checks are the model's own rules (names unique, references resolve, VLAN, VNI and address ranges) and then our
    resource modules' intent checks across the whole fabric (one VNI in two networks or VRFs, one VLAN held by two VRFs or
    networks on one switch, one port in two port-channels, a network on a port the model makes routed or a port-channel
    member).
  - A key of the model that this collection does not implement yet is a problem named by its path, never silently ignored;
    see the notes for the keys taken.
  - A model without problems is translated into the C(config) of each of the collection's eight resource modules, returned in
    RV(resources), in the format those modules take.
  - The model's secrets (OSPF, IS-IS, BGP, PIM and BFD authentication keys, VRF BGP passwords) are masked in every output,
    RV(resources) included; the problems never quote a value of a key that holds one.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.attributes
options:
  model:
    description:
      - The fabric's C(vxlan) dict, as a NaC repository's C(host_vars/<fabric>/*.nac.yaml) files define it for the fabric's
        inventory host.
      - NaC merges the files of that directory key by key; so does Ansible with C(hash_behaviour=merge), or give the merged dict.
    type: dict
    required: true
  stage:
    description:
      - What to do with the model. V(validate) checks it and returns the translated resources.
      - The other stages (preview, apply, deploy, remove) come with the role C(fabricops.dashboard.fabric).
    type: str
    choices: [validate]
    default: validate
attributes:
  action_group:
    support: none
  check_mode:
    support: full
    details: Sends nothing in any mode; check mode returns the same result.
notes:
  - Keys taken, with NaC's defaults where the model leaves them out. C(fabric.name); C(fabric.type), V(VXLAN_EVPN) only (the
    fabric template C(Easy_Fabric)); under C(global.ibgp) C(bgp_asn), C(route_reflectors), C(anycast_gateway_mac), the four
    C(layer2_vni_range), C(layer3_vni_range), C(layer2_vlan_range), C(layer3_vlan_range), C(dns_servers), C(ntp_servers).
  - Under C(underlay) C(general) (C(routing_protocol), C(replication_mode), loopback ids, routing tag, MTUs,
    C(unshut_host_interfaces)), C(ipv4) (numbering, subnet mask, the four address ranges), C(ospf), C(isis), C(bgp) and C(bfd)
    (authentication included), C(multicast) (rendezvous points, RP loopback ids, C(ipv4.group_subnet), TRM and PIM
    authentication); C(enable_ipv6_underlay) and C(manual_underlay_allocation) only at V(false).
  - Keys read by NaC only in another mode are refused when given in this one (C(underlay.ospf) in an IS-IS fabric,
    C(underlay.multicast) with ingress replication). C(underlay.ipv6.enable_ipv6_link_local_address) and
    C(underlay.ipv6.underlay_subnet_mask) have no effect in an IPv4 underlay, as in NaC.
  - C(topology.switches) with C(name) (the hostname the model refers to switches by, and the switch's hostname, its
    C(host_11_1) policy as NaC sets it), C(serial_number) (checked, unique; not sent, the switch is discovered by its
    address), C(role) and C(management.management_ipv4_address) (the address the switch is discovered at and named by in
    every resource);
    C(management.default_gateway_v4) and C(management.subnet_mask_v4) are accepted and have no effect (NaC reads them only for
    POAP bootstrap).
  - C(topology.switches[].interfaces) of the modes V(access), V(trunk), V(access_po), V(trunk_po), V(routed), V(routed_po)
    and V(loopback), each with the keys NaC's template of that mode reads and our interfaces module has an option or a policy
    parameter for (NaC's per-mode defaults where left out); a port-channel's C(speed) and C(duplex) only at V(auto).
  - C(topology.vpc_peers) (C(peer1), C(peer2), C(fabric_peering), C(domain_id), and the peer-link interfaces, which become
    pre-provisioned intra-fabric links as NaC makes them); C(topology.fabric_links) (the links module, each with its
    C(template)); C(topology.edge_connections) (NaC's two policies on the source switch, the eBGP peer template and the routed
    interface); C(policy) (C(policies) with C(template_name) and C(template_vars), C(groups) with priorities, C(switches) with
    their groups), each policy described C(nac_<name>) as NaC names it.
  - C(overlay.vrfs) (the keys of NaC's VRF template that our vrfs module has options for, and C(bgp_password)),
    C(overlay.networks) (likewise for networks), C(overlay.vrf_attach_groups) and C(overlay.network_attach_groups) with their
    switches and ports. C(netflow_enable), C(no_rp) and C(enable_l3_vni_no_vlan) only at V(false).
  - Refused by path, not implemented. vPC interfaces (C(access_vpc), C(trunk_vpc)), C(dot1q) and sub-interfaces, breakouts,
    a policy's C(filename), C(overlay_extensions), C(multisite), POAP and bootstrap settings, C(global.ibgp.vpc), syslog
    servers, network DHCP relays and secondary gateways, VRF TRM settings, an IPv6 or a manually allocated underlay, the
    deprecated keys directly under C(global), and every other key these notes do not name.
seealso:
  - module: fabricops.dashboard.fabrics
  - module: fabricops.dashboard.fabric_switches
  - module: fabricops.dashboard.vrfs
  - module: fabricops.dashboard.networks
'''

EXAMPLES = r'''
# inventory: one host per fabric; host_vars/<fabric>/*.nac.yaml hold its vxlan model, as in a NaC repository
- name: Check every fabric's model before anything is sent
  hosts: fabrics
  gather_facts: false
  tasks:
    - name: Validate the fabric's vxlan model
      fabricops.dashboard.fabric_model:
        model: "{{ vxlan }}"
        stage: validate
      register: fabric

    - name: Render the VRFs the model gives, as the vrfs module would send them
      fabricops.dashboard.vrfs:
        fabric: "{{ fabric.resources.fabrics[0].name }}"
        state: rendered
        config: "{{ fabric.resources.vrfs }}"
'''

RETURN = r'''
problems:
  description:
    - Every problem of the model, when it has any (the task then fails). Empty otherwise.
  returned: always
  type: list
  elements: dict
  contains:
    path:
      description: The key at fault, by its path in the model, such as C(vxlan.overlay.networks[2].vlan_id).
      type: str
    msg:
      description: What is wrong and how to fix it.
      type: str
  sample:
    - path: vxlan.overlay.networks[1].vrf_name
      msg: VRF 'tenant-9' is not in vxlan.overlay.vrfs; add it there, or fix the name.
resources:
  description:
    - The model as the C(config) of each of the collection's resource modules, by module name (each of them with the fabric's
      name, C(resources.fabrics[0].name), as its C(fabric)). Switches are named by their management address.
    - Secrets are masked (C(********)).
  returned: success
  type: dict
  contains:
    fabrics:
      description: The C(config) of M(fabricops.dashboard.fabrics), one fabric.
      type: list
      elements: dict
    fabric_switches:
      description: The C(config) of M(fabricops.dashboard.fabric_switches).
      type: list
      elements: dict
    vrfs:
      description: The C(config) of M(fabricops.dashboard.vrfs).
      type: list
      elements: dict
    networks:
      description: The C(config) of M(fabricops.dashboard.networks).
      type: list
      elements: dict
    interfaces:
      description: The C(config) of M(fabricops.dashboard.interfaces).
      type: list
      elements: dict
    vpc_pairs:
      description: The C(config) of M(fabricops.dashboard.vpc_pairs).
      type: list
      elements: dict
    links:
      description: The C(config) of M(fabricops.dashboard.links).
      type: list
      elements: dict
    policies:
      description: The C(config) of M(fabricops.dashboard.policies).
      type: list
      elements: dict
'''

from ansible.module_utils.basic import AnsibleModule

ARGUMENT_SPEC = {
    'model': {'type': 'dict', 'required': True},
    'stage': {'type': 'str', 'choices': ['validate'], 'default': 'validate'},
}


def main():
    # The action plugin of the same name does the work on the control node; this runs only when it is bypassed.
    # the model may hold secrets: kept out of the result's invocation
    spec = dict(ARGUMENT_SPEC, model=dict(ARGUMENT_SPEC['model'], no_log=True))
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    module.fail_json(msg='fabricops.dashboard.fabric_model runs as an action on the control node; run it by its full name.')


if __name__ == '__main__':
    main()
