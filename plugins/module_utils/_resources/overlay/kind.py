# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what one kind of overlay object (VRF or network) is in the controller's words, on either API.

A VRF or a network is the same object to the legacy mapping (``overlay.legacy``) and to the 4.2 one (``overlay.manage``,
which reads and writes the legacy view at its edge): the same template config keys, top-level fields, identity keys,
fabric settings and attachment fields. ``OverlayKind`` holds that once, and each mapping holds its kind (``kind =
VRF``): so ``VrfMapping`` and ``VrfManageMapping`` each have one line of inheritance (the API's), and share the kind by
holding the same object.
"""

from __future__ import annotations


class OverlayKind:
    """Subclasses set NAME ('vrf' or 'network'), PEER, TEMPLATE_KEYS, TOP_LEVEL, SEGMENT_KEY and IDENTITY_KEYS, and for the
    checks of the task's intent RANGE_SETTINGS, ADDRESS_FIELDS, REFERENCE or REFERENCED_BY; the methods are the kind's
    additions to what the mapping reads and writes (none by default)."""

    # the controller's word for the kind, in its paths and field names ('vrf': vrfName, /vrfs, vrfAttachments)
    NAME = None
    # the peer kind's resource: (its package under _resources, its descriptor)
    PEER = None
    # option -> key inside the template config
    TEMPLATE_KEYS = {}
    # option -> field of the object itself
    TOP_LEVEL = {}
    # the template config key of the object's segment id (the model's ID_FIELD)
    SEGMENT_KEY = None
    # config keys the controller derives from the object (name, segment id): never template_params; {key: the option that sets it}
    IDENTITY_KEYS = {}
    # the fabric settings (nvPairs) holding the range of this kind's VNIs and of its VLANs
    RANGE_SETTINGS = (None, None)
    # option -> IP version, of the options that hold an interface address with its prefix length
    ADDRESS_FIELDS = {}
    # the option by which an object names an object of the peer kind (a network's vrf); or, on the peer's side, the
    # peer's option that names objects of this kind (REFERENCED_BY)
    REFERENCE = None
    REFERENCED_BY = None
    # fields of the object that only the controller sets: never sent back
    SERVER_FIELDS = ('id', 'fabric')
    # template config keys whose value, on an object of the default templates, sets nothing: the value the controller
    # fills in itself (``"nveId": "1"`` in the template config of every object GET /top-down/fabrics/{fabric}/networks and
    # /vrfs list, docs/api/fabric-controller.yaml); an empty value sets nothing either. gathered leaves them out, and the
    # /api/v1/manage mapping takes them as the nothing they set.
    UNSET_PARAMS = {'nveId': '1'}

    def __init__(self):
        # the controller's words made of NAME, on both APIs: the fields of an object's name (vrfName), of its template config
        # (vrfTemplateConfig) and of a list of names (vrfNames, a deploy's), and the collection of the objects (vrfs)
        self.name_key = self.NAME + 'Name'
        self.config_key = self.NAME + 'TemplateConfig'
        self.plural = self.NAME + 's'
        self.names_key = self.NAME + 'Names'

    def top_level_value(self, option, value):
        """The option's value of a top-level field as read (None: the object has none)."""
        del option
        return value

    def extra_top_level(self, obj, listed):
        """Top-level fields the kind adds to a create or update of ``obj`` (``listed``: the object as read, or {})."""
        del obj, listed
        return {}

    def extra_identity(self, obj):
        """Template config keys naming ``obj`` besides its name and segment id."""
        del obj
        return {}

    def extra_attachment(self, entry):
        """Options of an attachment read from a lanAttachList entry, besides its switch and VLAN."""
        del entry
        return {}

    def extra_attachment_item(self, before, after):
        """Fields of a lanAttachList item the kind adds, from the attachment before and after (either None)."""
        del before, after
        return {}
