"""Links: between two ports of one fabric's switches (intra-fabric) or of two fabrics (inter-fabric), with a template.

docs/api/fabric-controller.yaml (tag links) records the shapes and what is uncertain. In short: a link
has a uuid the controller assigns (LINK-UUID-nnnnnnn), its two ends as `sw1-info` and `sw2-info`
(fabric, serial number, interface, switch name) and a template with nvPairs. The far end of an
inter-fabric link may be a switch the controller does not manage: its serial number is then
"<switch name>-<fabric>". A change waits for a deploy of the switches at its ends.
"""

from dashboard_emulator.fabric_store.common import StoreError, wire_string
from dashboard_emulator.fabric_store.interfaces import ETHERNET, SUBINTERFACE, interface_name

# [client, cisco.dcnm dcnm_links, release 12] the link templates, by kind
INTRA_FABRIC_TEMPLATES = frozenset((
    "int_intra_fabric_ipv6_link_local", "int_intra_fabric_num_link", "int_intra_fabric_unnum_link",
    "int_intra_vpc_peer_keep_alive_link", "int_pre_provision_intra_fabric_link", "ios_xe_int_intra_fabric_num_link",
))
INTER_FABRIC_TEMPLATES = frozenset((
    "ext_fabric_setup", "ext_multisite_underlay_setup", "ext_evpn_multisite_overlay_setup",
    "ext_vxlan_mpls_overlay_setup", "ext_vxlan_mpls_underlay_setup",
))
# the ends as the request names them, and the key of each in a link's info objects
_ENDS = (("source", "sw1-info"), ("destination", "sw2-info"))


