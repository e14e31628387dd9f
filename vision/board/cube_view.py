"""The canonical board view as the cube reader measures it, prepared once per frame: the
paper's brightness around each pixel, the edges of the view divided by it (printed lines left
out), the paper's colour over the board and around a cube, and bilinear samples.

Board millimetres map to view pixels as ``mm * s + offset`` (``offset``: the view's margin
beyond the board square). ``CubeFit`` is a cube placed on it, by the ring
(``vision.board.cube_ring``) or by the outline search (``vision.board.cubes``).

May import ``vision.board.config``, ``.geometry``, ``engine`` (the layout), numpy and OpenCV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from engine.layout import Layout
from vision.board.config import CUBES
from vision.board.geometry import BoardGeometry

BGR = tuple[float, float, float]


@dataclass(frozen=True)
class CubeView:
    """The view prepared once per frame; board mm -> view px is ``mm * s + offset``."""

    image: np.ndarray       # BGR uint8
    paper: np.ndarray       # float32 brightness of the paper around each pixel
    gx: np.ndarray          # float32 gradients of the brightness / paper, printed lines out
    gy: np.ndarray
    g: np.ndarray           # both, as one two-channel image (looked up together)
    level: np.ndarray       # float32 brightness / paper
    s: float                # px per mm
    offset: float           # px of margin before the board square

    def px(self, mm: np.ndarray) -> np.ndarray:
        return np.asarray(mm) * self.s + self.offset

    def mm(self, px: np.ndarray) -> np.ndarray:
        return (np.asarray(px) - self.offset) / self.s


@dataclass(frozen=True)
class CubeFit:
    """A cube placed: footprint (mm), turn, height of its top, outline strength and cover."""

    x_mm: float
    y_mm: float
    angle: float
    height_mm: float
    edge: float
    covered: float
    stacked: bool = False
    ringed: bool = False


def prepare_view(view: np.ndarray, geometry: BoardGeometry, margin_px: int) -> CubeView:
    """The view measured once: the paper's brightness around each pixel (a grey closing wider
    than a cube, so where nothing stands), the brightness divided by it and its edges, a
    colour edge taking the place of a weaker brightness edge, printed lines left out."""
    s = geometry.px_per_mm
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)
    side = max(3, round(CUBES.paper_window_mm * s / 4)) | 1
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((side, side), np.uint8))
    closed = cv2.GaussianBlur(closed, (0, 0), side / 4)
    paper = cv2.resize(closed, (grey.shape[1], grey.shape[0]), interpolation=cv2.INTER_LINEAR)
    paper = np.maximum(paper, 8.0)
    level = grey / paper
    gx, gy = _gradients(level)
    cx, cy = _gradients(_chroma(view, paper, geometry, margin_px))
    colour_edge = cx * cx + cy * cy > gx * gx + gy * gy
    gx[colour_edge], gy[colour_edge] = cx[colour_edge], cy[colour_edge]
    printed = _printed(geometry.layout, s, float(margin_px), (grey.shape[0], grey.shape[1])) > 0
    gx[printed] = 0.0
    gy[printed] = 0.0
    return CubeView(view, paper, gx, gy, cv2.merge([gx, gy]), level, s, float(margin_px))


def _gradients(channel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sobel gradients scaled to the change per pixel."""
    return (cv2.Sobel(channel, cv2.CV_32F, 1, 0, ksize=3) / 8.0,
            cv2.Sobel(channel, cv2.CV_32F, 0, 1, ksize=3) / 8.0)


def _chroma(view: np.ndarray, paper: np.ndarray, geometry: BoardGeometry,
            margin_px: int) -> np.ndarray:
    """Each pixel's chroma relative to the paper's colour (0 on the paper, about 0.5 on a red
    cube or the ring), whatever its brightness: a red cube is as distinct from the paper in
    colour as a black one is in brightness."""
    colour = np.array(board_paper(view, geometry, margin_px), np.float32)
    tint = colour / max(float(colour.mean()), 1.0)
    n = view.astype(np.float32) / (paper[..., None] * tint[None, None, :])
    b, g, r = n[..., 0], n[..., 1], n[..., 2]
    return np.asarray(cv2.magnitude((r - g) / math.sqrt(2.0), (r + g - 2.0 * b) / math.sqrt(6.0)))


@lru_cache(maxsize=8)
def _printed(layout: Layout, s: float, offset: float, shape: tuple[int, int]) -> np.ndarray:
    """1 where the print lies (grid lines, zone outlines, the markers) in a view of ``s``
    px/mm."""
    mask = np.zeros(shape, np.uint8)
    width = max(1, round(2 * CUBES.printed_band_mm * s))

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * s + offset), round(y * s + offset)

    x0, y0 = layout.grid_origin_mm
    x1, y1 = x0 + layout.cols * layout.cell_mm, y0 + layout.rows * layout.cell_mm
    for i in range(layout.cols + 1):
        x = x0 + i * layout.cell_mm
        cv2.line(mask, at(x, y0), at(x, y1), (1,), width)
    for j in range(layout.rows + 1):
        y = y0 + j * layout.cell_mm
        cv2.line(mask, at(x0, y), at(x1, y), (1,), width)
    for z in layout.zones:
        cv2.rectangle(mask, at(z.x_mm, z.y_mm), at(z.x_mm + z.w_mm, z.y_mm + z.h_mm), (1,),
                      width)
    for marker_id in range(4):
        corners = layout.marker_corners_mm(marker_id)
        cv2.rectangle(mask, at(*corners[0]), at(*corners[2]), (1,), -1)
        cv2.rectangle(mask, at(*corners[0]), at(*corners[2]), (1,), width)
    return mask


