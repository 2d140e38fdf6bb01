"""The switch inventory: test reachability, discover, the states a new switch goes through, removal; pre-provisioning and
maintenance mode (docs/api/fabric-controller.yaml, inventory/poap and switches/{serial}/maintenance-mode)."""

import ipaddress
import json

from dashboard_emulator.fabric_store.common import (
    DEPLOYING, IN_SYNC, NXOS_RELEASE, OUT_OF_SYNC, PLATFORM, StoreError, check_ip, serial_for, switch_ports, wire_string,
)
from dashboard_emulator.fabric_store.templates import fabric_template


# The roles a switch may take, as the inventory spells them: those cisco.dcnm's
# dcnm_inventory offers, whose `_` it sends as a space [client]
SWITCH_ROLES = frozenset(("leaf", "spine", "border", "border spine", "border gateway", "border gateway spine",
                          "super spine", "border super spine", "border gateway super spine", "tor", "access",
                          "aggregation", "edge router", "core router"))
# `status` of a switch in each phase after its discovery
DISCOVERING = "discovering"
# [uncertain] the status a reloading switch shows; the facts record only "ok" and that `managable` is false
RELOADING = "unreachable"
READY = "ok"
# [uncertain] what a pre-provisioned switch shows until it boots (cisco.nd reads a 4.2 discoveryStatus "unreachable")
NOT_BOOTED = "unreachable"
NORMAL = "Normal"
MAINTENANCE = "Maintenance"
# [seen] the answer of the pre-provision POST (fabric-controller facts 6.6)
PREPROVISIONED = {"status": "Day0 config generated for the device(s)"}
# what a pre-provision entry needs, in the legacy body's names
PREPROVISION_FIELDS = ("serialNumber", "ipAddress", "hostname", "model", "version", "gateway")


