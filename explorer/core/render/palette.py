"""Colours of the grid, Qt-free: one set of lookup tables for the window, the legend, `wx.view`
images and the tests.

A level image (uint8, one level per texel) becomes colours through a 256-row table. Hot/cold:
level 0 is hot, 1..255 a light-to-full cold blue by the share of cold cells in the texel.
Values (G, R): level 0 is not computed (grey), 1..255 a perceptual map, low to high. The
perceptual maps are matplotlib's viridis and magma as pyqtgraph samples them at 255 points
(stored here so that pictures drawn without Qt match the window; a test compares them).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

HOT = (246, 232, 205)  # N-positions: warm cream
COLD = (28, 58, 138)  # P-positions: deep blue
FAINT_COLD = (120, 160, 230)  # a pixel holding a few cold cells among very many
OUTSIDE = (205, 205, 210)  # no cells there (negative coordinates)
NOT_COMPUTED = (170, 170, 175)
SELECTION = (230, 57, 70)
MOVE_ARROW = (214, 40, 57)
PHI_LINE = (46, 160, 67)
GRID_LINE = (150, 140, 120)
QUERY_RECT = (230, 126, 34)
PATH = (142, 68, 173)
SOLVED_EDGE = (60, 60, 68)  # the edge of what is solved or computed: dark grey, not the selection's red

COLORMAPS = {"grundy": "viridis", "remoteness": "magma"}  # perceptual maps, one per kind of value

_MAPS = {
    "viridis": (
        "44015444025645045745055946075a46085c460a5d460b5e470d60470e61471063471164471365481467481668481769"
        "48186a481a6c481b6d481c6e481d6f481f70482071482173482374482475482576482677482878472979472a7a472c7a"
        "472d7b472e7c462f7d46307e46327e46337f453480453581453781443882443983443a83433b84433d84423e85423f85"
        "4240864141864142874044874045883f46883f47883e48893e49893e4a893d4c8a3d4d8a3c4e8a3c4f8a3b508b3b518b"
        "3a528b3a538b39548c39558c38568c38588c37598c375a8c365b8d365c8d355d8d355e8d345f8d34608d33618d33628d"
        "32638d32648e31658e31668e31678e30688e30698e2f6a8e2f6b8e2e6c8e2e6d8e2e6e8e2d6f8e2d708e2c718e2c718e"
        "2c728e2b738e2b748e2a758e2a768e2a778e29788e29798e297a8e287b8e287c8e277d8e277e8e277f8e26808e26818e"
        "26828e25828e25838e25848e24858e24868e23878e23888e23898d228a8d228b8d228c8d218d8d218e8d218f8d21908c"
        "20918c20928c20928c1f938c1f948b1f958b1f968b1f978b1f988a1f998a1e9a8a1e9b891e9c891e9d891f9e881f9f88"
        "1fa0881fa1871fa1871fa28620a38620a48521a58521a68522a78422a88323a98324aa8225ab8225ac8126ad8127ad80"
        "28ae7f29af7f2bb07e2cb17d2db27c2eb37c30b47b31b57a33b67934b67936b77837b87739b9763aba753cbb743ebc73"
        "3fbc7241bd7143be7045bf6f47c06e49c16d4bc16c4dc26b4fc36a51c46953c56855c56757c66559c7645bc8635dc862"
        "5fc96062ca5f64cb5e66cb5c68cc5b6bcd5a6dcd586fce5772cf5674d05476d05379d1517bd1507ed24e80d34d83d34b"
        "85d44988d5488ad5468dd6458fd64392d74194d74097d83e9ad83c9cd93b9fd939a1da37a4da36a7db34a9db32acdc30"
        "afdc2fb1dd2db4dd2bb7de29b9de28bcde26bfdf25c1df23c4df21c7e020c9e01fcce11dcfe11cd1e11bd4e21ad7e219"
        "d9e219dce318dee318e1e318e4e418e6e419e9e419ebe51aeee51bf0e51cf3e51df5e61ff7e620fae622fde725"
    ),
    "magma": (
        "00000401000501010601010802010902020b02020d03030f03031204041405041606051806051a07061c08071e090720"
        "0a08220b09240c09260d0a290e0b2b100b2d110c2f120d31130d34140e36150e38160f3b180f3d19103f1a10421c1044"
        "1d11471e114920114b21114e22115024125325125527115829115a2a115c2c115f2d11612f1163311065331067341069"
        "36106b380f6c390f6e3b0f703d0f713f0f72400f74420f75440f764510774710784910784a10794c117a4e117b4f127b"
        "51127c52137c54137d56147d57157e59157e5a167e5c167f5d177f5f187f601880621980641a80651a80671b80681c81"
        "6a1c816b1d816d1d816e1e81701f81721f817320817521817621817822817922827b23827c23827e2482802581812581"
        "8326818426818627818827818928818b29818c29818e2a81902a81912b80932b80942c80962c80982d80992d7f9b2e7f"
        "9c2e7f9e2f7fa02f7ea1307ea3307ea5317da6317da8327daa337cab337cad347bae347bb0357bb2357ab3367ab63679"
        "b73779b93778bb3878bc3977be3977bf3a76c13a75c33b75c43c74c63c73c73d73c93e72cb3e71cc3f71ce4070cf406f"
        "d1416fd2426ed4436dd5446cd7456cd8456bda466adb4769dd4868de4968df4b67e14c66e24d65e34e64e44f64e65163"
        "e75262e85362e95561ea5660eb5760ec595fed5a5eee5c5eef5e5ef05f5df1615df2635cf2645cf3665cf4685cf46a5c"
        "f56b5cf66d5cf66f5cf7715cf7735cf8755cf8775cf9785df97a5df97c5dfa7e5efa805efa825ffb845ffb8660fb8861"
        "fc8961fc8b62fc8d63fc8f64fc9165fd9366fd9567fd9768fd9969fd9a6afd9c6bfe9e6cfea06dfea26efea470fea671"
        "fea872fea973feab75fead76feaf77feb179feb37afeb57bfeb67dfeb87efeba80febc81febe83fec084fec186fec387"
        "fec589fec78bfec98cfecb8efecc8ffece91fed093fed294fed496fed698fed799fdd99bfddb9dfddd9ffddfa0fde1a2"
        "fde2a4fde4a6fde6a8fde8a9fdeaabfcebadfcedaffcefb1fcf1b3fcf3b5fcf5b7fcf6b8fcf8bafcfabcfcfdbf"
    ),
}


def lookup_table() -> NDArray[np.uint8]:
    """256 RGB rows: level 0 is hot; levels 1..255 go from a light blue to full cold, so a
    pixel with any cold cell in it is clearly blue."""
    lut = np.empty((256, 3), dtype=np.uint8)
    faint, cold = np.array(FAINT_COLD, float), np.array(COLD, float)
    lut[0] = HOT
    t = (np.arange(1, 256) - 1) / 254.0
    lut[1:] = np.round(faint + (cold - faint) * t[:, None]).astype(np.uint8)
    return lut


def map_colours(kind: str) -> NDArray[np.uint8]:
    """The 255 colours of the perceptual map for `kind` ('grundy' or 'remoteness'), low to high."""
    return np.frombuffer(bytes.fromhex("".join(_MAPS[COLORMAPS[kind]])), dtype=np.uint8).reshape(255, 3).copy()


def value_lookup_table(kind: str = "grundy") -> NDArray[np.uint8]:
    """Level 0: not computed (grey); levels 1..255: a perceptual map, low to high value
    (viridis for G; magma for remoteness, dark = the game ends soon)."""
    lut = np.empty((256, 3), dtype=np.uint8)
    lut[0] = NOT_COMPUTED
    lut[1:] = map_colours(kind)
    return lut


def custom_lookup_table() -> NDArray[np.uint8]:
    """Rules solved on a square: level 0 is not solved (grey), 1 hot, 2..255 cold as in lookup_table."""
    lut = np.empty((256, 3), dtype=np.uint8)
    base = lookup_table()
    lut[0] = NOT_COMPUTED
    lut[1] = base[0]
    lut[2:] = base[2:]
    return lut


# Two rules compared (View ▸ Compare with…): each pixel by the kinds of cold cell it holds.
FIRST_ONLY = (230, 120, 20)  # cold under the rule in effect only: orange
SECOND_ONLY = (0, 150, 160)  # cold under the other only: teal
BOTH_DIFFER = (142, 68, 173)  # some of each: purple
COMPARE_KEY = (
    ("cold under both", COLD),
    ("cold under the rule in effect only", FIRST_ONLY),
    ("cold under the other only", SECOND_ONLY),
    ("some of each", BOTH_DIFFER),
)


def compare_lookup_table() -> NDArray[np.uint8]:
    """Level 0 not solved under one of the rules (grey), 1 no cold cell (hot), 2 cold under both
    only, 3 some cold under the first only, 4 under the second only, 5 some of each."""
    lut = np.zeros((256, 3), dtype=np.uint8)
    for level, colour in enumerate((NOT_COMPUTED, HOT, COLD, FIRST_ONLY, SECOND_ONLY, BOTH_DIFFER)):
        lut[level] = colour
    return lut


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def options_lookup_table(k: int) -> NDArray[np.uint8]:
    """The colour mode "cold options" (k-blocking): level 0 grey (beyond the solved square), then a
    level for each count 0 … k − 1 (the cold cells: deep blue to light blue), k (hot: light orange) and
    more than k (dark orange)."""
    lut = np.zeros((256, 3), dtype=np.uint8)
    lut[:] = NOT_COMPUTED
    for c in range(k):
        t = c / max(k - 1, 1)
        lut[1 + c] = [round(a + (b - a) * t) for a, b in zip(COLD, FAINT_COLD, strict=True)]
    lut[1 + k] = (250, 196, 140)
    lut[2 + k :] = (196, 96, 20)
    return lut
