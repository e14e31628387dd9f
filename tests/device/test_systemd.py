"""systemd/: the unit passes `systemd-analyze verify` silently, has the keys the device needs,
its ExecStart is a valid `dicekeeper run` command line, and install.sh does what it says."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
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
    assert args.out.startswith(state + "/")  # ProtectSystem=strict: nothing else is writable
    env = dict(v.split("=", 1) for v in service["Environment"])
    assert env["DICEKEEPER_PROFILE"].startswith(state + "/")
    assert env["DICEKEEPER_RECORDS"].startswith(state + "/")
    assert args.profile is None  # a missing profile on first boot must not stop the service


def test_the_configuration_file_decides_the_hardware_not_the_command_line(unit):
    """An option in ExecStart would win over the file the user edits."""
    service = unit["Service"]
    args = build_parser().parse_args(shlex.split(_one(service, "ExecStart"))[1:])
    assert (args.source, args.display, args.buttons, args.records, args.game) == (None,) * 5
    env = dict(v.split("=", 1) for v in service["Environment"])
    assert env["DICEKEEPER_CONFIG"] == "/etc/dicekeeper/dicekeeper.toml"
    assert "config=$etc/dicekeeper.toml" in INSTALL.read_text()  # where install.sh writes it
    assert "DICEKEEPER_OLED" not in env  # the panel type is the file's [display] type


def test_a_bad_configuration_file_is_not_restarted_in_a_loop(unit):
    from device.settings import EX_CONFIG

    assert str(EX_CONFIG) in _one(unit["Service"], "RestartPreventExitStatus").split()


def test_ordering_after_a_service_also_pulls_it_in(unit):
    """After= alone orders only units that start anyway: without Wants= it does nothing."""
    after = " ".join(unit["Unit"].get("After", [])).split()
    wanted = " ".join(unit["Unit"].get("Wants", []) + unit["Unit"].get("Requires", [])).split()
    services = [name for name in after if name.endswith(".service")]
    assert "systemd-udev-settle.service" in services
    assert all(name in wanted for name in services), services


def test_lgpio_gets_a_writable_working_directory(unit):
    service = unit["Service"]
    env = dict(v.split("=", 1) for v in service["Environment"])
    assert env["LG_WD"] == "/run/" + _one(service, "RuntimeDirectory")


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


# ---------------------------------------------------------------- install.sh on a fake root

STUB = """#!/bin/sh
echo "{name} $*" >> "$STUB_LOG"
{body}
"""
VENV_TOOL = """#!/bin/sh
echo "venv-{name} $*" >> "$STUB_LOG"
{body}
"""
STUBS = {
    "apt-get": "",
    "raspi-config": "",
    "usermod": "",
    "chown": "",
    "useradd": 'touch "$STUB_STATE/user"',
    "id": '[ "$1" = -u ] && { echo 0; exit 0; }; [ -e "$STUB_STATE/user" ]',
    # python3 -m venv DIR: a venv whose tools log their calls; its dicekeeper is the real one
    "python3": """[ "$1 $2" = "-m venv" ] || exit 3
