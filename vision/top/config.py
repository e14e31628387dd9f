"""Every threshold of the shared top-face reader (``vision.top``), in one frozen config, and
skin's colour for the two hand checks.

``READER`` is the configuration the readers use; a field is read as ``READER.field``;
``CUBE_COLOUR`` is that of the cube-face colour classifier (``vision.top.cube_colour``),
``TWO_COLOUR`` the two-pip-colour mode's (``vision.top.two_colour``). Each field's comment
says what it means; the evidence behind a value (which photos, which sweep) is in the commit
that set it. The finders' own thresholds are in ``vision.board.config`` and
``vision.photo.config``; both take the confidence a face is called at from here
(``min_confidence``).

May import ``vision.top.types`` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from vision.top.types import CROP


@dataclass(frozen=True)
class ReaderConfig:
    """The thresholds of the top-face reader, by the step that uses them."""

    # a face is called only at this confidence, the referee's threshold
    min_confidence: float = 0.6
    # a face squeezed more than this in the image is seen at a slant; two or three pips on a
    # diagonal give only its angle, a noisier measure; sixes are often laid out narrower than
    # they are long
    cocked_squash: Mapping[int, float] = field(default_factory=lambda: MappingProxyType(
        {1: 0.0, 2: 0.6, 3: 0.6, 4: 0.78, 5: 0.78, 6: 0.66}))  # by face

    # pips and layouts (``vision.top.pips``)
    peak_fraction: float = 0.4  # a pip answers at least this fraction of the strongest pip
    # pip diameter / die edge: smaller spots are grain, not pips
    pip_size: tuple[float, float] = (0.08, 1.0)
    smeared: float = 1.8  # median pip elongation of a die smeared by motion
    ring_radius: float = 0.14  # fraction of the die edge: ground around a pip, beyond its rim
    # Lab distance from the body colour of the ground around a peak beyond the pips: the top face
    # (a cut-off pip's ground) up to the first, surely not (a side face, the table) from the second;
    # belief falls evenly between, so a ground near the limit does not flip a reading on noise
    surface_tolerance: tuple[float, float] = (10.0, 18.0)
    even_from: float = 0.5  # weakest / strongest pip: no belief at FROM, full at +SPAN
    even_span: float = 0.2  # weakest / strongest pip: no belief at FROM, full at +SPAN
    rival_to: float = 0.7  # rival / weakest pip: full belief at TO-SPAN, none at TO
    rival_span: float = 0.4  # rival / weakest pip: full belief at TO-SPAN, none at TO
    full_fit: float = 0.25  # lattice steps: a layout fitted this well has full belief
    strong_rival: float = 0.6  # a peak beyond the pips this strong (vs the weakest pip) may be one
    outshone: float = 1.0  # a peak beyond a lone pip stronger than it is a rival on any ground
    lone_clear: float = 0.2  # of the die edge: the top this near a one's (large) pip is the pip's
    plain_share: float = 0.9  # of the top around a one's pip that must be body for it to be plain
    both_shades: float = 0.3  # belief of another shade's face that makes a reading ambiguous
    edge_coherence: float = 0.1  # share of colour changes that agree on the die edges' direction
    # degrees between a layout's rows and the die's edges that still agree
    edge_agreement: float = 12.0
    edge_reach: int = 2  # px beyond the top's square where its edges still count
    rival_fraction: float = 0.15  # weaker peaks than this fraction are noise, not rivals
    min_pip_gap: float = 0.15 * CROP  # px between two pip centres
    min_contrast: float = 18.0  # Lab distance below which a blob is not a pip
    # a reading less sure (the lowest confidence any caller calls) is read again split by the pips'
    # colour
    resplit_below: float = 0.5
    # cosine with lightness from which the pips' colour axis is a mere shade (black pips on white):
    # split along it, it splits as lightness
    lightness_axis: float = 0.97
    # Lab chroma (a, b) from which a body has a hue of its own, so pips may differ from it in hue
    # alone (gold or green pips on red)
    hue_body: float = 20.0
    # a pip read by hue differs from the body at most this many times more in lightness than in hue
    # (``read_hue``)
    hue_share: float = 1.5
    border: float = 0.07  # fraction of the crop ignored at each edge (rounded, shaded edges)
    pip_radius: float = 0.46  # pip centres lie within this fraction of the edge from the centre
    # of the die edge: the body's colour is taken this far from a pip's centre
    body_clear: float = 0.13
    min_body: int = 50  # pixels: fewer left between the pips say nothing sure of the body
    nominal_step: float = 0.54  # pip offset / half edge on common dice
    # pip offset / half the crop: the spread of the pips of one die top
    scale_range: tuple[float, float] = (0.25, 0.8)

    # glare (``vision.top.glare``)
    # axis ratio of a peak's half-contrast region from which it is a streak
    glare_elongation: float = 2.5
    glare_length: float = 0.4  # of the die edge: a streak this long is no pip (pips are about 0.2)
    # Lab distance from the body: a highlight is far lighter, a faint streak is a shade or a seam
    glare_contrast: float = 40.0
    # of the die edge: a highlight's mean width (area over length) is at most a pip's; a wider light
    # region is a surface (a label, the table)
    glare_width: float = 0.2
    glare_hiding_reach: int = 2  # px around a glare region where a pip under it may still lie
    # px: glare hides a lone pip's neighbours only where a disc this wide in radius fits in it
    # (``hidden_faces``)
    glare_pip_core: int = 2
    # of the die edge: glare this deep (from its outline) may hold a pip
    glare_pip_depth: float = 0.06
    glare_widened: float = 1.5  # times a streak's depth along most of it: a pip under it widens it
    glare_pip_clear: float = 0.1  # of the die edge: a lone pip's own disc, where no other pip lies
    # the glare-streak veto (``vision.top.streak``)
    veto_level: float = 40.0  # Lab distance lighter than the body: a streak's region
    veto_length: float = 0.35  # of the die edge: a streak's region this long, less the pips' discs
    veto_area: float = 0.4  # edges (px per px of the edge): the least area of a streak's parts
    veto_pip_clear: float = 0.15  # of the die edge: a pip's disc, taken out of a streak's region
    veto_elongation: float = 3.0  # axis ratio of that region from which it is a streak
    # the square of a layout's corner pips grown this many times: where the pips lie
    veto_zone: float = 1.2
    # of the faintest light pip's contrast: a streak this light may hide a light pip under it
    veto_hiding_light: float = 0.85
    # of the pips off a streak's contrast and depth: a pip under it is as light and as large
    veto_pip_share: float = 0.9
    veto_widened: float = 1.2  # times a streak's depth along most of it: a pip under it widens it

    # pip shape (``vision.top.pip_shape``)
    pip_window: int = 6  # px around a pip for its shape
    streak: float = 2.5  # a "pip" this elongated is glare or a scratch, not a pip

    # motion blur (``vision.top.blur``)
    # above this the die is read as smeared by motion; a die showing one side face (a slanted
    # view) or a strong shadow reaches 0.3-0.4 while sharp, and a smear of half the die's edge
    # 0.4-0.7 (measured on the synthetic blur of tests/vision/test_dice.py and the real sets)
    blur_anisotropy: float = 0.4

    # the die's square and its edges (``vision.top.square``)
    top_grow: float = 1.3  # the candidate is examined within this multiple of its size
    top_side: int = 64  # px of the examined square
    # Lab distance from the top colour at which a row is off the top face
    top_edge_distance: float = 16.0
    # a die's edge direction is taken from a square this many times its size
    edge_window: float = 1.5
    # its pips (about a fifth of its size) are erased first by a disc this wide
    pip_eraser: float = 0.3
    # The edges' direction is trusted when clear and not mostly one way. On the flat 2s and 3s of
    # the three real sets (994 readings in a square that fits them, squash >= 0.8), 77% of the
    # directions are trusted, and 99.5% of those put the pips' diagonal within 14 degrees of the
    # square's (squash >= 0.6); of those with clarity under 0.2, 70%. (Voting in lightness alone,
    # 69% were trusted, 99.3% of them within 14 degrees.)
    edge_clarity: float = 0.2
    one_way: float = 0.75


@dataclass(frozen=True)
class SkinConfig:
    """Skin's colour (``vision.top.skin``), for the board's hand check and the photo finder's
    held-die check."""

    min_saturation: int = 45  # HSV saturation skin has at least (more if the paper has more)
    # YCrCb: skin's Cr and Cb, any brightness
    low_ycrcb: tuple[int, int, int] = (0, 135, 80)
    high_ycrcb: tuple[int, int, int] = (255, 178, 130)


@dataclass(frozen=True)
class ColourConfig:
    """The body colours named beyond white and red (``vision.top.colour``), only where a
    board's palette holds them (2 1 6 for three or four players): OpenCV HSV of the body's
    median colour (hue 0..180, saturation and value 0..255)."""

    black_max_value: int = 95  # a black die's body is at most this bright ...
    black_max_saturation: int = 120  # ... and no more saturated (translucent red is)
    blue_hue: tuple[int, int] = (95, 135)
    green_hue: tuple[int, int] = (35, 90)
    yellow_hue: tuple[int, int] = (15, 34)  # PlayMe's sixth colour; below green's hues
    min_saturation: int = 70  # blue and green bodies are at least this saturated ...
    min_value: int = 45  # ... and this bright


@dataclass(frozen=True)
class CubeColourConfig:
    """Naming a cube face's colour black, red or white (``vision.top.cube_colour``), on pixels
    divided by the white paper's colour under the same light (paper = 1 in each channel)."""

    # the references when calibration measured none: the board file's black, red and white
    # (K 30,30,30, R 200,35,45, W 240,240,235 on 250 paper) as fractions of the paper, BGR
    black_ref: tuple[float, float, float] = (0.12, 0.12, 0.12)
    red_ref: tuple[float, float, float] = (0.18, 0.14, 0.8)
    white_ref: tuple[float, float, float] = (0.94, 0.96, 0.96)
    # a pixel's chroma / its brightness (below, chroma of the darkest pixels is noise)
    brightness_floor: float = 0.05
    red_min_chroma: float = 0.15  # a red pixel's chroma along the red reference's hue, at least
    # ... at least this where the pixel is darker than the black-white split (the tint warm light,
    # a clipped paper channel or sensor noise give a black face is not red; a red face in
    # shade keeps its full chroma)
    red_min_chroma_dark: float = 0.5
    # degrees a red pixel's hue may turn from the red reference towards magenta (cooler reds,
    # no other cube colour that way) and towards orange (skin, wood, warm light on white)
    red_hue_tolerance: tuple[float, float] = (25.0, 15.0)
    neutral_max_chroma: float = 0.35  # a white or black pixel's relative chroma, at most
    # a neutral pixel is white above, black below, the geometric mean of the references'
    # brightness; a pixel this factor either side of it is neither (shade of white or glare
    # on black)
    neutral_gap: float = 1.15
    red_share: float = 0.4  # of the face's pixels red: the face is red (glare, symbol the rest)
    # of the face's pixels white (black): the face is white (black), if red pixels (a warm tint,
    # a neighbour in the box) are at most ``other_red_ratio`` of them and the other shade has
    # less than half as many
    neutral_share: float = 0.5
    other_red_ratio: float = 0.2
    full_share: float = 0.85  # a share this large calls the colour with full confidence
    min_confidence: float = 0.6  # a colour is named at this confidence (the referee's threshold)
    # the paper's colour in a photo without a board: the brightest tenth of the pixels whose
    # saturation is below this
    paper_saturation: float = 0.3
    paper_top: float = 90.0  # percentile of brightness above which the paper is sampled


