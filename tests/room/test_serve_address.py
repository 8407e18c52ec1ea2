"""``rules serve`` names the option to mend when it cannot listen, and leaves no folder behind.

An address this machine lacks (``--host 203.0.113.9``) was refused as ``--port: cannot listen
... choose another port``, and the data folder, with its lock and an empty store, stayed
behind from a start that never served.  Now the line names ``--host`` and what it expects; a
port in use still names ``--port``; and a folder the start made is taken back."""

from __future__ import annotations

import errno
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.serve import cannot_listen, unmake  # noqa: E402
from runcli import invoke  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
#: An address of TEST-NET-3 (RFC 5737), for documentation only: no machine has it.
NOWHERE = "203.0.113.9"
HOST_EXPECTED = "expected one of its own addresses, 127.0.0.1 (this machine only), or 0.0.0.0 or :: (every network)"


def test_an_address_this_machine_lacks_is_said_of_host_and_leaves_no_folder(tmp_path: Path) -> None:
    data = tmp_path / "new" / "room"
    out = invoke(["serve", "--host", NOWHERE, "--port", "24680", "--data", str(data)])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr == (f"error: --host: this machine has no address {NOWHERE} to listen on (Cannot assign requested address); "
                          f"{HOST_EXPECTED}\n")
    assert list(tmp_path.iterdir()) == []  # neither the folder nor the one above it, both made by this start


def test_a_port_in_use_is_said_of_port_and_leaves_no_new_folder(tmp_path: Path) -> None:
    data = tmp_path / "room"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        out = invoke(["serve", "--port", str(port), "--data", str(data)])
    assert (out.exit_code, out.stderr) == (2, f"error: --port: cannot listen on 127.0.0.1:{port} (Address already in use); "
                                              f"choose another port with --port N\n")
    assert not data.exists()


def test_a_folder_that_was_there_is_left_as_it_was(tmp_path: Path) -> None:
    """Only what this start made is taken back: a folder given that exists keeps its files."""
    (tmp_path / "notes.txt").write_text("mine")
    out = invoke(["serve", "--host", NOWHERE, "--port", "0", "--data", str(tmp_path)])
    assert out.exit_code == 2
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_room_reached_through_a_missing_folder_and_dot_dot_is_left_as_it_was(tmp_path: Path) -> None:
    """``--data nosuch/../room``: the path names a folder that does not exist yet as written
    (nosuch is missing), yet it lands on the room that is there -- whose store the failed
    start took back as its own, and deleted."""
    room = tmp_path / "room"
    room.mkdir()
    assert invoke(["serve", "--host", NOWHERE, "--port", "0", "--data", str(room)]).exit_code == 2  # its store made, and kept
    store = (room / "room.sqlite").read_bytes()
    out = invoke(["serve", "--host", NOWHERE, "--port", "0", "--data", str(tmp_path / "nosuch" / ".." / "room")])
    assert out.exit_code == 2 and out.stderr.startswith("error: --host: ")
    assert (room / "room.sqlite").read_bytes() == store


def test_a_made_folder_that_holds_something_else_is_kept(tmp_path: Path) -> None:
    """Another program may have put a file in the new folder meanwhile: the folder stays, and
    that file with it; the lock and store of the start are gone."""
    data = tmp_path / "a" / "b"
    data.mkdir(parents=True)
    for name in ("room.lock", "room.sqlite", "theirs.txt"):
        (data / name).write_text("")
    unmake(data, tmp_path / "a")
    assert sorted(p.name for p in data.iterdir()) == ["theirs.txt"]


@pytest.mark.parametrize("code", [errno.EAFNOSUPPORT, errno.EADDRNOTAVAIL, errno.EINVAL])
def test_each_address_error_names_host(code: int, capsys: pytest.CaptureFixture[str]) -> None:
    """``::`` on a machine without IPv6 (EAFNOSUPPORT), a link-local address without its
    interface (EINVAL) are the address's fault too."""
    exit_ = cannot_listen("::", 8066, OSError(code, "why"))
    assert exit_.exit_code == 2
    assert capsys.readouterr().err == f"error: --host: this machine has no address :: to listen on (why); {HOST_EXPECTED}\n"


def test_permission_for_a_low_port_names_port(capsys: pytest.CaptureFixture[str]) -> None:
    cannot_listen("127.0.0.1", 80, OSError(errno.EACCES, "Permission denied"))
    assert capsys.readouterr().err == "error: --port: cannot listen on 127.0.0.1:80 (Permission denied); choose another port with --port N\n"


def test_a_file_given_as_the_data_folder_says_what_is_expected(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    out = invoke(["serve", "--port", "0", "--data", str(afile)])
    assert (out.exit_code, out.stderr) == (2, f"error: --data: {afile} is not a folder (expected a folder, or a link to one, "
                                              f"to keep the tables in; or the name of one to make)\n")


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_every_address_is_said_to_be_reached_by_the_machines_name(host: str, tmp_path: Path) -> None:
    """No browser reaches http://0.0.0.0:P/: the line says what to put in its place."""
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--host", host, "--port", "0", "--data", str(tmp_path)],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    if host == "::" and "no address ::" in line:
        pytest.skip("no IPv6 here")
    found = re.search(r":(\d+)/ ", line)
    assert found, line
    shown = "[::]" if host == "::" else host
    assert line == (f"serving the card room at http://{shown}:{found.group(1)}/ (other machines too, at this machine's name or "
                    f"address in place of {host}: put it behind a proxy with TLS (docs/serve.md)); tables kept in "
                    f"{tmp_path / 'room.sqlite'}; Ctrl-C stops it\n")


@pytest.mark.parametrize("port", ["abc", "80a", "1.5"])
def test_a_port_that_is_no_number_says_what_is_expected(port: str, tmp_path: Path) -> None:
    out = invoke(["serve", "--port", port, "--data", str(tmp_path / "room")])
    assert (out.exit_code, out.stderr) == (2, f"error: --port: '{port}' is not a valid integer (expected 0 to 65535)\n")
    assert not (tmp_path / "room").exists()
