"""Accounts and login domains, loaded from YAML, and the privilege rules of the rbac field."""

import dataclasses
import hmac
import pathlib

import yaml

DEFAULT_ACCOUNTS_FILE = pathlib.Path(__file__).resolve().parent / "default_accounts.yaml"
USERTYPES = ("local", "ldap", "radius", "tacacs", "oidc")
UNKNOWN_DOMAIN_BEHAVIOURS = ("empty_200", "reject_401")
ALL_DOMAINS = "all"
WRITE_PRIVILEGE = "WritePriv"
# The local login domain's name on the releases that name it so
LOCAL_DOMAIN = "DefaultAuth"


@dataclasses.dataclass(frozen=True)
class Account:
    username: str
    login_domain: str
    usertype: str
    rbac: tuple
    userid: int
    password_expired: bool = False
    # repr=False keeps the password and the keys out of any log line or traceback that prints an account.
    password: str = dataclasses.field(default="", repr=False)
    api_keys: tuple = dataclasses.field(default=(), repr=False)

    def password_matches(self, candidate):
        return hmac.compare_digest(self.password.encode("utf-8"), candidate.encode("utf-8"))

    def rbac_list(self):
        return [dict(entry) for entry in self.rbac]


class LoginOutcome:
    OK = "ok"
    BAD_CREDENTIALS = "bad_credentials"
    PASSWORD_EXPIRED = "password_expired"
    UNKNOWN_DOMAIN = "unknown_domain"


class AccountBook:
    """Every login domain and its accounts."""

    def __init__(self, domains, unknown_login_domain="empty_200", aliases=None):
        # domains: {login domain name: (usertype, {username: Account})}
        self._domains = domains
        # aliases: {other name: login domain name}; releases call the local domain DefaultAuth or local
        self._aliases = dict(aliases or {})
        if unknown_login_domain not in UNKNOWN_DOMAIN_BEHAVIOURS:
            raise ValueError("unknown_login_domain must be one of " + ", ".join(UNKNOWN_DOMAIN_BEHAVIOURS))
        self.unknown_login_domain = unknown_login_domain
        self._initial_keys = {}
        for account in self.accounts():
            for key in account.api_keys:
                if key in self._initial_keys:
                    raise ValueError("API key of %s is also a key of %s; keys must be unique"
                                     % (account.username, self._initial_keys[key].username))
                self._initial_keys[key] = account
        # {key: Account} of the keys not revoked; revoke removes, restore_keys puts them all back
        self._live_keys = dict(self._initial_keys)

    @classmethod
    def from_yaml(cls, path=None):
        path = pathlib.Path(path) if path else DEFAULT_ACCOUNTS_FILE
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle) or {}
        domains = {}
        aliases = {}
        userid = 1000
        for domain in document.get("login_domains", []):
            name = str(domain["name"])
            usertype = str(domain.get("usertype", "local"))
            if usertype not in USERTYPES:
                raise ValueError("login domain %s: usertype must be one of %s" % (name, ", ".join(USERTYPES)))
            accounts = {}
            for entry in domain.get("accounts", []):
                userid += 1
                rbac = tuple(_normalise_rbac_entry(item) for item in entry.get("rbac", []))
                account = Account(
                    username=str(entry["username"]),
                    login_domain=name,
                    usertype=usertype,
                    rbac=rbac,
                    userid=int(entry.get("userid", userid)),
                    password_expired=bool(entry.get("password_expired", False)),
                    password=str(entry["password"]),
                    api_keys=_api_keys_of(entry),
                )
                accounts[account.username] = account
            domains[name] = (usertype, accounts)
            for alias in domain.get("aliases", []):
                aliases[str(alias)] = name
        return cls(domains, str(document.get("unknown_login_domain", "empty_200")), aliases)

    def canonical_domain(self, login_domain):
        """The login domain a name stands for (itself, or the domain it is an alias of)."""
        return self._aliases.get(login_domain, login_domain)

    def authenticate(self, login_domain, username, password):
        """Return (LoginOutcome, Account or None)."""
        login_domain = self.canonical_domain(login_domain)
        if login_domain not in self._domains:
            return LoginOutcome.UNKNOWN_DOMAIN, None
        account = self._domains[login_domain][1].get(username)
        if account is None or not account.password_matches(password):
            return LoginOutcome.BAD_CREDENTIALS, None
        if account.password_expired:
            return LoginOutcome.PASSWORD_EXPIRED, account
        return LoginOutcome.OK, account

    def lookup(self, login_domain, username):
        """The account behind a live session (refresh): (LoginOutcome, Account or None)."""
        domain = self._domains.get(login_domain)
        account = domain[1].get(username) if domain else None
        if account is None:
            return LoginOutcome.BAD_CREDENTIALS, None
        return LoginOutcome.OK, account

    def account_for_key(self, username, key):
        """The account a live key belongs to, when username names that account; else None.

        The login domain plays no part: a key identifies its account on its own.
        """
        account = self._live_keys.get(key)
        if account is None or not hmac.compare_digest(account.username.encode("utf-8"), username.encode("utf-8")):
            return None
        return account

    def revoke_key(self, username, key):
        """Refuse the key from now on; False when username has no such live key."""
        if self.account_for_key(username, key) is None:
            return False
        del self._live_keys[key]
        return True

    def restore_keys(self):
        self._live_keys = dict(self._initial_keys)

    def login_page_domains(self):
        """What 4.2's public GET /api/v1/infra/logindomains answers: ``{"domains": [{"name"}], "defaultDomain"}``.

        A client written against a live 4.2.1 records a list that does not name DefaultAuth, although
        DefaultAuth logs in (nd-manage-facts 1.4): the local domain is listed under its other name
        (``local``), or not at all when it has none, and is the default.
        """
        other_names = {}
        for alias, name in self._aliases.items():
            other_names.setdefault(name, alias)
        names = []
        for name in self._domains:
            listed = other_names.get(name) if name == LOCAL_DOMAIN else name
            if listed:
                names.append(listed)
        default = other_names.get(LOCAL_DOMAIN) or (names[0] if names else "")
        return {"domains": [{"name": name} for name in names], "defaultDomain": default}

    def accounts(self):
        for _usertype, accounts in self._domains.values():
            yield from accounts.values()


def _api_keys_of(entry):
    keys = entry.get("api_keys", [])
    if not isinstance(keys, list) or not all(isinstance(key, str) and key for key in keys):
        raise ValueError("account %s: api_keys must be a list of non-empty strings" % entry.get("username"))
    return tuple(keys)


def _normalise_rbac_entry(item):
    roles = tuple(tuple(str(part) for part in pair) for pair in item.get("roles", []))
    for pair in roles:
        if len(pair) != 2:
            raise ValueError("rbac roles are [role, privilege] pairs")
    return (
        ("domain", str(item["domain"])),
        ("rolesR", int(item.get("rolesR", 0))),
        ("rolesW", int(item.get("rolesW", 0))),
        ("roles", [list(pair) for pair in roles]),
    )


def _entries_for(rbac, security_domain):
    for entry in rbac:
        if entry["domain"] in (security_domain, ALL_DOMAINS):
            yield entry


def can_read(rbac, security_domain):
    """Any privilege entry for the domain (or for all domains) allows reading."""
    return any(True for _entry in _entries_for(rbac, security_domain))


def can_write(rbac, security_domain):
    return any(
        role[1] == WRITE_PRIVILEGE
        for entry in _entries_for(rbac, security_domain)
        for role in entry.get("roles", [])
    )
