#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
module: dashboard_rest
short_description: Call any dashboard or fabric-controller endpoint, idempotently
version_added: 1.0.0
description:
  - Sends one request to the dashboard platform or to a service it hosts, such as the fabric controller, with the session's
    C(AuthCookie). No credentials are needed on the task when M(fabricops.dashboard.dashboard_login) ran before it;
    otherwise the task logs in with O(username) and O(password), once per run for all hosts and tasks.
  - A session close to expiry is refreshed first. If the dashboard refuses the session anyway (HTTP 401), it is renewed once
    (a new login when credentials are available, else a refresh) and the request sent once more; a second refusal fails
    the task. Requests that failed with a connection error, 429, 502 or 503 are retried with backoff when replaying them
    cannot change anything twice (reads, and any request refused with 429).
  - Idempotent. Before a state-changing request the current object is read, and the request is sent only when it would
    change something. V(PUT) and V(PATCH) are sent unless every field of O(body) already has that value (fields the body
    does not name, like server-set ids, are not compared). V(DELETE) is not sent when the object is already absent.
    V(POST) with O(key) or O(existing_path) is sent only when the object does not exist yet; without either, it is always
    sent and reported as a change.
  - The read before V(PUT), V(PATCH) and V(DELETE) is a V(GET) of O(existing_path), or of O(path) when it is not set. On
    the fabric controller many objects are read at another path than the one they are written at (a fabric's settings
    are written at C(.../control/fabrics/NAME/TEMPLATE), which answers 405 to V(GET), and read at
    C(.../control/fabrics/NAME)); name that path with O(existing_path), the part of the object the body stands for with
    O(existing_field), and, when the object is found in a list there, its identifying field with O(key).
  - The object is absent when the read answers 404 or 410, or a status of O(absent_status) (with O(absent_message) in
    its message, when set), for example 400 C(Invalid network name) for a network of the fabric controller. Any other
    error of the read fails the task before anything is written.
  - When the read path cannot be read at all (405 or 501), no comparison is possible; the request is then sent as it is,
    reported as a change, with a warning that says so.
  - A V(PUT) replaces the object with O(body); with C(--diff), the fields of the current object that the body does not
    name are shown as removed (in check mode, the message also names them). Some endpoints keep those fields; after the
    request, the diff shows the object as the answer returns it, when the answer holds it. Use V(PATCH) where the endpoint
    supports it to change single fields.
  - An answer that reports failed items fails the task, whatever its HTTP status, naming each failed item and what
    succeeded (the answer stays whole in RV(json)). The answers read are C(successList) and C(failureList) (bulk creates and
    deletes), a map of items to C(SUCCESS) or a message (attachments), and items that each have a failed C(status). A 207 Multi-Status whose
    body says neither also fails, unless O(status_code) lists 207.
  - Fields that hold JSON as text, like the fabric controller's C(networkTemplateConfig) and C(vrfTemplateConfig), are
    compared by what they mean, not by how they are written. Inside them, values are compared as the controller stores
    them, as text, so V(2301) in the body and V("2301") on the server are the same value, and so are V(false) and
    V("false").
  - In check mode nothing is written; the task reports whether the request would change something. With C(--diff), the
    object before and after is shown.
  - Answers never include cookies (C(Set-Cookie) is left out of RV(headers)). An answer that holds a session token (a call
    to C(/login) or C(/refresh), say) is returned whole to C(register), but its display is hidden, as for
    M(fabricops.dashboard.dashboard_login).
requirements:
  - jmespath >= 1.0 (Python library, on the Ansible control node), for O(json_query)
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.attributes
  - fabricops.dashboard.session_modules
