"""The board path's own thresholds, in frozen configs, one per stage.

``DICE`` (the board dice reader: ``vision.board.dice``, ``.confirm``, ``.dice_reader``),
``HAND`` (``vision.board.hand``), ``MARKERS`` (``vision.board.markers`` and ``.warp``),
``OCCUPANCY`` (``vision.board.occupancy``) and ``PIPELINE`` (``vision.board.pipeline``) are the
configurations the board path uses; a field is read as ``DICE.field``. The confidence a face is
called at, and every threshold of the shared top-face reader, are ``vision.top.config.READER``'s.

May import ``vision.top.config`` only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardDiceConfig:
    """Finding dice on the warped board by their pips, confirming them on the pixels, and
    keeping the readings of dice that did not change."""

    # spots and groups (``vision.board.dice``)
    pip_radius: float = 0.085  # pip radius / die edge
    # ring radii around a pip / die edge (beyond the pip, on the top; the lone pip of a one is
    # larger)
    rings: tuple[float, float] = (0.16, 0.22)
    ring_spared: int = 3  # darkest ring samples ignored (a neighbouring pip of a six)
    spot_contrast: float = 0.10  # spot response / local brightness: weaker spots are grain
    dark_centre: float = 0.72  # a pip's centre is at most this fraction of its ring
    bright_ring: float = 0.78  # a pip's ring is at least this fraction of the local brightness
    # ... in saturation, on boards whose palette holds blue or green dice (light pips, like red
    # ones, on bodies whose edge and neighbouring pips blur into the ring on an A3 board)
    saturated_ring: float = 0.6
    cell_slack: float = 0.08  # of a die edge: pips this far beyond a cell still belong to it
    group_link: float = 0.85  # of a die edge: pips closer than this are one die (outside the grid)
    # of a die edge: one die's pips lie this close together at most (a corner-to-corner
    # diagonal is 0.76 of the edge, a sixth more in perspective); a linked group spanning more
    # holds the pips of dice lying side by side
    die_span: float = 1.0
    even_pips: float = 0.68  # a pip is at least this fraction of its die's strongest pip
    fit_error: float = 0.3  # worst pip's distance from its layout point, in pip steps
    crossing: float = 0.12  # of a die edge: spots this close to a grid crossing are the crossing
    # top face edge / nominal die edge tried (perspective enlarges it)
    top_scales: tuple[float, float, float] = (1.08, 1.0, 1.16)
    lone_pip_read: float = 0.45  # a one read this surely is called if its top is plain
    plain_side: float = 0.8  # of a die edge: the inner top square checked for plainness
    plain_pip: float = 0.16  # of a die edge: radius around the pip left out
    plain_level: float = 0.85  # of the body's median: a pixel this bright is body
    plain_fraction: float = 0.97  # of the inner top that must be body
    side_even: float = 0.8  # a side face's pip: its ring this even (darkest vs brightest)
    cocked_side_pips: int = 2  # pips seen on a side face beyond which a die is cocked
    # of a die edge: where a side face's pips lie from the top's centre
    side_range: tuple[float, float] = (0.55, 1.0)
    # a read face's pip step / the known die's (``READER.nominal_step`` of its half edge): two
    # neighbouring pips read as a two's diagonal are 1/sqrt(2) of it; perspective enlarges a top
    # by up to a sixth (``top_scales``)
    pip_step: tuple[float, float] = (0.84, 1.3)
    min_red_saturation: int = 110
    min_red_value: int = 70  # brightest channel of a red die's body (black ink is darker)
    # black dice (only on boards whose palette holds them): their bodies are darker than
    # this (brightest channel) ...
    black_max_value: int = 90
    black_close: float = 0.35  # ... their pips filled by a closing this wide (of a die edge)
    black_open: float = 0.5  # ... grid lines and print removed by an opening this wide
    # ... a region of this many die areas (two touching neighbours at most) ...
    black_area: tuple[float, float] = (0.35, 2.6)
    black_marker_pad: float = 0.25  # ... and not within this of a marker (of a die edge)

    # confirming a layout on the top's pixels (``vision.board.confirm``)
    confirm_fit: float = 0.12  # worst spot's distance from its layout point, in lattice steps
    confirm_step: tuple[float, float] = (0.9, 1.15)  # the spots' pip step / the known die's
    confirm_pip_reach: int = 2  # crop px around a spot searched for its pip's strongest contrast
    # of the die edge: half the side of the top's square checked for body
    confirm_top_checked: float = 0.42
    # of the die edge: radius around each pip left out of that check
    confirm_pip_clear: float = 0.15
    confirm_clean: float = 0.3  # strongest contrast on the body / the weakest pip's, at most
    confirm_even: float = 0.6  # weakest pip's contrast / the strongest's, at least
    # Lab distance of the weakest pip from the body, at least
    confirm_min_pip_contrast: float = 25.0
    confirm_pip_side: float = 0.17  # of the die edge: the box a pip-sized patch is averaged over
    # of the die edge: radius left out around a one's pip (often larger)
    confirm_one_clear: float = 0.22
    # of the die edge: how far from a lone pip a face's other pips lie
    confirm_other_pips_reach: float = 0.8
    confirm_ring: float = 0.2  # of the die edge: the ring a pip-sized patch is compared with
    # a pip-sized patch there stands out at most this much of the pip
    confirm_other_pip: float = 0.25

    # keeping the readings of still dice (``vision.board.dice_reader``)
    # grey levels: larger differences are a change (sensor noise: 2-6)
    kept_still_level: float = 12.0
    kept_side: float = 0.9  # die edges each side of a die's centre compared (the read crop's reach)
    kept_same_place: float = 0.1  # die edges a group's centre may move and still be the same die


@dataclass(frozen=True)
class HandConfig:
    """A hand or an arm over the board (``vision.board.hand``)."""

    min_fraction: float = 0.025  # of the board area: about a finger's length over the board
    hidden_marker_factor: float = 0.7  # a hidden marker makes a smaller region enough
    dark_ratio: float = 0.55  # darker than this fraction of the paper's brightness is "not paper"
    saturated: int = 90  # HSV saturation above this is "not paper" (sleeves, red cloth)
    object_min_width_mm: int = 11  # narrower dark regions are die sides and shadows, not arms


@dataclass(frozen=True)
class MarkerConfig:
    """Locating the board by its markers (``vision.board.markers``) and warping it
    (``vision.board.warp``)."""

    detect_side: int = 640  # longest side of the frame the markers are searched in
    small_marker_px: int = 24  # marker side on the small copy below which detail may be lost
    three_marker_confidence: float = 0.75  # a fit from 12 corners extrapolates to the hidden corner
    good_fit_px: float = 1.5  # RMS reprojection error (canonical px) that costs no confidence
    outlier_fit_px: float = 6.0  # a marker this far off the fit of the others is dropped
    track_margin: float = 0.75  # window around a marker's last place, in marker sides
    # grey levels (3x3 mean of a window's detection copy) a window may differ by and still keep its
    # marker's corners: the rendered frames' sensor noise gives 3 (1280x960) to 7 (640x480), a
    # board moved by 0.2 frame px 8-16; more noise (a real camera's) only costs a search
    still_level: int = 8
    still_px: float = 0.1  # frame px the board's outline may move and still use the kept maps


@dataclass(frozen=True)
class OccupancyConfig:
    """A cell that visibly holds something (``vision.board.occupancy``)."""

    inset_mm: float = 4.0  # the cell's border band (grid lines, neighbours' shadows) is ignored
    # of the inner square's pixels: dice give 0.04-0.15, blank paper ~0
    min_edge_fraction: float = 0.015
    canny_low: int = 40
    canny_high: int = 120
    grid_band_mm: float = 6.0  # around the grid, where edges crossing into its cells are traced


@dataclass(frozen=True)
class PipelineConfig:
    """One frame to one view (``vision.board.pipeline``)."""

    # of a cell: a centre this close to a cell edge straddles two cells
    straddle_margin: float = 0.15
    crowded_factor: float = 0.5  # confidence kept by a die sharing its cell with another detection
    # a visible marker this close to where it was: the board has not moved
    reuse_tolerance_mm: float = 2.0
    reuse_limit_mm: float = 6.0  # ... unless another visible marker is farther off than this
    reuse_unverified: int = 15  # frames the last homography is used with no marker at all in view
    min_frame_side: int = 32
    # paper vs calibrated white die brightness outside: light changed
    light_ratio_range: tuple[float, float] = (0.6, 1.5)


@dataclass(frozen=True)
class TileConfig:
    """A flat card tile lying in a zone named in ``zones`` (PlayMe's round tile:
    ``vision.board.tiles``): the middle of the zone against the paper around the zone."""

    zones: tuple[str, ...] = ("tile",)  # zone names where a flat tile may lie
    inner: float = 0.3  # of the zone's width and height: the middle patch sampled
    ring_mm: float = 3.0  # the paper band around the zone that gives the local paper colour
    lighter: float = 1.04  # a white tile's middle is at least this much brighter than the paper
    max_white_saturation: int = 40  # ... and no more saturated (OpenCV HSV, 0..255)
    green_hue: tuple[int, int] = (35, 90)  # a green tile's hue (OpenCV, 0..180) ...
    green_saturation: int = 70  # ... at least this saturated


DICE = BoardDiceConfig()
HAND = HandConfig()
MARKERS = MarkerConfig()
OCCUPANCY = OccupancyConfig()
PIPELINE = PipelineConfig()
TILES = TileConfig()
