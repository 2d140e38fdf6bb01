"""POAP: the switches of a lab that boot without a configuration and ask a fabric for one, their bootstrap entries, their
import into a fabric, the swap of a pre-provisioned switch to the switch that booted, and RMA, a switch of the fabric
replaced by one that booted (docs/api/fabric-controller.yaml, ``inventory/poap``, ``swapSN`` and ``rma``).

A lab switch with ``poap: true`` asks for POAP from the start: every fabric with bootstrap on (``BOOTSTRAP_ENABLE``) lists
it until one imports it, also while a fabric holds it pre-provisioned. Its import (an entry of ``POST inventory/poap``
with the key the switch offered, ``publicKey``) puts it in the fabric
at the address the entry gives, or completes the pre-provisioned switch of that serial number; it then boots with its
day-0 configuration, as a greenfield add reloads (``timing``), and is manageable after that, unless the lab says it never
comes up.
"""

import hashlib
import json

from dashboard_emulator.fabric_store.common import StoreError, check_ip

# [seen: NaC 0.8.0 get_poap_data, the error it ignores] the answer for a fabric whose bootstrap is off
BOOTSTRAP_OFF = "Please enable the DHCP in Fabric Settings to start the bootstrap"
# [uncertain] the answer of an import and of a swap (cisco.dcnm reads only the status)
IMPORTED = {"status": "Success"}
MAINTENANCE_MODE = "Maintenance"


