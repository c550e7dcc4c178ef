"""A real local MediaWiki for trying nomicbot out and for the tests.

It uses Debian's ``mediawiki`` package (1.39) as installed by scripts/bootstrap.sh,
with its own data directory (SQLite database, LocalSettings.php, passwords), and
never touches /etc or /var/lib/mediawiki:

* ``install.php --dbtype sqlite --confpath DIR`` writes ``DIR/LocalSettings.php``;
  the web server and the maintenance scripts find it through ``MW_CONFIG_FILE``
  and ``--conf``;
* ``php -S 127.0.0.1:PORT -t /usr/share/mediawiki`` serves it (loopback only);
* accounts: ``Admin`` (a sysop, password in ``DIR/admin-password``) and ``NomicBot``
  (a bot, logging in as ``NomicBot@nomicbot`` with the bot password in
  ``DIR/bot-password``); both files are mode 0600;
* ``DIR/nomicbot.toml`` has a ready ``[wiki]`` section;
* the Ruleset, Nomicland, Gamestate and Votes pages are seeded on first install,
  with the bot's run page ``User:NomicBot/Run`` saying ``run`` (its emergency stop);
* every web request's User-Agent is appended to ``DIR/user-agents.log``, so one
  can see what the bot tells the wiki about itself.

Starting again re-uses an installed directory.
"""

from __future__ import annotations

import atexit
import base64
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from rules_text.terms import Terms
from wikibot.config import WikiConfig
from wikibot.errors import WikiError
from wikibot.secrecy import open_private, write_private

__all__ = [
    "ADMIN_USER",
    "BOT_USER",
    "FRONT_PAGE_TEXT",
    "LOGO_SVG",
    "MEDIAWIKI_DIR",
    "RUN_PAGE",
    "RUN_PAGE_TEXT",
    "RunningWiki",
    "WikiCredentials",
    "check_requirements",
    "create_account",
    "credentials",
    "install_wiki",
    "logo_setting",
    "run_maintenance",
    "seed_pages",
    "start_wiki",
    "write_config",
]

MEDIAWIKI_DIR = Path(os.environ.get("NOMICBOT_MEDIAWIKI_DIR", "/usr/share/mediawiki"))
"""Where Debian's mediawiki package keeps the code."""
ADMIN_USER = "Admin"
BOT_USER = "NomicBot"
BOT_APP = "nomicbot"
BOT_GRANTS = "basic,highvolume,editpage,createeditmovepage"
"""Read, bot-speed editing, edit and create pages: nothing more."""
SITENAME = "Nomic Sandbox"
RUN_PAGE = f"User:{BOT_USER}/Run"
"""The bot's emergency stop: the default ``[wiki] run_page`` for the NomicBot account."""
RUN_PAGE_TEXT = """\
run
<!-- The emergency stop of nomicbot: while this page says "run", the bot may edit.
Any Admin can stop it by writing anything else here (say "stop"), and resume it by
writing "run" again. -->
"""
"""The run page as the sandbox seeds it."""
DEFAULT_PAGES = WikiConfig()
_INSTALLED = ".nomicbot-installed"
_BOOTSTRAP = "run scripts/bootstrap.sh to install Debian's mediawiki and PHP packages"

_SETTINGS = """
# ---- nomicbot sandbox settings (appended by `nomicbot sandbox wiki`) ----
# The URL follows the port the sandbox is started on.
if ( getenv( 'NOMICBOT_WIKI_SERVER' ) ) {{
\t$wgServer = getenv( 'NOMICBOT_WIKI_SERVER' );
}}
# Fast and quiet: no jobs run during web requests, no uploads, no e-mail.
$wgJobRunRate = 0;
$wgEnableUploads = false;
$wgEnableEmail = false;
$wgEnableUserEmail = false;
$wgPingback = false;
$wgUseInstantCommons = false;
$wgCacheDirectory = "{cache}";
$wgSessionCacheType = CACHE_DB;
$wgShowExceptionDetails = true;
# Only accounts edit; nobody signs up.
$wgGroupPermissions['*']['edit'] = false;
$wgGroupPermissions['*']['createaccount'] = false;
# Bots here are not rate limited: a test session edits far faster than MediaWiki's
# 90 edits a minute (a real wiki's limit, which the bot's edit_interval respects).
$wgGroupPermissions['bot']['noratelimit'] = true;
# What each client calls itself, one line per web request (see user-agents.log).
if ( PHP_SAPI !== 'cli' ) {{
	file_put_contents( __DIR__ . '/user-agents.log',
		str_replace( "\n", ' ', $_SERVER['HTTP_USER_AGENT'] ?? '' ) . "\n", FILE_APPEND | LOCK_EX );
}}
# The account ThrottledBot is always rate limited, so the bot's handling of the
# wiki's "ratelimited" answer can be exercised against the real thing.
$wgHooks['PingLimiter'][] = static function ( $user, $action, &$result ) {{
\tif ( $action === 'edit' && $user->getName() === 'ThrottledBot' ) {{
\t\t$result = true;
\t\treturn false;
\t}}
\treturn true;
}};
"""


