"""The fabric controller's data: fabrics, switches, networks, VRFs and their attachments.

Shapes follow what the real controller answers (see fabric-controller-facts.md beside the
specs): nvPairs values are strings, template configs are JSON text with string values inside,
spelling quirks (`managable`, `switchDbID` vs `switchDbId`) are kept.

Time is injected: a switch becomes manageable `timing.discover_seconds` after its discovery and
a deploy takes `timing.deploy_seconds`. States are computed when read, from the time an action
started, so no background task runs and a test can shorten both to a fraction of a second.

Objects carry no field that changes on every read: an idempotent client compares what it read
with what it wants, and a write that changes nothing must leave the object as it was.
"""

import dataclasses
import hashlib
import ipaddress
import json
import time

IN_SYNC = "In-Sync"
OUT_OF_SYNC = "Out-of-Sync"
# [uncertain] the value a switch shows while its deploy runs; the facts record only In-Sync,
# Out-of-Sync and NA for ccStatus, and "pending" for the attachment states.
DEPLOYING = "Pending"

DEPLOYED = "DEPLOYED"
PENDING = "PENDING"
IN_PROGRESS = "IN PROGRESS"
NOT_APPLICABLE = "NA"

# Template parameters the emulator knows, with their defaults (all strings, as on the wire).
# The real Easy_Fabric template has about 280; these are the ones clients read or set most.
EASY_FABRIC_PARAMETERS = {
    "FABRIC_NAME": None, "BGP_AS": None, "SITE_ID": "", "FABRIC_TYPE": "Switch_Fabric", "FF": "Easy_Fabric",
    "REPLICATION_MODE": "Multicast", "MULTICAST_GROUP_SUBNET": "239.1.1.0/25", "ANYCAST_GW_MAC": "2020.0000.00aa",
    "FABRIC_MTU": "9216", "L2_SEGMENT_ID_RANGE": "30000-49000", "L3_PARTITION_ID_RANGE": "50000-59000",
    "NETWORK_VLAN_RANGE": "2300-2999", "VRF_VLAN_RANGE": "2000-2299", "DEPLOYMENT_FREEZE": "false",
    "GRFIELD_DEBUG_FLAG": "Disable", "ENABLE_PBR": "false", "PER_VRF_LOOPBACK_AUTO_PROVISION": "false",
    "ENABLE_L3VNI_NO_VLAN": "false", "ENABLE_EVPN": "true", "LINK_STATE_ROUTING": "ospf", "OVERLAY_MODE": "cli",
    "default_vrf": "default", "enableRealTimeBackup": "", "temp_vpc_peer_link": "",
}
LAN_CLASSIC_PARAMETERS = {
    "FABRIC_NAME": None, "BGP_AS": "", "FABRIC_TYPE": "External", "FF": "LANClassic", "DEPLOYMENT_FREEZE": "false",
    "GRFIELD_DEBUG_FLAG": "Disable", "IS_READ_ONLY": "false",
}
EXTERNAL_PARAMETERS = {
    "FABRIC_NAME": None, "BGP_AS": None, "FABRIC_TYPE": "External", "FF": "External", "DEPLOYMENT_FREEZE": "false",
    "GRFIELD_DEBUG_FLAG": "Disable", "IS_READ_ONLY": "false", "EXT_FABRIC_TYPE": "External Connectivity Network",
}


@dataclasses.dataclass(frozen=True)
class FabricTemplate:
    name: str
    parameters: dict
    fabric_type: str
    type_friendly: str
    technology: str
    technology_friendly: str


TEMPLATES = {template.name: template for template in (
    FabricTemplate("Easy_Fabric", EASY_FABRIC_PARAMETERS, "Switch_Fabric", "Switch Fabric", "VXLANFabric", "VXLAN EVPN"),
    FabricTemplate("LAN_Classic", LAN_CLASSIC_PARAMETERS, "External", "Classic LAN", "LANClassic", "LAN Classic"),
    FabricTemplate("External_Fabric", EXTERNAL_PARAMETERS, "External", "External", "External", "External"),
)}
# Keys cisco.dcnm strips before a create or update; the server never sees them, so it need not know them.
CLIENT_ONLY_KEYS = frozenset(("DEPLOY",))

