"""The board path's own thresholds, in frozen configs, one per stage.

``DICE`` (the board dice reader: ``vision.board.dice``, ``.confirm``, ``.dice_reader``),
``CUBES`` (the cube reader: ``vision.board.cubes``, ``.pose``), ``TILES`` (the tile board's
reader: ``vision.board.piece_regions``, ``.tiles``), ``HAND`` (``vision.board.hand``), ``INK``
(``vision.board.ink``), ``MARKERS`` (``vision.board.markers`` and ``.warp``), ``OCCUPANCY``
(``vision.board.occupancy``) and ``PIPELINE`` (``vision.board.pipeline``) are the
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
    # ... and of a top a face was read on afresh (not confirmed on the pixels), whose pips
    # fit their layout this closely (worst pip's distance from its point, in pip steps)
    afresh_plain: float = 0.9
    afresh_fit: float = 0.25
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
    # of two pips' distance: a three's third pip is looked for this far around where it
    # would lie, one step on from a two's pip (``confirm.third_of_three``)
    three_reach: float = 0.5
    # a close-set two centred on its die's own square (``confirm.two_centred``): the
    # square's sides apart, of the die edge (a top seen with its sides is larger) ...
    two_top_sizes: tuple[float, float] = (0.85, 1.3)
    two_band: float = 0.3  # ... its sides' changes averaged this far each side of the pips
    two_side_reach: float = 0.8  # ... a side this far from the pips' midpoint at most
    two_side_clear: float = 0.15  # ... and this far beyond the nearer pip at least
    # of the die edge: the pips this far apart along each axis at least (else untold)
    two_apart: float = 0.25
    # of the pips' distance along each axis: their midpoint this far from the square's
    # centre at most (a three's middle and corner: half of it)
    two_centred: float = 0.2
    # of a four's side: a six's third row is looked for this far around one side on from a pip
    six_reach: float = 0.3
    # of the four's pips' mean response: a patch standing out as much there is a six's third row
    six_row: float = 1.0
    # of a one's pip's contrast: it stands out at least this much from all around it
    one_alone: float = 0.2
    # of the die edge: a one's own top around its pip, where a patch on the square's diagonal
    # standing out at least ``one_partner`` of the pip's response is a close-set two's other
    # pip (``confirm.partner_near``)
    one_partner_reach: float = 0.5
    one_partner: float = 0.7

    # a cell's die read by its pips' difference from its body (``vision.board.body_read``)
    body_band: int = 5  # px: the cell's border band whose median colour is the paper's
    body_paper: float = 20.0  # Lab distance from the paper: the die (top, sides, shadow)
    body_area: float = 0.5  # of a die's area: the least body that is a die
    body_search: float = 1.25  # of a die edge: the square first searched for its pips
    # the pips' step / the known die's: real dice set their pips closer than the rendered
    body_step: tuple[float, float] = (0.65, 1.3)
    # the outline reader's close-set two (``outline_read``): its pips' step this much of the
    # known die's at least (under ``body_step``'s lower bound)
    close_two_step: float = 0.4
    body_colour: float = 20.0  # Lab distance from the body colour: a body pixel
    # degrees: the wide square's further turns where a die's edges show none, with 0 and 45
    # (a layout across the square's axes) every turn within half of 22.5 of one of them
    unseen_turns: tuple[float, ...] = (22.5, 67.5)
    body_offset: float = 0.12  # of a die edge: the body's centre this far from the pips', at most
    # a translucent top's body: its lightness counts this much in its distance from the body
    # colour, for light pips each of at most ``neutral_pips`` Lab chroma (white pips)
    body_light_weight: float = 0.5
    neutral_pips: float = 15.0  # Lab chroma: a white (or black) pip's, at most
    dark_body: float = 128.0  # Lab lightness (0-255): a dark body's, at most

    # a cell's die read at the square its top's outline draws (``vision.board.outline_read``)
    outline_pad: float = 0.15  # of a die edge: the cell is searched this much wider each side
    outline_span: float = 0.6  # of the top's edge: the middle stretch of each side weighed
    outline_scales: tuple[float, ...] = (1.0, 1.08, 1.16)  # top edges tried / the die edge
    outline_near_best: float = 0.85  # a size's square this share of the strongest's is tried
    # ... and at the cell's body centre, turned as the die's edges, at these top sizes
    outline_body_scales: tuple[float, ...] = (1.0, 1.08, 1.16, 1.25)
    outline_paper: float = 10.0  # Lab distance from the paper: a white die's top on light paper
    outline_recentre: int = 3  # a square is moved onto its pips at most this many times ...
    outline_turn: float = 15.0  # ... each time turned at most this many degrees off its edges
    # degrees: a two's square (its pips' diagonal) this far off its die's edges at most, half
    # the 45 two spots anywhere can lie off them (``body_read.two_off_the_edges``)
    two_turn: float = 22.5
    # degrees: a three's to six's square this far off its die's edges at most, the body's and
    # the outline's readings (``body_read.layout_off_the_edges``)
    layout_turn: float = 22.5
    contrast_gain: float = 6.0  # grey levels per Lab unit from the body: a top redrawn
    contrast_edge: float = 0.2  # of the top's edge: a side's dark at its edge, at most
    contrast_dark: int = 128  # grey level of a redrawn top: darker is dark (a pip, a side)
    # a translucent top's light pips seen through its body (``vision.board.through``)
    through_even: float = 0.85  # of the strongest pip's contrast: the top's own pips, at least
    through_faint: float = 0.8  # of the weakest own pip's contrast: a pip seen through, under
    through_tint: float = 8.0  # Lab chroma beyond the most tinted own pip: a pip seen through
    tint_spread: float = 15.0  # Lab chroma: a pip more tinted than a white pip of its face, at most
    through_paint: float = 0.13  # of the die edge: the radius painted over a pip seen through
    hue_chroma: float = 15.0  # Lab chroma: a top's pixel this colourful has a hue (a red body's)
    hue_body: float = 0.5  # share of a top's inner square that has a hue: a coloured die, at least
    hue_gain: float = 8.0  # grey levels per Lab unit off the body's hue line: a top redrawn
    hue_pips: float = 0.03  # share of a top's inner square: less than a one's pip ...
    hue_least: float = 9.5  # ... lies this far off the body's hue line (Lab): else not redrawn
    # a face's pip layout scored on a top's difference from its body colour
    # (``vision.board.face_layouts``), the second reading an unsure face needs
    layout_pip: float = 0.15  # of the die edge: the box a pip place's difference is averaged over
    layout_reach: float = 0.05  # of the die edge: a pip is looked for this far around its place
    layout_empty_reach: float = 0.09  # ... and an empty place must be empty this far around it
    # pip steps tried / ``READER.nominal_step``: real dice set their pips closer or wider
    layout_steps: tuple[float, ...] = (0.85, 1.0, 1.15)
    layout_clear: float = 0.35  # the best face's score at least (1: pips on a plain body)
    layout_margin: float = 0.3  # ... over every other face's by this much at least
    layout_contrast: float = 15.0  # Lab distance of its weakest pip place from the body, at least

    # keeping the readings of still dice (``vision.board.dice_reader``)
    # grey levels: larger differences are a change (sensor noise: 2-6)
    kept_still_level: float = 12.0
    kept_side: float = 0.9  # die edges each side of a die's centre compared (the read crop's reach)
    kept_same_place: float = 0.1  # die edges a group's centre may move and still be the same die


@dataclass(frozen=True)
class CubesConfig:
    """Finding CubeCourier cubes on the warped board and reading their tops, stacks and the
    ring (``vision.board.cubes``, ``.cube_reader``, ``.pose``)."""

    camera_height_mm: float = 400.0  # the device's camera stands about 40 cm above the board
    # the camera's focal length is taken from the homography when its two answers agree this
    # well (share of the larger) and the camera is tilted this much; else from the height above
    focal_agreement: float = 0.1
    min_tilt_deg: float = 2.0
    view_margin_mm: float = 12.0  # the cube reader's view reaches this far beyond the board
    # a view whose blocks this big (mm) keep their mean brightness within this many grey levels
    # keeps the last reading (the recorded session's still frames: at most 5 apart, median 2)
    still_block_mm: float = 3.0
    still_level: float = 6.0

    # the paper (``find_board_cubes`` step 1)
    paper_window_mm: float = 30.0  # the paper's brightness: the brightest within this square
    printed_band_mm: float = 0.6  # each side of a printed line, left out of the edges

    # the ring (step 2): a blue annulus 26 mm across and 3 mm wide lying on a top's corners
    ring_bgr: tuple[float, float, float] = (0.85, 0.46, 0.09)  # its colour / the paper's
    ring_min_chroma: float = 0.25  # chroma along the ring's hue (relative to the paper), at least
    ring_hue_tolerance: float = 30.0  # degrees its hue may turn
    ring_radii_mm: tuple[float, float] = (10.0, 13.0)  # inner and outer radius
    ring_thick_mm: float = 2.0  # its top lies this far above the cube's top
    ring_area: tuple[float, float] = (0.5, 1.6)  # a group of its pixels has this share of its area
    ring_reach: float = 1.25  # of its outer radius: its pixels are weighed within this
    ring_profile_mm: float = 0.25  # the step of its radial profiles ...
    ring_sectors: int = 16  # ... one per sector
    ring_rim_percentile: float = 25.0  # of the sectors' rims: the ring's outer radius
    ring_turn_share: float = 0.45  # of the top's side: the edges giving a ringed top's turn

    # seeds (step 3)
    seed_step: float = 0.5  # of the cube's edge: seeds this far apart
    turn_window: float = 0.7  # of a top's side: the edges giving a seed's turn, each way
    same_cube: float = 0.8  # of the cube's edge: footprints this close are one cube
    same_place: float = 0.15  # of the cube's edge: searches that came this close agree

    # the silhouette (step 4)
    outline_points: int = 10  # samples along each edge of the outline
    side_shows_mm: float = 0.5  # a side shows the footprint's edge this far beyond the top's
    edge_reach_mm: float = 0.7  # an outline's edge is looked for this far either side of it
    edge_offsets: int = 3  # places looked at across that reach
    min_seen: float = 0.6  # share of a cube's outline that must lie in the view
    fit_steps: tuple[float, float] = (2.0, 4.0)  # first steps of the search: mm, degrees
    uneven_weight: float = 0.5  # the search's cost of an uneven top (per unit of spread)
    body_points: int = 12  # a top's body is looked at at this many points ...
    body_radius: float = 0.37  # ... this far from its centre (of its side)
    max_uneven: float = 0.1  # a top's body spreads at most this much (brightness / paper)
    fit_levels: int = 4  # the steps are halved this many times
    coarse_levels: int = 2  # ... the first of them from every seed, the rest from the best
    coarse_share: float = 0.5  # a coarse place is kept at this share of the thresholds below
    search_margin_mm: float = 6.0  # a footprint stands this far beyond the grid or a zone, at most
    fit_rounds: int = 4  # moves tried at one step size, at most
    min_edge: float = 0.06  # an outline weaker than this (mean contrast per pixel) is no cube
    edge_present: float = 0.03  # contrast across the outline where an edge crosses it
    min_covered: float = 0.55  # share of a cube's outline crossed by edges, at least
    full_edge: float = 0.09  # an outline this strong costs the reading no confidence

    # colour (step 5)
    top_inset: float = 0.16  # of the top's edge, left out each side (rim, the ring's corners)
    symbol_radius: float = 0.3  # of the top's edge: the printed symbol's disc, left out
    symbol_core: float = 0.12  # of the top's edge: the disc sure to be all symbol
    centre_reach_mm: float = 2.0  # the top's centre is looked for this far from the outline's
    centre_step_mm: float = 0.5  # ... in steps of this
    symbol_contrast: float = 0.25  # paper-relative colour distance of the middle from the body
    paper_gap_mm: float = 3.0  # the paper around a cube: a band this far beyond its top's corners
    paper_band_mm: float = 5.0  # ... this wide
    paper_percentile: float = 75.0  # of its brightness: above it is the lit paper


@dataclass(frozen=True)
class TileConfig:
    """Finding the pieces of a tile board (Bossa's dot tiles, tile backs, action tokens and
    the start dice on the tiles' body) by their body colours on the warped, white-balanced
    board (``vision.board.piece_regions``), and naming what each one shows
    (``vision.board.tiles``). Hues are OpenCV's (0-180)."""

    # a piece's body is saturated; the paper, the print and the pips (white or black) are not
    min_saturation: int = 40  # HSV saturation a body has at least...
    over_paper: int = 25  # ... and this much more than the paper's (its 10th percentile)
    min_value: float = 0.25  # of the paper's value: a darker pixel is a shadow or ink
    top_level: float = 0.65  # of a region's bright value (its 90th percentile): its top face
    bright_percentile: float = 90.0  # the region's bright value
    # of the bright value: a top's core, whose middle is its centre (the rim's bevel and the
    # shaded gap to a touching piece are darker)
    core_level: float = 0.88
    min_area: float = 0.35  # of an item's square: a smaller region is noise
    square_fill: float = 0.95  # a rounded square's area / its edge squared
    # of the item edge: a top measured outside this is read at the nearest size within it
    size_range: tuple[float, float] = (1.0, 1.25)
    reframe: float = 0.06  # of the crop: a face's pips this far off its centre are framed again
    start_apart: float = 0.75  # of the item edge: touching pieces' centres lie this far apart
    split_rounds: int = 8  # k-means rounds that part touching pieces...
    split_sample: int = 7  # ... on every this many of their pixels
    own_reach: float = 0.62  # of the item edge: a piece's own points lie this near its centre
    own_rounds: int = 4  # rounds that move a parted piece's centre to the middle of its points
    face_hues: tuple[int, int] = (92, 128)  # a tile's face (and the start dice): slate blue
    back_hues: tuple[int, int] = (42, 92)  # a tile's back, a used token: green
    token_hues: tuple[int, int] = (14, 40)  # an unused token's face: yellow


@dataclass(frozen=True)
class HandConfig:
    """A hand or an arm over the board (``vision.board.hand``)."""

    min_fraction: float = 0.025  # of the board area: about a finger's length over the board
    hidden_marker_factor: float = 0.7  # a hidden marker makes a smaller region enough
    dark_ratio: float = 0.55  # darker than this fraction of the paper's brightness is "not paper"
    saturated: int = 90  # HSV saturation above this is "not paper" (sleeves, red cloth)
    object_min_width_mm: int = 11  # narrower dark regions are die sides and shadows, not arms
    # ... on a cube board: black and red cubes (18 mm, 22 with their sides and shadow), and two
    # side by side in the off-board zone, are narrower than this
    cube_object_min_width_mm: int = 27


@dataclass(frozen=True)
class InkConfig:
    """Marker ink written in the cells and the ink boxes of a board (``vision.board.ink``).

    Ink is a dark stroke on the printed empty cell: a pixel darker than the paper around it
    (the grey closing of the view, which fills in strokes narrower than ``stroke_mm``) by
    ``stroke_contrast`` of the paper's level. Broad dark things (a shadow, a hand, a die's side)
    are not strokes and are not ink."""

    inset_mm: float = 3.0  # a cell's border band (grid lines, a neighbour's overrun) is ignored
    box_inset_mm: float = 2.5  # an ink box's printed outline is ignored
    stroke_mm: float = 5.0  # strokes narrower than this are filled in by the paper's closing
    stroke_contrast: float = 0.3  # of the paper's level: how much darker an ink pixel is
    # of a cell's inner square: less ink is a speck (paper grain, a stray dot), none at all
    min_coverage: float = 0.02
    sure_coverage: float = 0.05  # this much ink is read surely (confidence 1); less, unsurely
    # a die lying on a cell: its pips are round dark blobs a handwritten stroke never leaves
    pip_area: tuple[float, float] = (0.4, 2.6)  # of a nominal pip's area (``DICE.pip_radius``)
    pip_fill: float = 0.55  # of its bounding box a round blob fills, at least
    pip_aspect: float = 1.6  # longer side / shorter side of a round blob's box, at most
    die_pips: int = 2  # pip-like blobs that make a cell's "ink" a die's face


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
class FlatTileConfig:
    """A flat card tile lying in a zone named in ``zones`` (PlayMe's round tile:
    ``vision.board.flat_tiles``): the middle of the zone against the paper around the zone."""

    zones: tuple[str, ...] = ("tile",)  # zone names where a flat tile may lie
    inner: float = 0.3  # of the zone's width and height: the middle patch sampled
    ring_mm: float = 3.0  # the paper band around the zone that gives the local paper colour
    lighter: float = 1.04  # a white tile's middle is at least this much brighter than the paper
    max_white_saturation: int = 40  # ... and no more saturated (OpenCV HSV, 0..255)
    green_hue: tuple[int, int] = (35, 90)  # a green tile's hue (OpenCV, 0..180) ...
    green_saturation: int = 70  # ... at least this saturated


DICE = BoardDiceConfig()
CUBES = CubesConfig()
HAND = HandConfig()
INK = InkConfig()
MARKERS = MarkerConfig()
OCCUPANCY = OccupancyConfig()
PIPELINE = PipelineConfig()
TILES = TileConfig()
FLAT_TILES = FlatTileConfig()
