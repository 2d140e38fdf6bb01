"""The fabric controller's data: fabrics, switches, networks, VRFs and their attachments.

One store, in parts by resource (as handlers/ is): templates, fabrics (with config save and
deploy), switches, interfaces (a switch's interface policies), vpc_pairs (pairs, their peer-links),
links, policies (switch policies, generated and made by users), poap (switches that ask for POAP), top_down (networks and VRFs), resources
(the resource manager's pools), seeds; common holds what they share.

Shapes follow what the real controller answers (docs/api/fabric-controller.yaml records
them): nvPairs values are strings, template configs are JSON text with string values inside,
spelling quirks (`managable`, `switchDbID` vs `switchDbId`) are kept.

Time is injected: a switch becomes manageable `timing.discover_seconds` after its discovery
(plus `timing.reload_seconds` for a greenfield add, which reloads it) and a deploy takes
`timing.deploy_seconds`. States are computed when read, from the time an action
started, so no background task runs and a test can shorten both to a fraction of a second.

Objects carry no field that changes on every read: an idempotent client compares what it read
with what it wants, and a write that changes nothing must leave the object as it was.
"""

import time

from dashboard_emulator.fabric_store.common import BadRequest, NotFound, StoreError, Timing
from dashboard_emulator.fabric_store.fabrics import Fabrics
from dashboard_emulator.fabric_store.interfaces import Interfaces
from dashboard_emulator.fabric_store.links import Links
from dashboard_emulator.fabric_store.poap import Poap
from dashboard_emulator.fabric_store.policies import Policies
from dashboard_emulator.fabric_store.resources import Resources
from dashboard_emulator.fabric_store.seeds import SEEDS, seed
from dashboard_emulator.fabric_store.switches import Switches
from dashboard_emulator.fabric_store.top_down import TopDown
from dashboard_emulator.fabric_store.vpc_pairs import VpcPairs

__all__ = ["BadRequest", "FabricStore", "NotFound", "SEEDS", "StoreError", "Timing"]


class FabricStore(Fabrics, Switches, Poap, Interfaces, VpcPairs, Links, Policies, TopDown, Resources):
    def __init__(self, clock=time.time, timing=None, seed="small", lab=None):  # pylint: disable=redefined-outer-name
        self.clock = clock
        self.timing = timing or Timing()
        self.seed = seed
        # the user's switches (lab.Lab) discovery finds, or None: a switch named after its address at every address
        self.lab = lab
        self.reset()

    def reset(self):
        self._fabrics = {}
        self._domains = {}
        self._switches = {}
        self._networks = {}
        self._vrfs = {}
        self._interface_tables = {}
        self._vpc_pairs = {}
        self._links = {}
        self._policies = {}
        self._policies_made = set()
        self._next_policy_id = 1849000
        self._next_id = 1
        self._next_db_id = 4191270
        self._next_object_id = 3270
        self._next_resource_id = 36360
        self._next_link_id = 1446000
        seed(self, self.seed)

    def now_ms(self):
        return int(self.clock() * 1000)
