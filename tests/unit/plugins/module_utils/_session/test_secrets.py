"""_secrets: one definition of a secret, masking, and what the token cache keeps of a password."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import server_message
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import MASK, Secrets, password_verifier, verifies


def test_a_long_secret_quoted_by_a_server_is_masked_before_the_message_is_cut():
    password = 'P' * 600
    secrets = Secrets(lambda: (password, None))
    message = server_message({'message': 'refused: %s' % password}, secrets.scrub)
    assert 'PPPP' not in message and MASK in message


def test_a_secret_quoted_json_escaped_is_masked_too():
    secret = 'pa"ss\\word-é'
    secrets = Secrets(lambda: (secret,))
    quoted = '{"userPasswd": "pa\\"ss\\\\word-\\u00e9"}'
    assert secrets.scrub(quoted) == '{"userPasswd": "%s"}' % MASK
    assert secrets.leak_into({'echo': ['x', quoted]})


def test_the_cache_keeps_no_password_and_tells_another_one_apart():
    verifier = password_verifier('Admin-Passw0rd!')
    assert 'Admin-Passw0rd!' not in repr(verifier)
    assert verifies('Admin-Passw0rd!', verifier)
    assert not verifies('admin-Passw0rd!', verifier)
    assert not verifies('Admin-Passw0rd!', None)
    assert password_verifier('Admin-Passw0rd!') != verifier, 'each verifier has a salt of its own'
