"""What every part of the fabric controller's data shares: states, errors, timing, wire forms."""

import dataclasses
import hashlib
import ipaddress
import json

IN_SYNC = "In-Sync"
OUT_OF_SYNC = "Out-of-Sync"
# [uncertain] the value a switch shows while its deploy runs; the facts record only In-Sync,
# Out-of-Sync and NA for ccStatus, and "pending" for the attachment states.
DEPLOYING = "Pending"

DEPLOYED = "DEPLOYED"
PENDING = "PENDING"
IN_PROGRESS = "IN PROGRESS"
NOT_APPLICABLE = "NA"

# Keys cisco.dcnm strips before a create or update; the server never sees them, so it need not know them.
CLIENT_ONLY_KEYS = frozenset(("DEPLOY",))

NETWORK_TEMPLATE = "Default_Network_Universal"
NETWORK_EXTENSION_TEMPLATE = "Default_Network_Extension_Universal"
VRF_TEMPLATE = "Default_VRF_Universal"
VRF_EXTENSION_TEMPLATE = "Default_VRF_Extension_Universal"
# The resource-manager pools cisco.dcnm reads after deleting VRFs
RESOURCE_POOLS = ("TOP_DOWN_VRF_VLAN", "TOP_DOWN_L3_DOT1Q")
PLATFORM = "N9K-C93180YC-EX"
NXOS_RELEASE = "10.2(5)"
# The front-panel ports of each model the emulator's switches have, as the controller names them
# (Ethernet1/1 .. Ethernet1/N). [uncertain] N: no client capture lists a switch's ports; 54 is the
# published port count of the N9K-C93180YC-EX (48 SFP28 ports and 6 QSFP28 uplinks).
MODEL_PORT_COUNTS = {PLATFORM: 54}


def model_ports(model):
    """The port names of a switch of this model, in the controller's spelling."""
    return ["Ethernet1/%d" % number for number in range(1, MODEL_PORT_COUNTS.get(model, 0) + 1)]


def switch_ports(switch):
    """The port names of a stored switch: its lab's port count where a lab gave one, else its model's."""
    count = switch.get("ports") or MODEL_PORT_COUNTS.get(switch.get("model", PLATFORM), 0)
    return ["Ethernet1/%d" % number for number in range(1, count + 1)]


class StoreError(Exception):
    """An error the controller answers as plain text (its most common error shape)."""

    status = 500

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class Frozen(StoreError):
    """A deploy refused because the fabric's deployments are frozen (``DEPLOYMENT_FREEZE``)."""

    def __init__(self):
        # [seen] the legacy config-deploy's refusal of a frozen fabric
        super().__init__("Operation is not allowed as NDFC/Fabric is in freeze mode")


class BadRequest(StoreError):
    """Answered as the controller's JSON 400 object (`message` is what clients read)."""

    status = 400


class NotFound(StoreError):
    """Answered as the controller's Spring 404 body."""

    status = 404


@dataclasses.dataclass
class Timing:
    discover_seconds: float = 5.0
    deploy_seconds: float = 2.0
    # A greenfield switch reloads once after its discovery. cisco.dcnm's
    # dcnm_inventory polls every 5 s and waits until it has seen the reload; longer than that
    # interval, the reload cannot fall between two of its reads.
    reload_seconds: float = 7.0

    def update(self, changes):
        unknown = sorted(set(changes) - {field.name for field in dataclasses.fields(self)})
        if unknown:
            raise ValueError("unknown timing settings: " + ", ".join(unknown))
        for name, value in changes.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError("%s must be a number of seconds >= 0" % name)
            setattr(self, name, float(value))


def wire_string(value):
    """A value as the controller stores it in nvPairs and template configs: always text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def template_config_text(config):
    """A template config as the server returns it: JSON text whose values are all strings."""
    if isinstance(config, str):
        config = json.loads(config) if config.strip() else {}
    if not isinstance(config, dict):
        raise StoreError("Invalid template config: expected a JSON object", 400)
    return json.dumps({key: wire_string(value) for key, value in config.items()}, separators=(",", ":"))


def serial_for(ip_address):
    # stable, so a test (and a rerun of a playbook) sees the same serial for the same address
    return "FDO" + hashlib.sha256(ip_address.encode()).hexdigest()[:8].upper()


def int_or_text(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return value


def valid_asn(text):
    # plain or dotted (asdot) notation
    parts = text.split(".")
    if len(parts) > 2 or not all(part.isdigit() for part in parts):
        return False
    if len(parts) == 2:
        return all(0 <= int(part) <= 65535 for part in parts) and text != "0.0"
    return 1 <= int(text) <= 4294967295


def check_ip(address):
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        raise StoreError("Invalid request is supplied. %r is not an IPv4 address" % address, 400) from None