class Links:
    """The link part of FabricStore."""

    # reads

    def fabric_links(self, fabric_name):
        """GET /control/links/fabrics/{f}: the links with an end in the fabric."""
        self._fabric(fabric_name)
        return [self._link_view(link) for link in self._shown_links()
                if fabric_name in (link["sw1-info"]["fabric-name"], link["sw2-info"]["fabric-name"])]

    def _shown_links(self):
        """The links, but a cabled link only once both its switches are up (discovery seen through)."""
        for link in self._links.values():
            if link.get("cabled") and not all(self._manageable(self._find_switch(link[key]["sw-serial-number"]))
                                              for _prefix, key in _ENDS):
                continue
            yield link

    def links_between(self, switch1=None, switch2=None, if_name1=None, if_name2=None):
        """GET /control/links?switch1Sn=&switch2Sn=&switch1IfName=&switch2IfName=: links matching what is given.

        [client] the answer is one object when one link matches, an array otherwise."""
        wanted = [(switch1, if_name1), (switch2, if_name2)]
        answer = []
        for link in self._shown_links():
            ends = [(link["sw1-info"]["sw-serial-number"], link["sw1-info"]["if-name"]),
                    (link["sw2-info"]["sw-serial-number"], link["sw2-info"]["if-name"])]
            if self._ends_match(ends, wanted) or self._ends_match(ends[::-1], wanted):
                answer.append(self._link_view(link))
        return answer[0] if len(answer) == 1 else answer

    def link_fabrics(self, uuid):
        """The fabrics of a link's ends (for permissions); none for a uuid of no link."""
        link = self._links.get(uuid)
        if link is None:
            return []
        return sorted({link[key]["fabric-name"] for _prefix, key in _ENDS})

    def link_record(self, uuid):
        """The stored link (for the 4.2 translation, which keeps its 4.2-only settings on it); StoreError for none."""
        return self._link(uuid)

    # writes

    def create_link(self, body):
        """POST /control/links."""
        link = self._checked_link(body)
        clash = self._link_on_ports(link)
        if clash is not None:
            # [uncertain] the refusal and its wording
            raise StoreError("A link already exists on these interfaces: %s" % clash["uuid"])
        self._next_link_id += 1
        link["uuid"] = "LINK-UUID-%d" % self._next_link_id
        link["dbid"] = self._next_link_id
        self._links[link["uuid"]] = link
        self._links_changed(link)
        return {"linkUUID": link["uuid"], "status": "Success"}

    def cable_links(self, fabric_name, serial):
        """A lab's switch just added to a fabric: each of its cables whose far switch is in the same fabric becomes a link.

        [client, NaC 0.8.0 links_filter_and_remove and existing_links_check] the links a fabric's switches discover
        between themselves are listed with the fabric's other links, templateName ``int_intra_fabric_num_link``, each end
        with its ``sw-sys-name`` and ``if-name``; NaC merges its fabric_links over them. [uncertain] the nvPairs the
        controller gives such a link (the addresses it allocates from the underlay pool): none here beyond the ends."""
        for port, far_serial, far_port in self.lab.cables_of(serial):
            far = self._switches[fabric_name].get(far_serial)
            if far is None:
                continue
            near = self._switches[fabric_name][serial]
            link = {"templateName": "int_intra_fabric_num_link", "fabricName": fabric_name, "nvPairs": {}, "cabled": True}
            for key, switch, name in (("sw1-info", near, port), ("sw2-info", far, far_port)):
                link[key] = {"fabric-name": fabric_name, "sw-serial-number": switch["serialNumber"],
                             "sw-sys-name": switch["logicalName"], "if-name": name}
            if self._link_on_ports(link) is None:
                self._next_link_id += 1
                link["uuid"] = "LINK-UUID-%d" % self._next_link_id
                link["dbid"] = self._next_link_id
                self._links[link["uuid"]] = link

    def update_link(self, uuid, body):
        """PUT /control/links/{uuid}: a new template or nvPairs for a link; its ends stay."""
        link = self._link(uuid)
        wanted = self._checked_link(body)
        if [self._end_key(wanted, key) for _prefix, key in _ENDS] != [self._end_key(link, key) for _prefix, key in _ENDS]:
            # [uncertain] the refusal and its wording
            raise StoreError("The ends of link %s cannot be changed" % uuid)
        if (wanted["templateName"], wanted["nvPairs"]) != (link["templateName"], link["nvPairs"]):
            link.update(templateName=wanted["templateName"], nvPairs=wanted["nvPairs"])
            self._links_changed(link)
        return {"linkUUID": uuid, "status": "Success"}

    def update_links(self, bodies):
        """PUT /control/links/modify: each body a link as the per-link PUT takes it, with its `link-uuid`."""
        successes, failures = [], []
        for body in bodies:
            uuid = str(body.get("link-uuid", "")) if isinstance(body, dict) else ""
            try:
                self.update_link(uuid, body)
            except StoreError as exc:
                failures.append({"linkUUID": uuid, "message": exc.message, "status": "Failed"})
            else:
                successes.append({"linkUUID": uuid, "status": "Success"})
        return successes, failures

    def delete_link(self, uuid):
        """DELETE /control/links/{uuid}."""
        link = self._link(uuid)
        del self._links[uuid]
        self._links_changed(link)
        return {"linkUUID": uuid, "status": "Success"}

    def _forget_links(self, serial):
        """A switch removed from its fabric takes its links with it."""
        for uuid, link in list(self._links.items()):
            if serial in (link["sw1-info"]["sw-serial-number"], link["sw2-info"]["sw-serial-number"]):
                del self._links[uuid]

    # the model

    def _link(self, uuid):
        link = self._links.get(uuid)
        if link is None:
            # [uncertain] the wording
            raise StoreError("Link %s not found" % uuid)
        return link

    def _checked_link(self, body):
        if not isinstance(body, dict):
            raise StoreError("Invalid request is supplied. a link must be an object", 400)
        fabrics = [str(body.get(prefix + "Fabric") or "") for prefix, _key in _ENDS]
        for fabric_name in fabrics:
            if not self.has_fabric(fabric_name):
                # [uncertain] the wording
                raise StoreError("Invalid fabric %s" % fabric_name)
        template = str(body.get("templateName") or "")
        intra = fabrics[0] == fabrics[1]
        if template not in (INTRA_FABRIC_TEMPLATES if intra else INTER_FABRIC_TEMPLATES):
            # [uncertain] the wording; the refusal: an intra-fabric template between two fabrics or the reverse
            raise StoreError("Failed to get template. Template with name %s not found for an %s-fabric link"
                             % (template, "intra" if intra else "inter"))
        link = {"templateName": template, "fabricName": fabrics[0]}
        for (prefix, key), fabric_name in zip(_ENDS, fabrics):
            link[key] = self._checked_end(body, prefix, fabric_name, managed_only=key == "sw1-info" or intra)
        pairs = body.get("nvPairs") if isinstance(body.get("nvPairs"), dict) else {}
        link["nvPairs"] = {name: wire_string(value) for name, value in pairs.items()}
        return link

    def _checked_end(self, body, prefix, fabric_name, managed_only):
        serial = str(body.get(prefix + "Device") or "")
        switch = self._switches[fabric_name].get(serial)
        kind, port = interface_name(body.get(prefix + "Interface"))
        if switch is None:
            name = str(body.get(prefix + "SwitchName") or "")
            if managed_only or not name or kind not in (ETHERNET, SUBINTERFACE):
                # [uncertain] the wording
                raise StoreError("Invalid switch %s for fabric %s" % (serial or name, fabric_name))
            # [seen] the far end of an inter-fabric link to a switch the controller does not manage
            return {"fabric-name": fabric_name, "sw-serial-number": "%s-%s" % (name, fabric_name),
                    "sw-sys-name": name, "if-name": port}
        ports = {record["ifName"].lower(): record["ifName"] for record in self._interfaces_of(switch).values()}
        if kind not in (ETHERNET, SUBINTERFACE) or port.lower() not in ports:
            raise StoreError("Invalid interface %s for switch %s" % (body.get(prefix + "Interface"), serial))
        return {"fabric-name": fabric_name, "sw-serial-number": serial, "sw-sys-name": switch["logicalName"],
                "if-name": ports[port.lower()]}

    @staticmethod
    def _end_key(link, key):
        info = link[key]
        return info["fabric-name"], info["sw-serial-number"], info["if-name"].lower()

    @staticmethod
    def _ends_match(ends, wanted):
        return all((serial is None or serial == end_serial) and (if_name is None or if_name.lower() == end_if.lower())
                   for (end_serial, end_if), (serial, if_name) in zip(ends, wanted))

    def _link_on_ports(self, link):
        """An existing link with an end on one of this link's ports, or None."""
        ports = {self._end_key(link, key)[1:] for _prefix, key in _ENDS}
        for other in self._links.values():
            if ports & {self._end_key(other, key)[1:] for _prefix, key in _ENDS}:
                return other
        return None

    def _links_changed(self, link):
        for _prefix, key in _ENDS:
            switch = self._find_switch(link[key]["sw-serial-number"])
            if switch is not None:
                switch["pending"] = True

    def _link_view(self, link):
        one, two = link["sw1-info"], link["sw2-info"]
        derived = {"LINK_UUID": link["uuid"]}
        if one["fabric-name"] == two["fabric-name"]:
            # [seen] what an intra-fabric link's nvPairs carry besides the template's parameters
            derived.update(FABRIC1=one["fabric-name"], FABRIC2=two["fabric-name"], PEER1_SN=one["sw-serial-number"],
                           PEER2_SN=two["sw-serial-number"], PEER1_INTF=one["if-name"], PEER2_INTF=two["if-name"],
                           HOSTNAME1=one["sw-sys-name"], HOSTNAME2=two["sw-sys-name"])
        else:
            # [seen] and an inter-fabric link's
            derived.update(SOURCE_FABRIC_NAME=one["fabric-name"], DEST_FABRIC_NAME=two["fabric-name"],
                           SOURCE_SERIAL_NUMBER=one["sw-serial-number"], DEST_SERIAL_NUMBER=two["sw-serial-number"],
                           SOURCE_SWITCH_NAME=one["sw-sys-name"], DEST_SWITCH_NAME=two["sw-sys-name"],
                           SOURCE_IF_NAME=one["if-name"], DEST_IF_NAME=two["if-name"])
        return {"link-uuid": link["uuid"], "link-dbid": link["dbid"], "templateName": link["templateName"],
                "fabricName": link["fabricName"], "sw1-info": dict(one), "sw2-info": dict(two),
                "nvPairs": dict(derived, **link["nvPairs"])}
