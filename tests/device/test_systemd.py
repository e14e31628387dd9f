"""systemd/: the unit passes `systemd-analyze verify` silently, has the keys the device needs,
its ExecStart is a valid `dicekeeper run` command line, and install.sh does what it says."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from device.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "dicekeeper.service"
INSTALL = ROOT / "systemd" / "install.sh"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """Sections -> key -> values (keys may repeat, e.g. Environment=)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, sep, value = line.partition("=")
        assert sep and current is not None, f"not a unit line: {line!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT.read_text())


def _one(section: dict[str, list[str]], key: str) -> str:
    values = section.get(key, [])
    assert len(values) == 1, f"{key} should be set once, got {values}"
    return values[0]


def test_service_is_notify_with_watchdog_and_restart(unit):
    service = unit["Service"]
    assert _one(service, "Type") == "notify"
    assert int(_one(service, "WatchdogSec")) >= 10
    assert _one(service, "Restart") == "on-failure"
    assert "multi-user.target" in _one(unit["Install"], "WantedBy")


def test_runs_as_its_own_user_with_device_groups(unit):
    service = unit["Service"]
    assert _one(service, "User") == "dicekeeper"
    assert set(_one(service, "SupplementaryGroups").split()) == {"video", "gpio", "i2c"}
    assert "PrivateDevices" not in service  # the camera, I2C and GPIO nodes must stay visible


def test_hardening(unit):
    service = unit["Service"]
    expected = {"ProtectSystem": "strict", "NoNewPrivileges": "yes", "PrivateTmp": "yes",
                "ProtectHome": "yes", "ProtectKernelModules": "yes", "RestrictSUIDSGID": "yes",
                "IPAddressDeny": "any"}
    assert {k: _one(service, k) for k in expected} == expected
    assert _one(service, "CapabilityBoundingSet") == ""


def test_exec_start_is_a_valid_run_command_writing_under_the_state_directory(unit):
    service = unit["Service"]
    argv = shlex.split(_one(service, "ExecStart"))
    assert argv[0].endswith("/venv/bin/dicekeeper") and argv[1] == "run"
    args = build_parser().parse_args(argv[1:])
    state = "/var/lib/" + _one(service, "StateDirectory")
    assert args.records.startswith(state + "/")
    assert args.out.startswith(state + "/")  # ProtectSystem=strict: nothing else is writable
    env = dict(v.split("=", 1) for v in service["Environment"])
    assert env["DICEKEEPER_PROFILE"].startswith(state + "/")
    assert args.profile is None  # a missing profile on first boot must not stop the service


def _verify(unit_text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    exe = tmp_path / "dicekeeper"
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    argv = shlex.split(_one(parse_unit(unit_text)["Service"], "ExecStart"))
    text = unit_text.replace(f"ExecStart={argv[0]} ", f"ExecStart={exe} ")
    path = tmp_path / "dicekeeper.service"
    path.write_text(text)
    return subprocess.run(["systemd-analyze", "verify", str(path)], check=False,
                          capture_output=True,
                          text=True, timeout=60, env={**os.environ, "SYSTEMD_LOG_COLOR": "0"})


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze not installed (Debian: apt install systemd)")
def test_systemd_analyze_verify_prints_nothing(tmp_path):
    result = _verify(UNIT.read_text(), tmp_path)
    assert result.returncode == 0 and result.stdout + result.stderr == ""


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze not installed (Debian: apt install systemd)")
def test_the_verify_check_catches_a_misspelt_key(tmp_path):
    broken = UNIT.read_text().replace("WatchdogSec=", "WatchDogSec=")
    result = _verify(broken, tmp_path)
    assert "WatchDogSec" in result.stdout + result.stderr


def test_install_script_dry_run(tmp_path):
    assert subprocess.run(["bash", "-n", str(INSTALL)], check=False).returncode == 0
    result = subprocess.run(["bash", str(INSTALL)], check=False, capture_output=True, text=True,
                            timeout=30,
                            env={**os.environ, "DRY_RUN": "1"})
    assert result.returncode == 0, result.stderr
    steps = [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]
    assert "python3 -m venv --system-site-packages /opt/dicekeeper/venv" in steps
    assert f"/opt/dicekeeper/venv/bin/pip install {ROOT}[pi]" in steps
    assert (f"install -m 0644 {UNIT} /etc/systemd/system/dicekeeper.service") in steps
    assert steps[-1] == "systemctl enable dicekeeper.service"
    assert any("python3-picamera2" in s for s in steps)
    assert "/opt/dicekeeper/venv/bin/dicekeeper" in UNIT.read_text()  # where install.sh puts it
