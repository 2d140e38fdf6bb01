"""Networks and VRFs of a fabric (one code, `kind` "network" or "vrf"), their attachments and deploys."""

import json

from dashboard_emulator.fabric_store.common import (
    DEPLOYED, IN_PROGRESS, NETWORK_EXTENSION_TEMPLATE, NETWORK_TEMPLATE, NOT_APPLICABLE, OUT_OF_SYNC, PENDING,
    VRF_EXTENSION_TEMPLATE, VRF_TEMPLATE, BadRequest, StoreError, int_or_text, template_config_text, wire_string,
)


class TopDown:
    """The top-down part of FabricStore."""

    def list_items(self, kind, fabric_name, vrf_name=None):
        table = self._table(kind, fabric_name)
        return [self._item_view(kind, item) for item in table.values()
                if vrf_name is None or item.get("vrf") == vrf_name]

    def get_item(self, kind, fabric_name, name):
        item = self._table(kind, fabric_name).get(name)
        if item is None:
            # [client] a JSON 400 whose message cisco.dcnm recognises as "no such network"
            raise BadRequest("Invalid %s name" % kind)
        return self._item_view(kind, item)

    def create_item(self, kind, fabric_name, body):
        table = self._table(kind, fabric_name)
        name_field = kind + "Name"
        if not isinstance(body, dict) or not body.get(name_field):
            raise StoreError("%s is required" % name_field, 400)
        name = str(body[name_field])
        if name in table:
            raise StoreError("%s\t%s\talready exists" % (kind.upper() if kind == "vrf" else "Network", name))
        config_field = kind + "TemplateConfig"
        try:
            config = json.loads(template_config_text(body.get(config_field) or "{}"))
        except ValueError:
            raise StoreError("Invalid %s: not a JSON object" % config_field, 400) from None
        if kind == "network":
            if "networkName" not in config:
                # [seen] the create fails when networkName is missing inside the config
                raise StoreError("Invalid: networkName is missing in networkTemplateConfig")
            config.setdefault("vrfName", str(body.get("vrf") or "NA"))
            config.setdefault("segmentId", str(body.get("networkId", "")))
        else:
            config.setdefault("vrfName", name)
            config.setdefault("vrfSegmentId", str(body.get("vrfId", "")))
        item = {
            "id": self._next_object_id, "fabric": fabric_name, "name": name,
            "fields": {key: value for key, value in body.items() if key not in (config_field, "fabric", "id")},
            "config": json.dumps(config, separators=(",", ":")), "attachments": {},
        }
        if kind == "network":
            item["vrf"] = str(body.get("vrf") or "NA")
        self._next_object_id += 1
        table[name] = item
        return self._item_view(kind, item)

    def update_item(self, kind, fabric_name, name, body):
        item = self._table(kind, fabric_name).get(name)
        if item is None:
            raise StoreError("Invalid %s name" % kind, 400)
        if not isinstance(body, dict):
            raise StoreError("The body must be a JSON object", 400)
        config_field = kind + "TemplateConfig"
        if config_field in body:
            try:
                item["config"] = template_config_text(body[config_field])
            except ValueError:
                raise StoreError("Invalid %s: not a JSON object" % config_field, 400) from None
        for key, value in body.items():
            if key not in (config_field, "fabric", "id", kind + "Name"):
                item["fields"][key] = value
        if kind == "network" and "vrf" in body:
            item["vrf"] = str(body["vrf"])
        for serial, attachment in item["attachments"].items():
            if attachment["attached"] and self._attachment_state(attachment) == DEPLOYED:
                attachment["state"] = PENDING
                # [uncertain] as after an attach: the switch has config to push, so it is Out-of-Sync until a
                # deploy (Network-as-Code's deploy role and ours deploy the switches whose ccStatus says so)
                self._switches[fabric_name][serial]["pending"] = True
        return {}

    def delete_item(self, kind, fabric_name, name):
        table = self._table(kind, fabric_name)
        item = table.get(name)
        if item is None:
            raise StoreError("Invalid %s name" % kind, 400)
        if any(self._attachment_state(a) != NOT_APPLICABLE for a in item["attachments"].values()):
            # [uncertain] refusal wording not captured
            raise StoreError("%s %s has deployed attachments; detach and deploy first" % (kind.title(), name))
        del table[name]

    def bulk_create(self, kind, bodies, fail_one=False):
        """Create several; return (success, failure) lists. fail_one: the injected 207 fault."""
        return self._each(kind, bodies, "create", fail_one,
                          lambda fabric_name, name, body: self.create_item(kind, fabric_name, body))

    def bulk_update(self, kind, bodies, fail_one=False):
        """Update several, each as update_item (the per-object PUT) does; return (success, failure) lists.

        A failed item changes nothing of its own and nothing of the others."""
        return self._each(kind, bodies, "update", fail_one,
                          lambda fabric_name, name, body: self.update_item(kind, fabric_name, name, body))

    @staticmethod
    def _each(kind, bodies, verb, fail_one, apply):
        """apply(fabric name, name, body) to each body, an outcome per item; fail_one fails the last."""
        successes, failures = [], []
        for index, body in enumerate(bodies):
            name = str(body.get(kind + "Name", "")) if isinstance(body, dict) else ""
            fabric_name = str(body.get("fabric", "")) if isinstance(body, dict) else ""
            if fail_one and index == len(bodies) - 1:
                message = "Failed to %s %s %s. Please try after some time" % (verb, kind, name)
                failures.append({"name": name, "message": message, "status": "Failed"})
                continue
            try:
                apply(fabric_name, name, body)
            except StoreError as exc:
                failures.append({"name": name, "message": exc.message, "status": "Failed"})
            else:
                successes.append({"name": name, "message": "", "status": "Success"})
        return successes, failures

    def attachments(self, kind, fabric_name, names):
        table = self._table(kind, fabric_name)
        answer = []
        for name in names or list(table):
            item = table.get(name)
            if item is None:
                continue
            attachments = []
            for serial, switch in self._switches[fabric_name].items():
                attachment = item["attachments"].get(serial)
                attachments.append(self._attachment_view(kind, item, switch, attachment))
            answer.append({kind + "Name": name, "lanAttachList": attachments})
        return answer

    def vrf_switch_details(self, fabric_name, vrf_names, serials):
        """Per VRF, its detail on each of these switches of the fabric (the VRF-Lite read, facts 8.3).

        One entry per known VRF, in the order asked; a switch of another fabric or none is left out
        [uncertain: no capture shows either]. The emulator has no inter-fabric links, so no switch
        offers a VRF-Lite extension: extensionPrototypeValues is always empty."""
        table = self._table("vrf", fabric_name)
        switches = self._switches[fabric_name]
        answer = []
        for name in vrf_names:
            item = table.get(name)
            if item is None:
                continue
            config = json.loads(item["config"])
            details = []
            for serial in dict.fromkeys(serials):
                switch = switches.get(serial)
                if switch is None:
                    continue
                attachment = item["attachments"].get(serial)
                state = self._attachment_state(attachment) if attachment else NOT_APPLICABLE
                vlan = attachment["vlan"] if attachment and attachment["vlan"] else config.get("vrfVlanId", "")
                details.append({
                    "serialNumber": serial, "switchName": switch["logicalName"], "role": switch["switchRole"],
                    "vlan": str(vlan), "vlanModifiable": True,
                    # spelled as the controller spells them here (attachments say isLanAttached, lanAttachState)
                    "islanAttached": bool(attachment and attachment["attached"]) and state != NOT_APPLICABLE,
                    "lanAttachedState": state, "peerSerialNumber": None,
                    "instanceValues": attachment["instanceValues"] if attachment else "",
                    "extensionValues": "", "freeformConfig": "", "errorMessage": None, "extensionPrototypeValues": [],
                })
            answer.append({"vrfName": name, "templateName": item["fields"].get("vrfTemplate", VRF_TEMPLATE),
                           "switchDetailsList": details})
        return answer

    def attach(self, kind, fabric_name, entries):
        table = self._table(kind, fabric_name)
        result = {}
        for entry in entries:
            name = str(entry.get(kind + "Name", "")) if isinstance(entry, dict) else ""
            for request in (entry.get("lanAttachList") or []) if isinstance(entry, dict) else []:
                serial = str(request.get("serialNumber", ""))
                switch = self._switches[fabric_name].get(serial)
                label = "%s-[%s/%s]" % (name, serial, switch["logicalName"] if switch else "")
                item = table.get(name)
                if item is None:
                    result[label] = "Invalid %s name %s" % (kind, name)
                    continue
                if switch is None:
                    result[label] = "Invalid switch serial number %s" % serial
                    continue
                attached = wire_string(request.get("deployment", True)) == "true"
                previous = item["attachments"].get(serial)
                if attached:
                    missing = self.missing_ports(switch, _port_list(request.get("switchPorts"))) if kind == "network" else []
                    if missing:
                        # [seen] the failure's start, "Invalid interfaces" (facts 9); [uncertain] what follows it
                        result[label] = "Invalid interfaces %s" % ",".join(missing)
                        continue
                    vlan = request.get("vlan") or 0
                    # vlan 0 asks for the network's (VRF's) own VLAN: that is the one it takes on the switch
                    wanted = _vlan_number(vlan) or self._own_vlan(kind, item)
                    if wanted and self._vlan_in_use(kind, fabric_name, name, serial, wanted):
                        kind_label = "Network" if kind == "network" else "VRF"
                        result[label] = "Entered %s VLAN ID %s is in use already" % (kind_label, wanted)
                        continue
                    if previous is None:
                        self._next_resource_id += 1
                    item["attachments"][serial] = {
                        "serial": serial, "attached": True, "state": PENDING, "deploy_started": None,
                        "on_switch": bool(previous and previous.get("on_switch")),
                        "resource_id": previous["resource_id"] if previous else self._next_resource_id,
                        "vlan": _vlan_number(vlan) or 0, "ports": self._attached_ports(kind, previous, request),
                        "instanceValues": str(request.get("instanceValues", "") or ""),
                    }
                elif previous is None or not previous["attached"]:
                    result[label] = "%s %s is already in detached state" % (kind.title(), name)
                    continue
                elif previous.get("on_switch") or self._attachment_state(previous) == DEPLOYED:
                    # [seen] the switch keeps the config until the undeploy is pushed, and the old state
                    # (DEPLOYED, or PENDING after an update of a deployed item) stays shown till then
                    previous.update(attached=False, on_switch=True)
                else:
                    del item["attachments"][serial]
                self._switches[fabric_name][serial]["pending"] = True
                result[label] = "SUCCESS"
        return result

    def deploy_items(self, kind, fabric_name, names):
        table = self._table(kind, fabric_name)
        serials = set()
        for name in names:
            item = table.get(name)
            if item is None:
                raise StoreError("Invalid %s name %s" % (kind, name), 400)
            serials.update(s for s, a in item["attachments"].items() if self._deploy_changes(a))
        if not serials:
            return None
        self.deploy(fabric_name, sorted(serials))
        return {"status": ""}

    @staticmethod
    def _attached_ports(kind, previous, request):
        """The ports an attach leaves on the switch, as the comma list the read shows in portNames."""
        wanted = _port_list(request.get("switchPorts"))
        if kind != "network" or previous is None or not previous["attached"]:
            # [client] a first attach names the whole port list (VRF items carry no ports)
            return ",".join(dict.fromkeys(wanted))
        # [client] on an attached switch cisco.dcnm sends only the difference: switchPorts to add and
        # detachSwitchPorts to remove, so a port in neither list stays. It builds both lists
        # from sets, so their order means nothing; the kept ports keep theirs and added ones follow.
        removed = set(_port_list(request.get("detachSwitchPorts")))
        ports = [port for port in _port_list(previous["ports"]) if port not in removed]
        ports += wanted
        return ",".join(dict.fromkeys(ports))

    def _vlan_in_use(self, kind, fabric_name, name, serial, vlan):
        """Whether another network or VRF attached on the switch holds this VLAN there.

        [seen] the refusal (facts 8.3, 9); [uncertain] which holders count: a VLAN is the switch's,
        so a network's and a VRF's count alike, each with the VLAN its attachment asked for or, for 0,
        its own."""
        for other_kind in ("network", "vrf"):
            for other_name, item in self._table(other_kind, fabric_name).items():
                attachment = item["attachments"].get(serial)
                if (other_kind, other_name) == (kind, name) or not attachment or not attachment["attached"]:
                    continue
                if (attachment["vlan"] or self._own_vlan(other_kind, item)) == vlan:
                    return True
        return False

    @staticmethod
    def _own_vlan(kind, item):
        """The VLAN of a network's or VRF's template config, as a number (None when it has none)."""
        config = json.loads(item["config"])
        return _vlan_number(config.get("vlanId" if kind == "network" else "vrfVlanId"))

    def _attachment_state(self, attachment):
        """The state now; a finished deploy is settled into the stored state."""
        if attachment["deploy_started"] is not None:
            if not self._deploy_done(attachment["deploy_started"]):
                return IN_PROGRESS
            attachment["state"] = DEPLOYED if attachment["attached"] else NOT_APPLICABLE
            attachment["on_switch"] = attachment["attached"]
            attachment["deploy_started"] = None
        return attachment["state"]

    def _deploy_changes(self, attachment):
        """Whether a deploy has something to push for this attachment: pending config, or the
        undeploy of a detached one the switch still carries."""
        state = self._attachment_state(attachment)
        if not attachment["attached"]:
            return state != NOT_APPLICABLE
        return state in (PENDING, OUT_OF_SYNC)

    def _attachment_view(self, kind, item, switch, attachment):
        state = self._attachment_state(attachment) if attachment else NOT_APPLICABLE
        config = json.loads(item["config"])
        view = {
            kind + "Name": item["name"], "fabricName": item["fabric"], "switchName": switch["logicalName"],
            "switchRole": switch["switchRole"], "switchSerialNo": switch["serialNumber"], "ipAddress": switch["ipAddress"],
            "isLanAttached": bool(attachment and attachment["attached"]) and state != NOT_APPLICABLE,
            "lanAttachState": state, "instanceValues": attachment["instanceValues"] if attachment else "",
        }
        if kind == "network":
            view.update(displayName=item["fields"].get("displayName", item["name"]), switchDbId=switch["switchDbID"],
                        networkId=int_or_text(item["fields"].get("networkId", config.get("segmentId", ""))),
                        vlanId=(attachment["vlan"] if attachment and attachment["vlan"] else int_or_text(config.get("vlanId", ""))),
                        portNames=attachment["ports"] if attachment else "", peerSerialNo=None, entityName=item["name"],
                        interfaceGroups=None)
        else:
            view.update(vlanId=str(attachment["vlan"] if attachment and attachment["vlan"] else config.get("vrfVlanId", "")),
                        vrfId=str(item["fields"].get("vrfId", config.get("vrfSegmentId", ""))))
        return view

    def _item_view(self, kind, item):
        states = [self._attachment_state(a) for a in item["attachments"].values()]
        if IN_PROGRESS in states:
            status = IN_PROGRESS
        elif PENDING in states or OUT_OF_SYNC in states:
            status = PENDING if PENDING in states else OUT_OF_SYNC
        elif DEPLOYED in states:
            status = DEPLOYED
        else:
            status = NOT_APPLICABLE
        fields = item["fields"]
        if kind == "network":
            return {
                "id": item["id"], "fabric": item["fabric"], "networkName": item["name"],
                "displayName": fields.get("displayName", item["name"]),
                "networkId": int_or_text(fields.get("networkId", json.loads(item["config"]).get("segmentId", ""))),
                "networkTemplate": fields.get("networkTemplate", NETWORK_TEMPLATE),
                "networkExtensionTemplate": fields.get("networkExtensionTemplate", NETWORK_EXTENSION_TEMPLATE),
                "vrf": item["vrf"], "tenantName": None, "serviceNetworkTemplate": None, "source": None,
                "interfaceGroups": None, "networkStatus": status, "networkTemplateConfig": item["config"],
            }
        return {
            "id": item["id"], "fabric": item["fabric"], "vrfName": item["name"],
            "vrfId": int_or_text(fields.get("vrfId", json.loads(item["config"]).get("vrfSegmentId", ""))),
            "vrfTemplate": fields.get("vrfTemplate", VRF_TEMPLATE),
            "vrfExtensionTemplate": fields.get("vrfExtensionTemplate", VRF_EXTENSION_TEMPLATE),
            "serviceVrfTemplate": None, "source": None, "tenantName": None, "enforce": None, "defaultSGTag": None,
            "hierarchicalKey": item["fabric"], "vrfStatus": status, "vrfTemplateConfig": item["config"],
        }

    def _table(self, kind, fabric_name):
        self._fabric(fabric_name)
        return (self._networks if kind == "network" else self._vrfs)[fabric_name]


def _vlan_number(value):
    """A VLAN as sent (a number, or text) as a number; None for none or not a number."""
    try:
        return int(value) or None
    except (TypeError, ValueError):
        return None


def _port_list(text):
    """The port names of a comma list such as "Ethernet1/13,Ethernet1/14"."""
    return [port.strip() for port in str(text or "").split(",") if port.strip()]
