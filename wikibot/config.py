"""``nomicbot.toml``: where the blog, wiki and mirror are.

Secrets never live in the file itself: the wiki password comes from the
environment (``NOMICBOT_WIKI_PASSWORD``) or a ``password_file`` that must be
readable by its owner only (mode 0600). A login written inside ``[blog] url`` or
``[wiki] url`` (``https://user:pass@host/``) is taken out of the URL as it is read
(``http_auth``): the URL the bot shows, logs and stores never holds it.

Every setting is checked as the file is read (:mod:`wikibot.config_checks`): a
value the bot cannot use is a one-line :class:`ConfigError` naming the file, the
key and what is allowed, before any command starts.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from gamestate.profiles.blognomic_139.models import Terms
from wikibot.config_checks import outside_own_space, problem_with
from wikibot.errors import ConfigError
from wikibot.secrecy import redact, split_credentials

__all__ = [
    "BlogConfig",
    "Config",
    "GameConfig",
    "MirrorConfig",
    "WatchConfig",
    "WikiConfig",
    "load_config",
    "package_version",
    "project_home",
]

CONFIG_ENV = "NOMICBOT_CONFIG"
PASSWORD_ENV = "NOMICBOT_WIKI_PASSWORD"
WEBHOOK_ENV = "NOMICBOT_WATCH_WEBHOOK"
DEFAULT_USER_AGENT = (
    "nomicbot/{version} (+{contact}; BlogNomic bookkeeping bot; operator: {player})"
)
"""The User-Agent of every request, as wiki and web admins ask bots to write it:
the bot and its version, then how to reach whoever runs it."""
FALLBACK_HOME = "https://pypi.org/project/nomicbot/"
"""The project's page, when the installed metadata names no home page."""
_CONTACT = re.compile(r"(?:https?://\S+|mailto:\S+@\S+|[^\s@:/]+@[^\s@]+\.[^\s@]+)")


def package_version() -> str:
    """The installed nomicbot's version (from its metadata), or "unknown"."""
    try:
        return metadata.version("nomicbot")
    except metadata.PackageNotFoundError:
        return "unknown"


def project_home() -> str:
    """The project's home page as the installed metadata names it (``url`` in setup.cfg)."""
    try:
        meta = metadata.metadata("nomicbot")
    except metadata.PackageNotFoundError:
        return FALLBACK_HOME
    fields = meta.json
    home = str(fields.get("home_page", ""))
    if home.startswith(("http://", "https://")):
        return home
    urls = fields.get("project_url", [])
    for entry in [urls] if isinstance(urls, str) else urls:
        url = str(entry).partition(",")[2].strip()
        if url.startswith(("http://", "https://")):
            return url
    return FALLBACK_HOME


def _take_login(section: BlogConfig | WikiConfig) -> None:
    """Moves a login written inside ``url`` to ``http_auth``: ``url`` is then safe to
    show, log, link to and store."""
    bare, login = split_credentials(section.url)
    if bare != section.url:
        object.__setattr__(section, "url", bare)
    if login is not None:  # the login written in the URL, over one given alongside
        object.__setattr__(section, "http_auth", login)


@dataclass(frozen=True)
class BlogConfig:
    """``[blog]``: the weblog to scrape."""

    url: str = "http://127.0.0.1:8080/"
    """The blog's root URL."""
    markup: str = "auto"
    """``classic``, ``wp2020`` or ``auto`` (detect from the front page)."""
    user_agent: str = ""
    """User-Agent header; empty means one naming the bot and [game] player."""
    min_interval: float = 1.0
    """Seconds between two requests (raised by robots.txt Crawl-delay)."""
    start: str | None = None
    """Earliest date (YYYY-MM-DD) a first sync pages back to; None: 60 days."""
    http_auth: tuple[str, str] | None = field(default=None, repr=False, compare=False)
    """The HTTP Basic login written inside ``url`` (user, password), taken out of it."""

    def __post_init__(self) -> None:
        _take_login(self)


