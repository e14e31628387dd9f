"""Which sets of hand tiles may be laid at a position: the search behind ``legal_moves``.

A set fits a position of colour ``c`` and value ``v`` when every tile has pips of ``c`` and those
pips add up to ``v``; its size must be one the count rule allows. Sets come in the order the
``moves`` listing uses: fewer tiles first, then by their tiles in the canonical order (the
combinations of the sorted usable tiles, in order). Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from engine.games.bossa.tiles import Tile


def tile_sets(tiles: Iterable[Tile], colour: str, value: int,
              counts: Iterable[int]) -> list[tuple[Tile, ...]]:
    """Every set of ``tiles`` of one of the sizes ``counts`` whose pips of ``colour`` add up
    to ``value``, each tile having such pips; fewer tiles first, then in canonical order."""
    usable = sorted(t for t in tiles if t.fits(colour))
    found: list[tuple[Tile, ...]] = []
    for size in sorted(set(counts)):
        if size >= 1:
            found += _combinations(usable, colour, value, size, 0)
    return found


def _combinations(usable: Sequence[Tile], colour: str, target: int, size: int,
                  start: int) -> Iterator[tuple[Tile, ...]]:
    """Combinations of ``size`` tiles from ``usable[start:]`` adding up to ``target``; each
    tile carries at least one pip, which bounds the search."""
    if size == 0:
        if target == 0:
            yield ()
        return
    for i in range(start, len(usable) - size + 1):
        pips = usable[i].pips(colour)
        if pips > target - (size - 1):
            continue
        for rest in _combinations(usable, colour, target - pips, size - 1, i + 1):
            yield (usable[i], *rest)
