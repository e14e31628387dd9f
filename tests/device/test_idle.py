"""OLED burn-in: the screen dims and its picture moves after a while without a press or a table
change, goes dark but for one moving dot later (never while a clock runs), and any press or
table change brings it back. Through the App on luma's real ssd1306 driver over a model of the
panel's I2C bus, so the contrast commands and the pixels are what a panel would get."""

from __future__ import annotations

import numpy as np
from PIL import Image

from device.app import App
from device.config import AppConfig
from device.display import HeadlessDisplay, open_display, open_display_or_headless
from device.idle import BurnInGuard, IdleConfig
from device.screens import Greeting, Menu, render

from .fakes import FakeOledBus
from .test_app import F3_PUSH, START, FakeCamera, TextReader, frames

IDLE = IdleConfig(dim_after_s=120, blank_after_s=600, dim_contrast=16, shift_step_s=30)
SSD1306_OWN = 0xCF


class Presses:
    """Buttons whose presses the test queues."""

    def __init__(self) -> None:
        self.queued: list[str] = []

    def poll(self, now=None):
        out, self.queued = self.queued, []
        return out

    def close(self) -> None:
        pass


def _lit(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L")) >= 128


def _moved(image: Image.Image, dx: int, dy: int) -> np.ndarray:
    """``image``'s lit pixels moved ``dx`` right and ``dy`` down, dark where nothing came in
    (computed here independently of the code under test)."""
    src = _lit(image)
    out = np.zeros_like(src)
    h, w = src.shape
    out[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] = \
        src[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
    return out


def _panel(bus: FakeOledBus) -> np.ndarray:
    """What the model panel shows, as lit pixels."""
    gram = bus.visible()
    assert gram is not None, "the panel is dark (not set up)"
    pages = np.frombuffer(gram, np.uint8).reshape(8, 128)
    bits = (pages[:, None, :] >> np.arange(8)[None, :, None]) & 1
    return bits.reshape(64, 128).astype(bool)


def _menu_app(bus: FakeOledBus, mono: list[float], tmp_path) -> App:
    return App(camera=FakeCamera([]), display=open_display("ssd1306", i2c_bus=bus),
               readers=lambda layout: TextReader(), sleep=lambda s: None,
               config=AppConfig(record_file=tmp_path / "r.jsonl"), buttons=Presses(),
               monotonic=lambda: mono[0], idle=IDLE)


def test_the_menu_left_alone_dims_moves_then_goes_dark_and_a_press_wakes_it(tmp_path):
    bus, mono = FakeOledBus(), [0.0]
    app = _menu_app(bus, mono, tmp_path)
    greeting = render(Greeting(app.menu.version))
    app.step()
    assert bus.contrast == SSD1306_OWN and (_panel(bus) == _lit(greeting)).all()
    mono[0] = 119.0
    app.step()
    assert bus.contrast == SSD1306_OWN                  # not yet
    offsets = set()
    for t in range(120, 120 + 9 * 30, 30):              # dimmed: one pixel a step, 9 places
        mono[0] = float(t)
        app.step()
        assert bus.contrast == 16
        shown = _panel(bus)
        found = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 if (shown == _moved(greeting, dx, dy)).all()]
        assert len(found) == 1, "the picture is the greeting moved by at most one pixel"
        offsets.add(found[0])
    assert len(offsets) == 9                            # every place of the 3 x 3 square
    mono[0] = 600.0
    app.step()
    dot = _panel(bus)
    assert dot.sum() == 1 and bus.contrast == 16        # dark but for one dot
    mono[0] = 630.0
    app.step()
    assert _panel(bus).sum() == 1 and not (_panel(bus) == dot).all()  # the dot moves
    app.buttons.queued.append("B")                      # the press only wakes a dark screen
    app.step()
    assert isinstance(app.current_screen(), Greeting)
    assert bus.contrast == SSD1306_OWN and (_panel(bus) == _lit(greeting)).all()
    app.buttons.queued.append("B")
    app.step()
    assert isinstance(app.current_screen(), Menu)


def test_a_press_on_a_dimmed_screen_acts_at_once(tmp_path):
    bus, mono = FakeOledBus(), [0.0]
    app = _menu_app(bus, mono, tmp_path)
    mono[0] = 200.0
    app.step()
    assert bus.contrast == 16
    app.buttons.queued.append("B")                      # the dimmed screen can be read
    app.step()
    assert isinstance(app.current_screen(), Menu) and bus.contrast == SSD1306_OWN
    assert (_panel(bus) == _lit(render(app.current_screen()))).all()


def test_a_running_clock_dims_but_never_goes_dark_and_a_move_wakes_the_screen(tmp_path):
    bus, mono = FakeOledBus(), [0.0]
    script = frames(*[(2 + i, START) for i in range(40)], (50, F3_PUSH), repeat=3)
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2)
    app = App(camera=FakeCamera(script), display=open_display("ssd1306", i2c_bus=bus),
              readers=lambda layout: TextReader(), config=config, sleep=lambda s: None,
              monotonic=lambda: mono[0], idle=IDLE)
    for _ in range(6):
        app.step()
    assert app.session.clock.running
    mono[0] = 10_000.0                                  # long past blank_after
    for _ in range(100):
        app.step()
        if app.now >= 40:
            break
    assert bus.contrast == 16 and _panel(bus).sum() > 100   # dimmed, the clock still drawn
    while app.now < 50.5:
        app.step()                                      # the table changes: a warning
    assert app.current_screen().warning_code == "UN-F3"
    assert bus.contrast == SSD1306_OWN
    assert (_panel(bus) == _lit(render(app.current_screen()))).all()


def test_a_headless_display_is_dimmed_once_the_panel_answers(tmp_path):
    bus, now = FakeOledBus(present=False), [0.0]
    display = open_display_or_headless("ssd1306", i2c_bus=bus, retry_s=10,
                                       retry_clock=lambda: now[0])
    assert isinstance(display, HeadlessDisplay)
    guard = BurnInGuard(display, IDLE, now=0.0)
    image = render(Greeting("v"))
    display.show(guard.frame(image, 130.0))
    bus.present, now[0] = True, 11.0
    display.show(guard.frame(image, 131.0))
    assert bus.contrast == 16 and bus.lit


def test_idle_thresholds_are_checked():
    import pytest

    with pytest.raises(ValueError, match="dim_contrast"):
        IdleConfig(dim_contrast=300)
    with pytest.raises(ValueError, match="never"):
        IdleConfig(dim_after_s=-1)
    never = BurnInGuard(None, IdleConfig(dim_after_s=0, blank_after_s=0), now=0.0)
    assert never.state(1e9) == "awake"


def test_the_dummy_and_emulator_take_the_contrast_as_luma_devices_do(tmp_path):
    sent = []
    display = open_display("emulator", tmp_path)
    real = display.device.contrast
    display.device.contrast = lambda level: (sent.append(level), real(level))
    guard = BurnInGuard(display, IDLE, now=0.0)
    guard.frame(render(Greeting("v")), 130.0)
    guard.wake(131.0)
    assert sent == [16, SSD1306_OWN] and display.contrast_level is None
