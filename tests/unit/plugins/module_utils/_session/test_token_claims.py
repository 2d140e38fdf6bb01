"""token_claims reads a JWT's claims unverified, as PyJWT reads them, without importing PyJWT.

PyJWT imports the cryptography package, which was about half of the start-up of the run's session
keeper; the first tasks after a login that go out before the keeper serves pay a TLS handshake each.
"""

import base64
import json
import os
import subprocess
import sys

import jwt
import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import token_claims
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import _collections_root  # pylint: disable=protected-access


def _segment(value):
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b'=').decode()


def _pyjwt_claims(token):
    try:
        claims = jwt.decode(token, options={'verify_signature': False})
    except jwt.PyJWTError:
        return {}
    return claims if isinstance(claims, dict) else {}


HEADER = _segment({'alg': 'HS256', 'typ': 'JWT'})
CLAIMS = _segment({'username': 'admin', 'iat': 100, 'exp': 1300})


def test_the_claims_of_the_dashboards_token_are_read(make_session):
    session = make_session()
    session.login()
    claims = token_claims(session.token)
    assert claims == _pyjwt_claims(session.token)
    assert claims['username'] == 'admin' and claims['exp'] > claims['iat']


@pytest.mark.parametrize('token', [
    HEADER + '.' + CLAIMS + '.c2ln',  # a signature
    HEADER + '.' + CLAIMS + '.',  # none
    HEADER + '==.' + CLAIMS + '.c2ln',  # padded, as some issuers write it
    HEADER + '=.' + CLAIMS + '.c2ln',  # padded wrongly
    HEADER + '.' + CLAIMS + '.!!',  # a signature that is not base64url
    HEADER + '.' + CLAIMS + '.c2lu',  # stray bits in its last character
    HEADER + '.' + CLAIMS + '.x',  # a length base64 never has
    HEADER + '.' + CLAIMS,  # two segments
    HEADER + '.' + CLAIMS + '.c2ln.c2ln',  # four
    _segment(['alg']) + '.' + CLAIMS + '.c2ln',  # a header that is not an object
    HEADER + '.' + _segment([1, 2]) + '.c2ln',  # claims that are not an object
    _segment({'alg': 'HS256', 'b64': False}) + '.' + CLAIMS + '.c2ln',  # a detached payload with a payload
    HEADER + '.' + base64.urlsafe_b64encode(b'\xff\xfe').rstrip(b'=').decode() + '.c2ln',  # not UTF-8
    '', 'token', 'a.b.c', '\u00e9.\u00e9.\u00e9', None, 42,
])
def test_what_pyjwt_reads_unverified_is_read_alike(token):
    assert token_claims(token) == _pyjwt_claims(token)


def test_the_session_keeper_starts_without_pyjwt_or_cryptography():
    # Started as ensure_keeper starts it: a new interpreter, the collection found from the same root.
    script = ('import sys, ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper; '
              'print(sorted({name.split(".")[0] for name in sys.modules} & {"jwt", "cryptography"}))')
    found = subprocess.run([sys.executable, '-c', script], env=dict(os.environ, PYTHONPATH=_collections_root()), capture_output=True,
                           text=True, check=True, cwd='/').stdout.strip()
    assert found == '[]'
