#!/usr/bin/python3
"""train_stones.py - train Seichi's stone finder and export it as ONNX.

The stone finder marks, before any lattice is known, which pixels of a
picture belong to a black stone, to a white stone or to neither; the reader
takes the peaks of its black and white probabilities as stone candidates
(their radii from the distance transform of each colour's mask,
vision/cvwrap.cpp: finder_peaks), the evidence a finished game leaves
where it hides the grid.

It learns from rendered pictures with NAME.stones.json beside them
(images/generator/render.py --stone-shapes): each stone's colour, centre
and silhouette in the picture. A picture is taken as the reader takes it
(shrunk to 1000 pixels on its longer side, then halved), at random scales
around that (the zoom stage enlarges a small board up to three times), in
random crops, with its colours jittered. The target marks the inner part
of each silhouette (INNER of it, toward the centre) and calls the outer
part background, so that touching stones stay apart in the masks; a band
between them (to BAND) is left out of the loss. The network is fully
convolutional, its output at half the input's resolution.

Repeatable: a fixed seed, one thread, deterministic algorithms, and the
pictures split into training and check by their name.

    /usr/bin/python3 vision/model/train_stones.py --out vision/model/stones.onnx DIR...

Needs Debian's python3-torch, python3-numpy, python3-onnx and
python3-opencv.
"""

import argparse
import glob
import json
import os
import sys
import time
import zlib

import cv2
# train holds torch's kernels to AVX2 (the same bytes on every CPU that
# has it), which it must do before torch loads: imported first.
from train import machine  # noqa: E402 (before torch on purpose)
import numpy as np
import torch
import torch.nn as nn

WORK = 1000       # the reader's working size (sei_vision_params.work_side)
HALF = 0.5        # stones are sought at half of it (stone_scale)
INNER = 0.6       # the target marks this share of a silhouette, toward its centre, ...
BAND = 0.75       # ... leaves out of the loss the band from there to this share, and calls
                  # the rest background, so that the masks of touching stones stay apart
CROP = 160        # training crops, input pixels
IGNORE = 255


class Net(nn.Module):
    """Input (N, 3, H, W) BGR scaled to -0.5..0.5; output (N, 3, H/2, W/2)
    logits of neither, black, white. Dilated convolutions see 31 input
    pixels across, a stone of the largest board filling the frame."""

    def __init__(self, c=12):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(8, c, 3, padding=1), nn.ReLU(),
            nn.Conv2d(c, c, 3, padding=2, dilation=2), nn.ReLU(),
            nn.Conv2d(c, c, 3, padding=4, dilation=4), nn.ReLU(),
            nn.Conv2d(c, 3, 1))

    def forward(self, x):
        return self.body(x)


def reader_view(img):
    """The picture as the reader looks for stones in it, and the scale from
    the picture's pixels to its."""
    h0, w0 = img.shape[:2]
    s = WORK / max(h0, w0)
    if s < 1:
        img = cv2.resize(img, (round(w0 * s), round(h0 * s)), interpolation=cv2.INTER_AREA)
    h, w = img.shape[:2]
    small = cv2.resize(img, (round(w * HALF), round(h * HALF)), interpolation=cv2.INTER_AREA)
    return small, small.shape[1] / w0


def load(dirs):
    pics = []
    for d in dirs:
        for sj in sorted(glob.glob(os.path.join(d, "*.stones.json"))):
            jp = sj[: -len(".stones.json")] + ".jpg"
            img = cv2.imread(jp, cv2.IMREAD_COLOR)
            if img is None:
                sys.exit("%s: cannot read" % jp)
            small, k = reader_view(img)
            stones = []
            for col, cx, cy, pts in json.load(open(sj)):
                p = np.array(pts, np.float32) * k
                c = np.array([cx, cy], np.float32) * k
                stones.append((1 if col == "X" else 2, c, cv2.convexHull(p).reshape(-1, 2)))
            key = zlib.crc32(os.path.basename(jp).encode())
            pics.append((small, stones, key))
    return pics


def target(stones, A, out_w, out_h):
    """Labels at the output's resolution for the input transform A (2x3,
    small picture to input pixels): each stone's inner part its colour,
    the band around it IGNORE, the rest background; farthest first (the
    list's order) so nearer stones cover them."""
    t = np.zeros((out_h, out_w), np.uint8)
    B = A / 2.0  # input pixels to output pixels: output pixel j is centred on input pixel 2j
    for lab, c, hull in stones:
        hp = hull @ B[:, :2].T + B[:, 2]
        cc = c @ B[:, :2].T + B[:, 2]
        if hp[:, 0].max() < -2 or hp[:, 1].max() < -2 or hp[:, 0].min() > out_w + 2 or hp[:, 1].min() > out_h + 2:
            continue
        band = cc + (hp - cc) * BAND
        cv2.fillPoly(t, [np.round(band * 16).astype(np.int32)], IGNORE, lineType=cv2.LINE_8, shift=4)
        inner = cc + (hp - cc) * INNER
        cv2.fillPoly(t, [np.round(inner * 16).astype(np.int32)], lab, lineType=cv2.LINE_8, shift=4)
    return t