FRONT_PAGE_TEXT = """\
Welcome to the Nomic Sandbox, a local wiki laid out like BlogNomic's.

== Dynasties ==
* The Mouse Dynasty of Kevan: a theme park, Nomicland.
* The First Coaster Dynasty of Josh.
* The Lagoon Dynasty.
"""
"""The front page (``Main Page``): its dynasty descriptions name the Zones (rule "Zones")."""

LOGO_SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" width="135" height="135" viewBox="0 0 135 135">
<title>Nomic Sandbox</title>
<rect x="4" y="4" width="127" height="127" rx="18" fill="#1d3557"/>
<g stroke="#f1faee" stroke-width="3" fill="none">
<circle cx="67.5" cy="56" r="34"/>
<path d="M67.5 22V90M33.5 56H101.5M43.5 32L91.5 80M91.5 32L43.5 80"/>
<path d="M67.5 56L47 112M67.5 56L88 112" stroke-width="5"/>
</g>
<g fill="#e63946">
<circle cx="67.5" cy="22" r="6"/><circle cx="101.5" cy="56" r="6"/>
<circle cx="67.5" cy="90" r="6"/><circle cx="33.5" cy="56" r="6"/>
<circle cx="91.5" cy="32" r="5"/><circle cx="91.5" cy="80" r="5"/>
<circle cx="43.5" cy="80" r="5"/><circle cx="43.5" cy="32" r="5"/>
</g>
<circle cx="67.5" cy="56" r="7" fill="#ffb703"/>
<text x="67.5" y="127" font-family="sans-serif" font-size="15" font-weight="bold"
 fill="#ffb703" text-anchor="middle">Nomicland</text>
</svg>
"""
"""The sandbox wiki's logo: a Ferris wheel for the theme-park dynasty (drawn for nomicbot)."""


def logo_setting() -> str:
    """LocalSettings lines setting ``$wgLogos`` to :data:`LOGO_SVG`, inlined as a data URI
    (the sandbox serves MediaWiki's own directory, so the logo needs no file of its own)."""
    encoded = base64.b64encode(LOGO_SVG.encode("utf-8")).decode("ascii")
    uri = f"data:image/svg+xml;base64,{encoded}"
    return (
        "# The sandbox's own logo (instead of MediaWiki's \"Set $wgLogos\" placeholder).\n"
        f"$wgLogos = [ '1x' => '{uri}', 'icon' => '{uri}' ];\n"
    )


@dataclass(frozen=True)
class WikiCredentials:
    """Where the sandbox's two accounts keep their passwords (files, mode 0600)."""

    admin_user: str
    """The sysop account, for a human's edits."""
    admin_password_file: Path
    """Holds the sysop's password."""
    bot_user: str
    """The bot-password login, ``NomicBot@nomicbot``."""
    bot_password_file: Path
    """Holds the bot password."""

    def admin_password(self) -> str:
        """The sysop's password."""
        return self.admin_password_file.read_text(encoding="utf-8").strip()

    def bot_password(self) -> str:
        """The bot password."""
        return self.bot_password_file.read_text(encoding="utf-8").strip()


def check_requirements() -> None:
    """Fails with one line saying what to install when PHP or MediaWiki is missing."""
    if shutil.which("php") is None:
        raise WikiError(f"php is not installed: {_BOOTSTRAP}")
    if not (MEDIAWIKI_DIR / "maintenance" / "install.php").is_file():
        raise WikiError(f"MediaWiki is not installed in {MEDIAWIKI_DIR}: {_BOOTSTRAP}")
    modules = subprocess.run(["php", "-m"], capture_output=True, text=True, check=False).stdout
    have = {m.strip().lower() for m in modules.splitlines()}
    missing = [m for m in ("pdo_sqlite", "intl", "mbstring", "xml") if m not in have]
    if missing:
        raise WikiError(f"PHP lacks {', '.join(missing)}: {_BOOTSTRAP}")


