# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a whole fabric from Network-as-Code's ``vxlan`` data model (netascode/ansible-dc-vxlan 0.8.0).

``keys`` is the table of the model keys taken, with the option each becomes and NaC's default; ``validate`` checks the model
offline, every problem at once, each by its path; ``translate`` turns it into the ``config`` of our eight resource modules.

Why an action of its own (fabricops.dashboard.fabric_model) and not eight module calls: the model must be seen whole, at
once, to check across resources before any write (a VNI in two networks, a VLAN a VRF and a network share on a switch, a
network on a port the model makes routed); eight module tasks each see one resource, and the first would have written before
the fifth found the problem. The later stages (preview, apply) drive our resources' own mappings from this package's output,
so the model is read, checked and translated in one place.
"""
