"""Fixtures for the shared mirror: one real, throwaway PostgreSQL server per test session.

``postgres_server`` runs Debian's PostgreSQL binaries (``/usr/lib/postgresql/<ver>/bin``)
on a fresh cluster in a temporary directory, listening on 127.0.0.1 at a free
port (and on a Unix socket in that directory only), and stops it when the
session ends, on failure too; if the test process is killed, the server stops
with it (``setpriv --pdeathsig``). PostgreSQL refuses to run as root, so under
root the cluster belongs to Debian's ``postgres`` user and ``initdb``/``postgres``
run as that user; otherwise they run as the current user. Text sorts by ICU's
en-US collation, as on an admin's server, not by code point as in SQLite.

The superuser ``nomicbot_test`` logs in from loopback without a password
(trust); every other role must give its password (scram-sha-256), so tests can
check what happens with a wrong one. ``postgres_url`` is a fresh, empty
database for one test, as a ``postgresql://nomicbot_test@127.0.0.1:PORT/NAME``
URL; ``postgres_database()`` makes more of them.

When the PostgreSQL binaries are missing the tests fail, saying to run
scripts/bootstrap.sh; they are never skipped.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

__all__ = ["PostgresServer", "start_postgres"]

SUPERUSER = "nomicbot_test"
"""The role the tests connect as: trusted on loopback, no password."""

_DEBIAN_PG = Path("/usr/lib/postgresql")
_PREFIX = "nomicbot-pg-"
_BOOTSTRAP = "run scripts/bootstrap.sh to install Debian's postgresql package"
_START_TIMEOUT = 30.0

_HBA = f"""\
# Written by tests/plugins/postgres.py: a throwaway cluster for one test session.
local all {SUPERUSER} trust
host all {SUPERUSER} 127.0.0.1/32 trust
local all all scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
"""

_SETTINGS = {
    "listen_addresses": "127.0.0.1",
    # Durability is pointless for a cluster thrown away after the session, and slow.
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "50",
    "shared_buffers": "32MB",
    "log_min_messages": "warning",
    "timezone": "UTC",
}


_SETPRIV = shutil.which("setpriv") or ""
_DIE_WITH_US = [_SETPRIV, "--pdeathsig", "INT", "--"] if _SETPRIV else []
"""Runs the server so that it shuts down (SIGINT: "fast") if this process dies unawares.

Set after Popen's switch to the owner's uid (a uid change clears it), kept across exec.
"""


def postgres_bindir() -> Path:
    """The newest Debian PostgreSQL server's bin directory; fails the test run if none."""
    found: list[tuple[int, Path]] = []
    for candidate in _DEBIAN_PG.glob("*/bin"):
        if candidate.parent.name.isdigit() and (candidate / "initdb").is_file():
            if (candidate / "postgres").is_file():
                found.append((int(candidate.parent.name), candidate))
    if not found:
        pytest.fail(
            f"the PostgreSQL mirror tests need a PostgreSQL server (no "
            f"/usr/lib/postgresql/<version>/bin/initdb): {_BOOTSTRAP}",
            pytrace=False,
        )
    return max(found)[1]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class PostgresServer:
    """A running throwaway PostgreSQL cluster."""

    port: int
    """Its TCP port on 127.0.0.1."""
    root: Path
    """The temporary directory: cluster in ``data/``, socket, log file."""
    process: subprocess.Popen[bytes]
    """The ``postmaster``, a child of this process."""
    version: int
    """The server's major version."""
    _names: Iterator[int] = field(default_factory=lambda: count(1))

    @property
    def log_path(self) -> Path:
        return self.root / "postgres.log"

    def url(self, dbname: str = "postgres", *, user: str = SUPERUSER, password: str = "") -> str:
        """A ``postgresql://`` URL for a database on this server."""
        secret = f":{password}" if password else ""
        return f"postgresql://{user}{secret}@127.0.0.1:{self.port}/{dbname}"

    def admin(self) -> psycopg.Connection[Any]:
        """A superuser connection in autocommit mode, for DDL."""
        return psycopg.connect(self.url(), autocommit=True, connect_timeout=10)

    def create_database(self, prefix: str = "mirror") -> str:
        """A new empty database; returns its name."""
        name = f"{prefix}_{next(self._names)}"
        with self.admin() as conn:
            # FILE_COPY: a plain copy of the template, much faster than WAL_LOG with fsync off.
            conn.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE template0 STRATEGY FILE_COPY").format(
                    sql.Identifier(name)
                )
                if self.version >= 15
                else sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(sql.Identifier(name))
            )
        return name

    def drop_database(self, name: str) -> None:
        """Drops a database, closing any connection a test left open to it."""
        with self.admin() as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def create_role(self, name: str, password: str) -> None:
        """A login role that must give ``password`` (it owns nothing)."""
        with self.admin() as conn:
            conn.execute(
                sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                    sql.Identifier(name), sql.Literal(password)
                )
            )

    def stop(self) -> None:
        """Stops the server (a fast shutdown, then a kill) and removes its files."""
        try:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGINT)  # "fast" shutdown
                try:
                    self.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=15)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _owner() -> tuple[dict[str, Any], pwd.struct_passwd | None]:
    """Popen options that run a command as the cluster's owner, and that owner under root."""
    if os.geteuid() != 0:
        return {}, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail(
            f"PostgreSQL will not run as root and there is no 'postgres' user: {_BOOTSTRAP}",
            pytrace=False,
        )
    env = {**os.environ, "HOME": account.pw_dir, "USER": "postgres", "LOGNAME": "postgres"}
    options = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": [], "env": env}
    return options, account


