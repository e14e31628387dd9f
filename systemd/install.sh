#!/usr/bin/env bash
# Install Dicekeeper as a systemd service on Raspberry Pi OS Bookworm 64-bit (Pi 4 or 5), in one
# step, from this checkout:
#   sudo systemd/install.sh            # then reboot (or: sudo systemctl start dicekeeper)
# What it does, in order:
#   1. apt-get update, then picamera2/libcamera, lgpio and i2c-tools from apt. Without the update
#      an old preinstalled picamera2 stays (before 0.3.17 every capture with a timeout is a
#      TypeError), and picamera2 must match apt's libcamera: it and lgpio never come from PyPI
#      (PyPI's picamera2 also pulls python-prctl, which needs a compiler).
#   2. I2C on (raspi-config, else dtparam=i2c_arm=on in config.txt and i2c-dev at boot).
#   3. the system user dicekeeper, in the groups video (camera), gpio and i2c.
#   4. a venv in /opt/dicekeeper that sees apt's packages (--system-site-packages) with the app;
#      then `import picamera2, lgpio, cv2, numpy` must work in it, or the install stops.
#   5. /etc/dicekeeper/dicekeeper.toml, every key commented (an existing one is kept, and checked).
#   6. the unit, enabled at boot, and a polkit rule that lets the service user power the Pi
#      off (the shutdown confirmed on the buttons runs `systemctl poweroff` as that user).
# DICEKEEPER_ROOT=DIR installs into DIR as if it were / (make test does, with stand-ins for
# apt-get, raspi-config, useradd, python3...); DRY_RUN=1 prints the steps without doing them.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=${DICEKEEPER_ROOT:-}
dry=${DRY_RUN:-}
prefix=/opt/dicekeeper
venv=$prefix/venv
state=/var/lib/dicekeeper
etc=/etc/dicekeeper
config=$etc/dicekeeper.toml
unit=/etc/systemd/system/dicekeeper.service
polkit_rule=/etc/polkit-1/rules.d/50-dicekeeper-poweroff.rules
user=dicekeeper

say() { printf 'install.sh: %s\n' "$*"; }
warn() { printf 'install.sh: %s\n' "$*" >&2; }
run() {
    if [ -n "$dry" ]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

if [ -z "$dry" ] && [ "$(id -u)" -ne 0 ]; then
    warn "run as root: sudo $0"
    exit 1
fi
if ! grep -qs 'VERSION_CODENAME=bookworm' "$root/etc/os-release"; then
    warn "note: made for Raspberry Pi OS Bookworm; carrying on"
fi

# 1. System packages, from a fresh package list.
run apt-get update
run apt-get install -y python3-venv python3-picamera2 python3-lgpio python3-numpy i2c-tools

# 2. I2C for the OLED.
if command -v raspi-config >/dev/null 2>&1; then
    run raspi-config nonint do_i2c 0
else
    boot=$root/boot/firmware/config.txt  # Bookworm; older releases: /boot/config.txt
    [ -e "$boot" ] || [ ! -e "$root/boot/config.txt" ] || boot=$root/boot/config.txt
    modules=$root/etc/modules-load.d/dicekeeper-i2c.conf
    warn "raspi-config not found: enabling I2C in $boot and $modules"
    if [ -n "$dry" ]; then
        printf '+ dtparam=i2c_arm=on >> %s; i2c-dev > %s\n' "$boot" "$modules"
    else
        mkdir -p "$(dirname "$boot")" "$(dirname "$modules")"
        grep -qs '^dtparam=i2c_arm=on' "$boot" || echo 'dtparam=i2c_arm=on' >>"$boot"
        echo 'i2c-dev' >"$modules"
    fi
fi

# 3. A system user that may use the camera, GPIO and I2C and nothing else.
if ! id "$user" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$state" --shell /usr/sbin/nologin "$user"
fi
run usermod -aG video,gpio,i2c "$user"
run install -d -m 0750 "$root$state"
run chown "$user:$user" "$root$state"

# 4. The venv, seeing apt's picamera2, lgpio and numpy; pip adds the app and OpenCV's wheel.
run python3 -m venv --system-site-packages "$root$venv"
run "$root$venv/bin/pip" install --upgrade pip
run "$root$venv/bin/pip" install "$repo"
if ! run "$root$venv/bin/python" -c 'import picamera2, lgpio, cv2, numpy'; then
    warn "the venv cannot import picamera2, lgpio, cv2 and numpy together (read the error"
    warn "above): a numpy installed in the venv hides apt's (remove it: $venv/bin/pip"
    warn "uninstall -y numpy), or an apt package is missing; fix it and run install.sh again"
    exit 1
fi
run install -D -m 0644 "$repo/docs/wiring.md" "$root$prefix/docs/wiring.md"

# 5. The configuration file: the hardware, the start-up game, the records folder.
if [ -e "$root$config" ]; then
    say "keeping $config; checking it"
else
    run install -D -m 0644 "$repo/systemd/dicekeeper.toml" "$root$config"
fi
if ! run "$root$venv/bin/dicekeeper" config check --config "$root$config"; then
    warn "fix $config (the lines above name each key) before starting the service"
fi

# 6. The unit: records and the calibration profile live in $state (StateDirectory); the
#    polkit rule: logind lets a system user without a login session power off only if allowed.
run install -D -m 0644 "$repo/systemd/dicekeeper.service" "$root$unit"
run install -D -m 0644 "$repo/systemd/dicekeeper-poweroff.rules" "$root$polkit_rule"
if [ -n "$root" ]; then
    run systemctl --root="$root" enable dicekeeper.service
else
    run systemctl daemon-reload
    run systemctl enable dicekeeper.service
fi
say "done. Wire the parts (docs/wiring.md), edit $config if they differ, reboot, then"
say "  sudo -u $user $venv/bin/dicekeeper doctor        # checks every part, one line each"
say "calibrate once the board is under the camera (stop the service first, it holds the camera):"
say "  sudo systemctl stop dicekeeper"
say "  sudo -u $user DICEKEEPER_PROFILE=$state/profile.json $venv/bin/dicekeeper calibrate --game unification"
say "  sudo systemctl start dicekeeper; logs: journalctl -u dicekeeper -f"
