# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the dashboard's release, and what it changes for the session.

The release is read from ``GET /version.json``, which every release answers without a session
(Cisco's own roles check a dashboard with it before they log in), once per run: it is one of the
facts the run keeps (see ``run_facts``). From 4.2 on the session logs
in, refreshes and logs out under ``/api/v1/infra``, as clients written against a live 4.2.1 do;
before, or when the dashboard does not say, under the unversioned paths every release serves.
"""

from __future__ import annotations

import collections

# The name the run's facts keep the release under
RELEASE_FACT = 'platform_release'
VERSION_PATH = '/version.json'
# From 4.2.1 on: a cheap read that needs a session (an API key is checked with it there)
ABOUT_PATH = '/api/v1/infra/about'
# The release from which the platform's unified API (/api/v1/infra, /api/v1/manage) is the one its clients use
UNIFIED_FROM = (4, 2)

AuthPaths = collections.namedtuple('AuthPaths', 'login refresh logout')
LEGACY_AUTH_PATHS = AuthPaths('/login', '/refresh', '/logout')
UNIFIED_AUTH_PATHS = AuthPaths('/api/v1/infra/login', '/api/v1/infra/refresh', '/api/v1/infra/logout')


def release_from_version(body):
    """The release a ``/version.json`` answer names, as the run keeps it; None when it names none.

    ``{version, major, minor, maintenance, patch, unified_api}``: ``version`` is ``major.minor.maintenance``
    (the patch letter apart, as clients of the platform join it), ``unified_api`` whether the release
    is 4.2 or later.
    """
    if not isinstance(body, dict):
        return None
    numbers = [body.get(name) for name in ('major', 'minor', 'maintenance')]
    if not all(isinstance(number, int) and not isinstance(number, bool) and number >= 0 for number in numbers):
        return None
    patch = body.get('patch')
    return {
        'version': '%d.%d.%d' % tuple(numbers),
        'major': numbers[0], 'minor': numbers[1], 'maintenance': numbers[2],
        'patch': patch if isinstance(patch, str) else '',
        'unified_api': tuple(numbers[:2]) >= UNIFIED_FROM,
    }


def read_release(http):
    """GET /version.json without a session (see ``release_from_version``); None when the dashboard does not answer it.

    A failure to reach the dashboard at all is raised (TransportError): the login that follows would meet it too.
    """
    response = http.request('GET', VERSION_PATH)
    if response.status != 200:
        return None
    return release_from_version(response.json)


def auth_paths(release):
    """Where the session logs in, refreshes and logs out on ``release`` (None: not known, the unversioned paths)."""
    return UNIFIED_AUTH_PATHS if release and release.get('unified_api') else LEGACY_AUTH_PATHS


def serves_about(release):
    """Whether ``release`` answers ``ABOUT_PATH`` (4.2.1 on)."""
    return bool(release) and (release['major'], release['minor'], release['maintenance']) >= (4, 2, 1)