def _php_run(
    args: list[str], *, data_dir: Path, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Runs PHP on a MediaWiki script against the wiki in ``data_dir``.

    Secrets go in ``stdin`` or a file, never in ``args``: any local user sees
    a command line in ``ps``.
    """
    return subprocess.run(
        ["php", *args],
        cwd=MEDIAWIKI_DIR,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MW_CONFIG_FILE": str(data_dir / "LocalSettings.php")},
    )


def _php(args: list[str], *, data_dir: Path, stdin: str | None = None) -> str:
    """Runs PHP on a MediaWiki script; a failure is a WikiError with its last words."""
    done = _php_run(args, data_dir=data_dir, stdin=stdin)
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip()).splitlines()[-3:]
        raise WikiError(f"MediaWiki {Path(args[0]).name} failed: {' / '.join(last)}")
    return done.stdout


def _maintenance_args(data_dir: Path, script: str, *args: str) -> list[str]:
    conf = str(data_dir.resolve() / "LocalSettings.php")
    return [str(MEDIAWIKI_DIR / "maintenance" / f"{script}.php"), "--conf", conf, *args]


def run_maintenance(data_dir: Path, script: str, *args: str, stdin: str | None = None) -> str:
    """Runs ``maintenance/SCRIPT.php`` against the wiki in ``data_dir``; returns its output."""
    return _php(
        _maintenance_args(data_dir, script, *args), data_dir=data_dir.resolve(), stdin=stdin
    )


def _php_string(text: str) -> str:
    """``text`` as a single-quoted PHP string literal."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


_READY = "nomicbot: account ready"


def create_account(data_dir: Path, name: str, password: str, *, groups: Sequence[str] = ()) -> None:
    """Creates the account ``name`` (or, if it exists, sets its password) and adds it
    to ``groups``, as ``createAndPromote.php`` does.

    ``createAndPromote.php`` and ``changePassword.php`` take the password only as a
    command-line argument, where ``ps`` shows it to every local user; here the
    same steps are fed to ``eval.php`` on stdin instead.
    """
    secret = _php_string(password)
    lines = [
        "$services = MediaWiki\\MediaWikiServices::getInstance();",
        f"$user = $services->getUserFactory()->newFromName( {_php_string(name)} );",
        "if ( !$user ) { throw new Exception( 'invalid user name' ); }",
        "$fail = static function ( $status ) { if ( !$status->isGood() ) { "
        "throw new Exception( $status->getMessage( false, false, 'en' )->text() ); } };",
        "if ( $user->idForName() === 0 ) { $fail( $services->getAuthManager()->autoCreateUser( "
        "$user, MediaWiki\\Auth\\AuthManager::AUTOCREATE_SOURCE_MAINT, false ) ); "
        "SiteStatsUpdate::factory( [ 'users' => 1 ] )->doUpdate(); }",
        "$fail( $user->changeAuthenticationData( [ 'username' => $user->getName(), "
        f"'password' => {secret}, 'retype' => {secret} ] ) );",
        "$services->getUserGroupManager()->addUserToMultipleGroups( $user, [ "
        + ", ".join(_php_string(g) for g in groups)
        + " ] );",
        f"echo {_php_string(_READY)};",
    ]
    if any(len(line) >= 1000 for line in lines):  # eval.php reads lines of up to 1023 bytes
        raise WikiError(f"the password or name of wiki account {name} is too long")
    done = _php_run(
        _maintenance_args(data_dir, "eval"),
        data_dir=data_dir.resolve(),
        stdin="\n".join(lines) + "\n",
    )
    if done.returncode != 0 or _READY not in done.stdout:
        # eval.php goes on after an exception (exit status 0): its first words say why.
        said = done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}"
        first = said.splitlines()[0].replace(password, "***")
        raise WikiError(f"MediaWiki could not create the account {name}: {first}")


