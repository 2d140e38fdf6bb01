"""The resource manager: what the fabric's pools have allocated."""

import json

from dashboard_emulator.fabric_store.common import RESOURCE_POOLS, NotFound


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