@dataclass(frozen=True)
class TwoColourConfig:
    """The two-pip-colour mode (``vision.top.two_colour``): a face whose pips are white and
    black on one light body (Bossa's dot tiles and start dice), both kinds counted at once."""

    # Lab distance from the body a pip's centre has at least, white pips then black pips: white
    # pips on the light body are the fainter (30-70 on rendered 640x480 frames, dim to bright),
    # black pips 60-120; JPEG's halos beside black pips stay under 20, and the shaded gap to a
    # touching tile's edge under 35
    min_pip_contrast: tuple[float, float] = (24.0, 42.0)
    # a peak off the pips this strong (Lab distance) at a place the layout leaves free may be
    # a missed pip: belief falls to none at the second
    rival_contrast: tuple[float, float] = (16.0, 26.0)
    even: float = 0.45  # weakest / strongest pip of one colour, at least
    full_fit: float = 0.25  # lattice steps: a layout fitted this well has full belief
    fit_span: float = 0.35  # lattice steps beyond ``full_fit`` where belief falls to none
    # pip offset / half the face: a tile is a die face framed at its known size, its pips
    # 0.54 apart (``READER.nominal_step``); two pips of a three read as a two lie half as far
    step_range: tuple[float, float] = (0.42, 0.68)
    # of the face's edge from its centre: a pip of a face framed a few pixels off lies within
    # this (a corner pip is 0.27 + 0.09 out), the paper at its border beyond it
    face_reach: float = 0.42


READER = ReaderConfig()
SKIN = SkinConfig()
CUBE_COLOUR = CubeColourConfig()
COLOURS = ColourConfig()
TWO_COLOUR = TwoColourConfig()
