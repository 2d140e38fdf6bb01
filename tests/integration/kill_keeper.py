"""Kill, with SIGKILL, the session keeper of the ansible-playbook run this script runs under.

Used by playbooks/holes/keeper_killed.yml. The keeper works in the run's token cache directory,
``<local_tmp>/ansible-local-<pid of ansible-playbook><random>/fabricops.dashboard``, so it is found
by its working directory, among the processes of this user only; exits 1 when none is found.
"""

import os
import re
import signal
import sys


def ancestors():
    """The pids of the ansible-playbook processes this script runs under."""
    pid, found = os.getpid(), set()
    while pid > 1:
        with open('/proc/%d/stat' % pid, encoding='utf-8') as handle:
            pid = int(handle.read().rsplit(')', 1)[1].split()[1])
        try:
            with open('/proc/%d/cmdline' % pid, 'rb') as handle:
                if b'ansible-playbook' in handle.read():
                    found.add(pid)
        except OSError:
            pass
    return found


def main():
    runs = ancestors()
    killed = 0
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            cwd = os.readlink('/proc/%s/cwd' % name)
        except OSError:
            continue
        match = re.search(r'/ansible-local-(\d+)[^/]*/fabricops\.dashboard$', cwd)
        # The pid in the name runs into mkdtemp's random part, which may begin with digits.
        if match and any(match.group(1).startswith(str(pid)) for pid in runs):
            os.kill(int(name), signal.SIGKILL)
            killed += 1
    print('killed %d keeper(s)' % killed)
    return 0 if killed else 1


if __name__ == '__main__':
    sys.exit(main())
