"""device.display: the real SSD1306/SH1106 drivers on a recording serial stand-in, and the
dummy, emulator and text stand-ins, all through open_display and luma's device.display()."""

from __future__ import annotations

import errno
import io
import logging
import os

import pytest
from PIL import Image, ImageDraw

from device.display import (
    BANNER_PX,
    Annunciator,
    HeadlessDisplay,
    image_to_blocks,
    open_display,
    open_display_or_headless,
)
from device.errors import DisplayError, DisplayNotFoundError, UnknownBackendError

from .fakes import FakeOledBus


class RecordingSerial:
    """Stands in for luma's i2c interface: records every command and data byte."""

    def __init__(self, fail: bool = False) -> None:
        self.commands: list[int] = []
        self.data_bytes: list[list[int]] = []
        self.fail = fail
        self.cleaned = False

    def command(self, *cmd: int) -> None:
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.commands.extend(cmd)

    def data(self, data) -> None:
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.data_bytes.append(list(data))

    def cleanup(self) -> None:
        self.cleaned = True


def _screen(points=((0, 0), (127, 63), (5, 9))) -> Image.Image:
    img = Image.new("1", (128, 64), 0)
    for p in points:
        img.putpixel(p, 1)
    return img


def test_ssd1306_driver_sends_the_pixels_as_pages():
    serial = RecordingSerial()
    display = open_display("ssd1306", serial_interface=serial)
    assert 0xAF in serial.commands  # init ends with DISPLAYON
    serial.data_bytes.clear()
    display.show(_screen())
    buf = serial.data_bytes[-1]
    assert len(buf) == 128 * 8
    # byte (page * 128 + x), bit y % 8
    assert buf[0] == 0x01 and buf[7 * 128 + 127] == 0x80 and buf[1 * 128 + 5] == 0x02
    assert sum(b.bit_count() for b in buf) == 3
    assert display.size == (128, 64) and display.device.persist


def test_sh1106_driver_pages_with_column_offset():
    serial = RecordingSerial()
    display = open_display("sh1106", serial_interface=serial)
    serial.data_bytes.clear()
    serial.commands.clear()
    display.show(_screen([(3, 0)]))
    assert len(serial.data_bytes) == 8  # one write per page
    assert serial.data_bytes[0][3] == 0x01
    assert serial.commands[:3] == [0xB0, 0x02, 0x10]


def test_close_keeps_the_last_image_on_the_panel():
    serial = RecordingSerial()
    display = open_display("ssd1306", serial_interface=serial)
    display.show(_screen())
    serial.commands.clear()
    serial.data_bytes.clear()
    display.close()
    assert serial.cleaned
    assert 0xAE not in serial.commands and serial.data_bytes == []  # no DISPLAYOFF, no clear


def test_identical_frames_are_not_resent():
    serial = RecordingSerial()
    display = open_display("ssd1306", serial_interface=serial)
    display.show(_screen())
    sent = len(serial.data_bytes)
    display.show(_screen())
    assert len(serial.data_bytes) == sent
    display.show(_screen([(1, 1)]))
    assert len(serial.data_bytes) == sent + 1


def test_i2c_error_while_showing_is_logged_not_raised(caplog):
    serial = RecordingSerial()
    display = open_display("ssd1306", serial_interface=serial)
    serial.fail = True
    display.show(_screen())
    assert "check its wiring" in display.last_error
    assert "OLED not answering" in caplog.text
    serial.fail = False
    display.show(_screen())  # same image again: must be resent after the failure
    assert display.last_error is None and display.frames_shown == 1


class FakeSMBus:
    """Stands in for smbus2.SMBus under luma's real i2c interface; can fail like a loose wire."""

    def __init__(self) -> None:
        self.writes: list[tuple[int, int, list[int]]] = []
        self.fail = False

    def write_i2c_block_data(self, address: int, mode: int, data: list[int]) -> None:
        if self.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.writes.append((address, mode, list(data)))

    def close(self) -> None:
        pass


def test_ssd1306_over_luma_i2c_writes_commands_and_32_byte_data_blocks():
    bus = FakeSMBus()
    display = open_display("ssd1306", i2c_bus=bus, address=0x3D)
    bus.writes.clear()
    display.show(_screen())
    data = [w for w in bus.writes if w[1] == 0x40]
    assert {w[0] for w in bus.writes} == {0x3D}
    assert len(data) == 1024 // 32 and all(len(w[2]) == 32 for w in data)
    frame = [b for w in data for b in w[2]]
    assert frame[0] == 0x01 and frame[7 * 128 + 127] == 0x80


def test_wire_pulled_while_showing_through_luma_i2c_is_survived(caplog):
    bus = FakeSMBus()
    display = open_display("ssd1306", i2c_bus=bus)
    bus.fail = True  # luma turns EREMOTEIO into its own DeviceNotFoundError
    display.show(_screen())
    assert display.last_error and "OLED not answering" in caplog.text
    bus.fail = False
    display.show(_screen())
    assert display.last_error is None and display.frames_shown == 1