class Switches:
    """The inventory part of FabricStore."""

    def list_switches(self, fabric_name):
        self._fabric(fabric_name)
        return [self._switch_view(switch) for switch in self._switches[fabric_name].values()]

    def all_switches(self):
        return [self._switch_view(switch) for switches in self._switches.values() for switch in switches.values()]

    def test_reachability(self, fabric_name, body):
        self._fabric(fabric_name)
        if not isinstance(body, dict) or not body.get("seedIP"):
            raise StoreError("Invalid request is supplied. seedIP is required", 400)
        candidates = []
        for address in str(body["seedIP"]).split(","):
            address = address.strip()
            check_ip(address)
            candidates.append(self._candidate(address))
        return candidates

    def found_at(self, address):
        """(serial, hostname, model, release, ports) of the switch that answers at this address; None for none.

        Without a lab every address answers, with a switch named after it; with one, only the lab's switches."""
        if self.lab is None:
            return serial_for(address), "switch-" + address.rsplit(".", 1)[-1], PLATFORM, NXOS_RELEASE, None
        switch = self.lab.at(address)
        if switch is None or switch.poap and (self._find_switch(switch.serial) or {}).get("discovered_at") is None:
            # a switch asking for POAP has no address until a fabric imports it
            return None
        return switch.serial, switch.hostname, switch.model, switch.release, switch.ports

    def _candidate(self, address):
        found = self.found_at(address)
        if found is None:
            # [uncertain] how the controller lists an address where no switch answers: not reachable, not selectable
            return {"ipaddr": address, "sysName": "", "deviceIndex": "", "serialNumber": "", "platform": "", "version": "",
                    "vdcId": 0, "vdcMac": None, "hopCount": 0, "auth": False, "known": False, "reachable": False,
                    "selectable": False, "valid": False, "statusReason": "Unreachable", "lastChange": None}
        serial, name, model, release, _ports = found
        known = self._find_switch(serial)
        return {
            "ipaddr": address, "sysName": name, "deviceIndex": "%s(%s)" % (name, serial),
            "serialNumber": serial, "platform": model, "version": release, "vdcId": 0, "vdcMac": None,
            "hopCount": 0, "auth": True, "known": known is not None, "reachable": True,
            "selectable": known is None, "valid": True,
            "statusReason": "already managed" if known is not None else "manageable", "lastChange": None,
        }

    def discover(self, fabric_name, body):
        self._fabric(fabric_name)
        if not isinstance(body, dict) or not isinstance(body.get("switches"), list) or not body["switches"]:
            raise StoreError("Invalid request is supplied. switches is required", 400)
        template = self._fabrics[fabric_name]["templateName"]
        preserve = wire_string(body.get("preserveConfig", False)) == "true"
        if template == "External_Fabric" and not preserve:
            raise StoreError("Invalid request is supplied. preserveConfig option should be true for External Fabric Type")
        role = str(body.get("role") or "leaf")
        added = []
        for candidate in body["switches"]:
            if not isinstance(candidate, dict) or not candidate.get("ipaddr"):
                raise StoreError("Invalid request is supplied. every switch needs ipaddr", 400)
            address = str(candidate["ipaddr"])
            check_ip(address)
            found = self.found_at(address)
            if found is None:
                # [uncertain] the wording of a discovery of an address where no switch answers
                raise StoreError("Switch %s is not reachable" % address)
            serial, name, model, release, ports = found
            if self.lab is None:
                # without a lab, the client's serial number and name are taken as given
                serial = str(candidate.get("serialNumber") or serial)
                name = str(candidate.get("sysName") or name)
            if self._find_switch(serial) is not None:
                raise StoreError("Switch %s is already managed" % serial)
            added.append((serial, address, name, dict(model=model, release=release, ports=ports)))
        for serial, address, name, hardware in added:
            self.add_switch(fabric_name, serial, address, name, role, discovered_at=self.clock(), migrating=not preserve,
                            **hardware)
        return {"status": "Success"}

    def add_switch(self, fabric_name, serial, address, name, role, discovered_at=None, migrating=False, model=PLATFORM,
                   release=NXOS_RELEASE, ports=None, preprovisioned=None):
        self._switches[fabric_name][serial] = {
            "serialNumber": serial, "ipAddress": address, "logicalName": name, "switchRole": role,
            "fabricName": fabric_name, "switchDbID": self._next_db_id, "discovered_at": discovered_at,
            "migrating": migrating, "deploy_started": None, "pending": discovered_at is not None,
            "model": model, "release": release, "ports": ports,
            # the intended mode (legacy `mode`), when it was set, and the mode on the switch (`systemMode`)
            "mode": NORMAL, "mode_set_at": None, "system_mode": NORMAL,
            # {gateway, imagePolicy} of a pre-provisioned switch that has not booted, else None
            "preprovisioned": preprovisioned,
        }
        self._next_db_id += 1
        if self.lab is not None:
            self.cable_links(fabric_name, serial)

    def switch_fabric(self, serial):
        """The fabric a switch belongs to, or None for a serial number of no switch."""
        switch = self._find_switch(serial)
        return switch["fabricName"] if switch is not None else None

    def missing_ports(self, switch, ports):
        """The ports of ``ports`` the switch does not have (names compared without regard to case)."""
        have = {port.lower() for port in switch_ports(switch)}
        return [port for port in ports if port.lower() not in have]

    def lan_credentials(self, fabric_names):
        """Per switch of these fabrics, the credentials stored for it: none here."""
        return [{"switchDbID": str(switch["switchDbID"]), "ipAddress": switch["ipAddress"],
                 "switchName": switch["logicalName"], "sshUserName": "", "sshPassword": "", "v3Protocol": "N/A",
                 "credType": ""}
                for name in fabric_names for switch in self._switches[name].values()]

    def set_roles(self, body, check=lambda fabric_name: None):
        """Give switches new roles: a list of {serialNumber, role}, the role with spaces.

        ``check`` is called with the fabric of each switch before anything changes (for permissions).
        """
        if not isinstance(body, list) or not all(isinstance(entry, dict) for entry in body):
            raise StoreError("Invalid request is supplied. expected a list of objects with serialNumber and role", 400)
        changes = []
        for entry in body:
            role = str(entry.get("role") or "").strip().lower()
            switch = self._find_switch(str(entry.get("serialNumber", "")))
            if switch is None:
                raise StoreError("Invalid switch serial number %s" % entry.get("serialNumber"), 400)
            if role not in SWITCH_ROLES:
                raise StoreError("Invalid role %s for switch %s" % (entry.get("role"), switch["serialNumber"]), 400)
            check(switch["fabricName"])
            changes.append((switch, role))
        for switch, role in changes:
            if switch["switchRole"] != role:
                switch["switchRole"] = role
                switch["pending"] = True
        return changes

    def rediscover(self, fabric_name, serial):
        self._switch(fabric_name, serial)
        return {"status": "Success"}

    def remove_switch(self, fabric_name, serial):
        self._switch(fabric_name, serial)
        self._forget_vpc_pair(serial)
        self._forget_links(serial)
        self._forget_policies(serial)
        del self._switches[fabric_name][serial]
        self._interface_tables.pop(serial, None)
        for table in (self._networks[fabric_name], self._vrfs[fabric_name]):
            for item in table.values():
                item["attachments"].pop(serial, None)
        return "The switch(es)=%s have been removed from the fabric=%s" % (serial, fabric_name)

    def _phase(self, switch):
        """DISCOVERING, then (greenfield only, unless the fabric skips it) RELOADING, then READY; NOT_BOOTED for a switch
        pre-provisioned that has not booted."""
        if switch["preprovisioned"] is not None:
            return NOT_BOOTED
        if switch["discovered_at"] is None:
            return READY
        elapsed = self.clock() - switch["discovered_at"]
        if elapsed < self.timing.discover_seconds:
            return DISCOVERING
        if switch.get("never_up"):
            return RELOADING  # a lab switch that never comes up
        # a greenfield add reloads the switch, unless the fabric's GRFIELD_DEBUG_FLAG is Enable
        reloads = switch["migrating"] and self._fabrics[switch["fabricName"]]["nvPairs"].get("GRFIELD_DEBUG_FLAG") != "Enable"
        if reloads and elapsed < self.timing.discover_seconds + self.timing.reload_seconds:
            return RELOADING
        return READY

    def _manageable(self, switch):
        return self._phase(switch) == READY

    def _compliance(self, switch, manageable):
        if switch["preprovisioned"] is not None:
            return "NA"
        if switch["deploy_started"] is not None and not self._deploy_done(switch["deploy_started"]):
            return DEPLOYING
        if switch["pending"] or not manageable:
            return OUT_OF_SYNC
        return IN_SYNC

    def _switch_view(self, switch):
        phase = self._phase(switch)
        manageable = phase == READY
        compliance = self._compliance(switch, manageable)
        fabric = self._fabrics[switch["fabricName"]]
        template = fabric_template(fabric["templateName"])
        return {
            "serialNumber": switch["serialNumber"], "ipAddress": switch["ipAddress"],
            "logicalName": switch["logicalName"], "hostName": switch["logicalName"],
            "switchRole": switch["switchRole"], "switchRoleEnum": switch["switchRole"].title().replace(" ", ""),
            "model": switch.get("model", PLATFORM), "release": switch.get("release", NXOS_RELEASE),
            "fabricName": switch["fabricName"], "fabricId": fabric["id"],
            "fabricTechnology": template.technology, "switchDbID": switch["switchDbID"],
            "swUUID": "DCNM-UUID-%d" % switch["switchDbID"], "swUUIDId": switch["switchDbID"],
            "status": phase, "managable": manageable,
            "mode": "Migration" if switch["migrating"] and phase == DISCOVERING else switch["mode"],
            "systemMode": self._system_mode(switch), "ccStatus": compliance, "operStatus": "Healthy" if manageable else "Minor",
            "vendor": "Cisco", "freezeMode": True if fabric["nvPairs"].get("DEPLOYMENT_FREEZE") == "true" else None,
            "upTimeStr": self._up_time(switch) if manageable else "",
        } | self._vpc_view(switch["serialNumber"])

    def _up_time(self, switch):
        """[seen, cisco.dcnm's inventory fixtures] "00:09:28", "98 days, 21:55:52"; Network-as-Code deploys only switches
        whose upTimeStr is not empty. [uncertain] since when it counts (here: since discovery; a seed switch: 1 day)."""
        seconds = int(self.clock() - switch["discovered_at"]) if switch["discovered_at"] is not None else 86400
        days, seconds = divmod(seconds, 86400)
        clock = "%02d:%02d:%02d" % (seconds // 3600, seconds % 3600 // 60, seconds % 60)
        return "%d days, %s" % (days, clock) if days else clock

    def _find_switch(self, serial):
        for switches in self._switches.values():
            if serial in switches:
                return switches[serial]
        return None

    # networks and VRFs

    def _switch(self, fabric_name, serial):
        self._fabric(fabric_name)
        switch = self._switches[fabric_name].get(serial)
        if switch is None:
            raise StoreError("Invalid switch serial number %s for fabric %s" % (serial, fabric_name))
        return switch

    # pre-provisioning and maintenance mode

    def preprovision(self, fabric_name, entries):
        """Pre-provision switches: each {serialNumber, ipAddress, hostname, model, version, gateway, imagePolicy?, role?}
        (the handlers' common form of either API's body). All are checked before any is added."""
        self._fabric(fabric_name)
        if not isinstance(entries, list) or not entries:
            raise StoreError("Invalid request is supplied. expected a list of switches to pre-provision", 400)
        addresses = {switch["ipAddress"]: switch["serialNumber"]
                     for switches in self._switches.values() for switch in switches.values()}
        added, serials = [], set()
        for entry in entries:
            missing = [key for key in PREPROVISION_FIELDS if not entry.get(key)]
            if missing:
                raise StoreError("Invalid request is supplied. a pre-provisioned switch needs %s" % ", ".join(missing), 400)
            serial, address = str(entry["serialNumber"]), str(entry["ipAddress"])
            check_ip(address)
            if not _gateway_ok(entry["gateway"]):
                raise StoreError("Invalid request is supplied. gateway %s must be an address with its mask length, "
                                 "such as 192.0.2.1/24" % entry["gateway"], 400)
            if self._find_switch(serial) is not None or serial in serials:
                raise StoreError("Switch %s is already managed" % serial)
            if address in addresses:
                raise StoreError("IP address %s is already in use by switch %s" % (address, addresses[address]))
            role = str(entry.get("role") or "leaf")
            if role not in SWITCH_ROLES:
                raise StoreError("Invalid role %s for switch %s" % (role, serial), 400)
            serials.add(serial)
            addresses[address] = serial
            added.append((serial, address, entry, role))
        for serial, address, entry, role in added:
            self.add_switch(fabric_name, serial, address, str(entry["hostname"]), role, model=str(entry["model"]),
                            release=str(entry["version"]),
                            preprovisioned={"gateway": str(entry["gateway"]), "imagePolicy": entry.get("imagePolicy") or ""})
        return PREPROVISIONED

    def set_maintenance(self, fabric_name, serial, on):
        """The intended mode of a switch the controller manages; the switch takes it at its next deploy."""
        switch = self._switch(fabric_name, serial)
        if not self._manageable(switch):
            # [uncertain] the refusal of a switch the controller cannot reach
            raise StoreError("Switch %s is not manageable" % serial)
        wanted = MAINTENANCE if on else NORMAL
        if switch["mode"] != wanted:
            switch["system_mode"] = self._system_mode(switch)
            switch["mode"] = wanted
            switch["mode_set_at"] = self.clock()
        return {"status": "Success"}

    def deploy_maintenance(self, fabric_name, serial):
        """deploy-maintenance-mode: the switch takes its intended mode (at once here)."""
        switch = self._switch(fabric_name, serial)
        if not self._manageable(switch):
            raise StoreError("Switch %s is not manageable" % serial)
        switch["system_mode"] = switch["mode"]
        switch["mode_set_at"] = None
        return {"status": "Success"}

    @staticmethod
    def _system_mode(switch):
        """The mode on the switch: its intended mode once a deploy of the switch started after it was set."""
        set_at, deployed = switch["mode_set_at"], switch["deploy_started"]
        if set_at is not None and deployed is not None and deployed >= set_at:
            return switch["mode"]
        return switch["system_mode"]


def _gateway_ok(text):
    try:
        ipaddress.ip_interface(str(text))
    except ValueError:
        return False
    return "/" in str(text)


def preprovision_entry(item):
    """An item of the legacy pre-provision body (inventory/poap) in the store's form: its gateway from the JSON text ``data``."""
    if not isinstance(item, dict):
        raise StoreError("Invalid request is supplied. every switch to pre-provision is an object", 400)
    try:
        data = json.loads(item.get("data") or "{}") if isinstance(item.get("data"), str) else (item.get("data") or {})
    except ValueError:
        raise StoreError("Invalid request is supplied. data must be JSON text", 400) from None
    if not isinstance(data, dict):
        raise StoreError("Invalid request is supplied. data must be a JSON object", 400)
    return {"serialNumber": item.get("serialNumber"), "ipAddress": item.get("ipAddress"), "hostname": item.get("hostname"),
            "model": item.get("model"), "version": item.get("version"), "gateway": data.get("gateway"),
            "imagePolicy": item.get("imagePolicy"), "publicKey": item.get("publicKey")}
