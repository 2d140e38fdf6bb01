"""The resource manager: what the fabric's pools have allocated, and the next free segment ids."""

import ipaddress
import json

from dashboard_emulator.fabric_store.common import RESOURCE_POOLS, NotFound, StoreError
from dashboard_emulator.fabric_store.templates import TEMPLATES

# [seen] the prefix the controller proposes for a new network's name
NETWORK_PREFIX = "MyNetwork_"


class Resources:
    """The resource-manager part of FabricStore."""

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

    def network_info(self, fabric_name):
        """GET .../netinfo: the next free L2 VNI of the fabric's L2_SEGMENT_ID_RANGE.

        Nothing is reserved: the same id comes back until a network takes it, which is what
        cisco.dcnm expects (it creates the network, then asks again for the next one)."""
        self._fabric(fabric_name)
        return {"l2vni": self._next_free_vni(fabric_name, "L2_SEGMENT_ID_RANGE", "L2 VNI"),
                "mcastip": self._first_multicast_group(fabric_name), "network-prefix": NETWORK_PREFIX}

    def vrf_info(self, fabric_name):
        """GET .../vrfinfo: the next free L3 VNI of the fabric's L3_PARTITION_ID_RANGE.
        [uncertain] the facts show `l3vni` and elide the rest of the answer, so only `l3vni` is given."""
        self._fabric(fabric_name)
        return {"l3vni": self._next_free_vni(fabric_name, "L3_PARTITION_ID_RANGE", "L3 VNI")}

    def _next_free_vni(self, fabric_name, range_key, what):
        text = self._fabric_setting(fabric_name, range_key)
        # a VNI names one segment on a switch's NVE, so the networks' and the VRFs' ids are one space
        used = {_int(item["fields"].get("networkId", json.loads(item["config"]).get("segmentId")))
                for item in self._networks[fabric_name].values()}
        used |= {_int(item["fields"].get("vrfId", json.loads(item["config"]).get("vrfSegmentId")))
                 for item in self._vrfs[fabric_name].values()}
        for low, high in _ranges(text):
            for vni in range(low, high + 1):
                if vni not in used:
                    return vni
        # [uncertain] not captured; cisco.dcnm reports any non-200 as "Unable to generate ..."
        raise StoreError("No free %s left in %s %s of fabric %s" % (what, range_key, text, fabric_name))

    def _first_multicast_group(self, fabric_name):
        # [uncertain] the facts show 239.1.1.1 for the default subnet 239.1.1.0/25: its first address
        try:
            subnet = ipaddress.ip_network(self._fabric_setting(fabric_name, "MULTICAST_GROUP_SUBNET"), strict=False)
        except ValueError:
            return ""
        return str(next(subnet.hosts(), subnet.network_address))

    def _fabric_setting(self, fabric_name, key):
        """A fabric's setting; a fabric whose template lacks it (LAN_Classic, External_Fabric: their
        parameter lists were not captured) uses Easy_Fabric's default [uncertain]."""
        return self._fabrics[fabric_name]["nvPairs"].get(key) or TEMPLATES["Easy_Fabric"].parameters[key].default


def _int(value):
    try:
        return int(str(value))
    except ValueError:
        return None


def _ranges(text):
    """The (low, high) pairs of a range setting such as "30000-49000" or "30000-30100,30200"."""
    ranges = []
    for part in str(text or "").split(","):
        low, _dash, high = part.strip().partition("-")
        if _int(low) is not None and _int(high or low) is not None:
            ranges.append((_int(low), _int(high or low)))
    return ranges
