"""vPC pairs: two switches of a fabric paired, the pair's settings, its peer-link, the controller's recommendation.

docs/api/fabric-controller.yaml (tag vpc-pairs) records the shapes and what is uncertain. In short: a pair
is made with POST /vpcpair and waits for a deploy of both switches (their ccStatus is Out-of-Sync until
then), as the controller's other switch changes do. Unless the pair uses a virtual peer-link, the
controller models its peer-link as a port-channel on each switch (the fabric's VPC_PEER_LINK_PO, or the
PEER1_PCID/PEER2_PCID given) carrying int_vpc_peer_link_po, its members the ports named in
PEER1_MEMBER_INTERFACES/PEER2_MEMBER_INTERFACES. The interface side (vPC interfaces on the pair, the
pair's serial number SN1~SN2) reads the pairs through this part.
"""

import re

from dashboard_emulator.fabric_store.common import NXOS_RELEASE, PLATFORM, StoreError, wire_string
from dashboard_emulator.fabric_store.interfaces import PORT_CHANNEL, VPC, default_policy, interface_name

PEER_LINK_POLICY = "int_vpc_peer_link_po"
PEER_LINK_MEMBER_POLICY = "int_vpc_peer_link_po_member_11_1"
# [seen] the template a pair's policy names, on fabrics where the user gives the pair's settings
PAIR_TEMPLATE = "vpc_pair"


def _peer_link_name(pcid):
    return "port-channel%s" % pcid


def _member_names(text):
    """The ports of a member list, its ranges spread: "e1/21,e1/22-23" is e1/21, e1/22, e1/23 [client: cisco.dcnm's
    example sends ranges]."""
    names = []
    for part in [part.strip() for part in text.split(",") if part.strip()]:
        match = re.match(r"^(.*/)(\d+)-(\d+)$", part)
        if match and int(match.group(2)) <= int(match.group(3)):
            names.extend("%s%d" % (match.group(1), number) for number in range(int(match.group(2)), int(match.group(3)) + 1))
        else:
            names.append(part)
    return names


