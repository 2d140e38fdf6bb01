"""A lab: the switches present at each address and the cables between their ports (``--lab FILE``).

Without a lab, any address answers discovery with a switch whose serial number and name derive from
the address (``common.serial_for``). With one, the emulator hosts the user's own switches: an address
the lab names answers with that switch's serial number, hostname, model, release and ports; any other
address has no switch behind it (unreachable). Once both switches of a cable are in one fabric, the
cable shows as a discovered intra-fabric link (``Links.cabled_links``).

The file is YAML (docs/emulator.md, "A lab of your own")::

    switches:
      - {address: 10.10.0.11, serial: 9Y0K4YLRAA1, hostname: spine1, model: N9K-C9336C-FX2, release: "10.4(3)", ports: 36}
    cables:
      - ["spine1:Ethernet1/1", "leaf1:Ethernet1/49"]

``model`` (default N9K-C93180YC-EX), ``release`` (default 10.2(5)) and ``ports`` (how many ``Ethernet1/N``;
default the model's count, else 54) may be left out. ``poap: true`` makes a switch that boots without a configuration
and asks for one (POAP): no discovery finds it; the fabrics with bootstrap on list it (``inventory/poap``) until one
imports it, and it comes up at ``address``, the address the import gives it. ``comes_up: false`` makes a switch that
never becomes manageable once a fabric takes it (a fault: POAP that never completes). Every problem of a file is reported at once, each named
by its place in the file (``switches[2].serial``).
"""

import dataclasses
import ipaddress
import re

import yaml

from dashboard_emulator.fabric_store.common import MODEL_PORT_COUNTS, NXOS_RELEASE, PLATFORM

# a serial number and a hostname as NX-OS allows them: letters, digits and a few marks, no spaces
_SERIAL = re.compile(r"^[A-Za-z0-9]{1,32}$")
_HOSTNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$")
_PORT = re.compile(r"^(?:ethernet|eth|e)1/(\d{1,3})$", re.IGNORECASE)
MAX_PORTS = 512
DEFAULT_PORTS = 54


class LabError(ValueError):
    """A lab file that cannot be used: every problem found, one per line."""


@dataclasses.dataclass(frozen=True)
class LabSwitch:
    address: str
    serial: str
    hostname: str
    model: str
    release: str
    ports: int
    # boots unowned and asks for POAP; never becomes manageable (a fault)
    poap: bool = False
    comes_up: bool = True


class Lab:
    """The switches of a lab by address and serial number, and each cabled port's far end."""

    def __init__(self, switches, cables):
        self.switches = tuple(switches)
        self._by_address = {switch.address: switch for switch in self.switches}
        self._by_serial = {switch.serial: switch for switch in self.switches}
        # {(serial, port): (serial, port)}, both ways
        self.far_ends = {}
        for one, two in cables:
            self.far_ends[one] = two
            self.far_ends[two] = one

    @classmethod
    def from_file(cls, path):
        try:
            with open(path, encoding="utf-8") as handle:
                data = yaml.safe_load(handle)
        except OSError as exc:
            raise LabError("lab file %s: %s" % (path, exc.strerror or exc)) from None
        except yaml.YAMLError as exc:
            raise LabError("lab file %s is not YAML: %s" % (path, exc)) from None
        return cls.from_data(data, source=str(path))

    @classmethod
    def from_data(cls, data, source="lab"):
        problems = []
        if not isinstance(data, dict) or not isinstance(data.get("switches"), list) or not data["switches"]:
            raise LabError("%s: expected a mapping with `switches`, a list of {address, serial, hostname, model, release, ports}"
                           % source)
        unknown = sorted(set(data) - {"switches", "cables"})
        if unknown:
            problems.append("unknown keys %s (a lab has switches and cables)" % ", ".join(unknown))
        switches = [switch for index, item in enumerate(data["switches"])
                    for switch in [_switch(item, "switches[%d]" % index, problems)] if switch is not None]
        for field in ("address", "serial", "hostname"):
            seen = {}
            for switch in switches:
                value = getattr(switch, field).lower()
                if value in seen:
                    problems.append("switches: %s %s is given twice (%s and %s)"
                                    % (field, getattr(switch, field), seen[value], switch.hostname))
                seen.setdefault(value, switch.hostname)
        cables = _cables(data.get("cables") or [], {switch.hostname.lower(): switch for switch in switches}, problems)
        if problems:
            raise LabError("%s:\n%s" % (source, "\n".join("- " + problem for problem in problems)))
        return cls(switches, cables)

    def at(self, address):
        """The switch at this address, or None: no switch answers there."""
        return self._by_address.get(address)

    def of_serial(self, serial):
        return self._by_serial.get(serial)

    def asking_for_poap(self):
        """The switches that boot without a configuration and ask for one."""
        return [switch for switch in self.switches if switch.poap]

    def cables_of(self, serial):
        """[(port, far serial, far port)] of the switch's cabled ports."""
        return [(port, far[0], far[1]) for (near, port), far in sorted(self.far_ends.items()) if near == serial]