NETWORK_TEMPLATE = "Default_Network_Universal"
NETWORK_EXTENSION_TEMPLATE = "Default_Network_Extension_Universal"
VRF_TEMPLATE = "Default_VRF_Universal"
VRF_EXTENSION_TEMPLATE = "Default_VRF_Extension_Universal"
# The resource-manager pools cisco.dcnm reads after deleting VRFs (facts 8.2)
RESOURCE_POOLS = ("TOP_DOWN_VRF_VLAN", "TOP_DOWN_L3_DOT1Q")
PLATFORM = "N9K-C93180YC-EX"
NXOS_RELEASE = "10.2(5)"


class StoreError(Exception):
    """An error the controller answers as plain text (its most common error shape)."""

    status = 500

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


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


class FabricStore:
    def __init__(self, clock=time.time, timing=None, seed="small"):
        self.clock = clock
        self.timing = timing or Timing()
        self.seed = seed
        self.reset()

    def reset(self):
        self._fabrics = {}
        self._domains = {}
        self._switches = {}
        self._networks = {}
        self._vrfs = {}
        self._next_id = 1
        self._next_db_id = 4191270
        self._next_object_id = 3270
        self._next_resource_id = 36360
        if self.seed == "large":
            seed_large(self)
        else:
            seed_small(self)

    def now_ms(self):
        return int(self.clock() * 1000)

    # fabrics

    def list_fabrics(self):
        return [self._fabric_view(name) for name in self._fabrics]

    def get_fabric(self, name):
        self._fabric(name)
        return self._fabric_view(name)

    def security_domain_of(self, name):
        self._fabric(name)
        return self._domains[name]

    def fabric_names(self):
        return list(self._fabrics)

    def create_fabric(self, name, template_name, body, security_domain="all"):
        template = self._template(template_name)
        if name in self._fabrics:
            # [uncertain] not captured; cisco.dcnm never sends it; a text 500 like the others
            raise StoreError("Failed to create the fabric, fabric %s already exists" % name)
        pairs = self._checked_pairs(template, body, "create")
        missing = [key for key, default in template.parameters.items()
                   if default is None and key != "FABRIC_NAME" and not pairs.get(key)]
        if missing:
            raise StoreError("Error in validating provided name value pair: [%s]" % ", ".join(missing))
        nv_pairs = {key: (default or "") for key, default in template.parameters.items()}
        nv_pairs.update(pairs)
        nv_pairs["FABRIC_NAME"] = name
        now = self.now_ms()
        self._fabrics[name] = {
            "id": self._next_id, "fabricId": "FABRIC-%d" % self._next_id, "fabricName": name,
            "templateName": template.name, "nvPairs": nv_pairs, "createdOn": now, "modifiedOn": now,
        }
        self._domains[name] = security_domain
        self._next_id += 1
        self._switches[name] = {}
        self._networks[name] = {}
        self._vrfs[name] = {}
        view = self._fabric_view(name)
        # the create answer of the real controller has no timestamps or operStatus
        for field in ("createdOn", "modifiedOn", "operStatus"):
            view.pop(field)
        return view

    def update_fabric(self, name, template_name, body):
        fabric = self._fabric(name)
        template = self._template(template_name)
        if template.name != fabric["templateName"]:
            raise StoreError("Failed to update the fabric, template %s does not match the fabric's template %s"
                             % (template.name, fabric["templateName"]))
        pairs = self._checked_pairs(template, body, "update")
        pairs.pop("FABRIC_NAME", None)
        if any(fabric["nvPairs"].get(key) != value for key, value in pairs.items()):
            fabric["nvPairs"].update(pairs)
            fabric["modifiedOn"] = self.now_ms()
        return self._fabric_view(name)

    def delete_fabric(self, name):
        self._fabric(name)
        if self._switches[name]:
            # [uncertain] the server's own rule for non-empty fabrics was not captured
            raise StoreError("Failed to delete the fabric.")
        for table in (self._fabrics, self._domains, self._switches, self._networks, self._vrfs):
            del table[name]
        return "Fabric '%s' is deleted successfully!" % name

    def associations(self):
        return [{"fabricId": fabric["id"], "fabricName": name, "fabricType": self._template(fabric["templateName"]).fabric_type,
                 "fabricState": "standalone", "fabricParent": "None",
                 "fabricTechnology": self._template(fabric["templateName"]).technology}
                for name, fabric in self._fabrics.items()]

    def template(self, name):
        template = TEMPLATES.get(name)
        if template is None:
            raise StoreError("Failed to get template. Template with name %s not found" % name)
        parameters = []
        for key, default in template.parameters.items():
            annotations = {"DisplayName": key, "IsMandatory": "true" if default is None else "false"}
            if key == "FABRIC_NAME":
                annotations["IsFabricName"] = "true"
            parameters.append({"name": key, "parameterType": "string", "optional": default is not None,
                               "defaultValue": default, "metaProperties": {}, "annotations": annotations})
        return {"name": template.name, "templateType": "FABRIC", "templateSubType": "NA", "contentType": "PYTHON",
                "fileName": template.name + ".template", "supportedPlatforms": "All",
                "description": template.type_friendly, "published": False, "userDefined": False,
                "parameters": parameters}

    def _checked_pairs(self, template, body, verb):
        if not isinstance(body, dict):
            raise StoreError("Failed to %s the fabric, the body must be a JSON object of name value pairs" % verb, 400)
        pairs = {key: wire_string(value) for key, value in body.items() if key not in CLIENT_ONLY_KEYS}
        unknown = sorted(key for key in pairs if key not in template.parameters)
        if unknown:
            if verb == "create":
                raise StoreError("Failed to create the fabric, due to invalid fields [{%s}]" % ", ".join(k + "=" for k in unknown))
            raise StoreError("Failed to update the fabric, due to invalid field [%s] in payload, please provide valid "
                             "fields for fabric-settings" % ", ".join(unknown))
        if pairs.get("BGP_AS") and not _valid_asn(pairs["BGP_AS"]):
            raise StoreError("Error in validating provided name value pair: [BGP_AS]")
        return pairs

    def _fabric_view(self, name):
        fabric = self._fabrics[name]
        template = self._template(fabric["templateName"])
        pairs = fabric["nvPairs"]
        statuses = [self._compliance(switch, self._manageable(switch)) for switch in self._switches[name].values()]
        return {
            "id": fabric["id"], "fabricId": fabric["fabricId"], "fabricName": name,
            "fabricType": template.fabric_type, "fabricTypeFriendly": template.type_friendly,
            "fabricTechnology": template.technology, "fabricTechnologyFriendly": template.technology_friendly,
            "templateName": template.name, "provisionMode": "DCNMTopDown", "deviceType": "n9k",
            "replicationMode": "IngressReplication" if pairs.get("REPLICATION_MODE") == "Ingress" else "Multicast",
            "asn": pairs.get("BGP_AS", ""), "siteId": pairs.get("SITE_ID", ""),
            "operStatus": "HEALTHY" if all(status == IN_SYNC for status in statuses) else "MINOR",
            "networkTemplate": NETWORK_TEMPLATE, "networkExtensionTemplate": NETWORK_EXTENSION_TEMPLATE,
            "vrfTemplate": VRF_TEMPLATE, "vrfExtensionTemplate": VRF_EXTENSION_TEMPLATE,
            "createdOn": fabric["createdOn"], "modifiedOn": fabric["modifiedOn"],
            "nvPairs": dict(pairs),
        }

    def overview(self, name):
        self._fabric(name)
        summary = {"switchSWVersions": {}, "switchHealth": {}, "switchHWVersions": {}, "switchConfig": {}, "switchRoles": {}}
        for switch in self._switches[name].values():
            view = self._switch_view(switch)
            for key, value in (("switchSWVersions", view["release"]), ("switchHWVersions", view["model"]),
                               ("switchConfig", view["ccStatus"]), ("switchRoles", view["switchRole"]),
                               ("switchHealth", "Healthy" if view["managable"] else "Minor")):
                summary[key][value] = summary[key].get(value, 0) + 1
        return summary

    # config save and deploy

    def config_save(self, name):
        self._fabric(name)
        if self._switches[name] and not any(self._switch_view(s)["managable"] for s in self._switches[name].values()):
            return False
        return True

    def deploy(self, name, serials=None):
        """Start a deploy on some or all switches; return the seconds it takes."""
        self._fabric(name)
        if self._fabrics[name]["nvPairs"].get("DEPLOYMENT_FREEZE") == "true":
            raise StoreError("Operation is not allowed as NDFC/Fabric is in freeze mode")
        switches = self._switches[name]
        if serials is None:
            serials = list(switches)
        for serial in serials:
            if serial not in switches:
                raise StoreError("Invalid switch serial number %s for fabric %s" % (serial, name))
        now = self.clock()
        for serial in serials:
            switches[serial]["deploy_started"] = now
            switches[serial]["pending"] = False
        for table in (self._networks[name], self._vrfs[name]):
            for item in table.values():
                for attachment in item["attachments"].values():
                    if attachment["serial"] in serials and self._attachment_state(attachment) in (PENDING, OUT_OF_SYNC):
                        attachment["deploy_started"] = now
        return self.timing.deploy_seconds

    def _deploy_done(self, started):
        return started is not None and self.clock() >= started + self.timing.deploy_seconds

    # switches

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
            _check_ip(address)
            serial = serial_for(address)
            known = self._find_switch(serial)
            candidates.append({
                "ipaddr": address, "sysName": "switch-" + address.rsplit(".", 1)[-1],
                "deviceIndex": "switch-%s(%s)" % (address.rsplit(".", 1)[-1], serial),
                "serialNumber": serial, "platform": PLATFORM, "version": NXOS_RELEASE, "vdcId": 0, "vdcMac": None,
                "hopCount": 0, "auth": True, "known": known is not None, "reachable": True,
                "selectable": known is None, "valid": True,
                "statusReason": "already managed" if known is not None else "manageable", "lastChange": None,
            })
        return candidates

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
            _check_ip(address)
            serial = str(candidate.get("serialNumber") or serial_for(address))
            if self._find_switch(serial) is not None:
                raise StoreError("Switch %s is already managed" % serial)
            added.append((serial, address, str(candidate.get("sysName") or "switch-" + address.rsplit(".", 1)[-1])))
        for serial, address, name in added:
            self.add_switch(fabric_name, serial, address, name, role, discovered_at=self.clock(), migrating=not preserve)
        return {"status": "Success"}

    def add_switch(self, fabric_name, serial, address, name, role, discovered_at=None, migrating=False):
        self._switches[fabric_name][serial] = {
            "serialNumber": serial, "ipAddress": address, "logicalName": name, "switchRole": role,
            "fabricName": fabric_name, "switchDbID": self._next_db_id, "discovered_at": discovered_at,
            "migrating": migrating, "deploy_started": None, "pending": discovered_at is not None,
        }
        self._next_db_id += 1

    def rediscover(self, fabric_name, serial):
        self._switch(fabric_name, serial)
        return {"status": "Success"}

    def remove_switch(self, fabric_name, serial):
        self._switch(fabric_name, serial)
        del self._switches[fabric_name][serial]
        for table in (self._networks[fabric_name], self._vrfs[fabric_name]):
            for item in table.values():
                item["attachments"].pop(serial, None)
        return "The switch(es)=%s have been removed from the fabric=%s" % (serial, fabric_name)

    def _manageable(self, switch):
        return switch["discovered_at"] is None or self.clock() >= switch["discovered_at"] + self.timing.discover_seconds

    def _compliance(self, switch, manageable):
        if switch["deploy_started"] is not None and not self._deploy_done(switch["deploy_started"]):
            return DEPLOYING
        if switch["pending"] or not manageable:
            return OUT_OF_SYNC
        return IN_SYNC

    def _switch_view(self, switch):
        manageable = self._manageable(switch)
        compliance = self._compliance(switch, manageable)
        fabric = self._fabrics[switch["fabricName"]]
        template = self._template(fabric["templateName"])
        return {
            "serialNumber": switch["serialNumber"], "ipAddress": switch["ipAddress"],
            "logicalName": switch["logicalName"], "hostName": switch["logicalName"],
            "switchRole": switch["switchRole"], "switchRoleEnum": switch["switchRole"].title().replace(" ", ""),
            "model": PLATFORM, "release": NXOS_RELEASE, "fabricName": switch["fabricName"], "fabricId": fabric["id"],
            "fabricTechnology": template.technology, "switchDbID": switch["switchDbID"],
            "swUUID": "DCNM-UUID-%d" % switch["switchDbID"], "swUUIDId": switch["switchDbID"],
            "status": "ok" if manageable else "discovering", "managable": manageable,
            "mode": "Migration" if switch["migrating"] and not manageable else "Normal",
            "systemMode": "Normal", "ccStatus": compliance, "operStatus": "Healthy" if manageable else "Minor",
            "isVpcConfigured": False, "peerSerialNumber": None, "vpcDomain": 0, "vendor": "Cisco",
        }

    def _find_switch(self, serial):
        for switches in self._switches.values():
            if serial in switches:
                return switches[serial]
        return None

    # networks and VRFs

    def list_items(self, kind, fabric_name, vrf_name=None):
        table = self._table(kind, fabric_name)
        return [self._item_view(kind, item) for item in table.values()
                if vrf_name is None or item.get("vrf") == vrf_name]

    def get_item(self, kind, fabric_name, name):
        item = self._table(kind, fabric_name).get(name)
        if item is None:
            # [client] a JSON 400 whose message cisco.dcnm recognises as "no such network" (facts 7.1)
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
        for attachment in item["attachments"].values():
            if self._attachment_state(attachment) == DEPLOYED:
                attachment["state"] = PENDING
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
        successes, failures = [], []
        for index, body in enumerate(bodies):
            name = str(body.get(kind + "Name", "")) if isinstance(body, dict) else ""
            fabric_name = str(body.get("fabric", "")) if isinstance(body, dict) else ""
            if fail_one and index == len(bodies) - 1:
                failures.append({"name": name, "message": "Failed to create %s %s. Please try after some time" % (kind, name),
                                 "status": "Failed"})
                continue
            try:
                self.create_item(kind, fabric_name, body)
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
                    vlan = request.get("vlan") or 0
                    if vlan and self._vlan_in_use(kind, fabric_name, name, serial, int(vlan)):
                        result[label] = "Entered %s VLAN ID %s is in use already" % ("Network" if kind == "network" else "VRF", vlan)
                        continue
                    if previous is None:
                        self._next_resource_id += 1
                    item["attachments"][serial] = {
                        "serial": serial, "attached": True, "state": PENDING, "deploy_started": None,
                        "resource_id": previous["resource_id"] if previous else self._next_resource_id,
                        "vlan": int(vlan or 0), "ports": str(request.get("switchPorts", "") or ""),
                        "instanceValues": str(request.get("instanceValues", "") or ""),
                    }
                elif previous is None or not previous["attached"]:
                    result[label] = "%s %s is already in detached state" % (kind.title(), name)
                    continue
                else:
                    previous.update(attached=False, state=OUT_OF_SYNC if self._attachment_state(previous) == DEPLOYED else NOT_APPLICABLE,
                                    deploy_started=None)
                    if previous["state"] == NOT_APPLICABLE:
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
            serials.update(s for s, a in item["attachments"].items() if self._attachment_state(a) in (PENDING, OUT_OF_SYNC))
        if not serials:
            return None
        self.deploy(fabric_name, sorted(serials))
        return {"status": ""}

    def pool(self, fabric_name, pool_name):
        """The resources of a pool: the VLAN each attached VRF holds on each switch."""
        self._fabric(fabric_name)
        if pool_name not in RESOURCE_POOLS:
            raise NotFound("Pool %s not found" % pool_name)
        if pool_name != "TOP_DOWN_VRF_VLAN":
            return []  # no VRF-Lite here, so nothing in TOP_DOWN_L3_DOT1Q
        answer = []
        for item in self._vrfs[fabric_name].values():
            config = json.loads(item["config"])
            for serial, attachment in item["attachments"].items():
                if not attachment["attached"]:
                    continue
                switch = self._switches[fabric_name][serial]
                answer.append({
                    "id": attachment["resource_id"],
                    "resourcePool": {"poolName": pool_name, "fabricName": fabric_name, "vrfName": None},
                    "entityType": "Device", "entityName": item["name"],
                    "allocatedIp": str(attachment["vlan"] or config.get("vrfVlanId", "")),
                    "allocatedFlag": True, "allocatedScopeValue": serial,
                    "ipAddress": switch["ipAddress"], "switchName": switch["logicalName"],
                })
        return answer

    def _vlan_in_use(self, kind, fabric_name, name, serial, vlan):
        for other_name, item in self._table(kind, fabric_name).items():
            attachment = item["attachments"].get(serial)
            if other_name != name and attachment and attachment["attached"] and attachment["vlan"] == vlan:
                return True
        return False

    def _attachment_state(self, attachment):
        """The state now; a finished deploy is settled into the stored state."""
        if attachment["deploy_started"] is not None:
            if not self._deploy_done(attachment["deploy_started"]):
                return IN_PROGRESS
            attachment["state"] = DEPLOYED if attachment["attached"] else NOT_APPLICABLE
            attachment["deploy_started"] = None
        return attachment["state"]

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
                        networkId=_int_or_text(item["fields"].get("networkId", config.get("segmentId", ""))),
                        vlanId=(attachment["vlan"] if attachment and attachment["vlan"] else _int_or_text(config.get("vlanId", ""))),
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
                "networkId": _int_or_text(fields.get("networkId", json.loads(item["config"]).get("segmentId", ""))),
                "networkTemplate": fields.get("networkTemplate", NETWORK_TEMPLATE),
                "networkExtensionTemplate": fields.get("networkExtensionTemplate", NETWORK_EXTENSION_TEMPLATE),
                "vrf": item["vrf"], "tenantName": None, "serviceNetworkTemplate": None, "source": None,
                "interfaceGroups": None, "networkStatus": status, "networkTemplateConfig": item["config"],
            }
        return {
            "id": item["id"], "fabric": item["fabric"], "vrfName": item["name"],
            "vrfId": _int_or_text(fields.get("vrfId", json.loads(item["config"]).get("vrfSegmentId", ""))),
            "vrfTemplate": fields.get("vrfTemplate", VRF_TEMPLATE),
            "vrfExtensionTemplate": fields.get("vrfExtensionTemplate", VRF_EXTENSION_TEMPLATE),
            "serviceVrfTemplate": None, "source": None, "tenantName": None, "enforce": None, "defaultSGTag": None,
            "hierarchicalKey": item["fabric"], "vrfStatus": status, "vrfTemplateConfig": item["config"],
        }

    def _table(self, kind, fabric_name):
        self._fabric(fabric_name)
        return (self._networks if kind == "network" else self._vrfs)[fabric_name]

    def _fabric(self, name):
        fabric = self._fabrics.get(name)
        if fabric is None:
            raise NotFound("Fabric %s not found" % name)
        return fabric

    @staticmethod
    def _template(name):
        template = TEMPLATES.get(name)
        if template is None:
            raise NotFound("Template %s not found" % name)
        return template

    def _switch(self, fabric_name, serial):
        self._fabric(fabric_name)
        switch = self._switches[fabric_name].get(serial)
        if switch is None:
            raise StoreError("Invalid switch serial number %s for fabric %s" % (serial, fabric_name))
        return switch


