"""A page history as a MediaWiki XML export, and importing one into the sandbox wiki.

A game's past can be put on the sandbox wiki as it happened: each revision with
its author, its timestamp and its edit summary. :func:`export_xml` writes the
export format MediaWiki's ``Special:Export`` writes (0.11) and
``maintenance/importDump.php`` reads; :func:`import_history` runs that script
against the sandbox in a data directory. The wiki keeps the timestamps and
assigns each revision to the local account of that name (create the accounts
first; a name with no account is imported as ``imported>Name``, and an IP
address as an anonymous edit). The wiki gives the revisions new ids, in the
order of the dump.

Used by the audit's tests and its benchmark (``bench/bench_audit.py``).
"""

from __future__ import annotations

import ipaddress
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from xml.sax.saxutils import escape

__all__ = ["DumpRevision", "export_xml", "import_history"]

_HEAD = (
    '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ '
    'http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="en">\n'
)


@dataclass(frozen=True)
class DumpRevision:
    """One revision to import."""

    title: str
    """The page."""
    text: str
    """Its wikitext."""
    editor: str
    """An account name, or an IP address (an anonymous edit)."""
    at: datetime
    """When it was saved."""
    summary: str = ""
    """Its edit summary."""
    minor: bool = False
    """A minor edit."""


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _revision(r: DumpRevision) -> str:
    who = (
        f"<ip>{escape(r.editor)}</ip>"
        if _is_ip(r.editor)
        else f"<username>{escape(r.editor)}</username>"
    )
    stamp = r.at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    size = len(r.text.encode("utf-8"))
    return (
        "    <revision>\n"
        f"      <timestamp>{stamp}</timestamp>\n"
        f"      <contributor>{who}</contributor>\n"
        + ("      <minor/>\n" if r.minor else "")
        + f"      <comment>{escape(r.summary)}</comment>\n"
        "      <model>wikitext</model>\n"
        "      <format>text/x-wiki</format>\n"
        f'      <text xml:space="preserve" bytes="{size}">{escape(r.text)}</text>\n'
        "    </revision>\n"
    )


def export_xml(revisions: Iterable[DumpRevision]) -> str:
    """The revisions as an XML export: one ``<page>`` per title, its revisions in the
    order given (give them oldest first)."""
    pages: dict[str, list[DumpRevision]] = {}
    for r in revisions:
        pages.setdefault(r.title, []).append(r)
    parts = [_HEAD]
    for title, revs in pages.items():
        parts.append(f"  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n")
        parts.extend(_revision(r) for r in revs)
        parts.append("  </page>\n")
    parts.append("</mediawiki>\n")
    return "".join(parts)


def import_history(data_dir: Path, revisions: Iterable[DumpRevision]) -> str:
    """Imports the revisions into the sandbox wiki in ``data_dir`` with
    ``importDump.php``; returns what the script printed. Pages must be in the main
    namespace."""
    from wikibot.sandbox.mediawiki import run_maintenance

    with tempfile.TemporaryDirectory(dir=data_dir) as where:
        path = Path(where) / "history.xml"
        path.write_text(export_xml(revisions), encoding="utf-8")
        return run_maintenance(data_dir, "importDump", "--quiet", str(path))
