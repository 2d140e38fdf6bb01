"""Switches the seed does not have, added through the controller's API, and waiting for deploys."""

import time

from controller_paths import FABRICS


def add_leaves(emu, session, addresses, fabric="site-a"):
    """Discover leaves at ``addresses`` (brownfield: no reload), wait until manageable; their inventory entries."""
    answer = session.post(emu.url(FABRICS + "/%s/inventory/discover" % fabric), timeout=10, json={
        "seedIP": ",".join(addresses), "switches": [{"ipaddr": address} for address in addresses],
        "preserveConfig": True, "role": "leaf"})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while True:
        inventory = switches(emu, session, fabric)
        added = [inventory[address] for address in addresses]
        if all(switch["managable"] for switch in added):
            return added
        assert time.monotonic() < deadline, added
        time.sleep(0.1)


def two_leaves_in_sync(emu, session):
    """Two new leaves of site-a (10.1.0.3, 10.1.0.4), deployed: their inventory entries."""
    first, second = add_leaves(emu, session, ["10.1.0.3", "10.1.0.4"])
    in_sync(emu, session, [first["serialNumber"], second["serialNumber"]])
    return first, second


def switches(emu, session, fabric="site-a"):
    """{address: inventory entry} of a fabric's switches."""
    inventory = session.get(emu.url(FABRICS + "/%s/inventory/switchesByFabric" % fabric), timeout=10).json()
    return {switch["ipAddress"]: switch for switch in inventory}


def in_sync(emu, session, serials, fabric="site-a"):
    """Deploy the switches and wait until each is In-Sync again."""
    answer = session.post(emu.url(FABRICS + "/%s/config-deploy/%s?forceShowRun=false" % (fabric, ",".join(serials))), timeout=10)
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while True:
        states = {switch["serialNumber"]: switch["ccStatus"] for switch in switches(emu, session, fabric).values()}
        if all(states[serial] == "In-Sync" for serial in serials):
            return
        assert time.monotonic() < deadline, states
        time.sleep(0.1)


def manage_leaf(emu, session, fabric="site-a"):
    """The switchId of a leaf of the fabric, as the 4.2 API lists it."""
    listed = session.get(emu.url("/api/v1/manage/fabrics/%s/switches" % fabric), timeout=10).json()["switches"]
    return next(switch["switchId"] for switch in listed if switch["switchRole"] == "leaf")
