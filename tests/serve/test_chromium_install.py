"""The browser tests' set-up on a machine without Chromium (tests/serve/chromium.py).

Chromium is made absent here through PATH and the Debian path alone: a folder of
stand-ins for ``apt-get`` and ``sudo`` is the whole PATH, and each stand-in writes
down how it was called. The real install, on a machine that has none, is described
in docs/reliability.md (a fresh clone, and ``.ci/without-chromium``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.serve import chromium

APT = """#!/bin/sh
echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> "{log}"
if [ "$1" = install ]; then
  {install}
fi
"""

SUDO = """#!/bin/sh
echo "sudo $*" >> "{log}"
[ "$1" = -n ] && shift
exec "$@"
"""


def _script(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


@pytest.fixture
def bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PATH of one empty folder, no Debian Chromium, a lock of the test's own."""
    tools = tmp_path / "bin"
    tools.mkdir()
    monkeypatch.setenv("PATH", str(tools))
    monkeypatch.setattr(chromium, "DEBIAN", str(tmp_path / "usr-bin-chromium"))
    monkeypatch.setattr(chromium, "LOCK", tmp_path / "install.lock")
    return tools


def _apt(tools: Path, install: str = "") -> Path:
    log = tools.parent / "calls.log"
    browser = tools / "chromium"
    install = install or f"printf '#!/bin/sh\\n' > '{browser}' && /bin/chmod +x '{browser}'"
    _script(tools / "apt-get", APT.format(log=log, install=install))
    return log


def test_a_machine_without_chromium_gets_debians_package_as_root(
    bare: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert chromium.find_chromium() is None
    log = _apt(bare)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert chromium.install_chromium() == str(bare / "chromium")
    assert log.read_text().splitlines() == [
        "apt-get update -qq DEBIAN_FRONTEND=noninteractive",
        "apt-get install -y -qq chromium DEBIAN_FRONTEND=noninteractive",
    ]
    chromium.install_chromium()  # found now: apt-get is not called again
    assert len(log.read_text().splitlines()) == 2


def test_without_root_it_asks_sudo_for_no_password(
    bare: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = _apt(bare)
    _script(bare / "sudo", SUDO.format(log=log))
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert chromium.install_chromium() == str(bare / "chromium")
    calls = log.read_text().splitlines()
    assert calls[0].startswith("sudo -n ") and calls[0].endswith("apt-get update -qq")
    assert calls[2].startswith("sudo -n ") and calls[2].endswith("apt-get install -y -qq chromium")


def test_where_it_cannot_be_installed_the_error_says_what_to_do(
    bare: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # no root, no sudo, no apt-get
    with pytest.raises(RuntimeError) as raised:
        chromium.install_chromium()
    message = str(raised.value)
    assert "\n" not in message and "apt-get install -y chromium" in message


def test_a_failed_install_names_the_step_and_apts_last_line(
    bare: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _apt(bare, install="echo 'E: Unable to locate package chromium' >&2; exit 100")
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(RuntimeError) as raised:
        chromium.install_chromium()
    assert str(raised.value).endswith(
        "install -y -qq chromium' failed: E: Unable to locate package chromium"
    )
    assert chromium.find_chromium() is None
