"""Session tokens: RS256 JWTs signed with a key made at start.

Verification is cached per token string. An API-heavy play presents the same token
thousands of times; an RSA verification and a claims decode per request would cost
more than the rest of a GET together. The cache holds only tokens that verified, and a
cached token is still checked for expiry (and by the caller for its session) on every use.
"""

import base64
import hashlib
import json
import secrets
import time

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

ISSUER = "dashboard-platform-emulator"
ALGORITHM = "RS256"
_CACHE_LIMIT = 20000


class TokenInvalid(Exception):
    """The token is malformed, badly signed, or expired."""


class TokenIssuer:
    def __init__(self, clock=time.time):
        self._clock = clock
        self._private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._public_key = self._private_key.public_key()
        der = self._public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
        self.kid = base64.urlsafe_b64encode(hashlib.sha256(der).digest()[:12]).decode("ascii").rstrip("=")
        self._verified = {}

    def public_key_pem(self):
        return self._public_key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)

    def issue(self, account, sessionid, lifetime):
        """Return (token, claims) for an account and a session."""
        issued_at = int(self._clock())
        claims = {
            "username": account.username,
            "usertype": account.usertype,
            "rbac": account.rbac_list(),
            "iat": issued_at,
            "exp": issued_at + int(lifetime),
            "iss": ISSUER,
            "sessionid": sessionid,
            "userid": account.userid,
            "avpair": avpair(account.rbac_list()),
            # Two tokens issued in the same second for the same session must still differ.
            "jti": secrets.token_urlsafe(12),
        }
        token = jwt.encode(claims, self._private_key, algorithm=ALGORITHM, headers={"kid": self.kid, "typ": "JWT"})
        return token, claims

    def verify(self, token):
        """Return the claims of a well-signed, unexpired token, else raise TokenInvalid."""
        claims = self._verified.get(token)
        if claims is None:
            try:
                claims = jwt.decode(
                    token,
                    self._public_key,
                    algorithms=[ALGORITHM],
                    issuer=ISSUER,
                    options={"require": ["exp", "iat", "sessionid", "username"], "verify_exp": False},
                )
            except jwt.PyJWTError as exc:
                raise TokenInvalid(type(exc).__name__) from None
            if len(self._verified) >= _CACHE_LIMIT:
                self._verified.clear()
            self._verified[token] = claims
        if self._clock() >= claims["exp"]:
            raise TokenInvalid("expired")
        return claims

    def forget_all(self):
        self._verified.clear()


def avpair(rbac):
    """The shell:domains attribute-value pair, as the platform derives it from the roles."""
    parts = []
    for entry in rbac:
        write_roles = "|".join(role for role, privilege in entry["roles"] if privilege == "WritePriv")
        read_roles = "|".join(role for role, privilege in entry["roles"] if privilege != "WritePriv")
        parts.append("%s/%s/%s" % (entry["domain"], write_roles, read_roles))
    return "shell:domains=" + ",".join(parts)


def rbac_string(rbac):
    """The login answer's rbac field: the array, JSON-encoded, compact like the platform's."""
    return json.dumps(rbac, separators=(",", ":"))