@dataclass(frozen=True)
class WikiConfig:
    """``[wiki]``: the MediaWiki holding the Ruleset and gamestate."""

    url: str = ""
    """Site root, e.g. ``http://127.0.0.1:8081/``."""
    user: str = ""
    """Bot-password user, ``Name@appid``."""
    password_file: str | None = None
    """A 0600 file holding the bot password."""
    nomicland_page: str = "Nomicland"
    gamestate_page: str = "Gamestate"
    ruleset_page: str = "Ruleset"
    votes_page: str = "Votes"
    audit_page: str = "Gamestate audit"
    """The report page of ``wiki audit --apply``: one line per flagged revision."""
    gamestate_pages: tuple[str, ...] = ()
    """The pages that hold a dynasty's gamestate in wikitables (any dynasty's audit and
    ``wiki history``; docs/any-dynasty.md)."""
    gamestate_key: str = ""
    """The column that names each row of those tables; empty: each table's first."""
    path: str = "/"
    """Script path of the wiki (where api.php lives)."""
    edit_interval: float = 10.0
    """Seconds between two edits by the bot (the edit throttle)."""
    run_page: str = ""
    """The emergency-stop page: unless it says ``run`` the bot edits nothing.
    Empty means ``User:<bot name>/Run``."""
    http_auth: tuple[str, str] | None = field(default=None, repr=False, compare=False)
    """The HTTP Basic login written inside ``url`` (user, password), taken out of it."""

    def __post_init__(self) -> None:
        _take_login(self)
        object.__setattr__(self, "gamestate_pages", tuple(self.gamestate_pages))

    @property
    def bot_name(self) -> str:
        """The bot account's name: ``user`` without its ``@appid``."""
        return self.user.split("@", 1)[0].strip()

    @property
    def run_page_title(self) -> str:
        """``run_page``, else ``User:<bot name>/Run`` ('' when no bot account is set)."""
        if self.run_page.strip():
            return self.run_page.strip()
        return f"User:{self.bot_name}/Run" if self.bot_name else ""

    def password(self) -> str:
        """The bot password from the environment or the 0600 password file.

        A variable or file that is empty (or holds only whitespace) is a ConfigError:
        logging in with an empty password would fail with a misleading message.
        """
        env = os.environ.get(PASSWORD_ENV)
        if env is not None:
            if not env.strip():
                raise ConfigError(
                    f"{PASSWORD_ENV} is empty: put the bot password in it, or unset it to use "
                    "[wiki] password_file"
                )
            return env.strip()
        if not self.password_file:
            raise ConfigError(
                f"no wiki password: set {PASSWORD_ENV} or [wiki] password_file in nomicbot.toml"
            )
        path = Path(self.password_file)
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            raise ConfigError(f"wiki password_file {path}: {exc.strerror}") from None
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise ConfigError(
                f"wiki password_file {path} is readable by others (mode {oct(mode & 0o777)}); "
                "chmod 600 it"
            )
        try:
            secret = path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ConfigError(f"wiki password_file {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise ConfigError(f"wiki password_file {path} is not UTF-8 text") from None
        if not secret:
            raise ConfigError(
                f"wiki password_file {path} is empty: put the bot password in it "
                "(Special:BotPasswords on the wiki makes one)"
            )
        return secret


@dataclass(frozen=True)
class MirrorConfig:
    """``[mirror]``: the audit database."""

    database: str = "nomicbot.sqlite"
    """A SQLite file path, or a ``postgresql://`` URL."""


@dataclass(frozen=True)
class WatchConfig:
    """``[watch]``: the unattended loop (``nomicbot watch``)."""

    interval: str = "10m"
    """Time between cycles (``30s``, ``10m``, ``1h``); ``--interval`` overrides it."""
    webhook: str | None = None
    """The webhook URL itself, accepted only when the config file is mode 0600 (it is a
    secret); a ``webhook_file`` or ``$NOMICBOT_WATCH_WEBHOOK`` keeps it out of the file."""
    webhook_file: str | None = None
    """A 0600 file holding the webhook URL (a secret: it lets anyone post to the channel).
    ``$NOMICBOT_WATCH_WEBHOOK`` overrides it; with neither, announcements go to stdout only."""
    auto_resolve_as: str = ""
    """The Admin who allows the watcher to resolve decidable matters in their name
    (empty: it never resolves)."""

    def webhook_url(self) -> str | None:
        """The webhook URL from the environment or the 0600 file, or None if none is set."""
        env = os.environ.get(WEBHOOK_ENV)
        if env is not None:
            if not env.strip():
                raise ConfigError(
                    f"{WEBHOOK_ENV} is empty: put the webhook URL in it, or unset it to use "
                    "[watch] webhook_file"
                )
            url = env.strip()
        elif self.webhook:
            url = self.webhook.strip()
        elif not self.webhook_file:
            return None
        else:
            url = _read_secret(Path(self.webhook_file), "watch webhook_file", "the webhook URL")
        if not url.startswith(("http://", "https://")):
            # The value is a secret: the message does not repeat it.
            raise ConfigError("the watch webhook is not an http:// or https:// URL")
        return url


def _read_secret(path: Path, what: str, holds: str) -> str:
    """A secret from a file only its owner may read (mode 0600), stripped."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise ConfigError(f"{what} {path}: {exc.strerror}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(
            f"{what} {path} is readable by others (mode {oct(mode & 0o777)}); chmod 600 it"
        )
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"{what} {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{what} {path} is not UTF-8 text") from None
    if not secret:
        raise ConfigError(f"{what} {path} is empty: put {holds} in it")
    return secret


@dataclass(frozen=True)
class GameConfig:
    """``[game]``: who runs the bot, and the current keyword terms."""

    player: str = ""
    """The operator's player name (used in the User-Agent and notes)."""
    contact: str = ""
    """How a wiki or blog admin reaches the operator: a URL or an e-mail address
    (in the User-Agent). Empty: the User-Agent names the project's home page."""
    terms: Terms = field(default_factory=Terms)
    profile: str = "blognomic-139"
    """``[game] profile``: the rule profile of the game (``nomicbot profiles`` lists them);
    an archive's own ``profile`` field wins."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    """The profile's settings given in ``[game]`` (``timezone = "America/Chicago"``);
    an archive's own ``settings`` win."""
    addresses: Mapping[str, str] = field(default_factory=dict)
    """``[game.addresses]``: e-mail address -> player, for ``import mbox``."""

    def __post_init__(self) -> None:
        if self.contact and not _CONTACT.fullmatch(self.contact.strip()):
            raise ValueError(
                f"contact {self.contact!r} is neither an http(s) URL nor an e-mail address"
            )


@dataclass(frozen=True)
class Config:
    """The whole ``nomicbot.toml``."""

    blog: BlogConfig = field(default_factory=BlogConfig)
    wiki: WikiConfig = field(default_factory=WikiConfig)
    mirror: MirrorConfig = field(default_factory=MirrorConfig)
    game: GameConfig = field(default_factory=GameConfig)
    watch: WatchConfig = field(default_factory=WatchConfig)
    path: Path | None = None
    """Where it was read from; relative paths in it are relative to this file."""
    given: frozenset[str] = frozenset()
    """The settings the file writes, as ``section.key`` (``blog.url``): the others are
    defaults nobody chose."""

    @property
    def operator(self) -> str:
        """Who runs the bot: ``[game] player``, else the wiki account's name, else ""."""
        return self.game.player.strip() or self.wiki.user.split("@", 1)[0].strip()

    @property
    def user_agent(self) -> str:
        """The User-Agent for every request, blog and wiki: the bot, its version, a
        contact (``[game] contact``, else the project's home page) and the operator."""
        if self.blog.user_agent:
            return self.blog.user_agent
        return DEFAULT_USER_AGENT.format(
            version=package_version(),
            contact=self.game.contact.strip() or project_home(),
            player=self.operator or "unknown",
        )

    @property
    def has_contact(self) -> bool:
        """Is there a way to reach the operator in the User-Agent (``[game] contact``,
        or a ``[blog] user_agent`` written by hand)."""
        return bool(self.game.contact.strip() or self.blog.user_agent)

    def require_file(self) -> None:
        """Refuses to read a blog no config file names: without one, or without ``[blog]
        url`` in it, the address is the sandbox's default, which nobody chose."""
        if self.path is None:
            raise ConfigError(
                f"no config file: no nomicbot.toml here, and neither --config nor "
                f"${CONFIG_ENV} names one, so nothing says which blog to read (README, "
                '"Configuration")'
            )
        if "blog.url" not in self.given:
            raise ConfigError(
                f"{self.path}: no [blog] url: this command reads the blog, so the file must "
                'say where it is (e.g. [blog] url = "https://blognomic.com/")'
            )

    def require_operator(self) -> None:
        """Refuses to read a blog for nobody: its admins must be able to tell whom to
        ask about the bot's requests."""
        if not self.blog.user_agent and not self.operator:
            raise ConfigError(
                "set [game] player in nomicbot.toml (or [blog] user_agent): requests name "
                "the bot's operator"
            )


_KINDS: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "str | None": (str, type(None)),
    "float": (int, float),
    "Terms": (dict,),
    "tuple[str, ...]": (list, tuple),
}


