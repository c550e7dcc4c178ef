"""The embedded sandbox: the sandbox blog (state, HTTP, rendering) and the MediaWiki runner."""

from __future__ import annotations

from wikibot.sandbox.blog import (
    FAULT_KINDS,
    VOTE_WORDS,
    Fault,
    RenderedPage,
    SandboxBlog,
    serve_in_thread,
)
from wikibot.sandbox.http import (
    MAX_POST_BYTES,
    BlogServer,
)
from wikibot.sandbox.mediawiki import (
    ADMIN_USER,
    BOT_USER,
    MEDIAWIKI_DIR,
    RunningWiki,
    WikiCredentials,
    check_requirements,
    create_account,
    credentials,
    install_wiki,
    run_maintenance,
    seed_pages,
    start_wiki,
    write_config,
)
from wikibot.sandbox.render import (
    MARKUPS,
    Site,
    page_href,
    render_listing,
    render_message,
    render_post_page,
    render_vote_icon,
)

__all__ = [
    "ADMIN_USER",
    "BOT_USER",
    "FAULT_KINDS",
    "MARKUPS",
    "MAX_POST_BYTES",
    "MEDIAWIKI_DIR",
    "VOTE_WORDS",
    "BlogServer",
    "Fault",
    "RenderedPage",
    "RunningWiki",
    "SandboxBlog",
    "Site",
    "WikiCredentials",
    "check_requirements",
    "create_account",
    "credentials",
    "install_wiki",
    "page_href",
    "render_listing",
    "render_message",
    "render_post_page",
    "render_vote_icon",
    "run_maintenance",
    "seed_pages",
    "serve_in_thread",
    "start_wiki",
    "write_config",
]
