#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: policies
short_description: Policies on a fabric's switches (a controller template and its parameters), idempotently
version_added: 1.0.0
description:
  - Manages the policies on the switches of a fabric, each a template of the fabric controller applied to a switch with its
    parameters (a C(switch_freeform) policy carrying some CLI, a C(feature_pim) policy, say), with the states of Ansible's
    network resource modules (see O(state)).
  - B(Which policy is which.) The controller gives a policy no name, only an id of its own (C(POLICY-12345)). This module
    knows a policy by three things, its switch (O(config[].switch)), its template (O(config[].template)) and its description
    (O(config[].description), empty when not given). Two policies of one template on one switch need different descriptions.
    The priority (O(config[].priority)) and the parameters (O(config[].template_params)) are what the policy says, and are
    changed in place; a new description is another policy (V(overridden), or V(deleted) of the old one, removes the old one).
    So a rerun finds the policies the first run made and sends nothing, and a changed priority never makes a second policy.
  - If the controller already holds the same policy more than once (same switch, template and description, made by another
    tool), V(merged), V(replaced) and V(overridden) refuse to guess which copy the task means; V(deleted) removes every copy,
    and V(gathered) lists it once, with a warning naming the copies' ids.
  - B(Whose policies.) Only the policies users make are the module's, those with an empty C(source) on the switch itself. The
    policies the controller makes itself from the fabric's settings (their C(source) names the feature, such as C(UNDERLAY)),
    the policies of interfaces (see M(fabricops.dashboard.interfaces)) and policies marked for delete are never compared,
    changed or deleted, and V(gathered) does not list them.
  - The policies of the switches O(config) names are read in one request for all of them (and the fabric inventory, to find
    the switches, once per run, as the run's later tasks of the fabric take it from the first unless they name a switch it
    does not list or a M(fabricops.dashboard.fabric_switches) task changed the fabric's switches since). The task then
    sends only what differs, in as few requests as the controller allows (one for the updates, one for the creates, one
    deploy). A second run with the same config sends no write and reports no change.
  - Before anything is written, a task listing the same policy twice (the switch named once by name and once by IP address,
    say) is refused; so is, naming every problem in one message, a task with a switch the fabric does not have (a warning in
    check mode, since an earlier task of the play may add it); a O(config[].priority) outside V(1) to V(2000), the range the
    controller takes; a key of O(config[].template_params) the controller sets itself (V(FABRIC_NAME), V(PRIORITY),
    V(POLICY_DESC), V(POLICY_ID)); a listed policy the controller holds more than once; and, for each policy the task creates
    or changes, a template the controller does not have, a key of O(config[].template_params) the template has no parameter
    of (V(FOO) of V(feature_pim), which has none; the message lists the template's parameters), and a parameter the
    template requires left out or empty (V(CONF) of V(switch_freeform), the switch configuration it holds). The templates'
    parameters come from the controller's template read, once per run and template (a run's later tasks ask no more);
    V(rendered) reads no template, so of the template checks it makes only that of a V(switch_freeform) policy without
    V(CONF).
  - When the controller refuses a request part way, the task fails naming the policies it refused and the ones the task did
    change; nothing is sent twice.
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed policy before and
    after.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options, output and
    checks go through its C(/api/v1/manage) API. There the module reads the fabric's switch list and the fabric's policies
    (one request each), a template's parameters from C(configTemplates/{name}/parameters), sends one request per changed
    policy (that API has no bulk update), one create of every new policy, C(policyActions/markDelete) and, once the switches
    are deployed and in sync, C(policyActions/remove) for the policies deleted, and deploys the switches with one
    C(switchActions/deploy) per task, then waits on the switches' sync state. It refuses nothing there that the legacy API
    takes, except a task that deploys (a delete always does) on a fabric whose deployments are frozen (its
    C(deploymentFreeze)), refused before anything is written, naming the fabric.
seealso:
  - module: fabricops.dashboard.interfaces
    description: The policies of interfaces, in an interface's terms.
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
      - V(merged) creates the listed policies that do not exist and sets the priority and parameters given for those that do;
        parameters not given keep their value, and nothing else is touched.
      - V(replaced) makes each listed policy exactly what is given, priority V(500) when not given and only the parameters
        given.
      - V(overridden) is V(replaced) for the listed policies, and deletes every other policy users made on the switches
        O(config) names (only those). A switch O(config) does not name is never touched; O(config) cannot be empty. The
        controller's own policies are never deleted.
      - V(deleted) deletes the listed policies (every copy, when the controller holds one more than once). As the controller
        requires, each is marked for delete, its switch is deployed (which takes its config off the switch), and once the
        switch is in sync the policy is deleted, whatever O(deploy) says. A policy already absent is fine. O(config) cannot be
        empty.
      - V(gathered) reads the users' policies of every switch of the fabric and returns them in RV(gathered), in the format
        O(config) takes, so they can be fed back unchanged (brownfield export).
      - V(rendered) returns in RV(rendered) the requests a run would send to create the listed policies on switches that have
        none of them, without connecting to anything. O(config[].switch) is taken as the switch's serial number.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - After the changes, deploy the switches whose policies the task created or changed, and the switches of listed policies
        the controller shows not deployed yet (the switch is out of sync). Only these switches are deployed.
      - The controller reports whether a switch is in sync, not a policy; so the module deploys the switch (its
        C(config-deploy), C(switchActions/deploy) on 4.2), which also pushes any other change waiting on that switch, as the
        controller's own deploy of a switch does.
      - Deleting always deploys the switches of the policies deleted, whatever this option says.
    type: bool
    default: false
  wait:
    description:
      - Wait until every deployed switch is in sync, and return the state of each in RV(deployment).
      - The policies deleted are removed from the controller only after this wait; with V(false) they stay there, marked for
        delete (their config leaves the switch with the deploy), and the task warns naming them.
    type: bool
    default: true
  wait_timeout:
    description:
      - How many seconds O(wait) waits at most. When they run out, the task fails naming the switches not in sync yet.
    type: int
    default: 300
  config:
    description:
      - The policies. V(merged) leaves options not given as they are; V(replaced) and V(overridden) reset them to the defaults
        shown.
    type: list
    elements: dict
    default: []
    suboptions:
      switch:
        description: The switch, by its name, serial number or IP address as the fabric inventory lists it.
        type: str
        required: true
      template:
        description:
          - The controller's policy template, such as V(switch_freeform), V(feature_pim) or V(host_11_1).
          - With the switch and the description, it says which policy this is.
        type: str
        required: true
      description:
        description:
          - The policy's description. With the switch and the template, it says which policy this is; give each of two policies
            of one template on one switch a description of its own.
        type: str
        default: ''
      priority:
        description:
          - The order in which the controller puts the policies' config together (lower first). Default V(500) for a new
            policy, and for V(replaced).
          - From V(1) to V(2000), the range the controller takes; another value is refused before anything is written.
        type: int
      template_params:
        description:
          - The template's parameters (C(nvPairs)) by the template's own names, for example V(CONF) of V(switch_freeform).
            Values are sent as text, as the controller stores them. Default V({}).
          - V(merged) sets the ones given and keeps the others; V(replaced) and V(overridden) leave only the ones given.
          - A key the template has no parameter of, or a parameter the template requires left out (V(CONF) of
            V(switch_freeform)), is refused before anything is written, naming the template's parameters.
        type: dict
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
notes:
  - The controller's sync state of a switch is what the deploy waits for; a switch with other changes that fail to deploy
    makes the wait fail, naming it.
  - The priority range (V(1) to V(2000)) is the one Cisco's own 4.2 client documents; the legacy API is taken to share it.
"""

EXAMPLES = r"""
- name: NTP servers and PIM on a leaf, deployed
  fabricops.dashboard.policies:
    fabric: site-a
    deploy: true
    config:
      - switch: site-a-leaf-2
        template: switch_freeform
        description: ntp servers
        priority: 600
        template_params:
          CONF: |-
            ntp server 10.0.0.1 use-vrf management
            ntp server 10.0.0.2 use-vrf management
      - switch: site-a-leaf-2
        template: feature_pim

- name: A second freeform policy on the same switch needs a description of its own
  fabricops.dashboard.policies:
    fabric: site-a
    config:
      - switch: site-a-leaf-2
        template: switch_freeform
        description: banner
        template_params:
          CONF: "banner motd #managed by Ansible#"

- name: Export the users' policies of every switch of the fabric (brownfield)
  fabricops.dashboard.policies:
    fabric: site-a
    state: gathered
  register: existing

- name: Feeding it back changes nothing
  fabricops.dashboard.policies:
    fabric: site-a
    config: "{{ existing.gathered }}"

- name: On site-a-leaf-2 only this policy of the users' (the controller's own policies stay)
  fabricops.dashboard.policies:
    fabric: site-a
    state: overridden
    config:
      - switch: site-a-leaf-2
        template: feature_pim

