# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The options and return values every fabric-scoped resource module shares (module_utils/_framework/resource.py)."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
options:
  fabric:
    description:
      - Name of the fabric the objects live in.
    type: str
    required: true
  state:
    description:
      - V(merged) creates the listed objects and updates the options given for them; nothing else is touched. Attachments
        listed are added (a switch already attached gains the listed ports); attachments not listed stay.
      - V(replaced) makes each listed object exactly what is given, with the documented defaults for options not given.
        Options the controller chose (ids, VLANs when not given) and template parameters this module does not name keep
        their current value unless given. Its attachments become exactly the listed ones; switches not listed are detached.
      - V(overridden) is V(replaced) for the listed objects, and deletes every other object of this kind in the fabric. With
        an empty O(config) it deletes all of them.
      - V(deleted) detaches and deletes the listed objects, or every object of this kind in the fabric when O(config) is
        empty. Attachments that were deployed are undeployed first, as the controller requires. An object already absent
        is fine.
      - V(gathered) reads every object of this kind in the fabric and returns it in RV(gathered), in the format O(config)
        takes, so it can be fed back to V(merged) unchanged (brownfield export).
      - V(rendered) returns in RV(rendered) the requests a run would send to a fabric that holds none of the objects, without
        connecting to anything. Attachments are rendered with the O(config[].attach[].switch) value as serial number.
    type: str
    choices: [merged, replaced, overridden, deleted, gathered, rendered]
    default: merged
  deploy:
    description:
      - After the changes, deploy the objects the task names that are not in sync on the controller, whether the task changed
        them or not. Each module says in its own terms what is deployed; only these objects (or their switches) are
        deployed, not the whole fabric.
      - A listed object whose deploy is still running on the controller (its switches report V(IN PROGRESS), after an
        earlier run's wait ran out, say) is not deployed again; when the task waits, it waits for that deploy, writes nothing
        and reports C(changed=false).
      - Deleting always deploys what the delete needs deployed (the detach of what was deployed), whatever this option says,
        because the controller refuses to delete an object that is still deployed.
    type: bool
    default: false
  wait:
    description:
      - Wait until every deployed switch reports the object deployed (or detached), and return the state of each in
        RV(deployment). A switch that reports V(FAILED) fails the task, naming it.
      - V(false) is O(wait_timeout=0).
    type: bool
    default: true
  wait_timeout:
    description:
      - The seconds the task waits, at most, for what it asked the controller to do (the deploy, and the undeploy a delete
        needs first). V(0) does not wait, as O(wait=false). The same meaning in every module of this collection.
      - When they run out, the task fails naming the switches not done yet; the deploy may still finish on the controller.
      - The wait first looks a quarter of a second after the deploy was accepted, then less and less often, down to once
        every 5 seconds.
      - A task that does not wait and deletes an object whose deploy a delete needs first (a VRF or network still
        deployed) is refused before anything is written.
    type: int
    default: 300
'''
