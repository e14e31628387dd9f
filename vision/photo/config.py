"""The photo finder's own thresholds (``vision.photo``), in one frozen config.

``PHOTO`` is the configuration the finder uses; a field is read as ``PHOTO.field``. The
thresholds of the top-face reader it shares with the board path, and the confidence a face is
called at by the referee, are ``vision.top.config.READER``'s. The finder itself calls a face
from ``abstain_below``: the benchmarks count a reading as sure from ``READER.min_confidence``.

May import ``vision.top.config`` only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhotoConfig:
    """The thresholds of the photo finder, by the step that uses them."""

    # regions of the colour masks and outlines (``vision.photo.regions``)
    max_aspect: float = 1.4  # longer / shorter side of a region that may still be one die
    min_fill: float = 0.8  # region area / rectangle area (a disc fills 0.79)
    max_roundness: float = 0.84  # region area / enclosing circle area above which it is a disc
    search_px: int = 20  # the smallest die is searched for at about this many pixels
    octave: float = 2.0  # dice this many times the smallest are searched again at half size
    edge_low: int = 40  # Canny thresholds for die outlines
    edge_high: int = 100  # Canny thresholds for die outlines
    faint_edges: tuple[int, int] = (15, 40)  # Canny thresholds of the second look's outlines
    # a region this elongated may be two touching dice
    split_aspect: tuple[float, float] = (1.7, 2.3)
    # Lab differences from the table that make a mask
    mask_levels: tuple[float, float] = (14.0, 28.0)
    cream_level: float = 8.0  # cream dice differ from a light grey table in little but yellowness
    # the local table estimate is sized for dice this many times the smallest
    local_table: float = 3.0
    faint_cream: float = 6.0  # mean Lab yellowness over the table of a faint cream die (seen: 7-10)

    # groups of pip-like spots (``vision.photo.pipgroups``)
    pip_sigma: float = 0.06  # DoG scale over the die edge (a pip is about 0.18 of the edge)
    spot_link: float = 0.6  # neighbouring pips of one die lie closer than this many die edges
    # DoG answer (grey levels) of a pip; weaker spots (JPEG grain, table texture, die edges) link
    # into the pips' groups and spoil them (white and red dice found in the nell-byler photos, of
    # 265: 232 at 12, 237 at 20, 243 at 30, 246 at 45, 247 at 60)
    spot_min_response: float = 45.0
    level_ratio: float = 1.6  # die sizes proposed in one band: [s, 1.6 s]
    work_sigma: float = 1.5  # a band's pip scale on the copy of the image it is searched in
    max_spots: int = 600  # more spots than this: a textured table, pips cannot be told apart
    # a three's middle spot lies within this share of its span of the midpoint
    in_line: float = 0.12
    # die edges around a three's centre with no other spot: a 6's other column lies at 0.76-0.85
    # of the square its column implies, a 5's other corners at 0.38 of its own
    three_alone: float = 0.9
    # another row of three beside a three, as a 6's other column: its span within this ratio of
    # the three's, turned less than this, shifted along the three by at most this share of its
    # span and lying at most this many spans from it
    pair_span: tuple[float, float] = (0.75, 1.33)
    pair_turn: float = 15.0
    pair_shift: float = 0.5
    pair_apart: float = 2.5
    # two dark spots a two's diagonal apart (``vision.photo.pairs``), where no die was found: at
    # a region of up to this edge (px), for dice this many times its size, their midpoint within
    # this share of the die's edge of its centre
    pair_largest: float = 40.0
    pair_region: tuple[float, float] = (0.7, 1.3)
    pair_centre: float = 0.35
    # the weaker spot's DoG answer over the stronger's: a two's pips look alike
    pair_even: float = 0.6

    # heaps of touching dice (``vision.photo.heaps``)
    # a heap's dice: this share of the single dice's median edge
    heap_span: tuple[float, float] = (0.7, 1.4)
    heap_most: int = 12  # a heap's area in single dice: larger regions are clutter
    heap_witnesses: int = 3  # single dice that must give the dice's size
    heap_near_axes: float = 0.9  # of a part's half edge: the distance's changes there give its axes

    # dice held in a hand (``vision.photo.held``)
    hand_area: float = 6.0  # die areas: a skin-coloured region this large is a hand, not dice
    # of the square twice a die's edge about its centre: that much hand around a die is a hand
    # holding it (the die itself is a quarter)
    held_share: float = 0.25
    # Lab units, summed over the channels: nearer the table's median colour is the table (a wooden
    # one is skin-coloured)
    table_apart: float = 30.0
    held_work_scale: float = 0.5  # the check runs on an image this much smaller (a hand is large)

    # reading the places and choosing one die per place (``vision.photo.finder``)
    abstain_below: float = 0.5  # a face read with less confidence than this is not called
    die_aspect: float = 1.25  # shape of an unreadable region still reported as a die
    die_fill: float = 0.85  # shape of an unreadable region still reported as a die
    group_distance: float = 0.35  # candidates closer than this (in die sizes) are one place
    pips_only_sure: float = 0.8  # confidence a die found by its pips alone needs
    top_share: float = 0.55  # a trimmed top at least this share of its region is worth reading
    small: float = 0.85  # regions below this share of a known die size may be part of one
    agreeing: int = 2  # confident readings of one face that end the search early
    # measured sizes accepted around [min_size, max_size]
    size_slack: tuple[float, float] = (0.8, 1.15)
    expected_range: tuple[float, float] = (0.75, 1.25)  # die sizes around a known one
    blur_view: float = 1.0  # blur is judged on the die with this much of its surroundings
    # A die's gradients run mostly one way also when it is sharp: a side face, a shadow or a
    # neighbour's edge in its square. A smear that could change a reading draws the pips out
    # along the motion, so a die by its shape alone whose called pips are rounder than this
    # (median elongation, ``pip_shape``) is read unless its gradients run nearly all one way
    round_pips: float = 1.3
    # A smear draws every pip out the same way: along the motion, the way the gradients are
    # weakest. Called pips each round or drawn out within this many degrees of it are the die's
    # own pips smeared, not a glare arc or a printed stroke read as a pip, which run their own way
    along_smear: float = 25.0
    # A rectangle drawn out this much along the smear was grown over it: the smear is a fifth of
    # the die's edge or longer, its pips are streaks that the pip shape's window sees cut short
    smear_grown: float = 1.2
    surely_smeared: float = 0.6  # gradient anisotropy (``vision.top.blur``): a strip, not a die
    centred_fit: float = 1.0  # an unsure reading's fit error up to which its pips place a square
    # that square's edge / the region's: a die's top, seen from above
    centred_share: tuple[float, float] = (0.5, 1.1)
    # lattice steps: the rest of a reading's pips fit this well without a stray
    stray_fit: float = 0.3
    # px: a die whose rectangle comes this close to the image edge is cut off
    edge_margin: float = 2.0
    # of the median read die's size: smaller detections are parts of dice
    min_size_ratio: float = 0.4
    # of a half-size look's region: a die this large found there is its die
    larger_seen: float = 0.6
    # of a region's size: a die found this near its centre is at its place
    centre_share: float = 0.25
    overlap: float = 0.45  # of two squares' summed sizes: closer centres overlap (touching: 0.5)
    # of a die called blurred, or read: a detection this small inside it is a part of it
    # (``without_parts``)
    part_of: float = 0.5
    scale_witnesses: int = 3  # read dice needed to judge a detection's size by them
    # degrees: a region's longer side this near the direction to the image centre may hold a side
    # face that faces the camera (``far_square``)
    radial: float = 30.0
    # a square this many times another's, read on pips of the other shade, read what lies around the
    # die
    outer_square: float = 1.5

    # a two whose pips stand out from a weaker mark on its top (``vision.photo.twos``)
    two_even: float = 0.8  # weaker / stronger of its two pips, in response and in contrast
    two_fit: float = 0.5  # lattice steps: its pips' fit as a two, centring included
    two_turn: float = 22.5  # degrees its diagonal may turn from the die's
    # of the weaker pip's response: another peak this strong anywhere on the top is no mark
    two_outshone: float = 0.8
    # of the weaker pip (response or contrast): a peak this strong near the middle may be a
    # three's middle pip
    two_middle: float = 0.8
    # of the weaker pip's response: a peak this strong at another lattice point may be a pip of
    # a 4, 5 or 6
    two_lattice: float = 0.35
    two_near: float = 0.45  # lattice steps: a peak this near a lattice point lies on it
    # of the weakest of a face's pips shown plainly: every other peak on the top is this weak
    plain_gap: float = 0.6
    # of the weaker pip's contrast: a two whose diagonal holds this much all along its middle
    # (``joined_span`` of the way from one pip) has its pips joined (``vision.photo.joined``)
    joined_two: float = 0.32
    joined_span: tuple[float, float] = (0.3, 0.7)


PHOTO = PhotoConfig()