def test_nothing_at_the_address_through_luma_i2c():
    bus = FakeSMBus()
    bus.fail = True
    with pytest.raises(DisplayNotFoundError, match="no sh1106 OLED answers .* 0x3c"):
        open_display("sh1106", i2c_bus=bus)


def test_missing_panel_at_open_names_the_fix():
    with pytest.raises(DisplayNotFoundError) as err:
        open_display("ssd1306", serial_interface=RecordingSerial(fail=True))
    assert "i2cdetect -y 1" in str(err.value) and "0x3c" in str(err.value)


def test_missing_i2c_bus_names_raspi_config():
    with pytest.raises(DisplayError) as err:
        open_display("ssd1306", port=97)  # /dev/i2c-97 does not exist here
    assert "raspi-config" in str(err.value) and "/dev/i2c-97" in str(err.value)


def test_dummy_keeps_the_last_image_and_thresholds_grey():
    display = open_display("dummy")
    grey = Image.new("L", (128, 64), 0)
    grey.putpixel((10, 10), 200)
    grey.putpixel((11, 10), 100)  # below half: off, not dithered
    display.show(grey)
    last = display.last_image
    assert last.mode == "1" and last.getpixel((10, 10)) and not last.getpixel((11, 10))
    assert display.device.image.tobytes() == last.tobytes()


def test_wrong_size_is_a_value_error():
    with pytest.raises(ValueError, match="128x64"):
        open_display("dummy").show(Image.new("1", (64, 32)))


def test_emulator_writes_distinct_frames_and_a_gif(tmp_path):
    times = iter([0.0, 1.5, 2.0])
    display = open_display("emulator", out_dir=tmp_path, clock=lambda: next(times))
    a, b = _screen([(0, 0)]), _screen([(1, 1)])
    for img in (a, a, b, a):
        display.show(img)
    display.close()
    pngs = sorted(p.name for p in tmp_path.glob("oled-*.png"))
    assert pngs == ["oled-0001.png", "oled-0002.png", "oled-0003.png"]
    png = Image.open(tmp_path / "oled-0002.png")
    assert png.size == (512, 256) and png.getpixel((5, 5)) == 255 and png.getpixel((2, 2)) == 0
    gif = Image.open(tmp_path / "oled.gif")
    assert gif.n_frames == 3
    durations = []
    for i in range(gif.n_frames):
        gif.seek(i)
        durations.append(gif.info["duration"])
    assert durations == [1500, 500, 3000]


def test_emulator_without_frames_writes_no_gif(tmp_path):
    open_display("emulator", out_dir=tmp_path).close()
    assert not (tmp_path / "oled.gif").exists()


def test_text_display_draws_half_blocks_to_a_piped_stream():
    stream = io.StringIO()
    display = open_display("text", text_stream=stream)
    img = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(img).rectangle((0, 0, 1, 2), fill=1)  # x 0-1, y 0-2
    display.show(img)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 32 + 2
    assert lines[1].startswith("|\u2588\u2588 ") and lines[2].startswith("|\u2580\u2580 ")
    assert all(len(line) == 130 for line in lines)


def test_text_display_falls_back_to_ascii_on_ascii_streams():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    display = open_display("text", text_stream=stream)
    display.show(_screen([(0, 1)]))
    assert raw.getvalue().decode("ascii").splitlines()[1].startswith("|,")


def test_image_to_blocks_maps_each_pixel_pair():
    img = Image.new("1", (4, 2), 0)
    for p in [(0, 0), (0, 1), (1, 0), (2, 1)]:
        img.putpixel(p, 1)
    assert image_to_blocks(img) == ["\u2588\u2580\u2584 "]


def test_auto_without_i2c_emulates_off_the_pi(tmp_path, monkeypatch):
    monkeypatch.setattr("device.display.i2c_bus_present", lambda: False)
    monkeypatch.setenv("DICEKEEPER_PI", "0")
    assert open_display("auto", out_dir=tmp_path).kind == "emulator"


def test_auto_on_pi_under_systemd_without_i2c_fails_with_the_fix(monkeypatch):
    monkeypatch.setattr("device.display.i2c_bus_present", lambda: False)
    monkeypatch.setenv("DICEKEEPER_PI", "1")
    monkeypatch.setenv("INVOCATION_ID", "x")
    with pytest.raises(DisplayNotFoundError, match="raspi-config"):
        open_display("auto")


def test_auto_with_i2c_drives_the_panel_named_in_the_environment(monkeypatch):
    opened = []
    monkeypatch.setattr("device.display.i2c_bus_present", lambda: True)
    monkeypatch.setattr("device.display.open_oled", lambda kind: opened.append(kind) or kind)
    monkeypatch.setenv("DICEKEEPER_OLED", "SH1106")
    open_display("auto")
    monkeypatch.delenv("DICEKEEPER_OLED")
    open_display("auto")
    assert opened == ["sh1106", "ssd1306"]
    monkeypatch.setenv("DICEKEEPER_OLED", "st7735")
    with pytest.raises(UnknownBackendError, match="ssd1306 or sh1106"):
        open_display("auto")


