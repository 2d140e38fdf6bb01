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
  - With O(stage=report), writes the report of a run of those modules (their registered results), for the preview and apply
    stages of the role C(fabricops.dashboard.fabric).
  - The model's secrets (OSPF, IS-IS, BGP, PIM and BFD authentication keys, VRF BGP passwords) are masked in every output,
    RV(resources) included (with O(stage=translate), which returns them, the displayed result is hidden); the problems never
    quote a value of a key that holds one.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.attributes
options:
  model:
    description:
      - The fabric's C(vxlan) dict, as a NaC repository's C(host_vars/<fabric>/*.nac.yaml) files define it for the fabric's
        inventory host.
      - NaC merges the files of that directory key by key; so does Ansible with C(hash_behaviour=merge), or give O(model_dir)
        instead.
      - One of O(model) and O(model_dir) is needed, except with O(stage=report).
    type: dict
  model_dir:
    description:
      - The directory of the fabric's model files (C(host_vars/<fabric>)), read as NaC reads it, in place of O(model). The
        C(vxlan) of every C(.yml), C(.yaml) and C(.json) file, in the order of their names, merged key by key, lists appended
        (Ansible without C(hash_behaviour=merge) keeps only the last file's C(vxlan)). Vault-encrypted files are decrypted.
      - When given, O(model) is not read.
    type: path
  stage:
    description:
      - What to do. V(validate) checks the model and returns the translated resources, secrets masked.
      - V(translate) is V(validate) that returns the resources with their secrets, for the tasks that send them (the role
        C(fabricops.dashboard.fabric)); its displayed result is then hidden, and a line says what it holds.
      - V(report) writes the report of a run of the resource modules (O(results)) to O(report_dir), as JSON and as Markdown,
        secrets masked, and returns it.
      - V(unnamed) returns, from the policies and links the modules gathered (O(results)), those the model no longer names, of
        the kinds whose flag in O(delete_modes) is true, as the C(config) of their module's V(deleted) (RV(policies),
        RV(links)); for the role's remove stage.
      - The stages that send (preview, apply, deploy, remove) come with the role C(fabricops.dashboard.fabric).
    type: str
    choices: [validate, translate, report, unnamed]
    default: validate
  results:
    description:
      - With O(stage=unnamed), the registered results of the policies and links modules' V(gathered), as for O(stage=report).
      - With O(stage=report), the registered results of the resource module tasks, in the order they ran, each as
        C({resource, result}) (C(resource) the module's name). Each result's C(diff) (the tasks run with C(diff)) gives the
        objects added, changed (field by field, old and new values) and removed.
    type: list
    elements: dict
    default: []
  fabric:
    description: With O(stage=report), the fabric's name, the first part of the report's file names.
    type: str
  report_dir:
    description: With O(stage=report), the directory the report goes to (made if missing).
    type: path
  switch_names:
    description:
      - With O(stage=report), the switches' names by management address (RV(switch_names) of O(stage=translate)); the objects
        of a task rendered for a fabric the controller does not have yet name their switches so, as the modules' diffs do.
    type: dict
    default: {}
  controller_api:
    description:
      - The API the resource modules that take RV(resources) speak (their own O(fabricops.dashboard.fabrics#module:controller_api),
        decided, not V(auto)); the role C(fabricops.dashboard.fabric) decides it from the dashboard's release.
      - With V(manage) (the C(/api/v1/manage) API of Nexus Dashboard 4.2), each key of the model that leads to a setting the
        modules' 4.2 mappings have no field for is a problem named by its path, and so is the V(deploy) stage among
        O(stages); see the notes. RV(resources) then leave out NaC's defaults of the settings 4.2 has no field for.
    type: str
    choices: [legacy, manage]
    default: legacy
  release:
    description: The dashboard's release (such as V(4.2.1)), for the problems' messages with O(controller_api=manage).
    type: str
  stages:
    description:
      - The stages of the role C(fabricops.dashboard.fabric) that will run; with O(controller_api=manage), V(deploy) among them is
        a problem (the fabrics module does not deploy a fabric through C(/api/v1/manage)).
    type: list
    elements: str
    default: []
  delete_modes:
    description:
      - With O(stage=unnamed), NaC's remove flags (its C(group_vars)), by name. C(policy_delete_mode) selects the policies
        described C(nac_<name>) that the model's policy groups no longer give their switch; C(edge_connections_delete_mode)
        the policies described C(nace_...) or C(edge_...) its edge connections no longer make; C(link_vpc_delete_mode) the
        pre-provisioned links (C(int_pre_provision_intra_fabric_link)) its vPC peers no longer name. Policies and links of
        other kinds, and those the controller made itself, are never selected.
    type: dict
    default: {}
  report_name:
    description:
      - With O(stage=report), what the results are, the second part of the report's file names
        (C(<fabric>-<report_name>.json) and C(.md)), such as V(preview) or V(apply).
    type: str
    default: preview
attributes:
  action_group:
    support: none
  check_mode:
    support: full
    details: Sends nothing in any mode; check mode returns the same result (O(stage=report) writes its files in check mode too).
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
  - On Nexus Dashboard 4.2's C(/api/v1/manage) API (O(controller_api=manage)) the fabric object carries
    C(global.ibgp.bgp_asn), C(anycast_gateway_mac), the four VNI and VLAN ranges, C(underlay.general.routing_protocol),
    C(replication_mode), C(intra_fabric_interface_mtu) and C(underlay.multicast.ipv4.group_subnet); every other fabric key
    given is refused by its path (the fabric keeps the controller's value of a key left out, not NaC's default). Interfaces
    of mode V(access), V(trunk) and V(loopback) are carried, without C(duplex), C(enable_qos), C(qos_policy),
    C(queuing_policy), C(monitor) and a loopback's C(ipv4_route_tag); port-channels and routed ports are refused by their
    C(mode). The rest of the model (switches, VRFs, networks, vPC pairs, links, edge connections, policies) is carried.
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

# The whole run of a fabric (validate, preview, apply, deploy, remove): the role fabricops.dashboard.fabric
'''

RETURN = r'''
policies:
  description: With O(stage=unnamed), the policies to delete, as M(fabricops.dashboard.policies) takes them.
  returned: success, with O(stage=unnamed)
  type: list
  elements: dict
links:
  description: With O(stage=unnamed), the links to delete, as M(fabricops.dashboard.links) takes them.
  returned: success, with O(stage=unnamed)
  type: list
  elements: dict
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
    - Secrets are masked (C(********)) with O(stage=validate); O(stage=translate) returns them as they are.
  returned: success, with O(stage=validate) or O(stage=translate)
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
switch_names:
  description: With O(stage=translate), the model's switch names by management address.
  returned: success, with O(stage=translate)
  type: dict
  sample: {192.0.2.21: spine-1}
secret_resources:
  description: With O(stage=translate), the resources whose C(config) holds a secret of the model.
  returned: success, with O(stage=translate)
  type: list
  elements: str
  sample: [fabrics]
report:
  description:
    - With O(stage=report), the report written, secrets masked. C(changes) lists each object by C(resource) and C(name), with
      its C(action) (V(added), V(changed), V(removed)), its C(values) (added, removed) or its C(fields) (changed, each with
      C(field), C(old) and C(new)); C(summary) counts them; C(warnings) and C(failed) are the tasks' by resource.
  returned: success, with O(stage=report)
  type: dict
  sample:
    fabric: site-a
    stage: preview
    check_mode: true
    summary: {added: 0, changed: 1, removed: 0}
    changes:
      - {resource: networks, name: web, action: changed, fields: [{field: vlan_id, old: 2401, new: 2411}]}
    warnings: []
    failed: []
report_files:
  description: With O(stage=report), the paths of the JSON and the Markdown report.
  returned: success, with O(stage=report)
  type: list
  elements: str
'''

from ansible.module_utils.basic import AnsibleModule

ARGUMENT_SPEC = {
    'model': {'type': 'dict'},
    'model_dir': {'type': 'path'},
    'stage': {'type': 'str', 'choices': ['validate', 'translate', 'report', 'unnamed'], 'default': 'validate'},
    'results': {'type': 'list', 'elements': 'dict', 'default': []},
    'fabric': {'type': 'str'},
    'report_dir': {'type': 'path'},
    'report_name': {'type': 'str', 'default': 'preview'},
    'switch_names': {'type': 'dict', 'default': {}},
    'controller_api': {'type': 'str', 'choices': ['legacy', 'manage'], 'default': 'legacy'},
    'release': {'type': 'str'},
    'stages': {'type': 'list', 'elements': 'str', 'default': []},
    'delete_modes': {'type': 'dict', 'default': {}},
}


def main():
    # The action plugin of the same name does the work on the control node; this runs only when it is bypassed.
    # the model may hold secrets: kept out of the result's invocation
    spec = dict(ARGUMENT_SPEC, model=dict(ARGUMENT_SPEC['model'], no_log=True))
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    module.fail_json(msg='fabricops.dashboard.fabric_model runs as an action on the control node; run it by its full name.')


if __name__ == '__main__':
    main()
