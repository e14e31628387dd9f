"""``dicekeeper print-board``: a printable page (PNG at 300 dpi and PDF) at true scale.

Any registered game's board, drawn from the layout its board file gives (``Game.layout``): the
markers, grid, zones and labels of ``calibration.board_art``. The page is A4, or A3 when the
board does not fit A4 (the page says so). The board square is exactly ``layout.size_mm`` wide
on paper when printed at 100 %; a 10 mm check ruler beside it lets the player verify the
printer did not scale the page.

May import: calibration.board_art and board_files, engine, PIL. Prints only in ``command``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from calibration.board_art import INK, draw_board
from calibration.board_files import load_layout
from engine.errors import EngineError
from engine.layout import Layout

log = logging.getLogger(__name__)

DPI = 300
PX_PER_MM = DPI / 25.4
PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
BOARD_TOP_MM = 30.0
NOTES_MM = 50.0          # the ruler and the notes under the board
SIDE_MARGIN_MM = 8.0     # the least white paper beside the board square (the markers' quiet zone)


class PrintBoardError(ValueError):
    """A board that cannot be printed; the message says why."""


@dataclass(frozen=True)
class PrintedBoard:
    """The files written, the paper, and where the board square sits on the page (mm from its
    top-left)."""

    png: Path
    pdf: Path
    paper: str
    board_origin_mm: tuple[float, float]


def paper_for(layout: Layout) -> str:
    """The smallest paper (A4, then A3) that holds the board square, its ruler and notes.

    Raises:
        PrintBoardError: the board is too large for A3.
    """
    for name, (width, height) in PAPERS.items():
        fits_across = layout.size_mm + 2 * SIDE_MARGIN_MM <= width
        fits_down = BOARD_TOP_MM + layout.size_mm + NOTES_MM <= height
        if fits_across and fits_down:
            return name
    raise PrintBoardError(f"a {layout.size_mm:g} mm board does not fit an A3 page: make the "
                          f"board file's layout smaller")


def page_size_px(paper: str = "A4") -> tuple[int, int]:
    """The paper's size in pixels at ``DPI``."""
    width, height = PAPERS[paper]
    return round(width * PX_PER_MM), round(height * PX_PER_MM)


def board_origin_mm(layout: Layout, paper: str = "A4") -> tuple[float, float]:
    """Top-left of the board square on the page, in mm (centred across, near the top)."""
    return ((PAPERS[paper][0] - layout.size_mm) / 2, BOARD_TOP_MM)


def render_page(game: str, side: str | None = None) -> tuple[Image.Image, str]:
    """The page as a PIL RGB image at ``DPI``, and its paper name.

    Raises:
        UnknownGameError / BoardFileError: unknown game, side or a bad board file.
        PrintBoardError: the board does not fit A3.
    """
    layout = load_layout(game, side)
    paper = paper_for(layout)
    margin_mm = 8.0
    board = draw_board(layout, PX_PER_MM, margin_mm=margin_mm)
    page = Image.new("RGB", page_size_px(paper), (255, 255, 255))
    ox, oy = board_origin_mm(layout, paper)
    page.paste(Image.fromarray(board.image), (round((ox - margin_mm) * PX_PER_MM),
                                              round((oy - margin_mm) * PX_PER_MM)))
    _draw_ruler_and_notes(ImageDraw.Draw(page), layout, paper, game, side or "")
    return page, paper


def write_board(game: str, side: str | None, out_dir: Path) -> PrintedBoard:
    """Write ``<game>-<side>.png`` (300 dpi) and ``<game>-<side>.pdf`` into ``out_dir``."""
    from engine.games import find_game

    side = side or find_game(game).info.sides[0]
    page, paper = render_page(game, side)
    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / f"{game}-{side}.png"
    pdf = out_dir / f"{game}-{side}.pdf"
    page.save(png, dpi=(DPI, DPI))
    page.save(pdf, "PDF", resolution=DPI, title=f"Dicekeeper {game} ({side} side)")
    log.info("wrote %s and %s (%s)", png, pdf, paper)
    return PrintedBoard(png=png, pdf=pdf, paper=paper,
                        board_origin_mm=board_origin_mm(load_layout(game, side), paper))


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper print-board GAME [--side SIDE] [--out DIR]``."""
    try:
        printed = write_board(args.game, args.side, Path(args.out))
    except (PrintBoardError, EngineError) as exc:
        print(f"dicekeeper print-board: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"dicekeeper print-board: cannot write to {args.out}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(printed.png)
    print(printed.pdf)
    print(f"Print on {printed.paper} at 100% / actual size; check the 10 mm ruler with a real "
          f"ruler.")
    return 0


def _font(size_mm: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    size = round(size_mm * PX_PER_MM)
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def _px(x_mm: float, y_mm: float) -> tuple[float, float]:
    return (x_mm * PX_PER_MM, y_mm * PX_PER_MM)


def _draw_ruler_and_notes(draw: ImageDraw.ImageDraw, g: Layout, paper: str, game: str,
                          side: str) -> None:
    ox, oy = board_origin_mm(g, paper)
    y = oy + g.size_mm + 14.0
    _draw_ruler(draw, ox, y)
    line = round(0.3 * PX_PER_MM)
    draw.text(_px(ox + 14.0, y + 2.5), "<- this ruler must measure exactly 10 mm", fill=INK,
              font=_font(3.0), anchor="lm")
    notes = [f"Dicekeeper board: {game}, {side} side. Board square {g.size_mm:g} mm.",
             f"Print at 100% / actual size (no 'fit to page'), on plain {paper} paper.",
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
