"""``dicekeeper print-board``: a printable A4 page (PNG at 300 dpi and PDF) at true scale.

The board square is exactly ``geometry.size_mm`` wide on paper when printed at 100 %; a 10 mm
check ruler beside it lets the player verify the printer did not scale the page.

May import: calibration.board_art, vision.board.geometry, numpy, PIL. Prints only in ``command``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from calibration.board_art import INK, draw_board
from vision.board.geometry import UNIFICATION_BOARD, BoardGeometry

log = logging.getLogger(__name__)

DPI = 300
PX_PER_MM = DPI / 25.4
A4_MM = (210.0, 297.0)
BOARD_TOP_MM = 30.0
GAMES = {"unification": ("simple", "complex")}


class PrintBoardError(ValueError):
    """A game or side that cannot be printed; the message lists what can."""


@dataclass(frozen=True)
class PrintedBoard:
    """The files written and where the board square sits on the page (mm from its top-left)."""

    png: Path
    pdf: Path
    board_origin_mm: tuple[float, float]


def page_size_px() -> tuple[int, int]:
    """A4 in pixels at ``DPI``."""
    return round(A4_MM[0] * PX_PER_MM), round(A4_MM[1] * PX_PER_MM)


def board_origin_mm(geometry: BoardGeometry = UNIFICATION_BOARD) -> tuple[float, float]:
    """Top-left of the board square on the page, in mm (centred across, near the top)."""
    return ((A4_MM[0] - geometry.size_mm) / 2, BOARD_TOP_MM)


def render_page(game: str, side: str, geometry: BoardGeometry = UNIFICATION_BOARD) -> Image.Image:
    """The A4 page as a PIL RGB image at ``DPI``.

    Raises:
        PrintBoardError: unknown game or side.
    """
    _check(game, side)
    margin_mm = 8.0
    board = draw_board(side, PX_PER_MM, margin_mm=margin_mm, geometry=geometry)
    page = Image.new("RGB", page_size_px(), (255, 255, 255))
    ox, oy = board_origin_mm(geometry)
    page.paste(Image.fromarray(board.image), (round((ox - margin_mm) * PX_PER_MM),
                                              round((oy - margin_mm) * PX_PER_MM)))
    _draw_ruler_and_notes(ImageDraw.Draw(page), geometry, game, side)
    return page


def write_board(game: str, side: str, out_dir: Path,
                geometry: BoardGeometry = UNIFICATION_BOARD) -> PrintedBoard:
    """Write ``<game>-<side>.png`` (300 dpi) and ``<game>-<side>.pdf`` (A4) into ``out_dir``."""
    page = render_page(game, side, geometry)
    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / f"{game}-{side}.png"
    pdf = out_dir / f"{game}-{side}.pdf"
    page.save(png, dpi=(DPI, DPI))
    page.save(pdf, "PDF", resolution=DPI, title=f"Dicekeeper {game} ({side} side)")
    log.info("wrote %s and %s", png, pdf)
    return PrintedBoard(png=png, pdf=pdf, board_origin_mm=board_origin_mm(geometry))


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper print-board GAME --side SIDE --out DIR``."""
    try:
        printed = write_board(args.game, args.side, Path(args.out))
    except (PrintBoardError, ValueError) as exc:
        print(f"print-board: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"print-board: cannot write to {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(printed.png)
    print(printed.pdf)
    print("Print at 100% / actual size; check the 10 mm ruler with a real ruler.")
    return 0


def _check(game: str, side: str) -> None:
    if game not in GAMES:
        raise PrintBoardError(f"no printable board for game {game!r}; printable: "
                              f"{', '.join(GAMES)}")
    if side not in GAMES[game]:
        raise PrintBoardError(f"{game} has no side {side!r}; use --side "
                              f"{' or '.join(GAMES[game])}")


def _font(size_mm: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    size = round(size_mm * PX_PER_MM)
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def _px(x_mm: float, y_mm: float) -> tuple[float, float]:
    return (x_mm * PX_PER_MM, y_mm * PX_PER_MM)


def _draw_ruler_and_notes(draw: ImageDraw.ImageDraw, g: BoardGeometry, game: str,
                          side: str) -> None:
    ox, oy = board_origin_mm(g)
    y = oy + g.size_mm + 14.0
    _draw_ruler(draw, ox, y)
    line = round(0.3 * PX_PER_MM)
    draw.text(_px(ox + 14.0, y + 2.5), "<- this ruler must measure exactly 10 mm", fill=INK,
              font=_font(3.0), anchor="lm")
    notes = [f"Dicekeeper board: {game}, {side} side. Board square {g.size_mm:g} mm.",
             "Print at 100% / actual size (no 'fit to page'), on plain A4 paper.",
             "Lay it flat under the camera, north edge away from you."]
    for i, text in enumerate(notes):
        draw.text(_px(ox, y + 12.0 + 6.0 * i), text, fill=INK, font=_font(3.4), anchor="lm")
    draw.line([_px(ox, y + 30.0), _px(ox + g.size_mm, y + 30.0)], fill=(200, 200, 200),
              width=line)


def _draw_ruler(draw: ImageDraw.ImageDraw, x_mm: float, y_mm: float) -> None:
    """A 10 mm bar with a tick at every millimetre."""
    width = max(1, round(0.2 * PX_PER_MM))
    draw.line([_px(x_mm, y_mm), _px(x_mm + 10.0, y_mm)], fill=(0, 0, 0), width=width)
    for i in range(11):
        tall = 5.0 if i in (0, 10) else (3.0 if i == 5 else 2.0)
        draw.line([_px(x_mm + i, y_mm), _px(x_mm + i, y_mm + tall)], fill=(0, 0, 0),
                  width=width)
    draw.text(_px(x_mm + 5.0, y_mm - 2.5), "10 mm", fill=(0, 0, 0), font=_font(2.8),
              anchor="mm")
