"""A switch's interface policies: physical ports with their policy, and the logical interfaces users create.

docs/api/fabric-controller.yaml (tag interfaces) records the shapes and what is uncertain. In short:
every front-panel port always exists and carries a policy (at first the default cisco.dcnm
expects for a port of the switch's role); loopbacks, port-channels, SVIs and sub-interfaces exist
once created. A mark for delete removes a logical interface at its next deploy and puts a physical
port back to the default policy. Changes wait for a deploy, as attachments do.
"""

import re

from dashboard_emulator.fabric_store.common import IN_SYNC, OUT_OF_SYNC, StoreError, switch_ports, wire_string

# [client, cisco.dcnm dcnm_interface pol_types for release 12] the interface templates a controller
# offers; the member policies keep their _11_1 names on 12 as well. Breakout has its own call.
PORT_CHANNEL_MEMBER_POLICIES = {
    "int_port_channel_trunk_host": "int_port_channel_trunk_member_11_1",
    "int_port_channel_access_host": "int_port_channel_access_member_11_1",
    "int_port_channel_dot1q_tunnel_host": "int_port_channel_dot1q_tunnel_member_11_1",
    "int_l3_port_channel": "int_l3_port_channel_member",
    "int_monitor_port_channel": "int_port_channel_trunk_member_11_1",
}
INTERFACE_TEMPLATES = frozenset((
    "int_trunk_host", "int_access_host", "int_routed_host", "int_monitor_ethernet", "epl_routed_intf",
    "int_dot1q_tunnel_host", "int_loopback", "int_fabric_loopback_11_1", "int_mpls_loopback", "int_subif",
    "int_vpc_trunk_host", "int_vpc_access_host", "int_vlan", "int_vlan_admin_state", "int_port_channel_fex",
    "int_port_channel_aa_fex", "int_vpc_peer_link_po_member_11_1", "int_vpc_access_po_member_11_1",
    "int_vpc_trunk_po_member_11_1", "int_vpc_dot1q_tunnel_po_member_11_1",
)) | frozenset(PORT_CHANNEL_MEMBER_POLICIES) | frozenset(PORT_CHANNEL_MEMBER_POLICIES.values())

ETHERNET, SUBINTERFACE, PORT_CHANNEL = "INTERFACE_ETHERNET", "SUBINTERFACE", "INTERFACE_PORT_CHANNEL"
LOOPBACK, VPC, VLAN = "INTERFACE_LOOPBACK", "INTERFACE_VPC", "INTERFACE_VLAN"
# interface type, the pattern of its name, and how the controller spells the name [seen: port-channels
# come back as "port-channel350" whatever the create said; the others as cisco.dcnm sends them]
_NAMES = (
    (SUBINTERFACE, re.compile(r"^(?:ethernet|eth|e)(\d+/\d+(?:/\d+)?)\.(\d+)$", re.I), "Ethernet%s.%s"),
    (ETHERNET, re.compile(r"^(?:ethernet|eth|e)(\d+/\d+(?:/\d+)?)$", re.I), "Ethernet%s"),
    (PORT_CHANNEL, re.compile(r"^(?:port-channel|po)(\d+)$", re.I), "port-channel%s"),
    (LOOPBACK, re.compile(r"^(?:loopback|lo)(\d+)$", re.I), "Loopback%s"),
    (VPC, re.compile(r"^vpc(\d+)$", re.I), "vPC%s"),
    (VLAN, re.compile(r"^vlan(\d+)$", re.I), "vlan%s"),
)
# the detail read's `mode` of a port, by policy [seen: trunk, access, routed]
_MODES = (("trunk", "trunk"), ("access", "access"), ("routed", "routed"), ("loopback", "loopback"),
          ("subif", "subif"), ("vlan", "vlan"), ("monitor", "monitor"))
DEFAULT_TRUNK, DEFAULT_ROUTED = "int_trunk_host", "int_routed_host"


