"""Certificates: a private CA and a server certificate for the loopback names."""

import os
import pathlib

import trustme

SERVER_NAMES = ("127.0.0.1", "localhost", "::1")


def _write_private(path, data):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def make_certificates(state_dir, ca_out=None, extra_names=()):
    """Create a CA and a server certificate; return (cert_path, key_path, ca_path)."""
    state_dir = pathlib.Path(state_dir)
    ca = trustme.CA(organization_name="Dashboard emulator test CA")
    names = list(SERVER_NAMES) + [name for name in extra_names if name not in SERVER_NAMES]
    server = ca.issue_cert(*names)
    cert_path = state_dir / "server.pem"
    key_path = state_dir / "server.key"
    server.cert_chain_pems[0].write_to_path(str(cert_path))
    for blob in server.cert_chain_pems[1:]:
        blob.write_to_path(str(cert_path), append=True)
    _write_private(key_path, server.private_key_pem.bytes())
    ca_path = pathlib.Path(ca_out) if ca_out else state_dir / "ca.pem"
    ca_path.parent.mkdir(parents=True, exist_ok=True)
    ca.cert_pem.write_to_path(str(ca_path))
    return cert_path, key_path, ca_path.resolve()