class Poap:
    """The POAP part of FabricStore."""

    def bootstrap_list(self, fabric_name):
        """GET inventory/poap: the switches asking for POAP that no fabric has imported, as bootstrap entries."""
        fabric = self._fabric(fabric_name)
        if fabric["nvPairs"].get("BOOTSTRAP_ENABLE") != "true":
            raise StoreError(BOOTSTRAP_OFF, 500)
        return [self._bootstrap_entry(fabric, switch) for switch in self._asking()]

    def poap(self, fabric_name, entries):
        """POST inventory/poap: each entry naming a switch that asks for POAP is imported; the others are pre-provisioned.
        All are checked before anything changes."""
        self._fabric(fabric_name)
        if not isinstance(entries, list) or not entries:
            raise StoreError("Invalid request is supplied. expected a list of switches to pre-provision", 400)
        # [client: cisco.dcnm 3.12 dcnm_inventory] a bootstrap entry carries the key the switch offered (publicKey); a
        # switch to pre-provision has none
        asking = {switch.serial: switch for switch in self._asking()}
        imports = [entry for entry in entries if entry.get("publicKey")]
        others = [entry for entry in entries if not entry.get("publicKey")]
        plans = [self._import_plan(fabric_name, entry, asking) for entry in imports]
        if others:
            answer = self.preprovision(fabric_name, others)
        else:
            answer = IMPORTED
        for plan in plans:
            self._boot(*plan)
        return answer

    def swap_serial(self, fabric_name, old, new):
        """POST swapSN/{old}/{new}: the pre-provisioned switch ``old`` of the fabric becomes the switch ``new``, which asks
        for POAP, keeping its address, name, role and what the fabric holds for it; its import follows."""
        switch = self._switch(fabric_name, old)
        if switch["preprovisioned"] is None:
            # [uncertain] the refusal of a switch that is not pre-provisioned (booted, or discovered)
            raise StoreError("Switch %s is not a pre-provisioned switch; only a pre-provisioned switch can be swapped" % old)
        if new not in {lab_switch.serial for lab_switch in self._asking()}:
            # [uncertain] the refusal of a serial number no switch asks POAP for
            raise StoreError("Switch %s is not in the bootstrap list of fabric %s" % (new, fabric_name))
        if self.vpc_pair_of(old) is not None:
            # [uncertain] whether the controller swaps a switch of a vPC pair
            raise StoreError("Switch %s is in a vPC pair; unpair it before swapping its serial number" % old)
        self._rekey_switch(fabric_name, old, new)
        return IMPORTED

    def rma(self, fabric_name, body):
        """POST rma: the switch ``oldSerialNumber`` of the fabric, in maintenance mode, is replaced by ``newSerialNumber``,
        which asks for POAP: the new switch takes its place (address, name, role, mode, what the fabric holds for it) and
        boots with its configuration."""
        if not isinstance(body, dict):
            raise StoreError("Invalid request is supplied. expected an object with oldSerialNumber and newSerialNumber", 400)
        old, new = str(body.get("oldSerialNumber") or ""), str(body.get("newSerialNumber") or "")
        switch = self._switch(fabric_name, old)
        if switch["mode"] != MAINTENANCE_MODE:
            # [uncertain] the refusal of a switch not in maintenance mode (cisco.nd's 4.2 RMA expects it there first)
            raise StoreError("Switch %s is not in maintenance mode; put it in maintenance mode before its RMA" % old)
        if switch["preprovisioned"] is not None:
            raise StoreError("Switch %s is a pre-provisioned switch; swap its serial number instead" % old)
        asking = {lab_switch.serial: lab_switch for lab_switch in self._asking()}
        if new not in asking or self._find_switch(new) is not None:
            raise StoreError("Switch %s is not in the bootstrap list of fabric %s" % (new, fabric_name))
        self._rekey_switch(fabric_name, old, new)
        lab_switch = asking[new]
        switch.update(discovered_at=self.clock(), migrating=True, pending=True, model=lab_switch.model,
                      release=lab_switch.release, ports=lab_switch.ports, never_up=not lab_switch.comes_up)
        return IMPORTED

    # the model

    def _asking(self):
        """The lab's switches that ask for POAP and that no fabric holds as a switch that booted."""
        if self.lab is None:
            return []
        asking = []
        for lab_switch in self.lab.asking_for_poap():
            held = self._find_switch(lab_switch.serial)
            if held is None or held["preprovisioned"] is not None:
                asking.append(lab_switch)
        return asking

    def _bootstrap_entry(self, fabric, lab_switch):
        """[seen: NaC 0.8.0 get_poap_data, a sample of the answer] serialNumber, model, version, publicKey, fingerprint, reAdd,
        seedSwitchFlag, data (JSON text: gateway, modulesModel). [uncertain] the gateway: the fabric's management gateway and
        prefix (MGMT_GW, MGMT_PREFIX), which its DHCP hands out; the key and its fingerprint are made up from the serial."""
        digest = hashlib.md5(lab_switch.serial.encode("ascii"), usedforsecurity=False).hexdigest()
        gateway = fabric["nvPairs"].get("MGMT_GW") or ""
        if gateway:
            gateway = "%s/%s" % (gateway, fabric["nvPairs"].get("MGMT_PREFIX") or "24")
        return {
            "serialNumber": lab_switch.serial, "model": lab_switch.model, "version": lab_switch.release,
            "publicKey": "ssh-rsa AAAAB3NzaC1yc2E%s" % digest, "fingerprint": "MD5:" + ":".join(
                digest[index:index + 2] for index in range(0, 32, 2)),
            "reAdd": False, "seedSwitchFlag": False, "data": json.dumps({"gateway": gateway, "modulesModel": [lab_switch.model]}),
        }

    def _import_plan(self, fabric_name, entry, asking):
        """(fabric, serial, address, hostname, lab switch) of an import, checked; nothing changes yet."""
        fabric = self._fabric(fabric_name)
        if fabric["nvPairs"].get("BOOTSTRAP_ENABLE") != "true":
            raise StoreError(BOOTSTRAP_OFF, 500)
        serial = str(entry.get("serialNumber") or "")
        if serial not in asking:
            # [uncertain] the refusal of a bootstrap entry of a switch that does not ask for POAP
            raise StoreError("Switch %s is not in the bootstrap list of fabric %s" % (serial, fabric_name))
        address, hostname = str(entry.get("ipAddress") or ""), str(entry.get("hostname") or "")
        held = self._find_switch(serial)
        if held is not None and held["fabricName"] == fabric_name and held["preprovisioned"] is not None:
            # [client: cisco.dcnm 3.12.1 dcnm_inventory, swap] after a swap the import is the bootstrap entry as listed,
            # without an address or hostname: the switch inherits the pre-provisioned switch's
            address, hostname = address or held["ipAddress"], hostname or held["logicalName"]
        if not address or not hostname:
            raise StoreError("Invalid request is supplied. a bootstrapped switch needs ipAddress and hostname", 400)
        check_ip(address)
        if held is not None and held["fabricName"] != fabric_name:
            raise StoreError("Switch %s is already managed" % serial)
        for switches in self._switches.values():
            for other in switches.values():
                if other["ipAddress"] == address and other["serialNumber"] != serial:
                    raise StoreError("IP address %s is already in use by switch %s" % (address, other["serialNumber"]))
        return fabric_name, serial, address, hostname, asking[serial]

    def _boot(self, fabric_name, serial, address, hostname, lab_switch):
        """The switch boots with its day-0 configuration: in the fabric, manageable once it has reloaded."""
        hardware = dict(model=lab_switch.model, release=lab_switch.release, ports=lab_switch.ports)
        held = self._switches[fabric_name].get(serial)
        if held is None:
            self.add_switch(fabric_name, serial, address, hostname, "leaf", discovered_at=self.clock(), migrating=True, **hardware)
            held = self._switches[fabric_name][serial]
        else:
            held.update(ipAddress=address, logicalName=hostname, discovered_at=self.clock(), migrating=True, pending=True,
                        preprovisioned=None, **hardware)
            self.cable_links(fabric_name, serial)
        held["never_up"] = not lab_switch.comes_up

    def _rekey_switch(self, fabric_name, old, new):
        """What the fabric holds under serial number ``old`` held under ``new`` (the switch, its interfaces, policies, vPC
        pair, links and attachments)."""
        switch = self._switches[fabric_name].pop(old)
        switch["serialNumber"] = new
        self._switches[fabric_name][new] = switch
        if old in self._interface_tables:
            self._interface_tables[new] = self._interface_tables.pop(old)
        if old in self._policies_made:
            self._policies_made.discard(old)
            self._policies_made.add(new)
        for record in self._policies.values():
            if record["serialNumber"] == old:
                record["serialNumber"] = new
        pair = self._vpc_pairs.pop(old, None)
        if pair is not None:
            for key in ("peerOneId", "peerTwoId"):
                if pair.get(key) == old:
                    pair[key] = new
            self._vpc_pairs[new] = pair
        for link in self._links.values():
            for side in ("sw1-info", "sw2-info"):
                if link[side]["sw-serial-number"] == old:
                    link[side]["sw-serial-number"] = new
        for table in (self._networks[fabric_name], self._vrfs[fabric_name]):
            for item in table.values():
                if old in item["attachments"]:
                    item["attachments"][new] = item["attachments"].pop(old)
