#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: links
short_description: Links between switch ports, within a fabric or between two fabrics, with their templates, idempotently
version_added: 1.0.0
description:
  - Manages the links of a fabric through the fabric controller, with the states of Ansible's network resource modules (see
    O(state)) - intra-fabric links between two switches of the fabric, and inter-fabric links from a switch of the
    fabric to a switch of another fabric (a switch the controller manages, or one it does not, such as an edge router).
  - A link is identified by its two ends, each a fabric, a switch and an interface. The order of the ends does not matter -
    a link given with its ends swapped is the same link, and the module turns the item round to the order the controller
    holds, swapping each C(src_) option with its C(dst_) option and each C(PEER1_) template parameter with its C(PEER2_) one.
    Results name a link by its two ends, C(<switch> <interface>) each (with C(<fabric>/) before the switch for an end in
    another fabric), sorted and joined by C( -- ).
  - The module manages the links that have a template, which are the links users make. The controller also lists links it
    discovered itself (on the wires between switches, with no template); the module never gathers, replaces or deletes
    those, and only counts them as holding their interfaces.
  - The fabric's inventory and its links are read once each, in one request each (and the inventory of each other fabric
    O(config) names, once). The task then sends only what differs, one request per link (the controller has no bulk create).
    A second run with the same config sends no write and reports no change.
  - The common settings of the templates are options, named in the network engineer's terms (O(config[].src_ip),
    O(config[].mtu), O(config[].src_asn), ...), each sent as the parameter the template names it by. Every other template
    parameter is given in O(config[].template_params) by the template's own name, and V(gathered) fills it, so a gathered
    config fed back to V(merged) or V(replaced) changes nothing.
  - Before anything is written, the task is checked and refused, naming every problem in one message, when it cannot work -
    an end on a switch its fabric does not have (the far end of an inter-fabric link excepted, see O(config[].dst_switch)),
    or in a fabric that does not exist; a link with no end in O(fabric); a link from a switch to itself; an interface
    that is an end of two links of the task, or of another link of the fabric that the task does not delete; a template the
    controller does not have for that kind of link (an intra-fabric template between two fabrics, say); a setting the
    template does not take, or a template parameter a setting sets; a setting the template needs left out; addresses that
    are not addresses, or the same on both ends; on the inter-fabric templates that take the link's prefix length
    (O(config[].src_ip)), two lengths that differ or addresses not in the subnet that length makes; on the numbered
    intra-fabric templates (V(int_intra_fabric_num_link), V(ios_xe_int_intra_fabric_num_link)), whose addresses carry no
    length, two IPv4 addresses not in one /30 (the subnet a fabric gives its numbered links; two addresses of one /31 are
    in one /30 too, so a fabric set to /31 is not checked more closely); an MTU outside 576 to 9216; an ASN that is no
    number; a new link on a member port of a vPC peer-link, which its vPC pair holds (read once per run, from the
    interfaces of the new links' switches). A refusal that rests on the fabric as it is (a switch not in its inventory yet,
    an interface another link or a vPC peer-link holds) is a warning in check mode, since an earlier task of the play may
    change that.
  - When the controller refuses a link, the task goes on with the others, then fails naming each refused link with the
    controller's message (RV(failed_items)) and the links it did change (RV(succeeded_items)); nothing is deployed then.
    A rerun sends only what is still needed.
  - Check mode sends no write and reports the same C(changed) as a real run; C(--diff) shows each changed link before and
    after.
  - On a dashboard of release 4.2 or later (O(controller_api) V(auto) there, or V(manage)), the same options, output and
    checks go through its C(/api/v1/manage) API, which names a link's template by its policy type and types its settings
    (template inputs). There the module reads each fabric's switch list and the links with C(GET /links?fabricName=),
    removes the deleted links with one C(linkActions/remove), changes each link with one C(PUT /links/{linkId}) (inputs it
    does not name are sent back as read), creates the new ones with one C(POST /links), fails naming each link a 207
    answer lists as failed, and deploys with one C(switchActions/deploy) per fabric, then waits on the switches' sync
    state. Refused there before anything is written (use O(controller_api=legacy) on a dashboard that still serves the
    legacy API) are the template V(ios_xe_int_intra_fabric_num_link) (it has no policy type), a key of
    O(config[].template_params) other than C(PEER1_CONF), C(PEER2_CONF) and C(ENABLE_MACSEC) (the template parameters
    with a template input), the source address of a V(ext_evpn_multisite_overlay_setup) link (C(SOURCE_IP) has no input),
    and a task that deploys on a fabric whose deployments are frozen (its C(deploymentFreeze)).
