"""/api/v1/manage operations of a 4.2 platform on links (nd-manage-facts 8), on the legacy store.

A link made here is the legacy ``/control/links`` link and the reverse. The bulk writes answer ``207`` with
``{"links": [{"linkId", "status": "success"|"failure", "message"}]}``: the key and the failure value cisco.nd's links
branch reads [client; uncertain: no captured answer].
"""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.manage_links import legacy_link, manage_link
from dashboard_emulator.handlers import current_claims
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import json_response


def _views(store, fabric_name):
    return store.list_switches(fabric_name) if store.has_fabric(fabric_name) else []


def _shown(store, view):
    fabrics = sorted({view["sw1-info"]["fabric-name"], view["sw2-info"]["fabric-name"]})
    addresses = {switch["serialNumber"]: switch["ipAddress"] for fabric in fabrics for switch in _views(store, fabric)}
    return manage_link(view, addresses, store.link_record(view["link-uuid"]).get("manage_extra"))


def _writable(store, fabrics):
    for fabric in fabrics:
        need(can_write, store.security_domain_of(fabric), "write")


def _outcome(link_id, error=None):
    return {"linkId": link_id, "status": "failure" if error else "success", "message": error or ""}


def _items(body, what):
    items = body.get("links") if isinstance(body, dict) else None
    if not isinstance(items, list) or not items:
        raise Refused(400, "The body must be {\"links\": [%s, ...]}" % what)
    return items


@operation()
def list_links(store, fabricName=None, switchId=None, **_kwargs):
    """GET /links?fabricName=&switchId=: the links with an end in the fabric (every readable fabric without one), or of
    that switch. ``clusterName`` and ``ticketId`` are not looked at."""
    rbac = current_claims()["rbac"]
    if fabricName is not None:
        need(can_read, store.security_domain_of(fabricName), "read")
        names = [fabricName]
    else:
        names = [name for name in store.fabric_names() if can_read(rbac, store.security_domain_of(name))]
    seen, links = set(), []
    for name in names:
        for view in store.fabric_links(name):
            ends = (view["sw1-info"]["sw-serial-number"], view["sw2-info"]["sw-serial-number"])
            if view["link-uuid"] not in seen and (switchId is None or switchId in ends):
                seen.add(view["link-uuid"])
                links.append(_shown(store, view))
    return json_response(200, {"links": links, "meta": {"counts": {"total": len(links), "remaining": 0}}})


def _keep_extra(store, uuid, extra):
    store.link_record(uuid)["manage_extra"] = extra


@operation(write=True)
def create_links(store, body=None, **_kwargs):
    """POST /links {links: [...]}: each made as the legacy create makes it; 207."""
    results = []
    for item in _items(body, "{link}"):
        try:
            legacy, extra = legacy_link(item, lambda fabric: _views(store, fabric))
            _writable(store, {legacy["sourceFabric"], legacy["destinationFabric"]} & set(store.fabric_names()))
            uuid = store.create_link(legacy)["linkUUID"]
            _keep_extra(store, uuid, extra)
            results.append(_outcome(uuid))
        except StoreError as exc:
            results.append(_outcome(None, exc.message))
    return json_response(207, {"links": results})


@operation(write=True)
def update_link(store, linkId, body=None, **_kwargs):
    """PUT /links/{linkId}: a new template or inputs, its ends unchanged [uncertain: the answer, 200 with the link]."""
    fabrics = store.link_fabrics(linkId)
    if not fabrics:
        raise Refused(404, "Link %s not found" % linkId)
    _writable(store, fabrics)
    legacy, extra = legacy_link(body, lambda fabric: _views(store, fabric))
    store.update_link(linkId, legacy)
    _keep_extra(store, linkId, extra)
    view = next(view for view in store.fabric_links(fabrics[0]) if view["link-uuid"] == linkId)
    return json_response(200, _shown(store, view))


@operation(write=True)
def remove_links(store, body=None, **_kwargs):
    """POST /linkActions/remove {links: [linkId, ...]}: each deleted as the legacy delete does; 207."""
    results = []
    for link_id in _items(body, "\"<linkId>\""):
        fabrics = store.link_fabrics(link_id) if isinstance(link_id, str) else []
        if not fabrics:
            results.append(_outcome(link_id, "Link %s not found" % (link_id,)))
            continue
        _writable(store, fabrics)
        store.delete_link(link_id)
        results.append(_outcome(link_id))
    return json_response(207, {"links": results})