def _switch(item, where, problems):
    if not isinstance(item, dict):
        problems.append("%s: expected a mapping {address, serial, hostname, model, release, ports}" % where)
        return None
    before = len(problems)
    unknown = sorted(set(item) - {"address", "serial", "hostname", "model", "release", "ports", "poap", "comes_up"})
    if unknown:
        problems.append("%s: unknown keys %s" % (where, ", ".join(map(str, unknown))))
    address = str(item.get("address", ""))
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        problems.append("%s.address: %r is not an IPv4 address" % (where, item.get("address")))
    serial, hostname = str(item.get("serial", "")), str(item.get("hostname", ""))
    if not _SERIAL.match(serial):
        problems.append("%s.serial: %r is not a serial number (1 to 32 letters and digits)" % (where, item.get("serial")))
    if not _HOSTNAME.match(hostname):
        problems.append("%s.hostname: %r is not a hostname (a letter or digit, then letters, digits, '_', '.', '-'; "
                        "63 at most)" % (where, item.get("hostname")))
    model = str(item.get("model") or PLATFORM)
    ports = item.get("ports", MODEL_PORT_COUNTS.get(model, DEFAULT_PORTS))
    if isinstance(ports, bool) or not isinstance(ports, int) or not 1 <= ports <= MAX_PORTS:
        problems.append("%s.ports: %r is not a port count from 1 to %d" % (where, item.get("ports"), MAX_PORTS))
    for flag in ("poap", "comes_up"):
        if flag in item and not isinstance(item[flag], bool):
            problems.append("%s.%s: %r is not true or false" % (where, flag, item[flag]))
    if len(problems) > before:
        return None
    return LabSwitch(address, serial, hostname, model, str(item.get("release") or NXOS_RELEASE), ports,
                     poap=item.get("poap", False), comes_up=item.get("comes_up", True))


def _cables(items, by_hostname, problems):
    if not isinstance(items, list):
        problems.append("cables: expected a list of [\"HOSTNAME:IFNAME\", \"HOSTNAME:IFNAME\"]")
        return []
    cables, used = [], {}
    for index, item in enumerate(items):
        where = "cables[%d]" % index
        if not isinstance(item, list) or len(item) != 2 or not all(isinstance(end, str) for end in item):
            problems.append("%s: expected two ends, [\"HOSTNAME:IFNAME\", \"HOSTNAME:IFNAME\"]" % where)
            continue
        ends = [_end(text, by_hostname, "%s[%d]" % (where, number), problems) for number, text in enumerate(item)]
        if None in ends:
            continue
        if ends[0][0] == ends[1][0]:
            problems.append("%s: both ends are on switch %s" % (where, item[0].split(":")[0]))
            continue
        for end, text in zip(ends, item):
            if end in used:
                problems.append("%s: port %s is cabled already (%s)" % (where, text, used[end]))
            used.setdefault(end, where)
        cables.append(tuple(ends))
    return cables


def _end(text, by_hostname, where, problems):
    hostname, _colon, port = text.partition(":")
    switch = by_hostname.get(hostname.lower())
    if switch is None:
        problems.append("%s: %r names no switch of the lab (HOSTNAME:IFNAME)" % (where, text))
        return None
    match = _PORT.match(port.strip())
    if match is None or not 1 <= int(match.group(1)) <= switch.ports:
        problems.append("%s: %r is not a port of %s (Ethernet1/1 to Ethernet1/%d)" % (where, text, switch.hostname, switch.ports))
        return None
    return switch.serial, "Ethernet1/%d" % int(match.group(1))
