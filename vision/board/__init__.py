"""The board path the device runs: camera frame -> ``TableView`` of a printed board.

``BoardReader`` (``vision.board.pipeline``) locates the board by its markers
(``vision.board.markers``), warps it to the canonical view (``vision.board.warp``), checks for a
hand (``vision.board.hand``), finds and reads the dice (``find_board_dice``,
``vision.board.dice``, confirming on the pixels in ``vision.board.confirm``; ``BoardDiceReader``,
``vision.board.dice_reader``, reads again only the dice that changed), places them in cells and
checks the cells' occupancy (``vision.board.occupancy``); on a CubeCourier board it reads the
cubes instead (``find_board_cubes``, ``vision.board.cubes``, with the camera's pose from
``vision.board.pose``; ``BoardCubeReader``, ``vision.board.cube_reader``); on a board whose
items are tiles it finds the pieces by their body colours (``vision.board.piece_regions``) and
reads them (``find_board_tiles``, ``BoardTileReader``: ``vision.board.tiles``). ``SettleDetector``
(``vision.board.settle``) passes on only views that stay the same. ``CalibrationProfile``
(``vision.board.profile``) holds a calibration; ``BoardGeometry`` (``vision.board.geometry``, a
leaf) the board's layout.

May import ``engine`` types, ``vision.top``, ``vision.errors``, numpy and OpenCV; never
``vision.photo``.
"""

from vision.board.cube_reader import BoardCubeReader
from vision.board.cubes import CubeDetection, find_board_cubes
from vision.board.dice import find_board_dice
from vision.board.dice_reader import BoardDiceReader
from vision.board.geometry import BoardGeometry
from vision.board.hand import HandReading, detect_hand
from vision.board.markers import BoardLocation, detect_markers, locate_board, warp_board
from vision.board.occupancy import occupied_cells
from vision.board.pipeline import BoardReader, as_bgr, place_dice, place_items
from vision.board.pose import CameraPose, camera_pose
from vision.board.profile import CalibrationProfile
from vision.board.settle import SettleDetector
from vision.board.tiles import BoardTileReader, TileDetection, find_board_tiles
from vision.board.warp import BoardWarper

__all__ = [
    "BoardCubeReader", "BoardDiceReader", "BoardGeometry", "BoardLocation", "BoardReader",
    "BoardTileReader", "BoardWarper", "CalibrationProfile", "CameraPose", "CubeDetection",
    "HandReading", "SettleDetector", "TileDetection", "as_bgr", "camera_pose", "detect_hand",
    "detect_markers", "find_board_cubes", "find_board_dice", "find_board_tiles",
    "locate_board", "occupied_cells", "place_dice", "place_items", "warp_board",
]