class VpcPairs:
    """The vPC-pair part of FabricStore."""

    # reads

    def vpc_pair_of(self, serial):
        """The pair a switch is in (a dict shared by both switches), or None."""
        return self._vpc_pairs.get(serial)

    def vpc_pair_inventory(self, switch_id):
        """GET /vpcpair/inventory?switchId=: the pair of the switch with this switchDbID."""
        switch = self._switch_by_db_id(switch_id)
        pair = self.vpc_pair_of(switch["serialNumber"])
        if pair is None:
            # [uncertain] the answer for a switch in no pair: itself alone, no peer
            return {"peerOneDbId": switch["switchDbID"], "peerOneSerialNumber": switch["serialNumber"],
                    "peerTwoDbId": None, "peerTwoSerialNumber": None, "logicalInterfaces": {"vPC": 0}}
        one, two = (self._find_switch(pair[key]) for key in ("peerOneId", "peerTwoId"))
        return {"peerOneDbId": one["switchDbID"], "peerOneSerialNumber": one["serialNumber"],
                "peerTwoDbId": two["switchDbID"], "peerTwoSerialNumber": two["serialNumber"],
                "logicalInterfaces": {"vPC": self._vpc_interface_count(pair)}}

    def vpc_pair_policy(self, serial):
        """GET /vpcpair/policy?serialNumber=: the pair's template and settings ({} when none were given)."""
        self._known_switch(serial)
        pair = self.vpc_pair_of(serial)
        if pair is None or not pair["template"]:
            return {}
        return {"template": pair["template"], "nv_pairs": dict(pair["nvPairs"])}

    def vpc_pair_recommendation(self, serial, use_virtual_peerlink=False):
        """GET /vpcpair/recommendation: the switches of the fabric this one may pair with."""
        switch = self._known_switch(serial)
        pair = self.vpc_pair_of(serial)
        answer = []
        for other in self._switches[switch["fabricName"]].values():
            if other is switch:
                continue
            current = pair is not None and other["serialNumber"] in (pair["peerOneId"], pair["peerTwoId"])
            if pair is not None and not current:
                continue
            same_role = other["switchRole"] == switch["switchRole"]
            free = self.vpc_pair_of(other["serialNumber"]) is None or current
            if current:
                reason = "Switches are paired"
            elif not same_role:
                reason = "Switches have different roles"
            elif not free:
                reason = "Switch is already part of a vPC pair"
            else:
                reason = "Switches have same role and support Virtual Fabric Peering"
            answer.append({
                "serialNumber": other["serialNumber"], "logicalName": other["logicalName"],
                "ipAddress": other["ipAddress"], "fabricName": other["fabricName"],
                "ethSwitchId": other["switchDbID"], "nxosVersion": NXOS_RELEASE, "platformType": PLATFORM,
                "currentPeer": current, "recommended": current or (same_role and free),
                "blockSelection": not (same_role and free), "recommendationReason": reason,
                "useVirtualPeerlink": pair["useVirtualPeerlink"] if current else bool(use_virtual_peerlink),
            })
        return answer

    def vpc_pair_serial(self, serial):
        """GET /interface/vpcpair_serial_number: "SN1~SN2" for a switch of a pair, its own serial otherwise.

        [uncertain] the answer for a switch in no pair (cisco.dcnm reads a value without "~" as "no pair")."""
        self._known_switch(serial)
        pair = self.vpc_pair_of(serial)
        return {"vpc_pair_sn": self._pair_serial(pair) if pair else serial}

    # writes

    def create_vpc_pair(self, body):
        """POST /vpcpair: pair two switches; they wait for a deploy."""
        one, two, virtual, template, pairs = self._checked_pair_body(body)
        for switch in (one, two):
            if self.vpc_pair_of(switch["serialNumber"]) is not None:
                # [client] cisco.dcnm recognises "already part of a vpc pair" (any letter case)
                raise StoreError("Switch %s is already part of a vPC pair" % switch["serialNumber"])
        if one["switchRole"] != two["switchRole"]:
            # [uncertain] the refusal and its wording: the recommendation pairs switches of one role
            raise StoreError("Switches %s and %s have different roles (%s, %s) and cannot be paired"
                             % (one["serialNumber"], two["serialNumber"], one["switchRole"], two["switchRole"]))
        pair = {"peerOneId": one["serialNumber"], "peerTwoId": two["serialNumber"], "useVirtualPeerlink": virtual,
                "template": template, "nvPairs": pairs, "domain": self._domain_id(one["fabricName"], pairs)}
        links = self._checked_peer_link(pair, one, two)
        self._vpc_pairs[one["serialNumber"]] = self._vpc_pairs[two["serialNumber"]] = pair
        self._set_peer_link(pair, links)
        self._pair_changed(pair)
        return "VPC pair successfully created"

    def update_vpc_pair(self, body):
        """PUT /vpcpair: change the settings of an existing pair (its peer-link with them)."""
        one, two, virtual, template, pairs = self._checked_pair_body(body)
        pair = self.vpc_pair_of(one["serialNumber"])
        if pair is None or self.vpc_pair_of(two["serialNumber"]) is not pair:
            raise StoreError("Switches %s and %s are not a vPC pair" % (one["serialNumber"], two["serialNumber"]))
        wanted = {"useVirtualPeerlink": virtual, "template": template or pair["template"],
                  "nvPairs": dict(pair["nvPairs"], **pairs)}
        # the pair keeps its own peer order whatever order the update names them in
        if pair["peerOneId"] != one["serialNumber"]:
            one, two = two, one
        candidate = dict(pair, **wanted)
        links = self._checked_peer_link(candidate, one, two)
        if any(pair[key] != value for key, value in wanted.items()):
            self._drop_peer_link(pair)
            pair.update(wanted)
            if pairs.get("DOMAIN_ID", "").isdigit():
                # [uncertain] a DOMAIN_ID given to an existing pair becomes its domain, as on a create
                pair["domain"] = int(pairs["DOMAIN_ID"])
            self._set_peer_link(pair, links)
            self._pair_changed(pair)
        return "VPC pair successfully updated"

    def delete_vpc_pair(self, serial):
        """DELETE /vpcpair?serialNumber=: unpair the switch and its peer; they wait for a deploy."""
        self._known_switch(serial)
        pair = self.vpc_pair_of(serial)
        if pair is None:
            # [client] cisco.dcnm reads "not a part of any vpc pair" (any letter case) as already unpaired
            raise StoreError("Switch %s is not a part of any vPC pair" % serial)
        if self._vpc_interface_count(pair):
            # [uncertain] the refusal and its wording: a pair with vPC interfaces keeps them
            raise StoreError("VPC pair %s has vPC interfaces; delete them before unpairing" % self._pair_serial(pair))
        self._drop_peer_link(pair)
        for key in ("peerOneId", "peerTwoId"):
            del self._vpc_pairs[pair[key]]
        self._pair_changed(pair)
        return "VPC pair for %s successfully deleted" % serial

    def _vpc_view(self, serial):
        """A switch's vPC fields in the inventory [uncertain: the values beyond the field names]."""
        pair = self.vpc_pair_of(serial)
        if pair is None:
            return {"isVpcConfigured": False, "peerSerialNumber": None, "vpcDomain": 0}
        peer = pair["peerTwoId"] if pair["peerOneId"] == serial else pair["peerOneId"]
        return {"isVpcConfigured": True, "peerSerialNumber": peer, "vpcDomain": pair["domain"]}

    def _forget_vpc_pair(self, serial):
        """A switch removed from its fabric leaves its pair [uncertain: the controller may refuse the removal]."""
        pair = self.vpc_pair_of(serial)
        if pair is not None:
            self._drop_peer_link(pair)
            for key in ("peerOneId", "peerTwoId"):
                self._vpc_pairs.pop(pair[key], None)

    # the interface side

    def _interface_switch(self, serial):
        """The switch an interface request names: a serial number, or a pair's "SN1~SN2" (its first switch).

        Raises for a "~" serial that is not a pair."""
        if "~" not in serial:
            return self._find_switch(serial)
        first, _tilde, second = serial.partition("~")
        pair = self.vpc_pair_of(first)
        if pair is None or {first, second} != {pair["peerOneId"], pair["peerTwoId"]}:
            # [uncertain] the wording
            raise StoreError("Switches %s are not a vPC pair" % serial)
        return self._find_switch(first)

    def _pair_interface(self, record, switch):
        """Put a vPC interface record (made on the pair's first switch) into its peer's table too."""
        pair = self.vpc_pair_of(switch["serialNumber"])
        record["pair"] = self._pair_serial(pair)
        for key in ("peerOneId", "peerTwoId"):
            peer = self._find_switch(pair[key])
            self._interfaces_of(peer)[record["ifName"].lower()] = record

    def _forget_interface(self, switch, record):
        """Remove a deployed-away interface from its switch's table (a vPC's from both of the pair)."""
        serials = record["pair"].split("~") if record.get("pair") else [switch["serialNumber"]]
        for serial in serials:
            table = self._interface_tables.get(serial, {})
            if table.get(record["ifName"].lower()) is record:
                del table[record["ifName"].lower()]

    # the model

    def _pair_serial(self, pair):
        return "%s~%s" % (pair["peerOneId"], pair["peerTwoId"])

    def _known_switch(self, serial):
        switch = self._find_switch(serial)
        if switch is None:
            # [uncertain] the wording, as the other refusals of an unknown serial number
            raise StoreError("Invalid switch serial number %s" % serial)
        return switch

    def _switch_by_db_id(self, switch_id):
        for switches in self._switches.values():
            for switch in switches.values():
                if str(switch["switchDbID"]) == str(switch_id):
                    return switch
        # [uncertain] the wording
        raise StoreError("Invalid switch id %s" % switch_id)

    def _checked_pair_body(self, body):
        if not isinstance(body, dict) or not body.get("peerOneId") or not body.get("peerTwoId"):
            raise StoreError("Invalid request is supplied. peerOneId and peerTwoId are required", 400)
        one, two = (self._known_switch(str(body[key])) for key in ("peerOneId", "peerTwoId"))
        if one is two:
            raise StoreError("Invalid request is supplied. a switch cannot be paired with itself", 400)
        if one["fabricName"] != two["fabricName"]:
            # [uncertain] the wording
            raise StoreError("Switches %s and %s are not in the same fabric" % (one["serialNumber"], two["serialNumber"]))
        nv_pairs = body.get("nvPairs") if isinstance(body.get("nvPairs"), dict) else {}
        pairs = {key: wire_string(value) for key, value in nv_pairs.items()}
        template = str(body.get("templateName") or "")
        if template and template != PAIR_TEMPLATE:
            # [uncertain] the wording, as the interface create's refusal of an unknown template
            raise StoreError("Failed to get template. Template with name %s not found" % template)
        return one, two, wire_string(body.get("useVirtualPeerlink", False)) == "true", template, pairs

    def _checked_peer_link(self, pair, one, two):
        """The peer-link a pair's settings ask for: [(switch, port-channel name, member records)], checked."""
        if pair["useVirtualPeerlink"]:
            return []
        default = self._fabrics[one["fabricName"]]["nvPairs"].get("VPC_PEER_LINK_PO") or "500"
        links = []
        for switch, prefix in ((one, "PEER1"), (two, "PEER2")):
            pcid = pair["nvPairs"].get(prefix + "_PCID") or default
            table = self._interfaces_of(switch)
            name = _peer_link_name(pcid)
            existing = table.get(name.lower())
            if existing is not None and existing["policy"] != PEER_LINK_POLICY:
                # [uncertain] the wording
                raise StoreError("Interface %s is already in use on switch %s" % (name, switch["serialNumber"]))
            members = []
            for text in _member_names(pair["nvPairs"].get(prefix + "_MEMBER_INTERFACES", "")):
                port = table.get(interface_name(text)[1].lower())
                if port is None or not port["physical"]:
                    raise StoreError("Invalid interface %s for switch %s" % (text, switch["serialNumber"]))
                owner = port["nvPairs"].get("PO_ID", "")
                # a switch is in one pair at most: a peer-link member on it is this pair's, free to move
                member = port["policy"].endswith(("_member_11_1", "_member")) and port["policy"] != PEER_LINK_MEMBER_POLICY
                if member and owner.lower() != name.lower():
                    raise StoreError("Interface %s is already a member of %s" % (port["ifName"], owner))
                members.append(port)
            links.append((switch, name, members))
        return links

    def _set_peer_link(self, pair, links):
        for switch, name, members in links:
            table = self._interfaces_of(switch)
            pairs = {"PO_ID": name, "INTF_NAME": name, "ADMIN_STATE": "true", "DESC": "vPC peer-link",
                     "MEMBER_INTERFACES": ",".join(port["ifName"] for port in members),
                     "PC_MODE": pair["nvPairs"].get("PC_MODE", "active")}
            record = table.get(name.lower())
            if record is None:
                record = table[name.lower()] = self._record(name, PORT_CHANNEL, PEER_LINK_POLICY, pairs)
            else:
                record.update(nvPairs=pairs, pending=True, marked=False)
            record["vpc_peer_link"] = True
            for port in members:
                port.update(policy=PEER_LINK_MEMBER_POLICY, pending=True,
                            nvPairs={"PO_ID": name, "INTF_NAME": port["ifName"], "ADMIN_STATE": "true", "DESC": "", "CONF": ""})

    def _drop_peer_link(self, pair):
        """The peer-link goes with the pair (or a change of its settings): members back to the default policy."""
        for key in ("peerOneId", "peerTwoId"):
            switch = self._find_switch(pair[key])
            table = self._interfaces_of(switch)
            for name, record in list(table.items()):
                if record.get("vpc_peer_link"):
                    del table[name]
                elif record["policy"] == PEER_LINK_MEMBER_POLICY:
                    policy, pairs = default_policy(switch["switchRole"], record["ifName"])
                    record.update(policy=policy, nvPairs=pairs, pending=True)

    def _domain_id(self, fabric_name, pairs):
        """The pair's vPC domain: DOMAIN_ID when given, else the lowest free one of the fabric's VPC_DOMAIN_ID_RANGE
        [uncertain: how the controller picks it]."""
        given = pairs.get("DOMAIN_ID", "")
        if given.isascii() and given.isdigit():
            return int(given)
        low, _dash, high = (self._fabrics[fabric_name]["nvPairs"].get("VPC_DOMAIN_ID_RANGE") or "1-1000").partition("-")
        used = {pair["domain"] for serial, pair in self._vpc_pairs.items() if serial in self._switches[fabric_name]}
        return next((number for number in range(int(low), int(high or low) + 1) if number not in used), 0)

    def _pair_changed(self, pair):
        for key in ("peerOneId", "peerTwoId"):
            self._find_switch(pair[key])["pending"] = True

    def _vpc_interface_count(self, pair):
        table = self._interfaces_of(self._find_switch(pair["peerOneId"]))
        return sum(1 for record in table.values() if record["interfaceType"] == VPC and not record["marked"])