seealso:
  - module: fabricops.dashboard.interfaces
    description: The interfaces at the links' ends.
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
      - Name of the fabric whose links the task manages. Each link of O(config) has an end in it, and the controller's
        list of the fabric's links (intra-fabric links, and inter-fabric links from or to it) is what V(overridden),
        V(deleted) without O(config) and V(gathered) work on.
    type: str
    required: true
  state:
    description:
      - V(merged) creates the listed links and sets the settings given for them; nothing else is touched. A new template
        starts the link from that template's defaults.
      - V(replaced) makes each listed link exactly what is given, with the documented defaults for settings the template
        takes and the item does not give. Template parameters this module does not name keep their value unless the template
        changes.
      - V(overridden) is V(replaced) for the listed links, and deletes every other link of O(fabric) that has a template
        (inter-fabric links from or to it included). Links the controller discovered itself are never deleted. With an
        empty O(config) it deletes all the fabric's links that have a template.
      - V(deleted) deletes the listed links (given by their two ends; other options are ignored), or every link of the
        fabric that has a template when O(config) is empty. A link already absent is fine. The controller removes a
        deleted link's configuration from the switches at the next deploy of them (O(deploy)).
      - V(gathered) reads every link of the fabric that has a template and returns it in RV(gathered), in the format O(config)
        takes, so it can be fed back unchanged (brownfield export).
      - V(rendered) returns in RV(rendered) the requests a run would send to create the listed links, without connecting
        to anything. The switches are taken as serial numbers.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - After the changes, deploy the switches at the ends of the links the task created, changed or deleted, and at the ends
        of the listed links whose switches the controller shows out of sync (as an earlier run that failed part way leaves
        them). Only these switches are deployed, with one request per fabric; the switch at the far end of an
        inter-fabric link that the controller does not manage is not.
      - A switch deploy pushes all of the switch's pending configuration, not only its links'.
    type: bool
    default: false
  wait:
    description:
      - With O(deploy), wait until every deployed switch reports V(IN-SYNC), and return the state of each in RV(deployment).
    type: bool
    default: true
  wait_timeout:
    description:
      - How many seconds O(wait) waits at most. When they run out, the task fails naming the switches not in sync yet.
    type: int
    default: 300
  config:
    description:
      - The links. Settings left out are not changed by V(merged); V(replaced) and V(overridden) reset them to the defaults
        shown (for the settings the template takes).
    type: list
    elements: dict
    default: []
    suboptions:
      src_fabric:
        description:
          - The fabric of the link's source end. Default O(fabric).
        type: str
      src_switch:
        description:
          - The switch of the source end, by its name, serial number or IP address as its fabric's inventory lists it.
        type: str
        required: true
      src_interface:
        description:
          - The interface of the source end, an Ethernet port or sub-interface such as V(Ethernet1/49) (any letter case, short
            forms such as V(eth1/49) too).
        type: str
        required: true
      dst_fabric:
        description:
          - The fabric of the destination end. Default the source end's fabric, which makes an intra-fabric link; another
            fabric makes an inter-fabric link.
        type: str
      dst_switch:
        description:
          - The switch of the destination end, by its name, serial number or IP address as its fabric's inventory lists it.
          - At the far end of an inter-fabric link, a name its fabric's inventory does not list is taken as a switch the
            controller does not manage (an edge router, say), whose serial number the controller makes C(<name>-<fabric>);
            the task warns that it did so.
        type: str
        required: true
      dst_interface:
        description:
          - The interface of the destination end, as O(config[].src_interface).
        type: str
        required: true
      template:
        description:
          - The link template. Needed to create a link; an existing link keeps its own when left out.
          - Intra-fabric links take V(int_intra_fabric_num_link) (numbered), V(int_intra_fabric_unnum_link) (unnumbered),
            V(int_intra_fabric_ipv6_link_local), V(int_intra_vpc_peer_keep_alive_link), V(int_pre_provision_intra_fabric_link)
            or V(ios_xe_int_intra_fabric_num_link).
          - Inter-fabric links take V(ext_fabric_setup), V(ext_multisite_underlay_setup), V(ext_evpn_multisite_overlay_setup),
            V(ext_vxlan_mpls_overlay_setup) or V(ext_vxlan_mpls_underlay_setup).
          - Which settings each takes - numbered intra-fabric templates and V(int_intra_vpc_peer_keep_alive_link) take all of
            O(config[].src_ip), O(config[].dst_ip), O(config[].mtu), O(config[].enabled) and the descriptions; the other
            intra-fabric ones the same without the addresses, V(int_pre_provision_intra_fabric_link) none;
            V(ext_fabric_setup) and V(ext_multisite_underlay_setup) the addresses, O(config[].mtu), the descriptions and the
            ASNs; V(ext_vxlan_mpls_underlay_setup) the same without the ASNs; V(ext_evpn_multisite_overlay_setup) the
            addresses; V(ext_vxlan_mpls_overlay_setup) O(config[].dst_ip) and the ASNs.
        type: str
      src_ip:
        description:
          - The address of the source end. Needed by the templates that take it (but the pre-provision one).
          - On V(ext_fabric_setup), V(ext_multisite_underlay_setup) and V(ext_vxlan_mpls_underlay_setup), with the link's
            prefix length (V(192.168.60.1/30)), which may be given on either end's address and is returned on both. On the
            other templates the address alone (V(10.4.0.1)); the fabric sets the prefix length of its own links, and the two
            IPv4 addresses of a numbered intra-fabric link must be in one /30.
          - Sent as C(PEER1_IP) on intra-fabric links, C(IP_MASK) or C(SOURCE_IP) on inter-fabric ones.
        type: str
      dst_ip:
        description:
          - The address of the destination end, as O(config[].src_ip). Sent as C(PEER2_IP) on intra-fabric links,
            C(NEIGHBOR_IP) (the address alone) on inter-fabric ones.
        type: str
      mtu:
        description: The MTU of the link's interfaces (576 to 9216), C(MTU). Default V(9216).
        type: int
      enabled:
        description: Whether the link's interfaces are up (not shut down), C(ADMIN_STATE). Intra-fabric links only. Default V(true).
        type: bool
      src_description:
        description: The description of the source end's interface, C(PEER1_DESC). Default V("").
        type: str
      dst_description:
        description: The description of the destination end's interface, C(PEER2_DESC). Default V("").
        type: str
      src_asn:
        description:
          - The BGP ASN of the source end (its fabric's), C(asn), such as V(65001) or V(65001.100). Inter-fabric templates
            that take it need it.
        type: str
      dst_asn:
        description: The BGP ASN of the destination end, C(NEIGHBOR_ASN), as O(config[].src_asn).
        type: str
      template_params:
        description:
          - Template parameters (C(nvPairs)) this module does not name as settings, by the template's own names (for example
            V(PEER1_CONF), V(ENABLE_MACSEC) or V(AUTO_VRF_LITE_FLAG)). Values are sent as text, as the controller stores them.
          - A key a setting sets (V(MTU) is O(config[].mtu)) is refused, naming the setting. The parameters the controller
            adds of its own from the link's ends (C(LINK_UUID), C(PEER1_SN), C(SOURCE_SWITCH_NAME), ...) are neither
            returned nor sent.
        type: dict
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
notes:
  - The template table and the parameter each setting is sent as are those of the controller's own Ansible client for
    release 12 (cisco.dcnm's dcnm_links); a template of another release, or a custom one, is refused until the module
    knows it.
"""

EXAMPLES = r"""
- name: A numbered link between a spine and a leaf, deployed
  fabricops.dashboard.links:
    fabric: site-a
    deploy: true
    config:
      - src_switch: site-a-spine-1
        src_interface: Ethernet1/49
        dst_switch: site-a-leaf-2
        dst_interface: Ethernet1/49
        template: int_intra_fabric_num_link
        src_ip: 10.4.0.1
        dst_ip: 10.4.0.2
        mtu: 9216
        src_description: to leaf-2
        dst_description: to spine-1
        template_params:
          ENABLE_MACSEC: false

- name: A link to an edge router the controller does not manage, in the external fabric site-dc1
  fabricops.dashboard.links:
    fabric: site-a
    config:
      - src_switch: site-a-leaf-2
        src_interface: Ethernet1/50
        dst_fabric: site-dc1
        dst_switch: edge-router-1
        dst_interface: Ethernet1/1
        template: ext_fabric_setup
        src_ip: 192.168.60.1/30
        dst_ip: 192.168.60.2
        src_asn: "65001"
        dst_asn: "65011"
        template_params:
          AUTO_VRF_LITE_FLAG: false

- name: The same spine-leaf link, its ends given the other way round - nothing changes
  fabricops.dashboard.links:
    fabric: site-a
    config:
      - src_switch: site-a-leaf-2
        src_interface: Ethernet1/49
        dst_switch: site-a-spine-1
        dst_interface: Ethernet1/49
        src_ip: 10.4.0.2
        dst_ip: 10.4.0.1

- name: Export the fabric's links
  fabricops.dashboard.links:
    fabric: site-a
    state: gathered
  register: site_a_links

- name: Keep exactly these links in the fabric (every other link with a template is deleted)
  fabricops.dashboard.links:
    fabric: site-a
    state: overridden
    deploy: true
    config: "{{ site_a_links.gathered }}"

- name: Delete a link, named by its ends
  fabricops.dashboard.links:
    fabric: site-a
    state: deleted
    deploy: true
    config:
      - src_switch: site-a-spine-1
        src_interface: Ethernet1/49
        dst_switch: site-a-leaf-2
        dst_interface: Ethernet1/49
"""

RETURN = r"""
before:
  description:
    - The links concerned as they were, in the format O(config) takes, switches by name.
    - These are the listed links that exist; every link of the fabric that has a template for V(overridden), V(gathered)
      and V(deleted) without O(config). V(rendered) reads nothing and returns an empty list.
  returned: always
  type: list
  elements: dict
after:
  description:
    - The same links as the task leaves them (as planned, in check mode); a deleted link is left out.
  returned: when the task did not fail
  type: list
  elements: dict
gathered:
  description:
    - Every link of the fabric that has a template, in the format O(config) takes, its ends in the order the controller
      holds them.
  returned: when O(state=gathered)
  type: list
  elements: dict
  sample:
    - src_fabric: site-a
      src_switch: site-a-spine-1
      src_interface: Ethernet1/49
      dst_fabric: site-a
      dst_switch: site-a-leaf-2
      dst_interface: Ethernet1/49
      template: int_intra_fabric_num_link
      src_ip: 10.4.0.1
      dst_ip: 10.4.0.2
      mtu: 9216
      enabled: true
      src_description: ""
      dst_description: ""
      template_params: {"ENABLE_MACSEC": "false"}
rendered:
  description:
    - The requests a run would send to create the listed links, each with C(method), C(path) (from the API root) and
      C(body) (the controller's own field names), one per link, and with O(deploy) the deploy of their switches.
  returned: when O(state=rendered)
  type: list
  elements: dict
diff:
  description:
    - One entry per changed link, so that C(--diff) shows each under a header of its own and never pairs the lines of two.
    - C(name) is the link's key (its ends).
    - C(before) and C(after) are the link before and after, in the format O(config) takes (null for one created or deleted);
      C(before_header) and C(after_header) name it for the display.
  returned: in diff mode, when something changed
  type: list
  elements: dict
deploy:
  description: The switches a deploy was (or, in check mode, would be) sent for, by name (C(<fabric>/<switch>) in another fabric).
  returned: when some switch needed deploying
  type: list
  elements: str
  sample: ["site-a-spine-1", "site-a-leaf-2"]
deployment:
  description:
    - The state of each deployed switch when the wait ended (V(IN-SYNC)).
    - Also when a deploy did not finish in O(wait_timeout), with the states at that moment.
  returned: when a deploy was sent and O(wait=true), or a deploy failed
  type: dict
  sample: {"site-a-spine-1": "IN-SYNC", "site-a-leaf-2": "IN-SYNC"}
requests:
  description:
    - The writes sent, as C(METHOD path) (the path under C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)), in order.
    - After a failure part way, every write sent, refused ones included.
  returned: when something needed changing and the task was not in check mode
  type: list
  elements: str
  sample: ["POST /control/links", "POST /control/fabrics/site-a/config-deploy/9Y0K4YPFFOA,9Y0K4YPFFOB"]
failed_items:
  description: When the controller refused some links, each of them (by its ends) with the controller's message.
  returned: on a partial failure
  type: dict
  sample: {"site-a-leaf-2 Ethernet1/77 -- site-a-spine-1 Ethernet1/77": "Invalid interface Ethernet1/77 for switch 9Y0K4YPFFOA"}
succeeded_items:
  description: The links the task did change, named the same way.
  returned: on a partial failure
  type: list
  elements: str
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links import LINKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = LINKS.argument_spec()


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