def _remove_stale_clusters(base: Path) -> None:
    """Removes clusters left by killed sessions (their server stopped with them), an hour on."""
    for root in base.glob(f"{_PREFIX}*"):
        try:
            stale = time.time() - root.stat().st_mtime > 3600
            if stale and not (root / "data" / "postmaster.pid").exists():
                shutil.rmtree(root, ignore_errors=True)
        except OSError:
            continue


def _reachable_by_all(path: Path) -> bool:
    """Every directory down to ``path`` lets any user through."""
    return all(p.stat().st_mode & 0o001 for p in (path.resolve(), *path.resolve().parents))


def _initdb(bindir: Path, version: int, data: Path, options: dict[str, Any]) -> None:
    command = [
        str(bindir / "initdb"),
        "--pgdata",
        str(data),
        "--username",
        SUPERUSER,
        "--auth",
        "trust",
        "--encoding",
        "UTF8",
        "--locale",
        "C.UTF-8",
        "--no-sync",
        "--no-instructions",
    ]
    if version >= 15:
        # Text sorts by language, as on an admin's own server ("b" < "B" < "c"), not
        # by code point as in SQLite: a test then catches an ORDER BY on text.
        command += ["--locale-provider", "icu", "--icu-locale", "en-US"]
    done = subprocess.run(
        command, cwd=data.parent, capture_output=True, text=True, check=False, **options
    )
    if done.returncode != 0:
        raise RuntimeError(f"initdb failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    hba = data / "pg_hba.conf"
    hba.write_text(_HBA, encoding="utf-8")
    if "user" in options:
        os.chown(hba, options["user"], options["group"])


def _ready(port: int) -> bool:
    try:
        with psycopg.connect(
            f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres", connect_timeout=2
        ):
            return True
    except psycopg.OperationalError:
        return False


def start_postgres(bindir: Path | None = None, *, attempts: int = 3) -> PostgresServer:
    """Creates and starts a throwaway cluster on 127.0.0.1; the caller must ``stop()`` it."""
    bindir = bindir or postgres_bindir()
    options, owner = _owner()
    # Under root the cluster's owner must reach the directory: not through a private $TMPDIR.
    base = tempfile.gettempdir()
    if owner is not None and not _reachable_by_all(Path(base)):
        base = "/tmp"
    _remove_stale_clusters(Path(base))
    root = Path(tempfile.mkdtemp(prefix=_PREFIX, dir=base))
    started: PostgresServer | None = None
    try:
        data = root / "data"
        data.mkdir(mode=0o700)
        if owner is not None:
            for path in (root, data):
                os.chown(path, owner.pw_uid, owner.pw_gid)
        version = int(bindir.parent.name)
        _initdb(bindir, version, data, options)
        for _attempt in range(attempts):
            port = _free_port()
            settings = {**_SETTINGS, "port": str(port), "unix_socket_directories": str(root)}
            command = [*_DIE_WITH_US, str(bindir / "postgres"), "-D", str(data)]
            for name, value in settings.items():
                command += ["-c", f"{name}={value}"]
            log = (root / "postgres.log").open("ab")
            if owner is not None:
                os.chown(root / "postgres.log", owner.pw_uid, owner.pw_gid)
            process = subprocess.Popen(
                command,
                cwd=root,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                **options,
            )
            log.close()
            started = PostgresServer(port, root, process, version)
            deadline = time.monotonic() + _START_TIMEOUT
            while process.poll() is None and time.monotonic() < deadline:
                if _ready(port):
                    return started
                time.sleep(0.05)
            log_text = (root / "postgres.log").read_text(encoding="utf-8", errors="replace")
            if process.poll() is None:
                raise RuntimeError(f"PostgreSQL did not accept connections in time:\n{log_text}")
            if not re.search(r"could not (bind|create listen)", log_text):
                raise RuntimeError(f"PostgreSQL exited with {process.returncode}:\n{log_text}")
            started = None  # the port was taken meanwhile: try another
        raise RuntimeError(f"PostgreSQL found no free port in {attempts} attempts")
    except BaseException:
        if started is not None:
            started.stop()
        else:
            shutil.rmtree(root, ignore_errors=True)
        raise


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server on 127.0.0.1 for this test session."""
    bindir = postgres_bindir()
    try:
        server = start_postgres(bindir)
    except (OSError, RuntimeError) as exc:
        pytest.fail(f"could not start PostgreSQL from {bindir}: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_database(postgres_server: PostgresServer) -> Iterator[Callable[[], str]]:
    """Makes fresh empty databases (returning their URLs); all are dropped after the test."""
    made: list[str] = []

    def make() -> str:
        name = postgres_server.create_database()
        made.append(name)
        return postgres_server.url(name)

    yield make
    for name in made:
        postgres_server.drop_database(name)


@pytest.fixture
def postgres_url(postgres_database: Callable[[], str]) -> str:
    """A fresh, empty database for this test, as a ``postgresql://`` URL."""
    return postgres_database()
