"""The fabric controller's data: fabrics and their switches, in memory.

Objects carry no field that changes on every write (no updatedAt): an idempotent client
compares what it read with what it wants, and a write that changes nothing must leave the
object exactly as it was.
"""

import copy
import datetime
import ipaddress

FABRIC_TYPES = ("VXLAN_EVPN", "LAN_CLASSIC", "EXTERNAL")
SWITCH_ROLES = ("leaf", "spine", "border")
MAX_ASN = 4294967295
FABRIC_USER_FIELDS = ("type", "asn", "description", "securityDomain")
SWITCH_USER_FIELDS = ("hostname", "role", "ipAddress")

SEED_FABRICS = (
    {"name": "site-a", "type": "VXLAN_EVPN", "asn": "65001", "description": "Seed fabric", "securityDomain": "all"},
)
SEED_SWITCHES = (
    ("site-a", {"serialNumber": "FDO2233A0AA", "hostname": "leaf-101", "role": "leaf", "ipAddress": "192.0.2.11"}),
)


class StoreError(Exception):
    status = 400

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class NotFound(StoreError):
    status = 404


class Conflict(StoreError):
    status = 409


class Invalid(StoreError):
    status = 400


class Mismatch(StoreError):
    """The body names another object than the path: a rename, which is not supported.

    409, not 400: the body is valid, it conflicts with the object the path names.
    """

    status = 409


def _now_iso():
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _check_asn(asn):
    # The document's pattern admits 1 to 9999999999; the range check is the server's.
    if not 1 <= int(asn) <= MAX_ASN:
        raise Invalid("Invalid ASN %s: must be between 1 and %d" % (asn, MAX_ASN))


def _check_ip(address):
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        raise Invalid("Invalid IPv4 address %r" % address) from None


class FabricStore:
    def __init__(self):
        self._fabrics = {}
        self._switches = {}
        self._next_id = 1
        self.reset()

    def reset(self):
        self._fabrics.clear()
        self._switches.clear()
        self._next_id = 1
        for fabric in SEED_FABRICS:
            self.create_fabric(dict(fabric))
        for fabric_name, switch in SEED_SWITCHES:
            self.create_switch(fabric_name, dict(switch))

    # fabrics

    def list_fabrics(self):
        return [copy.deepcopy(fabric) for fabric in self._fabrics.values()]

    def get_fabric(self, name):
        return copy.deepcopy(self._fabric(name))

    def security_domain_of(self, name):
        return self._fabric(name)["securityDomain"]

    def create_fabric(self, body):
        name = body["name"]
        if name in self._fabrics:
            raise Conflict("Fabric %s already exists" % name)
        _check_asn(body["asn"])
        fabric = {
            "name": name,
            "type": body["type"],
            "asn": body["asn"],
            "description": body.get("description", ""),
            "securityDomain": body.get("securityDomain", "all"),
            "id": self._next_id,
            "createdAt": _now_iso(),
        }
        self._next_id += 1
        self._fabrics[name] = fabric
        self._switches[name] = {}
        return copy.deepcopy(fabric)

    def replace_fabric(self, name, body):
        fabric = self._fabric(name)
        if "name" in body and body["name"] != name:
            raise Mismatch("Fabric name %s in the body does not match %s in the path; fabrics cannot be renamed" % (body["name"], name))
        _check_asn(body["asn"])
        fabric.update(
            type=body["type"],
            asn=body["asn"],
            description=body.get("description", ""),
            securityDomain=body.get("securityDomain", "all"),
        )
        return copy.deepcopy(fabric)

    def update_fabric(self, name, changes):
        fabric = self._fabric(name)
        if "asn" in changes:
            _check_asn(changes["asn"])
        for field in FABRIC_USER_FIELDS:
            if field in changes:
                fabric[field] = changes[field]
        return copy.deepcopy(fabric)

    def delete_fabric(self, name):
        self._fabric(name)
        del self._fabrics[name]
        del self._switches[name]

    # switches

    def list_switches(self, fabric_name):
        self._fabric(fabric_name)
        return [copy.deepcopy(switch) for switch in self._switches[fabric_name].values()]

    def get_switch(self, fabric_name, serial):
        return copy.deepcopy(self._switch(fabric_name, serial))

    def create_switch(self, fabric_name, body):
        self._fabric(fabric_name)
        serial = body["serialNumber"]
        for switches in self._switches.values():
            if serial in switches:
                raise Conflict("Switch %s already exists" % serial)
        _check_ip(body["ipAddress"])
        switch = {
            "serialNumber": serial,
            "hostname": body["hostname"],
            "role": body["role"],
            "ipAddress": body["ipAddress"],
            "fabricName": fabric_name,
        }
        self._switches[fabric_name][serial] = switch
        return copy.deepcopy(switch)

    def replace_switch(self, fabric_name, serial, body):
        switch = self._switch(fabric_name, serial)
        if "serialNumber" in body and body["serialNumber"] != serial:
            raise Mismatch("Serial number %s in the body does not match %s in the path" % (body["serialNumber"], serial))
        _check_ip(body["ipAddress"])
        switch.update(hostname=body["hostname"], role=body["role"], ipAddress=body["ipAddress"])
        return copy.deepcopy(switch)

    def update_switch(self, fabric_name, serial, changes):
        switch = self._switch(fabric_name, serial)
        if "ipAddress" in changes:
            _check_ip(changes["ipAddress"])
        for field in SWITCH_USER_FIELDS:
            if field in changes:
                switch[field] = changes[field]
        return copy.deepcopy(switch)

    def delete_switch(self, fabric_name, serial):
        self._switch(fabric_name, serial)
        del self._switches[fabric_name][serial]

    def _fabric(self, name):
        fabric = self._fabrics.get(name)
        if fabric is None:
            raise NotFound("Fabric %s not found" % name)
        return fabric

    def _switch(self, fabric_name, serial):
        self._fabric(fabric_name)
        switch = self._switches[fabric_name].get(serial)
        if switch is None:
            raise NotFound("Switch %s not found in fabric %s" % (serial, fabric_name))
        return switch
