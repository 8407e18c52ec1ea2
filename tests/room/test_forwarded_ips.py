"""``FORWARDED_ALLOW_IPS`` -- the proxies whose ``X-Forwarded-`` headers the room believes --
is checked as ``rules serve`` starts.  uvicorn took any word that is no IP address as a name
no client has: a typo silently stopped trusting the proxy (every table counted against the
proxy's address, the links ``http://``); and ``*`` let any client choose its address and the
links' scheme.  Each is one line, exit status 2, before the data folder is made."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from cli.serve import trusted_proxies  # noqa: E402
from runcli import invoke  # noqa: E402

EXPECTED = "expected the proxies' IP addresses or networks, comma-separated, such as 10.0.0.5 or 10.0.0.0/24"
STAR = ("'*' would believe every client's X-Forwarded-For and X-Forwarded-Proto, so anybody could choose the address "
        f"their tables are counted against and the links' scheme ({EXPECTED})")


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port another socket listens on: a start that got past the check stops there, serving nothing."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        yield busy.getsockname()[1]


@pytest.mark.parametrize(("value", "said"), [
    ("10.0.0.300", f"'10.0.0.300' is not an IP address or network ({EXPECTED})"),
    ("banana", f"'banana' is not an IP address or network ({EXPECTED})"),
    ("10.0.0.5, proxy.lan", f"'proxy.lan' is not an IP address or network ({EXPECTED})"),
    ("10.0.0.0/33", f"'10.0.0.0/33' is not an IP address or network ({EXPECTED})"),
    ("10.0.0.1/24", f"'10.0.0.1/24' has host bits set ({EXPECTED})"),
    ("*", STAR),
    ("10.0.0.5,*", STAR),
])
def test_a_bad_entry_is_refused_before_the_data_folder_is_made(value: str, said: str, tmp_path: Path, busy_port: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", value)
    data = tmp_path / "room"
    out = invoke(["serve", "--data", str(data), "--port", str(busy_port)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: FORWARDED_ALLOW_IPS: {said}\n")
    assert not data.exists()


@pytest.mark.parametrize("value", ["10.0.0.5", " 10.0.0.5 , ::1 ,", "10.0.0.0/24,fd00::/8", ""])
def test_addresses_and_networks_are_taken_as_they_are(value: str) -> None:
    """Given on to uvicorn as written (it splits and strips them itself); empty trusts nobody."""
    assert trusted_proxies(value) == value


def test_unset_leaves_uvicorns_default() -> None:
    assert trusted_proxies(None) is None


def test_a_good_value_lets_the_start_go_on(tmp_path: Path, busy_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the check, to the port (taken here, so that nothing is served)."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.5")
    out = invoke(["serve", "--data", str(tmp_path / "room"), "--port", str(busy_port)])
    assert out.stderr.startswith(f"error: --port: cannot listen on 127.0.0.1:{busy_port} ")


@pytest.mark.parametrize("value", ["", " , "])
def test_an_empty_list_is_taken_and_said_to_trust_no_proxy(value: str, tmp_path: Path, busy_port: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Set and empty (an unset ${VAR} in a service file, say), uvicorn believes nobody, a proxy
    on this machine neither -- where unset it believes that one: a choice one may make, so it
    is taken, but said, since every link would then start with http://."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", value)
    out = invoke(["serve", "--data", str(tmp_path / "room"), "--port", str(busy_port)])
    assert out.exit_code == 2 and out.stderr.splitlines() == [
        "note: FORWARDED_ALLOW_IPS is empty: X-Forwarded- headers are believed from no client, a proxy on this machine "
        "neither (its links would start with http://); unset it to believe a proxy on this machine",
        f"error: --port: cannot listen on 127.0.0.1:{busy_port} (Address already in use); choose another port with --port N",
    ]
