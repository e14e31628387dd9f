"""No Gaps tile geometry (NG-D4, section 3.2): shapes, their eight rotations/reflections, and
their placements on the grid as bit masks.

A cell ``(r, c)`` of a ``rows`` x ``cols`` grid is bit ``r * cols + c`` of a mask, so the bits
in ascending order are the cells in row-major order (the order a tile move prints its cells).
Pure standard library; imports nothing of ours.
"""

from __future__ import annotations

from collections.abc import Iterable

CellRC = tuple[int, int]
Shape = tuple[CellRC, ...]


def normalise(cells: Iterable[CellRC]) -> Shape:
    """The cells moved so the smallest row and column are 0, sorted row-major."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(shape: Iterable[CellRC]) -> tuple[Shape, ...]:
    """The distinct shapes under the 8 rotations/reflections, each normalised, sorted."""
    cells = list(shape)
    found: set[Shape] = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]  # a quarter turn
        found.add(normalise(cells))
        found.add(normalise((r, -c) for r, c in cells))  # and its mirror image
    return tuple(sorted(found))


def congruent(a: Iterable[CellRC], b: Iterable[CellRC]) -> bool:
    """True when ``a`` is ``b`` turned and/or mirrored and moved (the same polyomino)."""
    return normalise(a) in orientations(b)


def is_connected(cells: Iterable[CellRC]) -> bool:
    """True when the cells form one orthogonally connected piece (a polyomino)."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in todo:
                todo.remove(near)
                stack.append(near)
    return not todo


def mask_of(cells: Iterable[CellRC], cols: int) -> int:
    """The bit mask of cells that lie on a grid ``cols`` wide (callers check the rows)."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * cols + c)
    return mask


def cells_of(mask: int, cols: int) -> Shape:
    """The cells of a mask, row-major."""
    cells = []
    index = 0
    while mask:
        if mask & 1:
            cells.append(divmod(index, cols))
        mask >>= 1
        index += 1
    return tuple(cells)


def placements(shape: Iterable[CellRC], rows: int, cols: int) -> tuple[int, ...]:
    """Every placement of the shape inside an empty grid: one mask per distinct cell set,
    sorted by the row-major list of their cells (the order ``moves`` lists them)."""
    masks: set[int] = set()
    for form in orientations(shape):
        height = max(r for r, _ in form) + 1
        width = max(c for _, c in form) + 1
        for dr in range(rows - height + 1):
            for dc in range(cols - width + 1):
                masks.add(mask_of(((r + dr, c + dc) for r, c in form), cols))
    return tuple(sorted(masks, key=lambda m: cells_of(m, cols)))


def components(mask: int, cols: int) -> tuple[int, ...]:
    """The orthogonally connected pieces of a mask, each as a mask, by their first cell."""
    pieces = []
    todo = set(cells_of(mask, cols))
    while todo:
        first = min(todo)
        piece = {first}
        todo.remove(first)
        stack = [first]
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in todo:
                    todo.remove(near)
                    piece.add(near)
                    stack.append(near)
        pieces.append(mask_of(piece, cols))
    return tuple(pieces)


def lowest_bit(mask: int) -> int:
    """Index of the lowest set bit (the first cell in row-major order); -1 for 0."""
    return (mask & -mask).bit_length() - 1