def paper_colour(views: CubeView, x0: int, y0: int, x1: int, y1: int,
                  keep: np.ndarray) -> BGR | None:
    """The brightest ``100 - paper_percentile`` % of the pixels ``keep`` marks in a box."""
    pixels = views.image[y0:y1, x0:x1][keep > 0].astype(np.float32)
    if pixels.shape[0] < 10:
        return None
    brightness = pixels.sum(axis=1)
    top = pixels[brightness >= np.percentile(brightness, CUBES.paper_percentile)]
    b, g, r = (float(v) for v in np.median(top, axis=0))
    return (b, g, r)


def pixel_box(views: CubeView, points_px: np.ndarray,
              pad: float) -> tuple[int, int, int, int] | None:
    """The box of view pixels around points, ``pad`` pixels wider, clipped to the view; None
    when nothing of it is in view."""
    h, w = views.image.shape[:2]
    x0, y0 = np.floor(points_px.min(axis=0) - pad).astype(int)
    x1, y1 = np.ceil(points_px.max(axis=0) + pad).astype(int) + 1
    x0, y0, x1, y1 = max(int(x0), 0), max(int(y0), 0), min(int(x1), w), min(int(y1), h)
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1, y1)


def paper_near(views: CubeView, centre_mm: tuple[float, float], inner_mm: float,
                outer_mm: float) -> BGR:
    """The paper's colour around a cube: the brightest pixels of the band between two
    circles about it (its shadow and its neighbours are darker)."""
    c = views.px(np.array([centre_mm]))[0]
    box = pixel_box(views, np.array([c]), outer_mm * views.s)
    if box is not None:
        x0, y0, x1, y1 = box
        yy, xx = np.mgrid[y0:y1, x0:x1]
        r = np.hypot(xx - c[0], yy - c[1]) / views.s
        found = paper_colour(views, x0, y0, x1, y1,
                              ((r >= inner_mm) & (r <= outer_mm)).astype(np.uint8))
        if found is not None:
            return found
    x, y = (int(np.clip(round(v), 0, n - 1)) for v, n in
            zip(c, (views.image.shape[1], views.image.shape[0])))
    level = float(views.paper[y, x])
    return (level, level, level)


def board_paper(view: np.ndarray, geometry: BoardGeometry, margin_px: int = 0) -> BGR:
    """The paper's colour over the whole board: its brightest quarter (one pixel in two
    millimetres)."""
    n, o = geometry.canonical_px, margin_px
    step = max(1, round(2 * geometry.px_per_mm))
    pixels = view[o:o + n:step, o:o + n:step].reshape(-1, 3).astype(np.float32)
    brightness = pixels.sum(axis=1)
    top = pixels[brightness >= np.percentile(brightness, CUBES.paper_percentile)]
    b, g, r = (float(v) for v in np.median(top, axis=0))
    return (b, g, r)


def sample(image: np.ndarray, px: np.ndarray) -> np.ndarray:
    """Bilinear samples of a float32 image (one or two channels) at (N, 2) pixel positions
    (pixel centres at .0): (N,) or (N, 2)."""
    n = len(px)
    width = 1024  # remap's maps are images: no side may reach 32767
    maps = np.zeros((-(-n // width) * width, 2), np.float32)
    maps[:n] = px
    out = cv2.remap(image, maps.reshape(-1, width, 2), np.empty(0, np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    channels = image.shape[2] if image.ndim == 3 else 1
    flat = np.asarray(out).reshape(-1, channels)[:n]
    return flat if channels > 1 else flat[:, 0]


def turn(views: CubeView, x: float, y: float, reach: float) -> float:
    """The turn (degrees, 0-90) the edges within ``reach`` px of (x, y) agree on: a square's
    edges give gradients at four right angles, so their angles times four coincide."""
    r = max(2, round(reach))
    h, w = views.gx.shape
    x0, y0 = max(round(x) - r, 0), max(round(y) - r, 0)
    x1, y1 = min(round(x) + r, w), min(round(y) + r, h)
    gx, gy = views.gx[y0:y1, x0:x1], views.gy[y0:y1, x0:x1]
    weight = gx * gx + gy * gy
    phi = np.arctan2(gy, gx) * 4.0
    angle = math.degrees(math.atan2(float(np.sum(weight * np.sin(phi))),
                                    float(np.sum(weight * np.cos(phi))))) / 4.0
    return angle % 90.0
