"""Train, export and evaluate the die-top classifier shipped as vision/photo/models/die_top.onnx.

Training needs PyTorch in a separate virtualenv (never the project's runtime); evaluation needs
only numpy and OpenCV and reads the real photos from ``../shared/realdata`` when present:

    python -m venv /tmp/trainvenv && /tmp/trainvenv/bin/pip install torch==2.13.0 numpy \
        opencv-python-headless==4.11.0.86 onnx
    PYTHONPATH=. /tmp/trainvenv/bin/python bench/train_die_top.py --data a.npz --samples 20000
    PYTHONPATH=. /tmp/trainvenv/bin/python bench/train_die_top.py --data b.npz --samples 20000 \
        --seed 2027
    PYTHONPATH=. /tmp/trainvenv/bin/python bench/train_die_top.py --data a.npz b.npz --train
    .venv/bin/python bench/train_die_top.py --evaluate [--realdata ../shared/realdata]

Training data is synthetic only (bench/die_top_data.py); real photos are never trained or
tuned on. Prints go to stdout: this is a command module.

May import numpy, OpenCV, bench, calibration, vision; torch and onnx only inside the training
functions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "vision" / "photo" / "models"
DEFAULT_REALDATA = REPO.parent / "shared" / "realdata"
SEED = 2026
EPOCHS = 14
THRESHOLDS = (0.5, 0.8, 0.9, 0.95)
PIP_SPAN = 0.72  # pips of faces 2..6 span about this fraction of the die edge


def make_data(path: Path, samples: int, seed: int = SEED) -> None:
    """Generate ``samples`` synthetic crops, resized to the input size, into an .npz file."""
    from bench.die_top_data import make_samples
    from vision.photo.classifier import INPUT_SIZE, resized

    crops, labels = make_samples(samples, seed)
    x = np.stack([resized(c, INPUT_SIZE, i) for i, c in enumerate(crops)])
    np.savez_compressed(path, x=x, y=labels, seed=seed)
    print(f"wrote {samples} samples to {path}: classes {np.bincount(labels, minlength=7)}")


def build_model():
    """The tiny CNN: 4 conv blocks (16-32-32-48) with pooling, then 2 small dense layers."""
    from torch import nn

    def block(cin: int, cout: int) -> list:
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]

    return nn.Sequential(*block(3, 16), nn.MaxPool2d(2), *block(16, 32), *block(32, 32),
                         nn.MaxPool2d(2), *block(32, 48), nn.MaxPool2d(2), nn.Flatten(),
                         nn.Linear(48 * 16, 48), nn.ReLU(), nn.Dropout(0.2), nn.Linear(48, 7))


def _augment(x, rng: np.random.Generator):
    """Dice faces read the same mirrored and turned by 90 degrees: free extra data."""
    import torch

    k = int(rng.integers(4))
    x = torch.rot90(x, k, dims=(2, 3))
    if rng.random() < 0.5:
        x = torch.flip(x, dims=(3,))
    return x


def train(data: list[Path], epochs: int = EPOCHS, seed: int = SEED) -> None:
    """Train on .npz files from ``make_data`` (10% held out), export ONNX and check cv2.dnn."""
    import torch
    from torch import nn

    from vision.photo.classifier import normalise

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    parts = [np.load(path) for path in data]
    x = np.stack([normalise(img).transpose(2, 0, 1) for d in parts for img in d["x"]])
    y = np.concatenate([d["y"] for d in parts])
    order = rng.permutation(len(y))
    n_val = len(y) // 10
    val, tr = order[:n_val], order[n_val:]
    xt, yt = torch.from_numpy(x[tr]), torch.from_numpy(y[tr])
    xv, yv = torch.from_numpy(x[val]), torch.from_numpy(y[val])
    model = build_model()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * (len(tr) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    t0 = time.time()
    for epoch in range(epochs):
        model.train()
        perm = torch.from_numpy(rng.permutation(len(tr)))
        for i in range(len(tr) // 128):
            idx = perm[i * 128:(i + 1) * 128]
            opt.zero_grad()
            loss = loss_fn(model(_augment(xt[idx], rng)), yt[idx])
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            acc = float((model(xv).argmax(1) == yv).float().mean())
        print(f"epoch {epoch + 1}/{epochs}: loss {loss.item():.3f}, held-out synthetic "
              f"accuracy {acc:.4f} ({time.time() - t0:.0f} s)", flush=True)
    seeds = [int(d["seed"]) for d in parts]
    _export(model, xv[:16], seed, seeds, len(y), acc)


def _export(model, sample, seed: int, data_seeds: list[int], samples: int,
            val_acc: float) -> None:
    import torch

    model.eval()
    path = MODELS / "die_top.onnx"
    torch.onnx.export(model, sample[:1], str(path), input_names=["crops"], output_names=["logits"],
                      dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}}, opset_version=11,
                      dynamo=False)
    net = cv2.dnn.readNetFromONNX(str(path))
    net.setInput(sample.numpy())
    with torch.no_grad():
        ref = model(sample).numpy()
    diff = float(np.abs(net.forward() - ref).max())
    print(f"exported {path.name} ({path.stat().st_size} bytes); "
          f"cv2.dnn vs torch max diff {diff:.2e}")
    if diff > 1e-3:
        raise SystemExit("cv2.dnn disagrees with torch: do not ship this model")
    info = {"input_size": 32, "input": "BGR crop resized to 32x32, (x - mean) / (std + 8)",
            "classes": ["not a readable die top", "1", "2", "3", "4", "5", "6"],
            "training_seed": seed, "data_seeds": data_seeds, "samples": samples,
            "held_out_synthetic_accuracy": val_acc,
            "data": "synthetic only: bench/die_top_data.py (calibration.dice_art dice on "
                    "procedural tables, framing jitter, squash, blur, noise, JPEG, colour "
                    "casts; negatives: table, half die, two dice, cocked, side face, smeared); "
                    "rot90/mirror augmentation; no real photos"}
    (MODELS / "die_top.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- evaluation on real photos

def real_crops(root: Path) -> dict[str, list[tuple[np.ndarray, int]]]:
    """Die crops with their values from the realdata sources that hold dice.

    chase: the whole crop; matteop65: the pip box grown to a die-sized square; nell-byler:
    dice verified white or red, the label box. Other sources are skipped.
    """
    from bench.realdata import read_images, source_folders

    out: dict[str, list[tuple[np.ndarray, int]]] = {}
    for folder in source_folders(root):
        name = folder.name
        if not name.startswith(("chase", "matteop65", "nellbyler")):
            continue
        items = out.setdefault(name, [])
        for image in read_images(folder):
            img = cv2.imread(str(image.path), cv2.IMREAD_COLOR)
            if img is None:
                print(f"skipped unreadable {image.path.name}")
                continue
            boxes = [d.box for d in image.dice]
            for die in image.dice:
                if name.startswith("nellbyler") and die.colour not in ("white", "red"):
                    continue
                box = _pip_box_to_die(die.box, boxes) if name.startswith("matteop65") else die.box
                crop = _crop(img, box)
                if crop is not None:
                    items.append((crop, die.value))
    return out


def _pip_box_to_die(box: tuple[float, ...], boxes: list[tuple[float, ...]]) -> tuple[float, ...]:
    """A square around a pip box, as big as a die whose pips span it (or the image's typical die).

    A face-1 box holds only its pip, so the side is at least the median over the image's boxes;
    the value label is never used to size a crop.
    """
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0) / PIP_SPAN
    typical = float(np.median([max(b[2] - b[0], b[3] - b[1]) for b in boxes])) / PIP_SPAN
    side = max(side, typical) * 1.1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)


def _crop(img: np.ndarray, box: tuple[float, ...]) -> np.ndarray | None:
    h, w = img.shape[:2]
    x0, y0 = max(0, round(box[0])), max(0, round(box[1]))
    x1, y1 = min(w, round(box[2])), min(h, round(box[3]))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return img[y0:y1, x0:x1]


def accuracy_table(probs: np.ndarray, values: np.ndarray) -> list[tuple[float, float, float]]:
    """(threshold, share of crops whose best face has at least that probability, accuracy there).

    The prediction is the best face class 1..6 when its probability beats class 0, else
    "not a die" (which counts as wrong for these real, readable dice).
    """
    pred = probs.argmax(axis=1)
    conf = probs.max(axis=1)
    rows = [(0.0, 1.0, float((pred == values).mean()) if len(values) else 0.0)]
    for t in THRESHOLDS:
        keep = (conf >= t) & (pred > 0)
        share = float(keep.mean()) if len(values) else 0.0
        acc = float((pred[keep] == values[keep]).mean()) if keep.any() else float("nan")
        rows.append((t, share, acc))
    return rows


def evaluate(root: Path) -> int:
    """Print accuracy per source and threshold, and the time per crop; 0, or 0 with a skip."""
    from vision.photo.classifier import classify_tops

    if not root.is_dir():
        print(f"SKIPPED: no realdata folder at {root} (pass --realdata DIR)")
        return 0
    cv2.setNumThreads(1)
    for name, items in real_crops(root).items():
        if not items:
            print(f"{name}: no crops")
            continue
        probs = classify_tops([c for c, _ in items])
        values = np.array([v for _, v in items])
        print(f"{name}: {len(items)} crops, class 0 (not a top) on "
              f"{float((probs.argmax(1) == 0).mean()):.1%}")
        for t, share, acc in accuracy_table(probs, values):
            label = "argmax" if t == 0 else f"p>={t:.2f}"
            print(f"  {label:8s} share {share:6.1%}  face accuracy {acc:6.1%}")
    _time_per_crop(classify_tops)
    return 0


def _time_per_crop(classify_tops) -> None:
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 255, (48, 48, 3), np.uint8) for _ in range(64)]
    classify_tops(crops[:1])
    for batch in (1, 16):
        t0 = time.perf_counter()
        for i in range(0, 64, batch):
            classify_tops(crops[i:i + batch])
        ms = (time.perf_counter() - t0) * 1000 / 64
        print(f"cv2.dnn, one thread: {ms:.2f} ms per crop in batches of {batch}")


def main(argv: list[str] | None = None) -> int:
    """Command line: --samples N (make data), --train, --evaluate."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, nargs="+", help=".npz files of synthetic crops")
    p.add_argument("--samples", type=int, help="generate this many samples into the first --data")
    p.add_argument("--seed", type=int, default=SEED, help="seed of the generated samples")
    p.add_argument("--train", action="store_true", help="train on --data and export the model")
    p.add_argument("--epochs", type=int, default=EPOCHS)
    p.add_argument("--evaluate", action="store_true", help="evaluate on real photos")
    p.add_argument("--realdata", type=Path, default=DEFAULT_REALDATA)
    args = p.parse_args(argv)
    if args.samples:
        make_data(args.data[0], args.samples, args.seed)
    if args.train:
        train(args.data, args.epochs)
    if args.evaluate:
        return evaluate(args.realdata)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
