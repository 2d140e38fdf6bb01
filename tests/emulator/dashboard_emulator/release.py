"""The platform release the emulator answers as (``--release``), and which paths that release serves.

Without ``--release`` the emulator is what it always was: ND 3.2.1e, the release NDFC 12.2.2 runs
on, serving the platform's auth operations under both their names. A release names what differs
(nd-manage-facts 1): ``/version.json`` reports it; from 4.2.1 on ``/api/v1/infra/about`` answers
its build; from 4.2 on the login family under ``/api/v1/infra`` behaves as a client written
against a live 4.2.1 records it (public login domains, a required login domain, a refresh that
answers the token alone, the ``{code, message}`` error envelope) and, unless told otherwise, the
legacy paths (``/login``, ``/refresh``, ``/logout`` and the fabric controller's
``/appcenter/...``) stay served beside it.

A path item of the OpenAPI documents says which releases serve it:
``x-emulator-since: "4.2.1"`` (served from that release on) and ``x-emulator-legacy: true`` (not
served by a 4.2 emulator started with ``--no-legacy-paths``). An operation that a release before
some version takes differently says how with ``x-emulator-before: {"4.2.0": {fields}}``: those
fields of the operation (its requestBody, say) replace its own on the releases before 4.2.0.
"""

import dataclasses
import re

SINCE_KEY = "x-emulator-since"
LEGACY_KEY = "x-emulator-legacy"
BEFORE_KEY = "x-emulator-before"
_METHODS = ("get", "put", "post", "delete", "patch")

_RELEASE_PATTERN = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{1,3})([a-z]?)$")
# The build number the emulator puts after the release in /api/v1/infra/about: its own, no capture records one for 4.2.
EMULATOR_BUILD = 1


@dataclasses.dataclass(frozen=True)
class Release:
    """One platform release: ``major.minor.maintenance`` and the patch letter (``3.2.1e``, ``4.2.1``); a value, compared
    and shown by its fields."""

    major: int
    minor: int
    maintenance: int
    patch: str = ""
    legacy_paths: bool = True
    # Whether --release named it (False: the emulator's default release, today's behaviour)
    given: bool = True

    @classmethod
    def parse(cls, text, legacy_paths=True):
        """A release from ``4.2.1`` or ``3.2.1e``; ValueError with what is wrong otherwise."""
        match = _RELEASE_PATTERN.match(str(text).strip())
        if match is None:
            raise ValueError("release %r: give it as MAJOR.MINOR.MAINTENANCE with an optional patch letter, "
                             "for example 4.2.1 or 3.2.1e" % (text,))
        major, minor, maintenance, patch = match.groups()
        release = cls(int(major), int(minor), int(maintenance), patch, legacy_paths=legacy_paths)
        if not legacy_paths and not release.unified_auth:
            raise ValueError("release %s: only a release from 4.2 on can be served without its legacy paths" % release)
        return release

    @property
    def numbers(self):
        return (self.major, self.minor, self.maintenance)

    def at_least(self, text):
        return self.numbers >= tuple(int(part) for part in text.split("."))

    @property
    def unified_auth(self):
        """Whether the login family under /api/v1/infra behaves as on 4.2 (nd-manage-facts 1.4)."""
        return self.at_least("4.2")

    def serves(self, item):
        """Whether this release serves a path item of the documents (its x-emulator-since and x-emulator-legacy)."""
        since = item.get(SINCE_KEY)
        if since is not None and not self.at_least(str(since)):
            return False
        return self.legacy_paths or not item.get(LEGACY_KEY)

    def shaped(self, item):
        """A path item as this release serves it: each operation with the fields its x-emulator-before gives this release."""
        item = dict(item)
        for method in _METHODS:
            operation = item.get(method)
            if operation is None or BEFORE_KEY not in operation:
                continue
            operation = dict(operation)
            for version, fields in operation.pop(BEFORE_KEY).items():
                if not self.at_least(str(version)):
                    operation.update(fields)
            item[method] = operation
        return item

    def version_body(self):
        """GET /version.json: the keys of a captured ND 3.2 answer; the build fields are the emulator's own."""
        return {"commit_id": "emulator", "build_time": "", "build_host": "dashboard-emulator", "user": "",
                "product_id": "nd", "product_name": "Nexus Dashboard", "release": True,
                "major": self.major, "minor": self.minor, "maintenance": self.maintenance, "patch": self.patch}

    def about_body(self):
        """GET /api/v1/infra/about (4.2.1+): buildVersion is the release with a build number (nd-manage-facts 1.2)."""
        return {"buildVersion": "%d.%d.%d.%d" % (self.major, self.minor, self.maintenance, EMULATOR_BUILD)}

    def __str__(self):
        return "%d.%d.%d%s" % (self.major, self.minor, self.maintenance, self.patch)


DEFAULT_RELEASE = Release(3, 2, 1, "e", given=False)


def release_of(state):
    """The release ``state`` answers as: the one cli.py set, else the default (a state built without --release)."""
    return getattr(state, "release", None) or DEFAULT_RELEASE
