"""The browser the tests of `companion serve` drive: Debian's Chromium, installed by the
test run itself where it is missing, so the README's test command works on a fresh machine.

Playwright never downloads a browser of its own here (the machines reach Debian's and
PyPI's packages, nothing else): the `chromium` package is installed with apt-get, as
root or through `sudo -n`, once per machine, under a lock so that parallel test workers
wait for one install instead of racing.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

DEBIAN = "/usr/bin/chromium"
LOCK = Path(tempfile.gettempdir()) / "companion-chromium-install.lock"
INSTALL_SECONDS = 1200


def find_chromium() -> str | None:
    """Chromium on the PATH, else Debian's, else ``None``."""
    found = shutil.which("chromium")
    if found:
        return found
    return DEBIAN if os.access(DEBIAN, os.X_OK) else None


def _as_root(command: list[str]) -> list[str] | None:
    if os.geteuid() == 0:
        return command
    sudo = shutil.which("sudo")
    return None if sudo is None else [sudo, "-n", *command]


def install_chromium() -> str:
    """Chromium's path, installing Debian's package first when there is none.

    Raises ``RuntimeError`` with one line saying what to do where it cannot be installed
    (no apt-get, no root and no password-less sudo, no network to the package mirror).
    """
    found = find_chromium()
    if found:
        return found
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker may be installing it right now
        found = find_chromium()
        if found:
            return found
        apt = shutil.which("apt-get")
        update = _as_root([apt, "update", "-qq"]) if apt else None
        install = _as_root([apt, "install", "-y", "-qq", "chromium"]) if apt else None
        if update is None or install is None:
            raise RuntimeError(
                "Chromium is missing and cannot be installed from here: install it as root "
                "('apt-get install -y chromium' on Debian), then run the tests again"
            )
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for step in (update, install):
            done = subprocess.run(
                step, env=env, capture_output=True, text=True, timeout=INSTALL_SECONDS, check=False
            )
            if done.returncode != 0:
                tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
                raise RuntimeError(f"'{' '.join(step)}' failed: {tail[0][:200]}")
    found = find_chromium()
    if found is None:
        raise RuntimeError("apt-get installed chromium, yet no chromium is on the PATH")
    return found
