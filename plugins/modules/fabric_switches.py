#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# Over 400 lines for its DOCUMENTATION, EXAMPLES and RETURN alone (a switch's whole life, on two APIs), which Ansible reads
# from the module's own file; the code is the last few lines, and the resource lives in
# plugins/module_utils/_resources/fabric_switches/.

from __future__ import annotations

DOCUMENTATION = r"""
module: fabric_switches
short_description: The switches of a fabric (discovery, pre-provisioning, roles, maintenance mode, removal), idempotently
version_added: 1.0.0
description:
  - Adds switches to a fabric of the fabric controller, sets their roles and removes them, with the states of Ansible's
    network resource modules (see O(state)).
  - A switch is named by the IP address it is discovered at (its seed IP), which the fabric's inventory then lists as its
    management address; once in the inventory the module addresses it by its serial number.
  - The fabric's inventory is read once. A switch already in it is never tested or discovered again, so a second run with the
    same config sends no write and reports no change.
  - Adding a switch tests its reachability, discovers it (switches of the same role and way of adding in one call) and, with
    O(wait), waits until the controller can manage it. A greenfield add (O(config[].preserve_config=false)) reloads the switch,
    which shows it unmanageable once before it is ready.
  - A switch the controller cannot reach, cannot log in to, or already manages in any fabric fails the task, naming it, before
    anything is discovered. Any error the controller answers fails the task naming the switches of that request.
  - A config item with O(config[].serial_number) for a switch the fabric does not have pre-provisions it (a new switch, before
    it is cabled and boots) with its O(config[].model), O(config[].version), O(config[].hostname), management address
    (O(config[].name)), O(config[].gateway), role and O(config[].image_policy). The controller lists it at once, and cannot
    manage it until it boots. Changing its serial number, model, version or hostname removes it and pre-provisions it again
    (the controller has no call that changes one), which needs O(config[].gateway) again.
  - Pre-provisioning is refused before any write when the controller already has the serial number (in any fabric, or at
    another address of this one), or another fabric has a switch at that address, naming both switches.
  - O(config[].maintenance) sets the mode the controller intends for a switch it manages, maintenance (traffic drained from
    it) or normal; with O(deploy=true) that mode is then deployed to the switch, which only then changes. Only on the legacy
    API; see the notes for 4.2.
  - Check mode sends no write (not even the reachability test) and reports the same C(changed) as a real run; C(--diff) shows
    each changed switch before and after.
  - Check mode sees the controller as it is, not as the play's earlier tasks would leave it. So where a refusal rests on that
    (a switch to add without O(switch_username) and O(switch_password), which an earlier task may add; a fabric that does not
    exist yet, which an earlier task may create; a switch to pre-provision whose serial number or address another switch has,
    which an earlier task may remove), check mode warns, naming it, and reports the change; a real run refuses it.
  - A task cut off part way (the controller restarting, say) fails saying so, with C(changed) and the RV(requests) sent by then.
  - The switch credentials (O(switch_password)) never appear in the task's output, at any verbosity.
seealso:
  - module: fabricops.dashboard.fabrics
    description: The fabrics the switches are added to.
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
  fabric:
    description:
      - Name of the fabric the switches are in.
    type: str
    required: true
  state:
    description:
      - V(merged) adds the listed switches that are not in the fabric yet and sets the role of the listed ones whose role is
        given and differs. Switches not listed are left alone.
      - V(replaced) is V(merged), except that a listed switch without a role gets the default role V(leaf).
      - V(overridden) is V(replaced) for the listed switches, and removes every other switch of the fabric.
      - V(deleted) removes the listed switches from the fabric, or every switch of the fabric when O(config) is empty. A switch
        already absent is fine.
      - V(gathered) returns every switch of the fabric in RV(gathered), in the format O(config) takes, so it can be fed back to
        V(merged) unchanged; with each switch's O(config[].maintenance) mode as the controller intends it (deployed to the
        switch or not; on 4.2, the mode on the switch), and for a switch the controller cannot manage (a pre-provisioned one, not booted yet) its
        O(config[].serial_number), O(config[].model), O(config[].version) and O(config[].hostname). The inventory does not show a
        pre-provisioned switch's O(config[].gateway) and O(config[].image_policy), so gathered cannot list them.
      - V(rendered) returns in RV(rendered) the reachability test and discovery requests a run would send to a fabric without
        these switches, computed without connecting (the password shown masked, the discovered switches by IP address only);
        with O(controller_api=manage), the shallow discovery and the adds of C(/api/v1/manage).
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  config:
    description:
      - The switches. A role left out is not changed by V(merged).
    type: list
    elements: dict
    default: []
    suboptions:
      name:
        description:
          - The IP address the switch is discovered at (its seed IP, its management address in the inventory), IPv4 or IPv6.
        type: str
        required: true
      role:
        description:
          - The switch's role in the fabric. Default V(leaf) (given to new switches, and by V(replaced) and V(overridden) to
            listed switches without a role).
          - A role change is saved on the controller; deploy the fabric (M(fabricops.dashboard.fabrics) with O(fabricops.dashboard.fabrics#module:deploy=true))
            to push it to the switches.
        type: str
        choices: [leaf, spine, border, border_spine, border_gateway, border_gateway_spine, super_spine, border_super_spine,
                  border_gateway_super_spine, tor, access, aggregation, edge_router, core_router]
      preserve_config:
        description:
          - How a switch not yet in the fabric is added. V(false) (greenfield) erases its configuration and reloads it; V(true)
            (brownfield) keeps its configuration. Fabrics made from V(External_Fabric) take only V(true).
          - Only used when the switch is added; it is not a property of a switch, so it never makes a switch differ.
        type: bool
        default: false
      maintenance:
        description:
          - V(true) puts the switch into maintenance mode, V(false) takes it out; left out, its mode is not changed. The
            controller's intended mode is set; with O(deploy=true) it is then deployed to the switch (per switch, waiting for it
            with O(wait)), and a switch whose intended mode is right but not yet deployed (a task without O(deploy) set it) is
            deployed too. Without O(deploy) the mode is compared with the intended one only, so a rerun writes nothing.
          - Only for a switch the controller manages; a switch the task adds or pre-provisions is refused V(true) (give it in a
            later task).
          - On the C(/api/v1/manage) API of Nexus Dashboard 4.2 a change of mode is refused before any write, naming the
            switches (no call of that API to write it is known); a task that gives the mode a switch has sends nothing.
        type: bool
      poap:
        description:
          - V(true) brings the switch in by POAP once it boots and asks the fabric for its configuration (its
            O(config[].serial_number) in the fabric's bootstrap list, RV(bootstrap)). The switch is imported with the item's
            address (O(config[].name)), O(config[].hostname), O(config[].gateway) (else the gateway the fabric's DHCP offers),
            role and O(config[].image_policy), and its own model and release; it then boots with its day-0 configuration,
            and with O(wait) the task waits until the controller manages it. O(switch_password) is the password that
            configuration gives the admin user.
          - A switch pre-provisioned at that address with another serial number is swapped to the switch that booted first
            (as cisco.dcnm's C(dcnm_inventory) C(preprovision_serial) does), keeping its role and what the fabric holds for
            it. A switch that does not ask for POAP yet is pre-provisioned (a warning names it), and a later run brings it in.
          - Needs the fabric's bootstrap on (V(BOOTSTRAP_ENABLE) in the fabric's O(fabricops.dashboard.fabrics#module:config[].template_params));
            refused before any write otherwise, as is a O(config[].model) or O(config[].version) other than the switch's
            own. Not compared once the controller manages the switch, so a rerun writes nothing.
          - On the C(/api/v1/manage) API of Nexus Dashboard 4.2 the same, with its own requests (the swap, then one import
            that carries each switch's role). This module turns the fabric's bootstrap on only on the legacy API; on 4.2 turn
            it on in the dashboard (the fabric's Day-0 bootstrap and its DHCP settings).
        type: bool
      rma:
        description:
          - V(true) replaces the switch at this address (RMA, a failed switch) by the switch of O(config[].serial_number),
            which asks the fabric for POAP (its serial number in RV(bootstrap)). The switch is put into maintenance mode
            first where its intended mode is not already maintenance (the mode only, as the switch may be dead), then replaced;
            the new switch takes its address, hostname, role and configuration, boots with it, and with O(wait) the task
            waits until the controller manages it. It stays in maintenance mode; take it out in a later task
            (O(config[].maintenance=false) with O(deploy=true)) once it is checked.
          - The gateway is O(config[].gateway), else the one the fabric's DHCP offers; O(switch_password) is the password
            the configuration gives the admin user.
          - Refused before any write for a switch not in the fabric, without O(config[].serial_number), or to a serial
            number the controller does not see booting. Once done, the switch has that serial number, so a rerun writes
            nothing.
          - On the C(/api/v1/manage) API of Nexus Dashboard 4.2 the replacement is one request with the switch's role, and
            the switch must be in maintenance mode already (on the switch, or intended for a dead one); no call of that API
            known to this module writes the mode, so an RMA of a switch not in maintenance mode is refused before any
            write, naming it. Put it there first, in the dashboard or with this module on the legacy API
            (O(config[].maintenance=true)).
        type: bool
      serial_number:
        description:
          - The serial number of a switch to pre-provision, or to bring in by POAP (O(config[].poap)). Given for a switch the
            fabric does not have, the switch is pre-provisioned rather than discovered, and O(config[].model),
            O(config[].version), O(config[].hostname) and O(config[].gateway) are needed too (with O(config[].poap), only
            O(config[].hostname), and O(config[].gateway) where the fabric's DHCP offers none).
          - For a switch the controller manages it must be the serial number the switch has (or be left out), except with
            O(config[].rma), where it is the serial number of the switch that replaces it.
        type: str
      model:
        description:
          - The model of a switch to pre-provision, such as V(N9K-C93180YC-FX).
        type: str
      version:
        description:
          - The NX-OS release of a switch to pre-provision, such as V(10.3(2\)).
        type: str
      hostname:
        description:
          - The hostname of a switch to pre-provision.
        type: str
      gateway:
        description:
          - The default gateway of a pre-provisioned switch's management address, with the subnet's mask length, such as
            V(192.0.2.1/24). Part of its day-0 configuration; only used when the switch is pre-provisioned (again), and
            never compared with the controller, which does not show it.
        type: str
      image_policy:
        description:
          - The image policy a pre-provisioned switch boots with. Used only when the switch is pre-provisioned, like
            O(config[].gateway).
        type: str
  switch_username:
    description:
      - The user the controller logs in to the switches being added with. Needed only when a switch is added.
    type: str
  switch_password:
    description:
      - That user's password. Needed only when a switch is added. Never shown in any output.
      - For a switch pre-provisioned, the password its day-0 configuration gives the admin user (needed then).
    type: str
  switch_auth_protocol:
    description:
      - SNMPv3 authentication protocol of the switch user.
    type: str
    choices: [md5, sha, md5_des, md5_aes, sha_des, sha_aes]
    default: md5
  max_hops:
    description:
      - How many hops from each seed IP discovery follows (V(0) adds just the switches listed).
    type: int
    default: 0
  deploy:
    description:
      - Deploy the maintenance mode of the listed switches whose O(config[].maintenance) is given, once it is set, so that
        the switch itself changes mode (the controller drains or restores its traffic). V(false) sets only the mode the
        controller intends (cisco.dcnm's C(dcnm_maintenance_mode) with C(deploy=false) does the same), which a later task
        with V(true), or a deploy of the switch, applies.
      - New switches and role changes are not deployed by this option; deploy the fabric (role P(fabricops.dashboard.fabric_deploy#role))
        for those.
    type: bool
    default: false
  wait:
    description:
      - After discovering switches, wait until the controller can manage each of them (after the reload of a greenfield add).
        A switch not manageable in time fails the task, naming it. With O(deploy), the controller answers the deploy of a
        maintenance mode once the switch has changed mode.
      - V(false) is O(wait_timeout=0).
    type: bool
    default: true
  wait_timeout:
    description:
      - The seconds the task waits, at most, for each discovery. V(0) does not wait, as O(wait=false). The same meaning in
        every module of this collection.
    type: int
    default: 300
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
notes:
  - cisco.dcnm's C(dcnm_inventory) tests and discovers listed switches again on V(merged) and V(overridden) runs even when they
    are in the fabric; this module compares with the inventory first and sends nothing for a switch that is there.
  - On Nexus Dashboard 4.2 and later (O(controller_api=auto) or V(manage)) the module speaks C(/api/v1/manage) with the same
    options, results and checks. Its requests differ (see RV(requests)), never more than on the legacy API and fewer when the
    switches added have several roles or ways of adding, or several are removed; one shallow discovery of all the switches to
    add, then one add per way of adding (each switch with its own role), one removal for all, one role change. O(max_hops)
    above V(7) is refused there before anything is sent, as the discovery of 4.2 follows at most 7 hops.
  - On Nexus Dashboard 4.2 C(/api/v1/manage) pre-provisions a switch with its role in one request; this module knows no
    call of that API that writes maintenance mode (cisco.nd's RMA test sends one, C(inventory/switchActions/changeSystemMode),
    which no client module uses yet), so O(config[].maintenance) is read there but a change of it is refused. An RMA on 4.2
    (replacing a failed switch, O(config[].rma)) expects the switch already in maintenance mode, and is refused before any
    write otherwise; put it there on the legacy API, or in the dashboard, first (cisco.nd's C(nd_manage_switches) also
    expects the old switch shut down; this module leaves that check to the controller).
  - POAP (O(config[].poap)) and RMA (O(config[].rma)) on 4.2 read the bootstrap list of C(/api/v1/manage), swap and import
    there, and wait as on the legacy API; the fabric's bootstrap is turned on in the dashboard there (the fabrics module
    carries that setting on the legacy API only).
"""