options:
  method:
    description:
      - HTTP method.
    type: str
    choices: [GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS]
    default: GET
  path:
    description:
      - Path of the endpoint, relative to O(host), for example C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics).
    type: str
    required: true
  body:
    description:
      - Request body, sent as JSON. A dictionary or list, or a string holding a JSON or YAML document.
    type: raw
  query:
    description:
      - Query parameters of the request (the part of the URL after C(?)), as a dictionary of names and values. To choose
        what the task returns of the answer, see O(json_query).
    type: dict
  json_query:
    description:
      - A JMESPath expression, the language of the P(community.general.json_query#filter) filter, applied to the
        answer's parsed body before the task returns it. RV(json) is then only what the expression selects, and V(null)
        when it selects nothing (a field no object has, a filter that matches none). Nothing else of the result changes
        (RV(status), RV(headers), RV(msg), and, with C(--diff), the diff, which shows the objects whole).
      - For a large answer (the fabric controller's network list, say), selecting only the fields needed makes the task
        faster and the registered variable smaller; the whole answer never leaves the task.
      - Applied to the answer of a task that succeeds, and to the current object when no write was needed. A failed
        task returns the answer whole in RV(json). When the answer has no JSON body, nothing is selected and RV(json) is
        not returned.
      - An expression that does not parse fails the task before any request is sent, with the parser's message. One
        that cannot be applied to the answer (a function given a value of the wrong type, say) fails the task after
        the request, with the answer whole in RV(json).
      - Needs the Python library C(jmespath) on the Ansible control node (in the collection's C(requirements.txt)).
    type: str
  status_code:
    description:
      - HTTP statuses that count as success. By default, every 2xx status.
      - An answer that reports failed items fails the task even with a status listed here.
    type: list
    elements: int
  key:
    description:
      - For V(POST) that creates an object, the field that identifies it (for example V(networkName)). The list of objects
        is read first (from O(existing_path) when given, else from O(path)) and the POST is sent only if no object in it
        has the body's value of that field.
      - For V(PUT) and V(PATCH) of an object that is only read in a list (a VRF of the fabric controller, say), the same
        way; the object is looked up in the list at O(existing_path) and compared with O(body). Not for V(DELETE).
      - A dotted path reaches into nested fields of the listed objects, for example V(nvPairs.FABRIC_NAME) for the fabric
        controller's fabric list. The body's value is read at the same dotted path or, for a flat body such as a fabric
        create, at its last part (V(FABRIC_NAME)).
      - The list answer is a list, or an object whose first list value holds the items; only that first answer is read (no
        further pages). If the answer is not a list, the task fails before sending anything; point O(existing_path) at the
        path that lists the objects.
    type: str
  existing_path:
    description:
      - Where the object is read before a write, when that is not O(path).
      - For V(POST) without O(key), the path at which the object exists once created (for example the fabric controller's
        C(.../control/fabrics/site-b) for a create sent to C(.../control/fabrics/site-b/Easy_Fabric)). It is read first and
        the POST is sent only if the object is absent there.
      - For V(PUT), V(PATCH) and V(DELETE) without O(key), the path that answers V(GET) with the object itself.
      - With O(key), the path of the list to look the object up in (required with V(PUT) and V(PATCH)).
    type: str
  existing_field:
    description:
      - For V(PUT) and V(PATCH), the field of the object read that O(body) stands for, when the body holds only that part;
        a dotted path reaches into nested fields. For example V(nvPairs) for a fabric's settings, which are written flat
        (C(BGP_AS) at the top of the body) and read under C(nvPairs).
      - The comparison and the diff use that field; the task fails before any write when the object read has no such field.
    type: str
  absent_status:
    description:
      - HTTP statuses of the read before a write that mean the object does not exist, besides 404 and 410, which always do.
      - For example V([400]) for a network of the fabric controller, whose read answers 400 C(Invalid network name) when it
        does not exist; give O(absent_message) too, so that another 400 is not taken for absence.
    type: list
    elements: int
  absent_message:
    description:
      - Text that the message of an answer with a status of O(absent_status) contains when the object does not exist
        (compared without regard to case), for example V(Invalid network name). An answer with that status and another
        message fails the task before any write.
    type: str
attributes:
  diff_mode:
    support: full
'''

EXAMPLES = r'''
- name: List the fabrics of the fabric controller
  fabricops.dashboard.dashboard_rest:
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics
  register: fabrics

- name: Only the names of the networks of a fabric (the list can be megabytes; json is then a list of names)
  fabricops.dashboard.dashboard_rest:
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-a/networks
    json_query: "[].networkName"
  register: networks

- name: The name and template of the networks of one VRF, as a list of small dictionaries
  fabricops.dashboard.dashboard_rest:
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-a/networks
    json_query: "[?vrf=='vrf-1'].{name: networkName, template: networkTemplate}"

- name: Create a fabric from the Easy_Fabric template unless it exists (created at one path, read at another)
  fabricops.dashboard.dashboard_rest:
    method: POST
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b/Easy_Fabric
    existing_path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b
    body:
      FABRIC_NAME: site-b
      BGP_AS: "65002"
      REPLICATION_MODE: Ingress

- name: The same, looked up by name in the fabric list (the list holds the name under nvPairs)
  fabricops.dashboard.dashboard_rest:
    method: POST
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b/Easy_Fabric
    existing_path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics
    key: nvPairs.FABRIC_NAME
    body:
      FABRIC_NAME: site-b
      BGP_AS: "65002"

- name: A network in it, created unless one of that name is listed
  fabricops.dashboard.dashboard_rest:
    method: POST
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/networks
    key: networkName
    body:
      fabric: site-b
      networkName: web
      networkId: 30010
      vrf: NA
      networkTemplateConfig: "{{ {'networkName': 'web', 'vlanId': 2310, 'isLayer2Only': true} | to_json }}"

- name: Change its VLAN; sent only if the template config differs in meaning (2310 and "2310" are the same)
  fabricops.dashboard.dashboard_rest:
    method: PUT
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/networks/web
    body:
      fabric: site-b
      networkName: web
      networkTemplateConfig: "{{ {'networkName': 'web', 'vlanId': 2311, 'isLayer2Only': true} | to_json }}"

- name: Change a fabric setting; written at .../site-b/Easy_Fabric (405 to GET), read at .../site-b under nvPairs
  fabricops.dashboard.dashboard_rest:
    method: PUT
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b/Easy_Fabric
    existing_path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b
    existing_field: nvPairs
    body:
      BGP_AS: "65002"
      FABRIC_MTU: "9216"

- name: Change a VRF, which is read only in the VRF list
  fabricops.dashboard.dashboard_rest:
    method: PUT
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/vrfs/blue
    existing_path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/vrfs
    key: vrfName
    body:
      fabric: site-b
      vrfName: blue
      vrfTemplateConfig: "{{ {'vrfName': 'blue', 'vrfVlanId': 2010} | to_json }}"

- name: Remove a network; the controller answers 400 "Invalid network name" for one that does not exist
  fabricops.dashboard.dashboard_rest:
    method: DELETE
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/networks/web
    absent_status: [400]
    absent_message: Invalid network name

- name: Attach a network to two switches; fails, naming the switch, when one of them refuses (the answer is 200 either way)
  fabricops.dashboard.dashboard_rest:
    method: POST
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/networks/attachments
    body:
      - networkName: web
        lanAttachList:
          - {fabric: site-b, networkName: web, serialNumber: FDO2111AAAA, vlan: 2310, deployment: true}
          - {fabric: site-b, networkName: web, serialNumber: FDO2111BBBB, vlan: 2310, deployment: true}

- name: Save and deploy the fabric's configuration (actions, always sent)
  fabricops.dashboard.dashboard_rest:
    method: POST
    path: "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b/{{ item }}"
  loop: [config-save, config-deploy]

- name: Remove the fabric (it must have no switches); a second run reports it already absent
  fabricops.dashboard.dashboard_rest:
    method: DELETE
    path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b

- name: Without a login task, the connection options once for the whole play
  module_defaults:
    group/fabricops.dashboard.dashboard:
      host: https://127.0.0.1:8443
      username: admin
      password: "{{ dashboard_password }}"
      ca_path: /tmp/dashboard-emulator/ca.pem
  block:
    - name: Read the session timeout setting of the platform
      fabricops.dashboard.dashboard_rest:
        path: /api/v1/infra/session-timeout
'''

RETURN = r'''
node:
  description: Base URL of the node that answered; for a cluster (a list of nodes in O(host)), the node the request failed over to.
  returned: success
  type: str
  sample: https://127.0.0.1:8443
status:
  description: HTTP status of the answer (of the read, when no write was needed).
  returned: when a request was sent
  type: int
  sample: 200
json:
  description:
    - The answer's body, parsed from JSON. For a write that was not needed, the current object.
    - With O(json_query), what the expression selects of it (V(null) when it selects nothing), unless the task failed.
  returned: when the answer has a JSON body
  type: raw
  sample: {"fabricName": "site-a", "fabricType": "Switch_Fabric", "asn": "65001", "nvPairs": {"FABRIC_NAME": "site-a"}}
content:
  description: The answer's body as text, when it is not JSON.
  returned: when the answer has a body that is not JSON
  type: str
headers:
  description: Headers of the answer, without C(Set-Cookie).
  returned: when a request was sent
  type: dict
url:
  description: The URL requested.
  returned: when a request was sent
  type: str
msg:
  description:
    - Why no request was sent, or what check mode would have sent, or that the request was sent without a comparison.
    - When the answer reports failed items, which items failed (with the controller's message for each) and which succeeded.
  returned: when no write was sent, when the request was sent uncompared, and on failure
  type: str
  sample: "already absent: GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-b answered HTTP 404 (Not Found), no DELETE sent"
request_attempts:
  description:
    - How many times the task's last request was sent, also when the task failed; more than 1 when it was retried (see the
      retries in the collection's sessions guide; each retry is shown from C(-v) on).
  returned: when a request was sent
  type: int
  sample: 1
'''

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = argument_spec(
    method={'type': 'str', 'default': 'GET', 'choices': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']},
    path={'type': 'str', 'required': True},
    body={'type': 'raw'},
    query={'type': 'dict'},
    json_query={'type': 'str'},
    status_code={'type': 'list', 'elements': 'int'},
    key={'type': 'str', 'no_log': False},
    existing_path={'type': 'str'},
    existing_field={'type': 'str'},
    absent_status={'type': 'list', 'elements': 'int'},
    absent_message={'type': 'str'},
)


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
