"""The cube-face colour classifier (vision.top.cube_colour): faces with their symbols, glare,
light of other colours, references and abstentions."""

import numpy as np
import pytest

from vision.top.cube_colour import (
    BLACK,
    DEFAULT_REFERENCES,
    OTHER,
    RED,
    WHITE,
    classify_face,
    classify_pixels,
    paper_colour,
    references_from,
)

PAPER = (235.0, 238.0, 240.0)
BODY = {"black": (30, 30, 31), "red": (44, 36, 190), "white": (222, 226, 228)}
INK = {"black": (220, 220, 220), "red": (35, 34, 34), "white": (38, 38, 38)}


def face(colour: str, symbol_share: float = 0.16, glare_share: float = 0.0, n: int = 400,
         light: tuple[float, float, float] = (1.0, 1.0, 1.0), seed: int = 0) -> np.ndarray:
    """Pixels of a face: body, its printed symbol, glare, noise; lit by ``light`` (BGR gains)."""
    rng = np.random.default_rng(seed)
    k_symbol, k_glare = round(n * symbol_share), round(n * glare_share)
    pixels = np.array([BODY[colour]] * (n - k_symbol - k_glare) + [INK[colour]] * k_symbol
                      + [(250, 250, 250)] * k_glare, np.float64)
    pixels = pixels * np.array(light) + rng.normal(0, 3, pixels.shape)
    return np.clip(pixels, 0, 255)


def lit(paper: tuple[float, float, float], light: tuple[float, float, float]):
    return tuple(min(p * g, 255.0) for p, g in zip(paper, light))


@pytest.mark.parametrize("colour", ["black", "red", "white"])
def test_each_colour_is_named_beside_its_symbol(colour):
    reading = classify_face(face(colour), PAPER)
    assert reading.colour == colour and reading.confidence >= 0.6


@pytest.mark.parametrize("light", [(0.6, 1.0, 1.3), (1.14, 1.0, 0.86), (0.45, 0.5, 0.55)])
@pytest.mark.parametrize("colour", ["black", "red", "white"])
def test_the_paper_under_the_same_light_cancels_its_colour_and_level(colour, light):
    """Warm (2700 K), cool (6500 K) and dim light or a shadow over face and paper alike."""
    reading = classify_face(face(colour, light=light), lit(PAPER, light))
    assert reading.colour == colour


def test_without_the_paper_of_its_light_a_white_under_warm_light_is_not_called_white():
    warm = (0.6, 1.0, 1.3)
    assert classify_face(face("white", light=warm), PAPER).colour != "white"


def test_the_printed_symbol_never_names_the_colour():
    assert classify_face(face("black", symbol_share=0.3), PAPER).colour == "black"
    assert classify_face(face("white", symbol_share=0.2), PAPER).colour == "white"
    assert classify_face(face("red", symbol_share=0.35), PAPER).colour == "red"


def test_glare_on_a_red_face_keeps_it_red_and_never_makes_it_white():
    assert classify_face(face("red", glare_share=0.4), PAPER).colour == "red"
    reading = classify_face(face("red", symbol_share=0.0, glare_share=0.7), PAPER)
    assert reading.colour in ("red", "")


@pytest.mark.parametrize("bgr", [(30, 200, 235), (20, 110, 240), (200, 90, 30), (60, 160, 40),
                                 (80, 81, 82)])
def test_a_colour_that_is_no_cube_colour_abstains(bgr):
    """Yellow, orange, blue, green and a mid grey (shade of white or glare on black)."""
    pixels = np.array([bgr] * 300, np.float64)
    reading = classify_face(pixels, PAPER)
    assert reading.colour == "" and reading.confidence == 0.0


def test_a_face_of_two_shades_abstains():
    pixels = np.vstack([face("white", n=200, symbol_share=0), face("black", n=200,
                                                                   symbol_share=0)])
    assert classify_face(pixels, PAPER).colour == ""


def test_confidence_grows_with_the_share_of_the_colour():
    clean = classify_face(face("red", symbol_share=0.0), PAPER)
    mixed = classify_face(face("red", symbol_share=0.45), PAPER)
    assert clean.confidence == 1.0 and 0.6 <= mixed.confidence < clean.confidence


def test_pixel_classes():
    pixels = np.array([BODY["black"], BODY["red"], BODY["white"], (30, 200, 235)], np.float64)
    assert classify_pixels(pixels, PAPER).tolist() == [BLACK, RED, WHITE, OTHER]


def test_references_are_relative_to_the_paper_of_their_light():
    refs = references_from({"red": (20.0, 40.0, 120.0), "white": None}, (200.0, 200.0, 200.0))
    assert refs.red == pytest.approx((0.1, 0.2, 0.6))
    assert refs.white == DEFAULT_REFERENCES.white
    assert references_from({"red": (1.0, 2.0, 3.0)}, None) == DEFAULT_REFERENCES
    # a calibrated purplish red moves the red hue: a pure red then reads as other
    purple = references_from({"red": (150.0, 20.0, 160.0)}, (200.0, 200.0, 200.0))
    assert classify_face(face("red"), PAPER, purple).colour == ""


def test_the_paper_of_a_photo_is_its_brightest_calm_colour():
    image = np.zeros((40, 40, 3), np.uint8)
    image[:] = (30, 200, 235)          # a bright yellow background is not paper
    image[:20] = (200, 215, 230)       # a warm white cloth
    image[30:, 30:] = (10, 10, 10)
    assert paper_colour(image) == pytest.approx((200.0, 215.0, 230.0))
    assert paper_colour(np.full((5, 5, 3), (0, 0, 255), np.uint8)) is None


def test_an_empty_face_abstains():
    assert classify_face(np.zeros((0, 3)), PAPER).colour == ""