- name: Remove the NTP policy (marked for delete, deployed, then deleted)
  fabricops.dashboard.policies:
    fabric: site-a
    state: deleted
    config:
      - switch: site-a-leaf-2
        template: switch_freeform
        description: ntp servers

- name: The requests a run would send, without connecting
  fabricops.dashboard.policies:
    fabric: site-a
    state: rendered
    config:
      - switch: FDO12345678
        template: feature_pim
  register: requests
"""

RETURN = r"""
before:
  description:
    - The policies concerned as they were, in the format O(config) takes, switches by name.
    - These are the listed policies that exist; every policy users made on the switches O(config) names for V(overridden), on
      the fabric's switches for V(gathered). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same policies as the task leaves them (as planned, in check mode); a deleted policy is left out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description:
    - The policies users made on the fabric's switches, in the format O(config) takes.
  returned: when O(state=gathered)
  type: list
  elements: dict
  sample: [{"switch": "site-a-leaf-2", "template": "feature_pim", "description": "", "priority": 500, "template_params": {}}]
rendered:
  description:
    - The requests a run would send to create the listed policies, each with C(method), C(path) (from the API root) and
      C(body) (the controller's own field names); one create for all of them, and with O(deploy) the deploy of their switches.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed policy, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the policy's key (its switch and template, and its description in quotes when it has one).
    - C(before) and C(after) are the policy before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
left_alone:
  description:
    - The listed policies that O(state=deleted) left alone although they exist, each with why
      (made by the controller, or marked for delete already).
    - Each is also said in a warning; in check mode too.
  returned: when O(state=deleted) left some alone
  type: dict
deploy:
  description: The switches a deploy was (or, in check mode, would be) sent for.
  returned: when some switch needed deploying
  type: list
  elements: str
  sample: ["site-a-leaf-2"]
deployment:
  description:
    - The sync state of each deployed switch when the wait ended (V(IN-SYNC)).
    - Also when a deploy did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy failed
  type: dict
  sample: {"site-a-leaf-2": "IN-SYNC"}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest), or under
      C(/api/v1/manage) on 4.2, such as C(POST /fabrics/site-a/policies)), in order.
    - After a failure part way, the writes sent before it, which did change the controller.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["POST /control/policies/bulk-create", "POST /control/fabrics/site-a/config-deploy/FDO0000TEST"]
failed_items:
  description: When the controller refused a request or some of its policies, each policy refused (named as in RV(diff)) with
    the controller's message.
  returned: on a partial failure
  type: dict
  sample: {"site-a-leaf-2 feature_pim": "Failed to create policy. Please try after some time"}
succeeded_items:
  description: The policies the task did change, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = POLICIES.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
