"""The rules files' worked examples, each through the command line (`dicekeeper judge` and
`dicekeeper moves`) exactly as a player or another implementation would ask them: one table,
game by game, read off the rules text (../shared/rules/*.md, the X sections)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from device.cli import main

# (example, argv after the game name, the fields the JSON must hold)
JUDGE: list[tuple[str, str, list[str], dict[str, Any]]] = [
    # CubeCourier, cubecourier.md section 10
    ("CC-X1 roll N", "cubecourier", ["--position", "K.W/.[RKW]./K.R off=KRW ring=none to=1",
                                     "--move", "r1c1-N"],
     {"legal": True, "position": "K[KRW]W/.../K.R off=KRW ring=r0c1 to=2"}),
    ("CC-X1 roll E", "cubecourier", ["--position", "K.W/.[RKW]./K.R off=KRW ring=none to=1",
                                     "--move", "r1c1-E"],
     {"legal": True, "position": "K.W/..[WKR]/K.R off=KRW ring=r1c2 to=2"}),
    ("CC-X1 first roll", "cubecourier", ["--position", "K.W/.R./K.R off=KRW ring=none to=1",
                                         "--move", "r1c1-E=K"],
     {"legal": True, "position": "K.W/..[KWR]/K.R off=KRW ring=r1c2 to=2"}),
    ("CC-X2 win", "cubecourier", ["--position", "K.R/KRW/.KW off=K ring=none to=1",
                                  "--move", "P K@r2c0"],
     {"legal": True, "outcome": "win", "winner": 1, "chain": ["r0c0", "r1c0", "r2c0"]}),
    ("CC-X2 no win", "cubecourier", ["--position", "K.R/KRW/.KW off=K ring=none to=1",
                                     "--move", "P K@r0c1"],
     {"legal": True, "outcome": None, "winner": None, "chain": None}),
    ("CC-X3 (W,R,K)", "cubecourier", ["--position", "..[WRK]/.K./.K. off=KRRWW ring=none to=1",
                                      "--move", "r0c2-W"],
     {"outcome": "win", "winner": 1, "chain": ["r0c1", "r1c1", "r2c1"]}),
    ("CC-X3 (W,K,R)", "cubecourier", ["--position", "..[WKR]/.K./.K. off=KRRWW ring=none to=1",
                                      "--move", "r0c2-W"],
     {"legal": True, "outcome": None, "position": ".[RKW]./.K./.K. off=KRRWW ring=r0c1 to=2"}),
    ("CC-X3 unknown sides", "cubecourier", ["--position", "..W/.K./.K. off=KRRWW ring=none to=1",
                                            "--move", "r0c2-W=K"],
     {"legal": True, "outcome": "win", "winner": 1}),
    ("CC-X4 stack", "cubecourier", ["--position", "R../RW./KR. off=KKW ring=none to=1",
                                    "--move", "r2c1^r2c0"],
     {"legal": True, "outcome": "win", "chain": ["r0c0", "r1c0", "r2c0"]}),
    ("CC-X4 CC-F4", "cubecourier", ["--position", "R../RW./KR. off=KKW ring=none to=1",
                                    "--move", "r2c1^r1c1"],
     {"legal": False, "code": "CC-F4", "position": "R../RW./KR. off=KKW ring=none to=1"}),
    ("CC-X5 CC-F1", "cubecourier", ["--position", "..W/.K./.K. off=KRRWW ring=r1c1 to=2",
                                    "--move", "r1c1-W=R"],
     {"legal": False, "code": "CC-F1"}),
    # 2 1 6, two-one-six.md section 9 (the grid filled by the last placement)
    *[(name, "two-one-six", [*options, "--position",
                             ("A6A5A4A3A2A1/B1B2B3B4B5B6/A2B3B2B3A2B3/B4B4A1B1B6B6/A5A1A5A1A5B1/"
                             "A3A6B3B6A3.. to=A roll=6"), "--move", "A6@r5c5"],
       {"legal": True, "outcome": winner, "scores": scores})
      for name, options, winner, scores in [
          ("TS-X1", [], "A", {"A": 120, "B": 109}),
          ("TS-X2", ["--option", "line_total=own_cells"], "A", {"A": 94, "B": 93}),
          ("TS-X3", ["--option", "diagonals=on"], "A", {"A": 134, "B": 109}),
          ("TS-X3 handicap", ["--option", "diagonals=on", "--option", "handicap=4"], "A",
           {"A": 134, "B": 113}),
          ("TS-X4", ["--option", "area=on"], "B", {"A": 120, "B": 125})]],
    ("TS-X5 TS-F1", "two-one-six", ["--position", "A6A5A4A3A2A1/" + "/".join(["." * 12] * 5)
                                    + " to=B roll=3", "--move", "B3@r0c2"],
     {"legal": False, "code": "TS-F1"}),
    ("TS-X5 TS-F2", "two-one-six", ["--position", "/".join(["." * 12] * 6) + " to=A roll=2",
                                    "--move", "A5@r2c3"],
     {"legal": False, "code": "TS-F2"}),
    # Growing Nine, fast-alone.md 2.9
    ("GN-X1 1 GN-F1", "growing-nine", ["--position", ("r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 "
                                       "q=614253"), "--move", "r0c3 W"],
     {"legal": False, "code": "GN-F1"}),
    ("GN-X1 1 GN-F2", "growing-nine", ["--position", ("r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 "
                                       "q=614253"), "--move", "r0c0 E"],
     {"legal": False, "code": "GN-F2"}),
    ("GN-X1 1", "growing-nine", ["--position", "r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 q=614253",
                                 "--move", "r3c0 N"],
     {"legal": True, "position": "r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253"}),
    ("GN-X1 2", "growing-nine", ["--position", "r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253",
                                 "--move", "r0c0 E"],
     {"legal": True, "position": "r0c1=R623 r0c3=W5 r2c0=W635 r3c3=W2 q=614253"}),
    ("GN-X1 3 GN-E3", "growing-nine", ["--position", ("r0c1=R623 r0c3=W5 r2c0=W635 r3c3=W2 "
                                       "q=614253"), "--move", "r2c0 S", "--remaining", "100"],
     {"outcome": "failure", "score": -6}),
    ("GN-X1 3", "growing-nine", ["--position", "r0c1=R623 r0c3=W5 r2c0=W635 r3c3=W2 q=614253",
                                 "--move", "r2c0 N"],
     {"legal": True, "position": "r0c1=R623 r0c3=W5 r1c0=W465 r3c3=W2 q=614253"}),
    ("GN-X2", "growing-nine", ["--position", "r0c3=R4 r1c0=W412 r2c2=W1 q=653",
                               "--move", "r1c0 N"],
     {"legal": True, "position": "r0c0=W642 r0c3=R4 r2c2=W1 r3c3=W6 q=53"}),
    ("GN-X3", "growing-nine", ["--position", "r0c3=R4 r1c0=W412 r2c2=W1 q=6",
                               "--move", "r1c0 N", "--remaining", "192"],
     {"outcome": "success", "score": 3}),
    # Pairing Five, fast-alone.md 5.9
    ("PF-X1 1", "pairing-five", ["--position", ("A=.+. B=.+. C=.+. D=.+. E=.+. "
                                 "U=R4,1,1,2,3,3,5,5,6,6 pending=-"), "--move", "A1=R4"],
     {"legal": True, "position": "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"}),
    ("PF-X1 1 DOWN", "pairing-five", ["--position", ("A=R4+. B=.+. C=.+. D=.+. E=.+. "
                                      "U=1,1,2,3,3,5,5,6,6 pending=A"), "--move", "DOWN 6>3"],
     {"legal": True, "position": "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"}),
    ("PF-X1 PF-F2", "pairing-five", ["--position", ("A=R4+. B=.+. C=.+. D=.+. E=.+. "
                                     "U=1,1,2,3,3,3,5,5,6 pending=-"), "--move", "B2=1"],
     {"legal": False, "code": "PF-F2"}),
    ("PF-X1 PF-F3", "pairing-five", ["--position", ("A=R4+. B=1+. C=.+. D=.+. E=.+. "
                                     "U=2,3,3,3,4,5,5,6 pending=-"), "--move", "C1=4"],
     {"legal": False, "code": "PF-F3"}),
    ("PF-X1 PF-F5", "pairing-five", ["--position", ("A=R4+. B=1+. C=6+. D=3+. E=5+. "
                                     "U=1,3,4,5,6 pending=-"), "--move", "E2=5"],
     {"legal": False, "code": "PF-F5"}),
    ("PF-X1 5", "pairing-five", ["--position", ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 "
                                 "pending=E"), "--move", "SAME_REROLL 3:1,3"],
     {"legal": True, "position": "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-"}),
    ("PF-X2 1", "pairing-five", ["--side", "expert", "--position", ("A=4+4 B=R1+. C=6+. D=3+. "
                                 "E=5+5 U=1,3,6 pending=E"), "--move", "AREA_CHANGE A<>B"],
     {"legal": True, "position": "A=R1+. B=4+4 C=6+. D=3+. E=5+5 U=1,3,6 pending=-"}),
    ("PF-X3", "pairing-five", ["--side", "expert", "--position", ("A=1+1 B=R4+4 C=6+. D=3+3 "
                               "E=5+5 U=6 pending=-"), "--move", "C2=6", "--remaining", "299"],
     {"legal": True, "outcome": "success", "score": 4}),
    # Horizontal & Vertical, fast-alone.md 1.9
    ("HV-X2 1 at 3-4", "horizontal-vertical", ["--position", ("...../.4.../...../...../..... "
                                               "passes=1 roll=1,3,4"), "--move", "1@3-4"],
     {"legal": True, "position": "...../.41../...../...../..... passes=1 roll=-"}),
    ("HV-X2 HV-F5", "horizontal-vertical", ["--position", ("...../.4.../...../...../..... "
                                            "passes=1 roll=1,3,4"), "--move", "3@4-4"],
     {"legal": False, "code": "HV-F5"}),
    ("HV-X3/X5 success", "horizontal-vertical", ["--position", ("14234/651X5/65432/..3../..... "
                                                 "passes=1 roll=4,5,6"), "--move", "5@6-4",
                                                 "--remaining", "157"],
     {"legal": True, "outcome": "success", "score": 4}),
    # No Gaps, fast-alone.md 3.9
    ("NG-X1 O4", "no-gaps", ["--position", ("....../....../....../....../....../...... used=- "
                             "fresh=1,3,3,4,5 spent=6 removed=- rerolls=0 last=-"),
                             "--move", "4:O4@r0c0,r0c1,r1c0,r1c1"],
     {"legal": True, "position": "##..../##..../....../....../....../...... used=O4 "
                                 "fresh=1,3,3,5 spent=4,6 removed=- rerolls=0 last=O4"}),
    ("NG-X2/X3 finish", "no-gaps", ["--position", ("######/######/######/######/######/#####. "
                                    "used=D2,D2,I3,I3,I4,L3,L3,L4,M1,M1,O4,P5 fresh=1,6 spent=- "
                                    "removed=3,3,4,5 rerolls=3 last=M1"), "--move", "1:M1@r5c5",
                                    "--remaining", "108"],
     {"legal": True, "outcome": "success", "score": 1}),
]

MOVES: list[tuple[str, str, list[str], list[str]]] = [
    ("HV-X1 (2,5,6)", "horizontal-vertical",
     ["--position", "...../...../...../...../..... passes=0 roll=2,5,6"],
     ["2@5-6", "2@6-5", "5@2-6", "5@6-2", "6@2-5", "6@5-2"]),
    ("HV-X1 (3,3,3)", "horizontal-vertical",
     ["--position", "...../...../...../...../..... passes=0 roll=3,3,3"], ["3@3-3"]),
    ("HV-X1 (4,4,2)", "horizontal-vertical",
     ["--position", "...../...../...../...../..... passes=0 roll=2,4,4"],
     ["2@4-4", "4@2-4", "4@4-2"]),
    ("GN-X1 4", "growing-nine", ["--position", "r0c1=R623 r0c3=W5 r1c0=W465 r3c3=W2 q=614253"],
     ["r0c1 E", "r0c1 S", "r0c1 W"]),
    ("NG-X2", "no-gaps", ["--position", ("######/######/######/######/######/.####. "
                          "used=D2,D2,I3,I3,I4,L3,L3,L4,M1,O4,P5 fresh=1,4 spent=2,5,6 "
                          "removed=3 rerolls=2 last=P5")], ["1:M1@r5c0", "1:M1@r5c5"]),
]


@pytest.mark.parametrize(("example", "game", "argv", "expected"), JUDGE,
                         ids=[row[0] for row in JUDGE])
def test_judge(example: str, game: str, argv: list[str], expected: dict[str, Any],
               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", game, *argv]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {key: result[key] for key in expected} == expected


@pytest.mark.parametrize(("example", "game", "argv", "expected"), MOVES,
                         ids=[row[0] for row in MOVES])
def test_moves(example: str, game: str, argv: list[str], expected: list[str],
               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", game, *argv]) == 0
    listed = capsys.readouterr().out.split("\n")
    writes = sorted(m for m in listed if m and not m.startswith("P ") and " X@" not in m)
    assert writes == sorted(expected)
