"""The one masking of URL logins, and files only their owner may read."""

from __future__ import annotations

import stat
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wikibot.secrecy import (
    open_private,
    redact,
    redact_url,
    split_credentials,
    without_secret,
    write_private,
)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://ann:pw@blog.test/x", "http://***:***@blog.test/x"),
        ("https://ann@blog.test", "https://***@blog.test"),
        ("http://blog.test/", "http://blog.test/"),
        ("postgresql://bob:hunter2@127.0.0.1:1/nomic", "postgresql://bob:***@127.0.0.1:1/nomic"),
        ("postgresql://bob@127.0.0.1/nomic", "postgresql://bob@127.0.0.1/nomic"),
        # Malformed: whatever stands before the last @ is the login.
        ("http://ann:p@ss@blog.test:80/", "http://***:***@blog.test:80/"),
        ("http://ann:pa/ss@blog.test/", "http://***:***@blog.test/"),
        ("http://ann:pw@[::1", "http://***:***@[::1"),
        ("not a url", "not a url"),
    ],
)
def test_redact_url(url: str, shown: str) -> None:
    assert redact_url(url) == shown
    assert redact_url(shown) == shown  # masking twice changes nothing


def test_redact_masks_every_url_in_a_line() -> None:
    line = "GET http://ann:pw1@a.test/x failed; 'https://bob:pw2@b.test' and mailto:c@d.test"
    assert redact(line) == (
        "GET http://***:***@a.test/x failed; 'https://***:***@b.test' and mailto:c@d.test"
    )


def test_without_secret_masks_the_password_where_a_driver_repeats_it() -> None:
    url = "postgresql://bob:hun%2Fter2@db.test/nomic"
    said = f'connection to {url} failed: password "hun/ter2" (hun%2Fter2) refused'
    assert without_secret(said, url) == (
        'connection to postgresql://bob:***@db.test/nomic failed: password "***" (***) refused'
    )


@pytest.mark.parametrize(
    ("url", "bare", "login"),
    [
        ("http://ann:p%40ss@blog.test/x?y=1", "http://blog.test/x?y=1", ("ann", "p@ss")),
        ("https://ann@wiki.test:8443/w/", "https://wiki.test:8443/w/", ("ann", "")),
        (
            "https://wiki.test/w/index.php?title=User:a@b",
            "https://wiki.test/w/index.php?title=User:a@b",
            None,
        ),
        ("http://ann:pw@[::1", "http://***:***@[::1", None),
    ],
)
def test_split_credentials(url: str, bare: str, login: tuple[str, str] | None) -> None:
    assert split_credentials(url) == (bare, login)


_PART = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)


@settings(max_examples=60)
@given(user=_PART, password=_PART, path=st.sampled_from(["", "/", "/w/index.php?x=1"]))
def test_no_login_survives_masking(user: str, password: str, path: str) -> None:
    """Whatever the login, percent-encoded as a URL needs: no trace of it is shown,
    and it comes out of the URL whole."""
    written = (
        f"http://{quote('U' + user, safe='')}:{quote('P' + password, safe='')}@host.test{path}"
    )
    for shown in (redact_url(written), redact(f"at {written} now"), split_credentials(written)[0]):
        assert quote("U" + user, safe="") not in shown
        assert quote("P" + password, safe="") not in shown
    assert split_credentials(written) == (f"http://host.test{path}", ("U" + user, "P" + password))


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_private_files_are_the_owners_alone(tmp_path: Path) -> None:
    new = tmp_path / "new.toml"
    write_private(new, "secret = 1\n")
    assert _mode(new) == 0o600 and new.read_text(encoding="utf-8") == "secret = 1\n"
    old = tmp_path / "old.log"
    old.write_text("before\n", encoding="utf-8")
    old.chmod(0o644)
    with open(open_private(old, "a"), "a", encoding="utf-8") as handle:
        handle.write("after\n")
    assert _mode(old) == 0o600 and old.read_text(encoding="utf-8") == "before\nafter\n"
