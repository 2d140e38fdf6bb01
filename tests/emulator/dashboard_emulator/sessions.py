"""The server-side session table.

A session starts at login and ends at logout. Refresh issues another token for the same
session; each token is valid until its own exp while its session has not ended, so a
worker still holding the previous token is not cut off by another worker's refresh.
Logout ends the session, which invalidates every token issued for it.
"""

import dataclasses
import secrets
import time


@dataclasses.dataclass
class Session:
    sessionid: str
    username: str
    login_domain: str
    expires_at: float
    ended: bool = False


class SessionTable:
    def __init__(self, clock=time.time):
        self._clock = clock
        self._sessions = {}

    def start(self, account):
        sessionid = secrets.token_hex(16)
        self._sessions[sessionid] = Session(sessionid, account.username, account.login_domain, 0.0)
        if len(self._sessions) > 5000:
            self._prune()
        return sessionid

    def extend(self, sessionid, expires_at):
        session = self._sessions.get(sessionid)
        if session is not None and expires_at > session.expires_at:
            session.expires_at = expires_at

    def get(self, sessionid):
        return self._sessions.get(sessionid)

    def is_live(self, sessionid):
        session = self._sessions.get(sessionid)
        return session is not None and not session.ended and session.expires_at > self._clock()

    def end(self, sessionid):
        session = self._sessions.get(sessionid)
        if session is None or session.ended:
            return False
        session.ended = True
        return True

    def live_count(self):
        now = self._clock()
        return sum(1 for session in self._sessions.values() if not session.ended and session.expires_at > now)

    def clear(self):
        self._sessions.clear()

    def _prune(self):
        now = self._clock()
        for sessionid in [sid for sid, session in self._sessions.items() if session.ended or session.expires_at <= now]:
            del self._sessions[sessionid]