def _int_or_text(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return value


def _valid_asn(text):
    # plain or dotted (asdot) notation
    parts = text.split(".")
    if len(parts) > 2 or not all(part.isdigit() for part in parts):
        return False
    if len(parts) == 2:
        return all(0 <= int(part) <= 65535 for part in parts) and text != "0.0"
    return 1 <= int(text) <= 4294967295


def _check_ip(address):
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        raise StoreError("Invalid request is supplied. %r is not an IPv4 address" % address, 400) from None


def _network_config(name, vrf, segment, vlan):
    return {"networkName": name, "vrfName": vrf, "segmentId": str(segment), "vlanId": str(vlan),
            "gatewayIpAddress": "10.%d.%d.1/24" % (vlan // 256 % 256, vlan % 256), "isLayer2Only": "false",
            "suppressArp": "false", "mtu": "9216", "tag": "12345", "mcastGroup": "239.1.1.0", "vlanName": "",
            "intfDescription": "", "nveId": "1", "trmEnabled": "false", "rtBothAuto": "false", "enableL3OnBorder": "false"}


def _seed_fabric(store, name, asn, switches, networks, vrfs, first_octet=10):
    store.create_fabric(name, "Easy_Fabric", {"BGP_AS": asn})
    fabric_index = store._fabrics[name]["id"]  # pylint: disable=protected-access
    for index in range(switches):
        address = "%d.%d.%d.%d" % (first_octet, fabric_index, index // 250, index % 250 + 1)
        role = "spine" if index < max(1, switches // 10) else "leaf"
        store.add_switch(name, serial_for(address), address, "%s-%s-%d" % (name, role, index + 1), role)
    for index in range(vrfs):
        vrf = "vrf-%d" % (index + 1)
        store.create_item("vrf", name, {"vrfName": vrf, "vrfId": 50000 + index + 1,
                                        "vrfTemplateConfig": {"vrfName": vrf, "vrfVlanId": 2000 + index + 1}})
    for index in range(networks):
        network = "net-%d" % (index + 1)
        vrf = "vrf-%d" % (index % vrfs + 1) if vrfs else "NA"
        vlan = 2300 + index % 700
        store.create_item("network", name, {"networkName": network, "networkId": 30000 + index + 1, "vrf": vrf,
                                            "networkTemplateConfig": _network_config(network, vrf, 30000 + index + 1, vlan)})


def seed_small(store):
    _seed_fabric(store, "site-a", "65001", switches=2, networks=1, vrfs=1)
    # A fabric the platform administrator placed in the security domain dc1 (the platform's UI
    # assigns fabrics to security domains; there is no fabric-controller API for it).
    _seed_fabric(store, "site-dc1", "65011", switches=0, networks=0, vrfs=0)
    store._domains["site-dc1"] = "dc1"  # pylint: disable=protected-access


def seed_large(store):
    """5 fabrics, 500 switches, 2,000 networks (all in the first fabric, for list timings)."""
    _seed_fabric(store, "site-a", "65001", switches=100, networks=2000, vrfs=20)
    for index in range(2, 6):
        _seed_fabric(store, "site-%s" % chr(ord("a") + index - 1), str(65000 + index), switches=100, networks=0, vrfs=0)


SEEDS = ("small", "large")