EXAMPLES = r"""
- name: Add two leaves (greenfield) and a spine that keeps its configuration
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    switch_username: admin
    switch_password: "{{ vault_switch_password }}"
    config:
      - name: 192.0.2.11
      - name: 192.0.2.12
      - name: 192.0.2.21
        role: spine
        preserve_config: true

- name: Make 192.0.2.12 a border switch (no credentials needed for a switch already in the fabric)
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    config:
      - name: 192.0.2.12
        role: border

- name: Export the fabric's switches (brownfield)
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    state: gathered
  register: switches

- name: Keep exactly these switches; every other switch of the fabric is removed
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    state: overridden
    switch_username: admin
    switch_password: "{{ vault_switch_password }}"
    config:
      - name: 192.0.2.11
      - name: 192.0.2.21
        role: spine

- name: Pre-provision a leaf before it is cabled; the controller lists it until it boots
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    switch_password: "{{ vault_switch_password }}"
    config:
      - name: 192.0.2.81
        serial_number: FDO2700PRE1
        model: N9K-C93180YC-FX
        version: 10.3(2)
        hostname: leaf-81
        gateway: 192.0.2.1/24
        role: leaf

- name: Bring the leaf in once it boots (its real serial number; the pre-provisioned one is swapped to it), and wait
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    controller_api: legacy
    switch_password: "{{ vault_switch_password }}"
    config:
      - name: 192.0.2.81
        serial_number: FDO27450ABC
        hostname: leaf-81
        gateway: 192.0.2.1/24
        role: leaf
        poap: true

- name: Put a switch into maintenance mode before working on it, and wait until it is (legacy API)
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    controller_api: legacy
    deploy: true
    config:
      - name: 192.0.2.12
        maintenance: true

- name: Replace a failed leaf (RMA) by the switch that booted in its place, and wait until it is managed
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    controller_api: legacy
    switch_password: "{{ vault_switch_password }}"
    config:
      - name: 192.0.2.12
        serial_number: FDO27450XYZ
        rma: true

- name: Remove a switch (fine when already gone)
  fabricops.dashboard.fabric_switches:
    fabric: site-dc1
    state: deleted
    config:
      - name: 192.0.2.11
"""

