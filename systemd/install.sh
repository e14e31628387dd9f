#!/usr/bin/env bash
# Install Dicekeeper as a systemd service on Raspberry Pi OS (Bookworm), from this checkout:
#   sudo systemd/install.sh            # then reboot (or: sudo systemctl start dicekeeper)
#   DRY_RUN=1 systemd/install.sh       # print the steps without doing them
# The venv uses --system-site-packages so it sees apt's picamera2/libcamera and lgpio
# (they are not installable from PyPI); the app is installed with its [pi] extra.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
prefix=${DICEKEEPER_PREFIX:-/opt/dicekeeper}
state=/var/lib/dicekeeper
unit=/etc/systemd/system/dicekeeper.service
dry=${DRY_RUN:-}

run() {
    if [ -n "$dry" ]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

if [ -z "$dry" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root: sudo $0" >&2
    exit 1
fi
if [ "$prefix" != /opt/dicekeeper ]; then
    echo "install.sh: note: the unit's ExecStart expects /opt/dicekeeper; edit it to match $prefix" >&2
fi

# 1. System packages: picamera2 and libcamera, the GPIO library, I2C tools.
run apt-get install -y python3-venv python3-picamera2 python3-lgpio i2c-tools
# 2. I2C for the OLED (no-op when already enabled).
if command -v raspi-config >/dev/null 2>&1; then
    run raspi-config nonint do_i2c 0
else
    echo "install.sh: raspi-config not found: enable I2C yourself (dtparam=i2c_arm=on)" >&2
fi
# 3. A system user that may use the camera, GPIO and I2C and nothing else.
if ! id dicekeeper >/dev/null 2>&1; then
    run useradd --system --home-dir "$state" --shell /usr/sbin/nologin dicekeeper
fi
run usermod -aG video,gpio,i2c dicekeeper
run install -d -o dicekeeper -g dicekeeper -m 0750 "$state"
# 4. The venv, seeing apt's packages, with the app and its Pi extra.
run python3 -m venv --system-site-packages "$prefix/venv"
run "$prefix/venv/bin/pip" install --upgrade pip
run "$prefix/venv/bin/pip" install "$repo[pi]"
run mkdir -p "$prefix/docs"
run install -m 0644 "$repo/docs/wiring.md" "$prefix/docs/wiring.md"
# 5. The unit: records and the calibration profile live in $state (StateDirectory).
run install -m 0644 "$repo/systemd/dicekeeper.service" "$unit"
run systemctl daemon-reload
run systemctl enable dicekeeper.service
echo "install.sh: done. Calibrate once the board is under the camera:"
echo "  sudo -u dicekeeper DICEKEEPER_PROFILE=$state/profile.json $prefix/venv/bin/dicekeeper calibrate --source picamera"
echo "then reboot, or: sudo systemctl start dicekeeper; logs: journalctl -u dicekeeper -f"
