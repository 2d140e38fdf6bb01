# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the names of the fabric facts one resource keeps for the run and another's writes make
stale, in one place, so that the writer forgets what the reader keeps without importing the reader.

A fact is kept per run and fabric (``ControllerClient.keep_fabric_fact``, the run's facts) by the task that read it, and
forgotten (``forget_fabric_facts``) by a task whose writes change what it says, so that the run's next task reads it again:

======================  ========================================  =============================
name                    kept by (read for)                        forgotten by the writes of
======================  ========================================  =============================
``NETWORK_PORTS``       interfaces (a port a network lists)        networks
``PEER_LINK_PORTS``     links (a port of a vPC peer-link)          vpc_pairs
``PORT_HOLDERS``        vpc_pairs (a port a port-channel or vPC    interfaces
                        holds)
======================  ========================================  =============================

The fabric's switches (``switch_directory.RUN_SWITCHES``, forgotten by fabric_switches) and its VNI/VLAN ranges
(``overlay.checks.RUN_RANGES``, forgotten by fabrics) live beside the code that reads them, which the writers import
already.
"""

from __future__ import annotations

NETWORK_PORTS = 'network_ports'
PEER_LINK_PORTS = 'vpc_peer_link_ports'
PORT_HOLDERS = 'vpc_peer_link_port_holders'