def test_unknown_kind_lists_the_choices():
    with pytest.raises(UnknownBackendError, match="ssd1306, sh1106"):
        open_display("hdmi")


@pytest.mark.pi
@pytest.mark.skipif(not os.path.exists("/dev/i2c-1"), reason="needs the OLED on I2C bus 1")
def test_real_oled_accepts_a_frame():
    display = open_display(os.environ.get("DICEKEEPER_OLED", "ssd1306"))
    img = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(img).rectangle((0, 0, 127, 63), outline=1)
    ImageDraw.Draw(img).text((8, 26), "dicekeeper test", fill=1)
    display.show(img)
    display.close()
    assert display.last_error is None and display.frames_shown == 1


# ---------------------------------------------------------------- faults, on an SSD1306 model

def _gram(image: Image.Image) -> bytes:
    """The SSD1306's display memory for ``image``: byte page * 128 + x, bit y % 8."""
    buf = bytearray(128 * 8)
    for y in range(64):
        for x in range(128):
            if image.getpixel((x, y)):
                buf[(y // 8) * 128 + x] |= 1 << (y % 8)
    return bytes(buf)


def test_the_model_panel_is_lit_and_shows_what_luma_sends():
    bus = FakeOledBus()
    display = open_display("ssd1306", i2c_bus=bus)
    display.show(_screen())
    assert bus.lit and bus.visible() == _gram(_screen())


def test_after_a_power_blip_the_panel_is_set_up_again_not_left_dark(caplog):
    """The controller resets: it would take frames and stay dark without its set-up."""
    bus = FakeOledBus()
    display = open_display("ssd1306", i2c_bus=bus)
    display.show(_screen())
    bus.present = False          # the wire works loose...
    bus.blip()                   # ...and the panel loses power for a moment
    display.show(_screen([(3, 3)]))
    assert display.fault and "OLED not answering" in caplog.text
    bus.present = True
    after = _screen([(4, 4), (100, 60)])
    display.show(after)
    assert display.fault is None
    assert bus.lit and bus.visible() == _gram(after)


def test_the_same_screen_is_sent_again_after_a_blip():
    bus = FakeOledBus()
    display = open_display("sh1106", i2c_bus=bus)
    display.show(_screen())
    bus.present = False
    bus.blip()
    display.show(_screen([(9, 9)]))
    bus.present = True
    display.show(_screen([(9, 9)]))
    assert bus.display_on and bus.charge_pump


def test_a_panel_missing_at_start_runs_headless_and_is_taken_up_when_it_answers(caplog):
    caplog.set_level(logging.INFO)
    bus = FakeOledBus(present=False)
    now = [0.0]
    display = open_display_or_headless("ssd1306", i2c_bus=bus, retry_s=30,
                                       retry_clock=lambda: now[0])
    assert isinstance(display, HeadlessDisplay)
    assert "running headless" in caplog.text and "i2cdetect -y 1" in caplog.text
    assert "running headless" in display.fault
    display.show(_screen([(1, 1)]))   # the game goes on without a screen
    bus.present = True
    now[0] = 10.0
    display.show(_screen([(2, 2)]))
    assert display.panel is None and bus.writes == 0   # not before the retry time
    now[0] = 31.0
    display.show(_screen([(2, 2)]))
    assert display.panel is not None and display.fault is None
    assert bus.visible() == _gram(_screen([(2, 2)]))
    assert "OLED answers now" in caplog.text
    display.close()


def test_headless_is_for_panels_only():
    with pytest.raises(UnknownBackendError):
        open_display_or_headless("hdmi")
    assert open_display_or_headless("dummy").kind == "dummy"


def test_a_bad_rotation_is_refused_before_luma_asserts():
    with pytest.raises(ValueError, match="0, 1, 2 or 3"):
        open_display("ssd1306", i2c_bus=FakeOledBus(), rotate=4)


def test_the_annunciator_draws_a_fault_band_until_it_clears(caplog):
    faults: list[str] = []
    display = Annunciator(open_display("dummy"), lambda: faults)
    blank = Image.new("1", (128, 64), 0)
    display.show(blank)
    assert display.shown is None and not any(display.display.last_image.getdata())
    faults.append("button C stuck down")
    display.show(blank)
    shown = display.display.last_image
    band = shown.crop((0, 0, 128, BANNER_PX))
    assert display.shown == "button C stuck down" and "stuck down" in caplog.text
    lit = sum(1 for v in band.getdata() if v)
    assert 0.5 * 128 * BANNER_PX < lit < 128 * BANNER_PX  # a lit band with dark letters
    assert not any(shown.crop((0, BANNER_PX, 128, 64)).getdata())  # the screen below kept
    faults.clear()
    display.show(blank)
    assert display.shown is None and not any(display.display.last_image.getdata())
