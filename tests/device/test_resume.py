"""A game survives a kill or a power cut at any moment: the real ``dicekeeper run`` is killed
at 200 random moments of the recorded Unification session (SIGKILL, and a simulated power cut
that also drops whatever was not yet on disk: the line being written), resumed each time, and
the game ends as the uninterrupted one does, in one record that ``replay`` accepts.

The frames are the session's recorded views (``--source views:FILE``, the same app, session,
records and resume path as a camera's, without the image reading) so 200 kills take about a
minute. Seeded: the same moments on every run.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from device.records import last_time, read_record
from device.replay import replay

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = json.loads((ROOT / "device" / "sessions" / "unification-simple" / "expected.json")
                      .read_text())
VIEWS = [{"t": v["t"], "view": v["view"]} for v in EXPECTED["views"]]
FINAL = EXPECTED["final_line"]
DICEKEEPER = Path(sys.executable).parent / "dicekeeper"
KILLS = 200
CHAINS = 22            # games, each killed up to KILLS_PER_GAME times
MAX_CHAINS = 40        # games at most, however many of them end before their kills
KILLS_PER_GAME = 10
PACE = 0.008           # seconds between recorded frames (the game lasts about a second)


def _views_file(folder: Path, after: float) -> tuple[Path, int]:
    """The views the camera still has to show after the record's last time, and how many."""
    path = folder / "views.json"
    views = [v for v in VIEWS if v["t"] > after]
    path.write_text(json.dumps({"game": "unification", "side": "simple", "pace": PACE,
                                "views": views}))
    return path, len(views)


def _start(records: Path, views: Path) -> subprocess.Popen[str]:
    args = [str(DICEKEEPER), "run", "--source", f"views:{views}", "--display", "dummy",
            "--buttons", "none", "--game", "unification", "--side", "simple",
            "--records", str(records), "--resume", "yes"]
    env = {**os.environ, "HOME": str(records.parent)}
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env)


def _power_cut(path: Path, rng: random.Random) -> None:
    """What was not fsynced is lost: the last line is cut anywhere (or gone), never the
    header (a cut there is a game that had not begun)."""
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    if start > 0:
        path.write_bytes(data[:rng.randrange(start, len(data))])


def _chain(folder: Path, seed: int, kills: int) -> tuple[int, str, list[str]]:
    """Kill and resume one game ``kills`` times, then let it end; (kills made, the last line
    printed, the problems seen)."""
    rng = random.Random(seed)
    records = folder / "records"
    records.mkdir(parents=True)
    made, problems, after = 0, [], 0.0
    for n in range(kills + 1):
        views, left = _views_file(folder, after)
        process = _start(records, views)
        if n < kills:  # a moment while the process starts or plays what is left
            time.sleep(rng.uniform(0.2, 0.5 + left * PACE))
            process.send_signal(signal.SIGKILL)
        out, _ = process.communicate()
        files = sorted(records.glob("*.jsonl"))
        if process.returncode != -signal.SIGKILL:
            return made, out.strip().splitlines()[-1] if out.strip() else "", problems
        made += 1
        if not files:
            continue  # killed before the game began: it begins again
        if len(files) > 1:
            problems.append(f"kill {made}: {len(files)} record files")
        if n % 2:
            _power_cut(files[0], rng)
        try:
            record = read_record(files[0])
            result = replay(record)
        except Exception as exc:  # noqa: BLE001 - any failure to read back is the finding
            problems.append(f"kill {made}: the record cannot be replayed: {exc}")
            continue
        if result.disagreements:
            problems.append(f"kill {made}: {result.disagreements[0]}")
        if result.session.outcome is not None:
            return made, result.summary, problems
        after = last_time(record)
    return made, "", problems


def test_a_game_killed_at_200_moments_resumes_to_the_same_end(tmp_path: Path) -> None:
    chains: list[tuple[int, str, list[str]]] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        # a chain ends early when a kill comes after its game ended, which depends on the
        # machine's load: games are added, two at a time, until KILLS kills have landed
        while sum(made for made, _, _ in chains) < KILLS and len(chains) < MAX_CHAINS:
            more = CHAINS if not chains else 2
            first = len(chains)
            chains += pool.map(lambda i: _chain(tmp_path / f"chain{i}", 1000 + i,
                                                KILLS_PER_GAME), range(first, first + more))
    problems = [p for _, _, found in chains for p in found]
    assert problems == [], "\n".join(problems)
    assert sum(made for made, _, _ in chains) >= KILLS  # a kill lands once a game has ended
    for i, (_, last, _) in enumerate(chains):
        assert last == FINAL, f"chain {i}"
        (record,) = sorted((tmp_path / f"chain{i}" / "records").glob("*.jsonl"))
        result = replay(read_record(record))
        assert result.disagreements == [] and result.summary == FINAL
