"""The card room's cards, drawn as SVG by this module: no image, font or file from outside.

Each card is a white rounded card with its rank and suit in two corners, the suit's pips
laid out as on a French-suited deck (an ace one large pip; 7 to 10 their number of pips;
jack, queen and king a framed court with the rank's letter), in red or black.  The suits are
paths, not font glyphs, so a card looks the same on every machine.  The back is a lattice.
"""

from __future__ import annotations

from functools import lru_cache

#: Each suit's shape, drawn in a 100 x 100 box.
SUIT_PATHS = {
    "H": "M50 92 C22 68 4 52 4 31 C4 15 16 5 30 5 C40 5 47 11 50 19 C53 11 60 5 70 5 C84 5 96 15 96 31 C96 52 78 68 50 92 Z",
    "D": "M50 2 L86 50 L50 98 L14 50 Z",
    "S": "M50 4 C64 24 96 40 96 62 C96 76 85 84 72 84 C63 84 57 80 54 74 C55 84 60 92 68 97 L32 97 C40 92 45 84 46 74 "
         "C43 80 37 84 28 84 C15 84 4 76 4 62 C4 40 36 24 50 4 Z",
    "C": "M50 6 A19 19 0 0 1 66 37 A19 19 0 1 1 58 68 C58 82 62 90 70 97 L30 97 C38 90 42 82 42 68 A19 19 0 1 1 34 37 "
         "A19 19 0 0 1 50 6 Z",
}
RED = "#c8102e"
BLACK = "#1a1a1a"
WIDTH, HEIGHT = 100, 140
RANK_SHOWN = {"T": "10"}
#: Where the pips of 7 to 10 lie, in the card's middle field (x, y in 0..1; upside down below the middle).
PIPS: dict[str, list[tuple[float, float]]] = {
    "7": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    "8": [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    "9": [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    "T": [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1)],
}
SUITS = "CDHS"
RANKS = "AKQJT987"


def _pip(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """A suit pip of ``size`` centred at (x, y), turned upside down if ``flip``."""
    scale = size / 100
    turn = f" rotate(180 {x:.1f} {y:.1f})" if flip else ""
    return (f'<path d="{SUIT_PATHS[suit]}" transform="{turn.strip()} translate({x - size / 2:.1f} {y - size / 2:.1f}) '
            f'scale({scale:.3f})"/>')


@lru_cache(maxsize=None)
def card_svg(code: str) -> str:
    """The SVG of a card in the record notation (``KH``, ``TS``, ``9D``)."""
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        raise KeyError(code)
    rank, suit = code[0], code[1]
    colour = RED if suit in "HD" else BLACK
    shown = RANK_SHOWN.get(rank, rank)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{code}">',
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8" fill="#fff" stroke="#888" stroke-width="1.5"/>',
        f'<g fill="{colour}" font-family="Georgia, \'DejaVu Serif\', serif" font-weight="bold">',
        f'<text x="{13 if shown != "10" else 15}" y="24" font-size="20" text-anchor="middle">{shown}</text>',
        _pip(suit, 13, 36, 14),
        f'<g transform="rotate(180 {WIDTH / 2} {HEIGHT / 2})">',
        f'<text x="{13 if shown != "10" else 15}" y="24" font-size="20" text-anchor="middle">{shown}</text>',
        _pip(suit, 13, 36, 14),
        "</g>",
    ]
    if rank == "A":
        parts.append(_pip(suit, WIDTH / 2, HEIGHT / 2, 46))
    elif rank in PIPS:
        left, right, top, bottom = 32, 68, 30, 110
        for px, py in PIPS[rank]:
            x = left + px * (right - left)
            y = top + py * (bottom - top)
            parts.append(_pip(suit, x, y, 17, flip=py > 0.5))
    else:  # a court card: a frame, the rank's letter large, a pip above and below
        parts.append(f'<rect x="24" y="24" width="52" height="92" rx="4" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        parts.append(f'<text x="50" y="82" font-size="40" text-anchor="middle">{shown}</text>')
        parts.append(_pip(suit, 50, 40, 18))
        parts.append(_pip(suit, 50, 100, 18, flip=True))
    parts.append("</g></svg>")
    return "".join(parts)


def back_svg() -> str:
    """The back of a card: a blue lattice in a white border."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="card back">'
        '<defs><pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="10" height="10" fill="#1f4e8c"/><path d="M0 5H10M5 0V10" stroke="#5b8bd0" stroke-width="1.5"/></pattern></defs>'
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8" fill="#fff" stroke="#888" stroke-width="1.5"/>'
        f'<rect x="7" y="7" width="{WIDTH - 14}" height="{HEIGHT - 14}" rx="5" fill="url(#p)"/></svg>'
    )