def interface_name(text):
    """(type, the controller's spelling) of an interface name; (None, text) for no name it knows."""
    text = str(text or "").strip()
    for kind, pattern, spelling in _NAMES:
        match = pattern.match(text)
        if match:
            return kind, spelling % match.groups()
    return None, text


def default_policy(role, port):
    """The policy and nvPairs of a port no user has set, for a switch of this role.

    [client] cisco.dcnm resets a deleted port to int_trunk_host on a leaf and to int_routed_host on
    every other role, and treats the port as unchanged when it already matches these values.
    [uncertain] that the controller gives every port this policy from the start."""
    common = {"SPEED": "Auto", "DESC": "", "CONF": "no shutdown", "ADMIN_STATE": "true", "INTF_NAME": port}
    if role == "leaf":
        return DEFAULT_TRUNK, dict(common, MTU="jumbo", BPDUGUARD_ENABLED="false", PORTTYPE_FAST_ENABLED="true",
                                   ALLOWED_VLANS="none", NATIVE_VLAN="")
    return DEFAULT_ROUTED, dict(common, MTU="9216", INTF_VRF="", IP="", PREFIX="", ROUTING_TAG="")


class Interfaces:
    """The interface part of FabricStore."""

    # reads

    def interface_policies(self, serial, if_name=None):
        """GET /interface: a switch's interfaces as policies, grouped by policy (or the one named)."""
        switch = self._find_switch(serial)
        if switch is None:
            return []
        records = [record for record in self._interfaces_of(switch).values() if not record["marked"]]
        if if_name is not None:
            wanted = interface_name(if_name)[1].lower()
            records = [record for record in records if record["ifName"].lower() == wanted]
        groups = {}
        for record in records:
            groups.setdefault(record["policy"], []).append(self._interface_view(switch, record))
        # [seen] skipResourceCheck comes back as text
        return [{"policy": policy, "interfaces": members, "skipResourceCheck": "True"} for policy, members in groups.items()]

    def interface_details(self, serial):
        """GET /interface/detail: every interface of a switch, physical ports first ([] for no switch)."""
        switch = self._find_switch(serial)
        if switch is None:
            return []
        return [self._detail_view(switch, record) for record in self._interfaces_of(switch).values()]

    def switch_policies(self, serial):
        """GET /control/policies/switches/{serial}: the interface policies as policy objects."""
        switch = self._find_switch(serial)
        if switch is None:
            return []
        return [{"id": record["policy_id"], "policyId": "POLICY-%d" % record["policy_id"],
                 "templateName": record["policy"], "serialNumber": serial, "entityType": "INTERFACE",
                 "entityName": record["ifName"], "source": "", "priority": 500, "description": "",
                 "deleted": record["marked"], "nvPairs": dict(record["nvPairs"])}
                for record in self._interfaces_of(switch).values()]

    def interface_records(self, serial):
        """A switch's interface records, those marked for delete left out ([] for no switch): what the 4.2 API lists.

        The records themselves: fabric_store.manage_interfaces reads them and keeps its 4.2-only settings on them."""
        switch = self._find_switch(serial)
        if switch is None:
            return []
        return [record for record in self._interfaces_of(switch).values() if not record["marked"]]

    def access_mode(self, fabric_name):
        """GET /control/fabrics/{f}/accessmode: whether the fabric is read-only (monitoring)."""
        self._fabric(fabric_name)
        return {"readonly": self._fabrics[fabric_name]["nvPairs"].get("IS_READ_ONLY") == "true"}

    def interface_fabrics(self, serials):
        """The fabrics of these switches (for permissions); a serial of no switch is left out."""
        return {fabric for fabric in (self.switch_fabric(serial) for serial in serials) if fabric is not None}

    # writes

    def set_interfaces(self, bodies, create):
        """POST /globalInterface (create=True) and PUT /interface: set the policy of interfaces.

        Everything is checked before anything changes: one refusal refuses the whole request."""
        changes = []
        claimed = {}
        for body in bodies:
            if not isinstance(body, dict) or not isinstance(body.get("interfaces"), list) or not body["interfaces"]:
                raise StoreError("Invalid request is supplied. policy and interfaces are required", 400)
            policy = str(body.get("policy") or "")
            if policy not in INTERFACE_TEMPLATES:
                # [uncertain] the wording: that of the template read's refusal (facts 10.2)
                raise StoreError("Failed to get template. Template with name %s not found" % policy)
            for item in body["interfaces"]:
                changes.append(self._checked_change(policy, item, create, claimed))
        for change in changes:
            self._apply(change)
        return changes

    def mark_delete(self, items, fail_one=False):
        """DELETE /interface/markdelete: per item, mark a logical interface or put a port back to its default.

        Returns the failures, {entity, message} each; the other items are done. ``fail_one`` (the fault
        partial_failure_count) makes the last item fail, unchanged."""
        failures = []
        for index, item in enumerate(items):
            serial = str(item.get("serialNumber", "")) if isinstance(item, dict) else ""
            switch, record, failure = self._target(serial, item.get("ifName") if isinstance(item, dict) else "")
            if failure is None and fail_one and index == len(items) - 1:
                # [uncertain] the wording: no refusal of a single item was captured
                failure = {"entity": switch["logicalName"],
                           "message": "Interface %s could not be marked for delete on switch %s" % (record["ifName"], serial)}
            if failure:
                failures.append(failure)
                continue
            if record["physical"]:
                policy, pairs = default_policy(switch["switchRole"], record["ifName"])
                self._apply((switch, ETHERNET, record["ifName"], record, policy, pairs, None))
            elif not record["marked"]:
                record.update(marked=True, pending=True)
        return failures

    def deploy_interfaces(self, items):
        """POST /globalInterface/deploy: push what changed on these interfaces.

        Returns (whether anything was pushed, failures as {entity, message})."""
        failures, targets = [], []
        for item in items:
            serial = str(item.get("serialNumber", "")) if isinstance(item, dict) else ""
            switch, record, failure = self._target(serial, item.get("ifName") if isinstance(item, dict) else "")
            if failure:
                failures.append(failure)
            else:
                targets.append((switch, record))
        now = self.clock()
        pushed = False
        for switch, record in targets:
            self._settle(record)
            if record["pending"] and record["deploy_started"] is None:
                self._start_deploy(switch, record, now)
                pushed = True
        if not pushed and not failures and targets:
            # [client] cisco.dcnm reads this per-switch message as "nothing changed"
            for name in dict.fromkeys(switch["logicalName"] for switch, _record in targets):
                failures.append({"entity": name, "message": "No Commands to execute."})
        return pushed, failures

    def deploy_switch_interfaces(self, serials, now):
        """A switch deploy (config-deploy) pushes its pending interfaces too."""
        for serial in serials:
            switch = self._find_switch(serial)
            if switch is None:
                continue
            for record in list(self._interface_tables.get(serial, {}).values()):
                self._settle(record)
                if record["pending"] and record["deploy_started"] is None:
                    self._start_deploy(switch, record, now)

    def _start_deploy(self, switch, record, now):
        """Start the deploy of one interface; a marked one leaves the controller's lists at once.

        [client] cisco.dcnm 3.12.1 does not wait for an interface deploy (check_deploy is off by
        default), runs deleted twice back to back in its own integration tests expecting no change the
        second time, and deploys again any marked interface the detail read still lists In-Sync or
        Pending: so once the deploy of a removal is answered, the controller no longer lists it as one.
        [uncertain] whether it is gone at once or listed otherwise for a moment (its port-channel delete
        polls the detail until the port-channel is gone before resetting the members)."""
        record["deploy_started"] = now
        if record["marked"]:
            self._release_members(switch, record)
            self._forget_interface(switch, record)

    # the model

    def _interfaces_of(self, switch):
        """The switch's interface records, keyed by lower-case name; its ports are made on first use."""
        serial = switch["serialNumber"]
        table = self._interface_tables.get(serial)
        if table is None:
            table = {}
            for port in switch_ports(switch):
                policy, pairs = default_policy(switch["switchRole"], port)
                table[port.lower()] = self._record(port, ETHERNET, policy, pairs, physical=True)
            self._interface_tables[serial] = table
        for record in list(table.values()):
            if self._settle(record) == "removed":
                self._release_members(switch, record)
                self._forget_interface(switch, record)
        return table

    def _record(self, name, kind, policy, pairs, physical=False):
        self._next_policy_id += 1
        return {"ifName": name, "interfaceType": kind, "policy": policy, "nvPairs": pairs, "physical": physical,
                "policy_id": self._next_policy_id, "marked": False, "pending": not physical, "deploy_started": None}

    def _settle(self, record):
        """Settle a finished deploy into the record; "removed" for a marked one whose deploy is done."""
        if record["deploy_started"] is not None and self._deploy_done(record["deploy_started"]):
            record.update(deploy_started=None, pending=False)
            if record["marked"]:
                return "removed"
        return None

    def _target(self, serial, if_name):
        """(switch, record, None), or (switch, None, failure) for an interface the request cannot name."""
        try:
            switch = self._interface_switch(serial)
        except StoreError:
            switch = None
        _kind, name = interface_name(if_name)
        if switch is None:
            # [uncertain] the wording of both failures
            return None, None, {"entity": serial, "message": "Invalid switch serial number %s" % serial}
        record = self._interfaces_of(switch).get(name.lower())
        if record is None:
            return switch, None, {"entity": switch["logicalName"],
                                  "message": "Interface %s not found on switch %s" % (name, serial)}
        return switch, record, None

    def _checked_change(self, policy, item, create, claimed):
        """One interface of a create or update, checked: (switch, kind, name, record or None, policy, nvPairs, members)."""
        if not isinstance(item, dict):
            raise StoreError("Invalid request is supplied. every interface must be an object", 400)
        serial = str(item.get("serialNumber", ""))
        kind, name = interface_name(item.get("ifName"))
        switch = self._interface_switch(serial)
        if (kind == VPC) != ("~" in serial):
            # [uncertain] the wording: a vPC is made on a pair, named SN1~SN2, and nothing else is
            raise StoreError("Switches %s are not a vPC pair" % serial)
        if switch is None:
            raise StoreError("Invalid switch serial number %s" % serial)
        table = self._interfaces_of(switch)
        record = table.get(name.lower())
        if record is None and (not create or kind in (None, ETHERNET)):
            # [uncertain] the wording; the refusal: facts 9 (attachments naming a port the switch lacks)
            raise StoreError("Invalid interface %s for switch %s" % (name, serial))
        if kind == SUBINTERFACE and name.split(".")[0].lower() not in table:
            raise StoreError("Invalid interface %s for switch %s" % (name.split(".")[0], serial))
        pairs = {key: wire_string(value) for key, value in (item.get("nvPairs") or {}).items()}
        members = None
        if kind == PORT_CHANNEL and policy in PORT_CHANNEL_MEMBER_POLICIES:
            members = self._checked_members(switch, name, pairs.get("MEMBER_INTERFACES", ""), claimed)
        return switch, kind, name, record, policy, pairs, members

    def _checked_members(self, switch, channel, text, claimed):
        """The member ports of a port-channel, each a port of the switch and in no other port-channel."""
        table = self._interfaces_of(switch)
        members = []
        for member in [part.strip() for part in text.split(",") if part.strip()]:
            kind, port = interface_name(member)
            record = table.get(port.lower())
            if kind != ETHERNET or record is None:
                raise StoreError("Invalid interface %s for switch %s" % (member, switch["serialNumber"]))
            owner = record["nvPairs"].get("PO_ID", "") if record["policy"] in PORT_CHANNEL_MEMBER_POLICIES.values() else ""
            owner = claimed.get((switch["serialNumber"], port.lower()), owner)
            if owner and interface_name(owner)[1].lower() != channel.lower():
                # [uncertain] the wording; the refusal itself: ansible-nd #369 (ND 4.2.1 answers a 500)
                raise StoreError("Interface %s is already a member of %s" % (port, interface_name(owner)[1]))
            claimed[(switch["serialNumber"], port.lower())] = channel
            members.append(record)
        return members

    def _apply(self, change):
        switch, kind, name, record, policy, pairs, members = change
        table = self._interfaces_of(switch)
        if record is None:
            record = table[name.lower()] = self._record(name, kind, policy, pairs)
            if kind == VPC:
                self._pair_interface(record, switch)
        elif record["policy"] != policy or record["nvPairs"] != pairs or record["marked"]:
            record.update(policy=policy, nvPairs=pairs, pending=True, marked=False)
        if members is not None:
            self._set_members(switch, record, table, members)

    def _set_members(self, switch, record, table, members):
        channel = record["ifName"]
        wanted = {port["ifName"].lower() for port in members}
        member_policy = PORT_CHANNEL_MEMBER_POLICIES[record["policy"]]
        for port in table.values():
            owned = port["policy"] in PORT_CHANNEL_MEMBER_POLICIES.values() and \
                interface_name(port["nvPairs"].get("PO_ID", ""))[1].lower() == channel.lower()
            if port["ifName"].lower() in wanted:
                pairs = {"PO_ID": channel, "INTF_NAME": port["ifName"], "DESC": port["nvPairs"].get("DESC", ""),
                         "ADMIN_STATE": "true", "CONF": "", "PC_MODE": record["nvPairs"].get("PC_MODE", "")}
                if "ALLOWED_VLANS" in record["nvPairs"]:
                    pairs["ALLOWED_VLANS"] = record["nvPairs"]["ALLOWED_VLANS"]
                if port["policy"] != member_policy or port["nvPairs"] != pairs:
                    port.update(policy=member_policy, nvPairs=pairs, pending=True)
            elif owned:
                policy, pairs = default_policy(switch["switchRole"], port["ifName"])
                port.update(policy=policy, nvPairs=pairs, pending=True)

    def _release_members(self, switch, channel):
        """A removed port-channel's members go back to the default policy [uncertain: when]."""
        if channel["interfaceType"] != PORT_CHANNEL or channel["policy"] not in PORT_CHANNEL_MEMBER_POLICIES:
            return
        self._set_members(switch, channel, self._interface_tables[switch["serialNumber"]], [])

    def _interface_compliance(self, record):
        self._settle(record)
        if record["deploy_started"] is not None:
            return "Pending"
        return OUT_OF_SYNC if record["pending"] else IN_SYNC

    def _interface_view(self, switch, record):
        pairs = dict(record["nvPairs"], POLICY_ID="POLICY-%d" % record["policy_id"], FABRIC_NAME=switch["fabricName"])
        return {"serialNumber": record.get("pair") or switch["serialNumber"], "ifName": record["ifName"],
                "interfaceType": record["interfaceType"], "fabricName": switch["fabricName"], "nvPairs": pairs}

    def _detail_view(self, switch, record):
        mode = next((mode for word, mode in _MODES if word in record["policy"]), "")
        if record["interfaceType"] == PORT_CHANNEL:
            mode = "access" if "access" in record["policy"] else "trunk"
        return {"ifName": record["ifName"], "ifType": record["interfaceType"], "serialNo": switch["serialNumber"],
                "sysName": switch["logicalName"], "ipAddress": switch["ipAddress"], "fabricName": switch["fabricName"],
                "isPhysical": "True" if record["physical"] else "False", "deletable": "True",
                "markDeleted": "True" if record["marked"] else "False", "alias": "",
                "deleteReason": None, "complianceStatus": self._interface_compliance(record), "policy": record["policy"],
                "mode": mode, "underlayPolicies": []}