def _secret_file(path: Path, secret: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(secret + "\n")
    path.chmod(0o600)


def seed_pages(pages: WikiConfig = DEFAULT_PAGES, *, terms: Terms | None = None) -> dict[str, str]:
    """The pages a fresh sandbox starts with: title -> wikitext (the Gamestate table's
    first column named by ``terms``, Ruleset 139's "Imagineer" by default)."""
    from rules_text import ruleset_139_wikitext
    from wikibot.wiki.pages.gamestate import seed_wikitext
    from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as NOMICLAND
    from wikibot.wiki.pages.votes import SEED_WIKITEXT as VOTES

    return {
        pages.ruleset_page: ruleset_139_wikitext(),
        pages.nomicland_page: NOMICLAND,
        pages.gamestate_page: seed_wikitext(terms),
        pages.votes_page: VOTES,
        RUN_PAGE: RUN_PAGE_TEXT,
        "Main Page": FRONT_PAGE_TEXT,
    }


def credentials(data_dir: Path) -> WikiCredentials:
    """The sandbox accounts of an installed ``data_dir``."""
    return WikiCredentials(
        ADMIN_USER,
        data_dir / "admin-password",
        f"{BOT_USER}@{BOT_APP}",
        data_dir / "bot-password",
    )


def install_wiki(data_dir: Path) -> WikiCredentials:
    """Installs MediaWiki into ``data_dir`` with its accounts and pages, unless it is there."""
    check_requirements()
    data_dir = data_dir.resolve()
    creds = credentials(data_dir)
    if (data_dir / _INSTALLED).exists():
        return creds
    data_dir.mkdir(parents=True, exist_ok=True)
    # An install that stopped half-way leaves only files this function writes.
    for leftover in ("LocalSettings.php", "admin-password", "bot-password"):
        (data_dir / leftover).unlink(missing_ok=True)
    shutil.rmtree(data_dir / "db", ignore_errors=True)
    (data_dir / "db").mkdir()
    _secret_file(creds.admin_password_file, secrets.token_urlsafe(18))
    _php(
        [
            "maintenance/install.php",
            "--dbtype=sqlite",
            f"--dbpath={data_dir / 'db'}",
            "--dbname=nomicwiki",
            "--server=http://127.0.0.1",
            "--scriptpath=",
            f"--confpath={data_dir}",
            f"--passfile={creds.admin_password_file}",
            "--lang=en",
            "--skins=Vector",
            "--quiet",
            SITENAME,
            ADMIN_USER,
        ],
        data_dir=data_dir,
    )
    settings = data_dir / "LocalSettings.php"
    with settings.open("a", encoding="utf-8") as handle:
        handle.write(_SETTINGS.format(cache=data_dir / "cache"))
        handle.write(logo_setting())
    settings.chmod(0o600)  # it holds $wgSecretKey
    # The bot's own password is never used (it logs in with its bot password),
    # so it is random and thrown away.
    create_account(data_dir, BOT_USER, secrets.token_urlsafe(24), groups=["bot"])
    out = run_maintenance(
        data_dir, "createBotPassword", f"--appid={BOT_APP}", f"--grants={BOT_GRANTS}", BOT_USER
    )
    found = re.search(r"password:'([^']+)'", out)
    if not found:
        raise WikiError("MediaWiki createBotPassword printed no password")
    _secret_file(creds.bot_password_file, found.group(1))
    # One PHP process for the pages: importTextFiles names each page after its file,
    # so the run page (a subpage: "/" cannot be in a file name) takes a second.
    pages = seed_pages()
    parent, leaf = RUN_PAGE.rsplit("/", 1)
    run_text = pages.pop(RUN_PAGE)
    with tempfile.TemporaryDirectory(dir=data_dir) as seed_dir:
        for prefix, batch in (("", pages), (parent + "/", {leaf: run_text})):
            files = []
            for title, text in batch.items():
                path = Path(seed_dir) / f"{title}.wiki"
                path.write_text(text, encoding="utf-8")
                files.append(str(path))
            run_maintenance(
                data_dir,
                "importTextFiles",
                f"--user={ADMIN_USER}",
                "--summary=Seeded by nomicbot sandbox wiki",
                "--rc",
                "--overwrite",  # the Main Page exists from the install
                *([f"--prefix={prefix}"] if prefix else []),
                *files,
            )
    if not (data_dir / "nomicbot.toml").exists():
        write_config(data_dir / "nomicbot.toml", "http://127.0.0.1:8081/", creds)
    (data_dir / _INSTALLED).write_text("MediaWiki installed by nomicbot sandbox wiki\n")
    return creds


def write_config(path: Path, url: str, creds: WikiCredentials) -> None:
    """Writes the sandbox's nomicbot.toml, or only updates its ``url`` line if it is there."""
    line = f'url = "{url}"'
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if re.search(r'(?m)^url = "http://127\.0\.0\.1:\d+/"$', text):
            # Written 0600, as every file that may name a secret (a password file's path).
            write_private(path, re.sub(r'(?m)^url = "http://127\.0\.0\.1:\d+/"$', line, text))
            return
    pages = DEFAULT_PAGES
    write_private(
        path,
        "# Written by `nomicbot sandbox wiki`: the local sandbox MediaWiki.\n"
        "[wiki]\n"
        f"{line}\n"
        'path = "/"\n'
        f'user = "{creds.bot_user}"\n'
        f'password_file = "{creds.bot_password_file.name}"\n'
        f'ruleset_page = "{pages.ruleset_page}"\n'
        f'nomicland_page = "{pages.nomicland_page}"\n'
        f'gamestate_page = "{pages.gamestate_page}"\n'
        f'votes_page = "{pages.votes_page}"\n',
    )


def _free_port(port: int = 0) -> int:
    """``port`` if it is free on 127.0.0.1 (any free port for 0); a WikiError if taken."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the server's own listening socket does: a port whose last connections
        # linger in TIME_WAIT (a wiki stopped a moment ago) is free to listen on, and
        # a port some socket listens on is still refused.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise WikiError(
                f"the sandbox wiki could not start on port {port}: {exc.strerror}"
            ) from None
        return int(probe.getsockname()[1])


class RunningWiki:
    """A sandbox MediaWiki being served on 127.0.0.1; ``stop()`` ends it."""

    def __init__(
        self, data_dir: Path, port: int, process: subprocess.Popen[bytes], creds: WikiCredentials
    ) -> None:
        self.data_dir = data_dir
        """The data directory."""
        self.port = port
        """The TCP port on 127.0.0.1."""
        self.url = f"http://127.0.0.1:{port}/"
        """The site root."""
        self.api_url = f"{self.url}api.php"
        """The action API."""
        self.config_path = data_dir / "nomicbot.toml"
        """A nomicbot.toml whose [wiki] section points here."""
        self.credentials = creds
        """The Admin and NomicBot accounts."""
        self.process = process
        """The ``php -S`` server process."""

    def __repr__(self) -> str:
        return f"<RunningWiki {self.url} data={self.data_dir}>"

    def is_running(self) -> bool:
        """Is the server process still alive."""
        return self.process.poll() is None

    def wiki_config(self) -> WikiConfig:
        """The ``[wiki]`` config for this sandbox."""
        return WikiConfig(
            url=self.url,
            user=self.credentials.bot_user,
            password_file=str(self.credentials.bot_password_file),
        )

    def stop(self, timeout: float = 10.0) -> None:
        """Stops the server: SIGTERM to its process group, SIGKILL if it lingers."""
        atexit.unregister(self.stop)
        if self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout)
        except ProcessLookupError:
            self.process.wait(timeout)

    def __enter__(self) -> RunningWiki:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _wait_ready(wiki: RunningWiki, deadline: float, log: Path) -> bool:
    """Polls the API until it answers; False if the server died."""
    probe = f"{wiki.api_url}?action=query&meta=siteinfo&format=json"
    while time.monotonic() < deadline:
        if not wiki.is_running():
            return False
        try:
            with urllib.request.urlopen(probe, timeout=5) as answer:  # noqa: S310 (loopback)
                if "query" in json.loads(answer.read().decode("utf-8")):
                    return wiki.is_running()
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    wiki.stop()
    tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:]
    raise WikiError(f"the sandbox wiki did not answer within its time: {' / '.join(tail)}")


def start_wiki(data_dir: Path, *, port: int = 0, ready_timeout: float = 60.0) -> RunningWiki:
    """Installs (if needed) and serves the sandbox wiki; ``port=0`` picks a free port."""
    creds = install_wiki(data_dir)
    data_dir = data_dir.resolve()
    log = data_dir / "server.log"
    for _attempt in range(3):
        chosen = _free_port(port)
        url = f"http://127.0.0.1:{chosen}"
        env = {
            **os.environ,
            "MW_CONFIG_FILE": str(data_dir / "LocalSettings.php"),
            "NOMICBOT_WIKI_SERVER": url,
        }
        # One process, no PHP_CLI_SERVER_WORKERS: forked workers outlive a stopped
        # master as zombies where nothing reaps orphans, and no request here needs
        # a second one (jobs do not run over HTTP: $wgJobRunRate = 0).
        env.pop("PHP_CLI_SERVER_WORKERS", None)
        # The logs (the server's, the User-Agents') are the owner's alone, as any log.
        os.close(open_private(data_dir / "user-agents.log", "a"))
        with os.fdopen(open_private(log), "wb") as sink:
            process = subprocess.Popen(
                ["php", "-S", f"127.0.0.1:{chosen}", "-t", str(MEDIAWIKI_DIR)],
                cwd=MEDIAWIKI_DIR,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, stopped as one
            )
        wiki = RunningWiki(data_dir, chosen, process, creds)
        atexit.register(wiki.stop)  # no server outlives the Python that started it
        if _wait_ready(wiki, time.monotonic() + ready_timeout, log):
            write_config(wiki.config_path, wiki.url, creds)
            return wiki
        atexit.unregister(wiki.stop)
        if port:
            break  # the port asked for is taken: say so rather than pick another
    tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-2:]
    raise WikiError(f"the sandbox wiki could not start on port {port or 'any'}: {' / '.join(tail)}")
