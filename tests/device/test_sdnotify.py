"""device.sdnotify: datagrams to a real AF_UNIX socket (path and abstract), the watchdog pace."""

from __future__ import annotations

import os
import socket

import pytest

from device import sdnotify
from device.sdnotify import Watchdog, notify


@pytest.fixture
def listener(tmp_path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(2.0)
    yield str(path), sock
    sock.close()


def _pending(sock: socket.socket) -> list[str]:
    messages = []
    sock.setblocking(False)
    try:
        while True:
            messages.append(sock.recv(4096).decode())
    except BlockingIOError:
        return messages
    finally:
        sock.settimeout(2.0)


def test_notify_sends_one_datagram(listener):
    path, sock = listener
    assert notify("READY=1", {"NOTIFY_SOCKET": path})
    assert sock.recv(4096) == b"READY=1"


def test_ready_status_and_stopping(listener):
    path, sock = listener
    env = {"NOTIFY_SOCKET": path}
    assert sdnotify.ready("waiting for the board", env)
    assert sdnotify.status("game 1:23 left", env)
    assert sdnotify.stopping(env)
    assert [sock.recv(4096) for _ in range(3)] == [
        b"READY=1\nSTATUS=waiting for the board", b"STATUS=game 1:23 left", b"STOPPING=1"]


def test_abstract_socket_address():
    name = f"dicekeeper-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(2.0)
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(4096) == b"WATCHDOG=1"


def test_not_under_systemd_sends_nothing():
    assert notify("READY=1", {}) is False


def test_dead_socket_is_logged_not_raised(tmp_path, caplog):
    assert notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}) is False
    assert "sd_notify" in caplog.text


def test_watchdog_pings_at_half_the_timeout(listener):
    path, sock = listener
    dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000"})  # 4 s -> every 2 s
    assert dog.enabled and dog.interval == 2.0
    sent = [dog.tick(t) for t in (10.0, 11.0, 11.9, 12.0, 13.5, 14.1)]
    assert sent == [True, False, False, True, False, True]
    assert _pending(sock) == ["WATCHDOG=1"] * 3


@pytest.mark.parametrize("env", [
    {},
    {"WATCHDOG_USEC": "soon"},
    {"WATCHDOG_USEC": "0"},
    {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"},  # meant for another process
])
def test_watchdog_disabled(listener, env):
    path, sock = listener
    dog = Watchdog({"NOTIFY_SOCKET": path, **env})
    assert not dog.enabled and dog.tick(100.0) is False
    assert _pending(sock) == []


def test_watchdog_for_this_pid_uses_the_clock(listener):
    path, sock = listener
    times = iter([1.0, 1.2])
    dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000",
                    "WATCHDOG_PID": str(os.getpid())}, clock=lambda: next(times))
    assert dog.tick() and dog.tick()
    assert _pending(sock) == ["WATCHDOG=1", "WATCHDOG=1"]