def _section(
    data: dict[str, Any], name: str, cls: type[Any], where: str, *, known: set[str] | None = None
) -> Any:
    raw = data.get(name, {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: [{name}] must be a table")
    fields = cls.__dataclass_fields__
    allowed = set(fields) - {"extra", "http_auth"} if known is None else known
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) in [{name}]: {', '.join(unknown)}")
    for key, value in raw.items():
        kinds = _KINDS.get(str(fields[key].type), ())
        if kinds and (isinstance(value, bool) or not isinstance(value, kinds)):
            wanted = str(fields[key].type).replace("str", "a string").replace("float", "a number")
            wanted = wanted.replace("tuple[a string, ...]", "a list of strings")
            shown = (
                "a value not shown (it is a secret)" if key == "webhook" else redact(repr(value))
            )
            raise ConfigError(f"{where}: [{name}] {key} must be {wanted}, got {shown}")
        problem = problem_with(name, key, value)
        if problem is not None:
            raise ConfigError(f"{where}: [{name}] {key} {problem}")
    try:
        return cls(**raw)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: [{name}]: {redact(str(exc))}") from None


def _profile_settings(
    game_raw: dict[str, Any], where: str
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """Takes ``profile``, the profile's settings and ``addresses`` out of ``[game]``."""
    from gamestate.profiles import ProfileError, get_profile

    profile = game_raw.pop("profile", "blognomic-139")
    try:
        spec = get_profile(profile)
    except ProfileError as exc:
        raise ConfigError(f"{where}: [game] profile: {exc}") from None
    names = {s.name for s in spec.settings}
    settings = {k: game_raw.pop(k) for k in sorted(set(game_raw) & names)}
    _check_settings(profile, settings, where)
    addresses = game_raw.pop("addresses", {})
    if not isinstance(addresses, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in addresses.items()
    ):
        raise ConfigError(f"{where}: [game.addresses] must map e-mail addresses to player names")
    pages = game_raw.pop("pages", {})  # `nomicbot pages`: page kind -> wiki title
    if not isinstance(pages, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in pages.items()
    ):
        raise ConfigError(f"{where}: [game.pages] must map page kinds to wiki titles")
    if pages:
        settings["pages"] = pages
    return profile, settings, {k.strip().lower(): v for k, v in addresses.items()}


def _check_settings(profile: str, settings: dict[str, Any], where: str) -> None:
    """The profile's own checks of its settings, run on a game with nothing in it."""
    from gamestate.profiles import ProfileError, get_profile
    from gamestate.profiles.archive import FORMAT, archive_from_dict

    try:
        get_profile(profile).check(
            archive_from_dict({"format": FORMAT, "profile": profile}, "[game]", settings)
        )
    except ProfileError as exc:
        # "archive: settings.timezone: 'Mars' is not ... (profile x)" -> "[game] timezone: ..."
        found = re.search(r"settings\.(\w+): (.*?)(?: \(profile [^)]*\))?$", str(exc))
        detail = f"{found.group(1)}: {found.group(2)}" if found else str(exc)
        raise ConfigError(f"{where}: [game] {detail} (profile {profile})") from None


_WRITTEN_PAGES = ("votes_page", "audit_page", "nomicland_page", "gamestate_page", "ruleset_page")
"""The ``[wiki]`` pages the bot may edit (the run page it only reads)."""


def _check_pages(wiki: WikiConfig, where: str) -> None:
    """Refuses a page the bot would edit in another user's space (``User:Someone/Votes``):
    a bot edits only its own user pages."""
    for key in _WRITTEN_PAGES:
        title = getattr(wiki, key)
        owner = outside_own_space(title, wiki.bot_name)
        if owner is not None:
            bot = f"the bot's is User:{wiki.bot_name}" if wiki.bot_name else "no [wiki] user"
            raise ConfigError(
                f"{where}: [wiki] {key} {title!r} is in the user space of {owner} ({bot}): "
                "the bot edits no other user's pages; name a project page or one of its own"
            )


def load_config(path: str | Path | None = None) -> Config:
    """Reads the config from ``path``, ``$NOMICBOT_CONFIG``, or ``./nomicbot.toml``.

    A missing default file gives the defaults; a named file that is missing is an error.
    """
    explicit = path or os.environ.get(CONFIG_ENV)
    p = Path(explicit) if explicit else Path("nomicbot.toml")
    if not p.exists():
        if explicit:
            raise ConfigError(f"config file {p} does not exist")
        return Config()
    where = str(p)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{where}: not UTF-8 text") from None
    except OSError as exc:
        raise ConfigError(f"{where}: {exc.strerror}") from None
    unknown = sorted(set(data) - {"blog", "wiki", "mirror", "game", "watch"})
    if unknown:
        raise ConfigError(f"{where}: unknown section(s): {', '.join(unknown)}")
    game_raw = data.get("game", {})
    if not isinstance(game_raw, dict):
        raise ConfigError(f"{where}: [game] must be a table")
    game_raw = dict(game_raw)
    terms_raw = game_raw.pop("terms", {})
    if not isinstance(terms_raw, dict):
        raise ConfigError(f"{where}: [game] terms must be a table")
    profile, settings, addresses = _profile_settings(game_raw, where)
    game = _section({"game": game_raw}, "game", GameConfig, where, known={"player", "contact"})
    terms = _section({"terms": terms_raw}, "terms", Terms, where, known={"player", "boss"})
    game = GameConfig(
        player=game.player,
        contact=game.contact,
        terms=terms,
        profile=profile,
        settings=settings,
        addresses=addresses,
    )
    base = p.resolve().parent
    wiki = _section(data, "wiki", WikiConfig, where)
    _check_pages(wiki, where)
    if wiki.password_file and not Path(wiki.password_file).is_absolute():
        wiki = WikiConfig(**{**wiki.__dict__, "password_file": str(base / wiki.password_file)})
    mirror = _section(data, "mirror", MirrorConfig, where)
    if "://" not in mirror.database and not Path(mirror.database).is_absolute():
        mirror = MirrorConfig(database=str(base / mirror.database))
    watch = _section(data, "watch", WatchConfig, where)
    if watch.webhook is not None and p.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        # The URL lets anyone post to the channel: like a password, never in a file others read.
        raise ConfigError(
            f"{where}: [watch] webhook is a secret, but the file is readable by others; "
            "chmod 600 it, or use [watch] webhook_file or $NOMICBOT_WATCH_WEBHOOK"
        )
    if watch.webhook_file and not Path(watch.webhook_file).is_absolute():
        watch = WatchConfig(**{**watch.__dict__, "webhook_file": str(base / watch.webhook_file)})
    return Config(
        blog=_section(data, "blog", BlogConfig, where),
        wiki=wiki,
        mirror=mirror,
        game=game,
        watch=watch,
        path=p,
        given=frozenset(
            f"{name}.{key}"
            for name, table in data.items()
            if isinstance(table, dict)
            for key in table
        ),
    )
