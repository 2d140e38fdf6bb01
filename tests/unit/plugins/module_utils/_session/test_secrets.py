"""_secrets: one definition of a secret, masking, and what the token cache keeps of a password."""

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import server_message
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import MASK, Secrets, password_verifier, shown, verifies


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


# The check for secrets in an answer looks at the answer's JSON text once, instead of walking the parsed answer (issue 26).

def test_an_answer_whose_text_holds_no_secret_is_cleared_from_its_text_alone():
    secrets = Secrets(lambda: ('Admin-Passw0rd!', 'eyJtoken.part.sig'))
    text = '[{"networkName": "web", "networkTemplateConfig": "{\\"vlanId\\": 2301}"}]'
    assert not secrets.leak_into(json.loads(text), [text])


def test_a_secret_in_the_text_is_confirmed_in_what_is_shown():
    password = 'Admin-Passw0rd!'
    secrets = Secrets(lambda: (password,))
    text = json.dumps([{'name': 'web', 'description': 'set to %s' % password}])
    assert secrets.leak_into(json.loads(text), [text])
    # a json_query that leaves the secret out shows none of it, though the answer held it
    assert not secrets.leak_into(['web'], [text])


def test_a_secret_spelt_with_escapes_no_form_matches_is_still_found():
    # A server may write any character as \uXXXX, or '/' as '\/': the text then holds no form of
    # the secret, and only the parsed answer shows it.
    secret = 'Tok/en-1234'
    secrets = Secrets(lambda: (secret,))
    for text in ('{"echo": "Tok\\/en-1234"}', '{"echo": "\\u0054ok/en-1234"}'):
        assert secret not in text
        assert secrets.leak_into(json.loads(text), [text]), text


class _WatchedText(str):
    """A JSON text that counts the looks for a secret in it."""

    looks = 0

    def __contains__(self, part):
        _WatchedText.looks += 1
        return str.__contains__(self, part)


def test_a_small_selection_is_walked_instead_of_its_large_answer_text():
    # A json_query keeping 2,000 names out of a large answer: the names are looked at, not the text they came from.
    password = 'Admin-Passw0rd!'
    secrets = Secrets(lambda: (password,))
    # About as the fabric controller answers them: some 750 characters a network, most in its template config.
    config = {'setting%02d' % index: 'value-%d' % index for index in range(40)}
    answer = [{'networkName': 'net-%d' % number, 'description': 'set to %s' % password if number == 7 else '',
               'networkTemplateConfig': json.dumps(dict(config, vlanId=2000 + number))} for number in range(2000)]
    text = _WatchedText(json.dumps(answer))
    _WatchedText.looks = 0
    assert not secrets.leak_into([item['networkName'] for item in answer], [text], part=True)
    assert secrets.leak_into(['net-1', 'set to %s' % password], [text], part=True)
    assert _WatchedText.looks == 0, 'the selection was walked, the text was not looked at'
    # A selection about as large as the answer is not walked whole: the text is looked at instead, with the same verdict.
    assert secrets.leak_into(answer, [text], part=True)
    assert not secrets.leak_into(answer[8:], [_WatchedText(json.dumps(answer[8:]))], part=True)
    assert _WatchedText.looks > 0


def test_output_masks_a_set_value_of_a_field_that_names_a_secret_and_nothing_else():
    # what a module's before/after/gathered and a preview report show
    assert shown('OSPF_AUTH_KEY', '3 0123abcd') == MASK
    assert shown('MACSEC_KEY_STRING', 'abcdef') == MASK
    assert shown('switch_password', 'x') == MASK
    # the key's id, type and keychain name are settings, not secrets; an empty value has nothing to hide
    assert shown('OSPF_AUTH_KEY_ID', '127') == '127'
    assert shown('AUTH_KEYCHAIN_NAME', 'chain') == 'chain'
    assert shown('OSPF_AUTH_KEY', '') == ''
    assert shown('BGP_AS', '65000') == '65000'
