"""Everything the emulator remembers, in one place, so reset can restore all of it."""

import logging
import time

from dashboard_emulator.accounts import AccountBook
from dashboard_emulator.controls import Counters, Faults, RequestLog
from dashboard_emulator.fabric_store import FabricStore, Timing
from dashboard_emulator.sessions import SessionTable
from dashboard_emulator.tokens import TokenInvalid, TokenIssuer

DEFAULT_SESSION_TIMEOUT = 1200
# Parts of the controller's API a release may lack, each served unless the emulator starts without it.
# The document marks their paths with x-emulator-feature; see app.build_app.
BULK_UPDATE = "bulk-update"
FEATURES = (BULK_UPDATE,)
IDLE_TIMEOUT = 3600

log = logging.getLogger("dashboard_emulator")


class EmulatorState:
    def __init__(self, accounts=None, session_timeout=DEFAULT_SESSION_TIMEOUT, clock=time.time, seed="small", timing=None,
                 nodes=1, absent_features=(), lab=None):
        self.clock = clock
        unknown = sorted(set(absent_features) - set(FEATURES))
        if unknown:
            raise ValueError("unknown features: " + ", ".join(unknown))
        # a start option, like the release the emulator reports: reset keeps it
        self.absent_features = frozenset(absent_features)
        self.accounts = accounts or AccountBook.from_yaml()
        self.tokens = TokenIssuer(clock)
        self.sessions = SessionTable(clock)
        self.initial_timing = timing or Timing()
        # the lab the emulator started with (--lab); a lab set through the controls lasts until the next reset
        self.initial_lab = lab
        self.store = FabricStore(clock=clock, timing=Timing(**vars(self.initial_timing)), seed=seed, lab=lab)
        self.counters = Counters(nodes)
        self.request_log = RequestLog()
        # the serving side (server.Cluster) when the emulator listens as several nodes; None in-process
        self.cluster = None
        self.faults = Faults()
        self.initial_session_timeout = int(session_timeout)
        self.session_timeout = self.initial_session_timeout

    def reset(self):
        self.sessions.clear()
        self.tokens.forget_all()
        self.accounts.restore_keys()
        self.store.timing = Timing(**vars(self.initial_timing))
        self.store.lab = self.initial_lab
        self.store.reset()
        self.counters.reset()
        self.request_log.clear()
        self.faults = Faults()
        self.session_timeout = self.initial_session_timeout
        log.info("state reset: sessions dropped, API keys restored, data reseeded, request log and faults cleared")

    def token_lifetime(self):
        """Lifetime of tokens issued now: the test fault wins over the admin setting."""
        if self.faults.session_timeout is not None:
            return self.faults.session_timeout
        return self.session_timeout

    def issue_token(self, account, sessionid=None):
        if sessionid is None:
            sessionid = self.sessions.start(account)
        token, claims = self.tokens.issue(account, sessionid, self.token_lifetime())
        self.sessions.extend(sessionid, claims["exp"])
        return token, claims

    def claims_for(self, token):
        """Claims of a token that is well signed, unexpired and of a live session, else None."""
        if not token:
            return None
        try:
            claims = self.tokens.verify(token)
        except TokenInvalid:
            return None
        if not self.sessions.is_live(claims["sessionid"]):
            return None
        return claims

    def claims_for_api_key(self, username, key):
        """Claims standing for an account's live API key, shaped like a token's, else None.

        Handlers check privileges from the claims alone, so a key request gets exactly the
        RBAC a token of the same account would. There is no session: sessionid is None, and
        exp only tells how long the answer may be relied on, since keys do not expire.
        """
        account = self.accounts.account_for_key(username, key)
        if account is None:
            return None
        return {
            "username": account.username,
            "usertype": account.usertype,
            "rbac": account.rbac_list(),
            "userid": account.userid,
            "sessionid": None,
            "login_domain": account.login_domain,
            "exp": int(self.clock()) + self.token_lifetime(),
        }

    def counters_snapshot(self):
        return self.counters.snapshot(self.sessions.live_count())
