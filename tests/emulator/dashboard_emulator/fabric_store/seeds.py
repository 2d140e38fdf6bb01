"""The data an emulator starts with (and goes back to on a reset): `--seed small`, `--seed large` or `--seed empty`."""

from dashboard_emulator.fabric_store.common import serial_for


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


def seed_empty(_store):
    """No fabric at all: a lab's fabric is made by the run under test (NaC's create stage, our fabric role)."""


SEEDS = ("small", "large", "empty")


def seed(store, name):
    {"large": seed_large, "empty": seed_empty}.get(name, seed_small)(store)