RETURN = r"""
before:
  description:
    - The switches concerned as they were, each with its IP address and role.
    - These are the listed switches that are in the fabric; every switch of the fabric for V(overridden), V(gathered), and
      V(deleted) without O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
  sample: [{"name": "192.0.2.11", "role": "leaf", "maintenance": false}]
after:
  description:
    - The same switches as the task leaves them (as planned, in check mode); a removed switch is left out.
    - For V(rendered), the listed switches as the discovery would add them.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description: Every switch of the fabric, in the format O(config) takes, so that it can be fed back to V(merged).
  returned: when O(state=gathered)
  type: list
  elements: dict
bootstrap:
  description:
    - The switches that ask the fabric for POAP (its bootstrap list), each with its C(serial_number), C(model), C(version)
      and the C(gateway) the fabric's DHCP offered it; a config item with O(config[].poap=true) and that serial number
      brings one in. Empty when the fabric's bootstrap is off.
    - On the C(/api/v1/manage) API of Nexus Dashboard 4.2 the same, from its bootstrap list.
  returned: when O(state=gathered)
  type: list
  elements: dict
  sample: [{"serial_number": "FDO27450ABC", "model": "N9K-C93180YC-FX", "version": "10.3(2)", "gateway": "192.0.2.1/24"}]
rendered:
  description:
    - The requests a run would send to add the listed switches to a fabric without them, each with C(method), C(path) (from
      the API root) and C(body) (the controller's own field names).
    - For each role and way of adding (O(config[].preserve_config)), a reachability test, then a discovery that names the
      switches by IP address only (a real run sends the switches as the test answered them). The password is shown masked.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed switch, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the switch's key (its IP address).
    - C(before) and C(after) are the switch before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order. The
      removals come first, then for each group of switches added together the reachability test and the discovery, then
      one role change for all the switches whose role changes.
    - A pre-provisioning task sends one pre-provision request for its switches (after the removal of those it pre-provisions
      again), and their roles with the role change; a POAP task per swapped switch its swap, then one import of all its
      switches (the same path as the pre-provision), and their roles with the role change; an RMA per switch its
      maintenance mode (where it is not in it) and its replacement; a maintenance change per switch
      its mode write, then with O(deploy) per switch its deploy.
    - On C(/api/v1/manage) (the path under it), one removal for all, then the shallow discovery and one add per way of
      adding, then one role change. There a pre-provision, a POAP import and an RMA each carry the switch's role, so no role
      change follows them; a POAP task sends per swapped switch its C(changeSwitchSerialNumber), then one
      C(switchActions/importBootstrap); an RMA one C(provisionRMA) per switch, and no maintenance write (refused before).
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches import FABRIC_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = FABRIC_SWITCHES.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