def sample(pic, rng):
    """One training crop: input (3, CROP, CROP) float32 and its labels."""
    small, stones, _ = pic
    h, w = small.shape[:2]
    # Scales as the reader meets them: the whole picture (1), and a part
    # enlarged by the zoom stage (up to 3); a little smaller too.
    s = float(np.exp(rng.uniform(np.log(0.7), np.log(3.0))))
    ang = rng.uniform(-np.pi, np.pi) if rng.random() < 0.5 else 0.0
    # The crop's centre: near a stone most of the time.
    if stones and rng.random() < 0.8:
        cx, cy = stones[rng.integers(len(stones))][1]
        cx += rng.uniform(-40, 40) / s
        cy += rng.uniform(-40, 40) / s
    else:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    ca, sa = np.cos(ang) * s, np.sin(ang) * s
    A = np.array([[ca, -sa, CROP / 2 - (ca * cx - sa * cy)], [sa, ca, CROP / 2 - (sa * cx + ca * cy)]], np.float32)
    x = cv2.warpAffine(small, A, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    y = target(stones, A, CROP // 2, CROP // 2)
    x = x.astype(np.float32)
    # Light of other colours and strengths, blur, noise.
    x = x * rng.uniform(0.8, 1.2, 3).astype(np.float32) * rng.uniform(0.75, 1.25) + rng.uniform(-20, 20)
    if rng.random() < 0.3:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.5, 1.2))
    if rng.random() < 0.3:
        x = x + rng.normal(0, rng.uniform(2, 8), x.shape).astype(np.float32)
    x = np.clip(x, 0, 255) / 255.0 - 0.5
    return x.transpose(2, 0, 1).copy(), y


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="folders of renders with NAME.stones.json")
    ap.add_argument("--out", required=True, help="the ONNX model to write")
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    print("arithmetic: %s" % machine(), flush=True)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(a.seed)
    pics = load(a.dirs)
    if not pics:
        sys.exit("no pictures with stone shapes in %s" % " ".join(a.dirs))
    train = [p for p in pics if p[2] % 10 != 0]
    check = [p for p in pics if p[2] % 10 == 0]
    print("%d pictures: %d to train on, %d to check" % (len(pics), len(train), len(check)), flush=True)
    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=a.steps)
    # Stones are a small share of the pixels.
    loss_fn = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 3.0, 3.0]), ignore_index=IGNORE)
    t0 = time.time()
    for step in range(a.steps):
        xs, ys = zip(*(sample(train[rng.integers(len(train))], rng) for _ in range(a.batch)))
        x = torch.from_numpy(np.stack(xs))
        y = torch.from_numpy(np.stack(ys).astype(np.int64))
        opt.zero_grad()
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        sched.step()
        if step % 200 == 0 or step == a.steps - 1:
            print("step %d loss %.4f (%.0f s)" % (step, loss.item(), time.time() - t0), flush=True)
    net.eval()
    # Pixel accuracy on the check pictures' stones, whole pictures.
    hit = tot = fp = bg = 0
    with torch.no_grad():
        for small, stones, _ in check:
            h, w = small.shape[:2]
            x = torch.from_numpy((small.astype(np.float32) / 255.0 - 0.5).transpose(2, 0, 1)[None].copy())
            pred = net(x).argmax(1)[0].numpy()
            t = target(stones, np.array([[1, 0, 0], [0, 1, 0]], np.float32), pred.shape[1], pred.shape[0])
            st = (t == 1) | (t == 2)
            hit += int((pred[st] == t[st]).sum())
            tot += int(st.sum())
            fp += int(((pred > 0) & (t == 0)).sum())
            bg += int((t == 0).sum())
    print("check pictures: stone pixels right %.1f%%, background pixels called stone %.2f%%"
          % (100 * hit / max(tot, 1), 100 * fp / max(bg, 1)))
    torch.onnx.export(net, torch.zeros(1, 3, 64, 64), a.out, opset_version=11, input_names=["in"],
                      output_names=["out"], dynamic_axes={"in": {2: "h", 3: "w"}, "out": {2: "h", 3: "w"}})
    # OpenCV's dnn must give what torch gives.
    cvnet = cv2.dnn.readNetFromONNX(a.out)
    x = np.random.default_rng(0).uniform(-0.5, 0.5, (1, 3, 75, 100)).astype(np.float32)
    cvnet.setInput(x)
    ours = cvnet.forward()
    with torch.no_grad():
        theirs = net(torch.from_numpy(x)).numpy()
    if ours.shape != theirs.shape or np.abs(ours - theirs).max() > 1e-3:
        sys.exit("OpenCV's dnn gives other outputs than torch (%s against %s)" % (ours.shape, theirs.shape))
    print("wrote %s (%d bytes)" % (a.out, os.path.getsize(a.out)))


if __name__ == "__main__":
    main()