for last; do :; done
mkdir -p "$last/bin"
printf '%s' "$VENV_PIP" > "$last/bin/pip"
printf '%s' "$VENV_PYTHON" > "$last/bin/python"
printf '%s' "$VENV_DICEKEEPER" > "$last/bin/dicekeeper"
chmod +x "$last/bin/pip" "$last/bin/python" "$last/bin/dicekeeper"
""",
}


def _install(tmp_path: Path, *, raspi_config: bool = True, import_rc: int = 0,
             root: Path | None = None) -> tuple[subprocess.CompletedProcess[str], Path, list[str]]:
    """Run install.sh into a fake root with stand-ins for the system tools; its log of calls."""
    root = root or tmp_path / "root"
    stubs, state = tmp_path / "stubs", tmp_path / "state"
    for folder in (root / "etc", stubs, state):
        folder.mkdir(parents=True, exist_ok=True)
    (root / "etc" / "os-release").write_text("VERSION_CODENAME=bookworm\n")
    for name, body in STUBS.items():
        if name == "raspi-config" and not raspi_config:
            (stubs / name).unlink(missing_ok=True)
            continue
        (stubs / name).write_text(STUB.format(name=name, body=body))
        (stubs / name).chmod(0o755)
    log = tmp_path / "calls.log"
    log.write_text("")
    real = Path(sys.executable).with_name("dicekeeper")
    env = {**os.environ, "DICEKEEPER_ROOT": str(root), "STUB_LOG": str(log),
           "STUB_STATE": str(state), "PATH": f"{stubs}:{os.environ['PATH']}",
           "VENV_PIP": VENV_TOOL.format(name="pip", body=""),
           "VENV_PYTHON": VENV_TOOL.format(name="python", body=f"exit {import_rc}"),
           "VENV_DICEKEEPER": VENV_TOOL.format(name="dicekeeper", body=f'exec {real} "$@"')}
    env.pop("DRY_RUN", None)
    result = subprocess.run(["bash", str(INSTALL)], check=False, capture_output=True, text=True,
                            timeout=120, env=env)
    return result, root, log.read_text().splitlines()


def test_install_sh_sets_up_a_fresh_pi_in_one_step(tmp_path):
    result, root, calls = _install(tmp_path)
    assert result.returncode == 0, result.stderr
    venv = f"{root}/opt/dicekeeper/venv"
    state = root / "var" / "lib" / "dicekeeper"
    assert calls.index("apt-get update") < next(
        i for i, c in enumerate(calls) if c.startswith("apt-get install"))
    packages = next(c for c in calls if c.startswith("apt-get install")).split()
    assert {"python3-picamera2", "python3-lgpio", "i2c-tools", "python3-venv"} <= set(packages)
    assert "raspi-config nonint do_i2c 0" in calls
    assert ("useradd --system --user-group --home-dir /var/lib/dicekeeper --shell "
            "/usr/sbin/nologin dicekeeper") in calls
    assert "usermod -aG video,gpio,i2c dicekeeper" in calls
    assert f"chown dicekeeper:dicekeeper {state}" in calls
    assert state.is_dir() and (state.stat().st_mode & 0o777) == 0o750
    assert f"python3 -m venv --system-site-packages {venv}" in calls
    assert f"venv-pip install {ROOT}" in calls  # the app alone: no [pi] extra from PyPI
    assert "venv-python -c import picamera2, lgpio, cv2, numpy" in calls
    config = root / "etc" / "dicekeeper" / "dicekeeper.toml"
    assert config.read_text() == (ROOT / "systemd" / "dicekeeper.toml").read_text()
    assert f"venv-dicekeeper config check --config {config}" in calls
    assert f"ok: {config}" in result.stdout  # the real `dicekeeper config check` ran on it
    installed = root / "etc" / "systemd" / "system" / "dicekeeper.service"
    assert installed.read_text() == UNIT.read_text()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "dicekeeper.service"
    assert wants.is_symlink()  # `systemctl --root enable` read the unit's [Install]
    assert (root / "opt" / "dicekeeper" / "docs" / "wiring.md").is_file()


def test_install_sh_lets_the_service_user_power_off_and_no_one_else(tmp_path):
    """The shutdown confirmed on the buttons runs `systemctl poweroff` as the service user:
    logind asks polkit, which must allow that user (and only it) to power off."""
    result, root, _ = _install(tmp_path)
    assert result.returncode == 0, result.stderr
    rule = root / "etc" / "polkit-1" / "rules.d" / "50-dicekeeper-poweroff.rules"
    text = rule.read_text()
    assert text == (ROOT / "systemd" / "dicekeeper-poweroff.rules").read_text()
    assert 'subject.user == "dicekeeper"' in text
    actions = set(re.findall(r'action\.id == "([\w.-]+)"', text))
    assert actions == {"org.freedesktop.login1.power-off",
                       "org.freedesktop.login1.power-off-multiple-sessions"}
    assert (rule.stat().st_mode & 0o777) == 0o644


def test_install_sh_again_keeps_the_user_and_the_edited_configuration(tmp_path):
    _install(tmp_path)
    config = tmp_path / "root" / "etc" / "dicekeeper" / "dicekeeper.toml"
    config.write_text("[display]\ntype = \"sh1106\"\n")
    result, _, calls = _install(tmp_path)
    assert result.returncode == 0, result.stderr
    assert not any(c.startswith("useradd") for c in calls)
    assert config.read_text() == "[display]\ntype = \"sh1106\"\n"
    assert "keeping /etc/dicekeeper/dicekeeper.toml" in result.stdout


def test_install_sh_names_a_bad_kept_configuration(tmp_path):
    _install(tmp_path)
    config = tmp_path / "root" / "etc" / "dicekeeper" / "dicekeeper.toml"
    config.write_text("[display]\nrotate = 5\n")
    result, _, _ = _install(tmp_path)
    assert "[display] rotate = 5: must be one of 0, 1, 2, 3" in result.stdout
    assert "fix /etc/dicekeeper/dicekeeper.toml" in result.stderr


def test_install_sh_without_raspi_config_enables_i2c_in_config_txt(tmp_path):
    boot = tmp_path / "root" / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("dtparam=audio=on\n")
    result, root, calls = _install(tmp_path, raspi_config=False)
    assert result.returncode == 0, result.stderr
    assert not any(c.startswith("raspi-config") for c in calls)
    assert boot.read_text() == "dtparam=audio=on\ndtparam=i2c_arm=on\n"
    modules = root / "etc" / "modules-load.d" / "dicekeeper-i2c.conf"
    assert modules.read_text() == "i2c-dev\n"
    _install(tmp_path, raspi_config=False)
    assert boot.read_text().count("i2c_arm") == 1  # not added twice


def test_install_sh_stops_when_the_venv_cannot_import_the_camera_stack(tmp_path):
    result, root, _ = _install(tmp_path, import_rc=1)
    assert result.returncode == 1
    assert "picamera2, lgpio, cv2 and numpy" in result.stderr
    assert "uninstall -y numpy" in result.stderr
    assert not (root / "etc" / "systemd" / "system" / "dicekeeper.service").exists()


def test_the_pi_extra_takes_nothing_from_pypi_that_apt_must_provide():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert not any(name.startswith(("picamera2", "lgpio", "python-prctl"))
                   for name in extras.get("pi", []))


def test_install_script_dry_run():
    assert subprocess.run(["bash", "-n", str(INSTALL)], check=False).returncode == 0
    result = subprocess.run(["bash", str(INSTALL)], check=False, capture_output=True, text=True,
                            timeout=30, env={**os.environ, "DRY_RUN": "1"})
    assert result.returncode == 0, result.stderr
    steps = [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]
    assert steps[0] == "apt-get update"
    assert steps[-1] == "systemctl enable dicekeeper.service"
