#!/usr/bin/python3
"""train.py - train Seichi's point classifier and export it as ONNX.

Reads the patches `seichi patches` cut from rendered pictures with their
truth (vision/points.h says how a patch is cut and normalised), trains a
small convolutional network to tell empty, black and white (and hidden, a
hand or an arm over the point, when the renders have any), calibrates its
probabilities on pictures held out of training, and writes points.onnx for
OpenCV's dnn module (opset 11).

Repeatable: a fixed seed, one thread, deterministic algorithms, and the
pictures split into training and calibration by their number.

    /usr/bin/python3 vision/model/train.py --out vision/model/points.onnx PATCHES...

Needs Debian's python3-torch, python3-numpy, python3-onnx and
python3-opencv (for the check that OpenCV gives the same outputs).
"""

import argparse
import os
import sys
import time

# Arithmetic that does not depend on the CPU. torch picks its kernels by
# what the CPU has (ATen's AVX2 or plain ones, oneDNN's AVX2 or AVX-512
# convolutions), and each sums in its own order: the same seed trained
# another model on a machine without AVX-512 (README.md here, "Made again
# on another machine"). Held to AVX2, which most x86-64 CPUs since 2015
# have, the same bytes should come out on every such CPU (checked: that
# README). Plain kernels with oneDNN off would serve the others too, at
# 2.8 times the time (the README says why AVX2 was chosen). Both settings
# are read once, at their first use: set before torch is imported, so
# that no operation runs first. torch does not check that the CPU has
# what ATEN_CPU_CAPABILITY names (a CPU without AVX2 would stop on an
# illegal instruction), so it is asked only of CPUs that list avx2;
# machine() warns on the others.
TORCH_FIRST = "torch" in sys.modules


def cpu_has_avx2():
    try:
        with open("/proc/cpuinfo") as info:
            return any(l.startswith("flags") and "avx2" in l.split() for l in info)
    except OSError:
        return False


HAS_AVX2 = cpu_has_avx2()
if HAS_AVX2:
    os.environ["ATEN_CPU_CAPABILITY"] = "avx2"
os.environ["ONEDNN_MAX_CPU_ISA"] = "AVX2"

import numpy as np
import torch
import torch.nn as nn

P = 24  # the patch side (SEI_POINTS_PATCH)
CLASSES = ("empty", "black", "white", "hidden")


def load(paths):
    """All records of the patch files: patches (N, 3, P, P) uint8, labels, picture keys.
    PATH@N takes a file's records N times (a small set of real photos beside
    thousands of renders; each copy is augmented afresh); N below 1 takes
    that share of its pictures, chosen by a fixed hash of their number."""
    dt = np.dtype([("pic", "<u4"), ("label", "u1"), ("size", "u1"), ("row", "u1"), ("col", "u1"),
                   ("px", "u1", (3, P, P))])
    xs, ys, pics = [], [], []
    for k, spec in enumerate(paths):
        path, _, times = spec.partition("@")
        times = float(times or 1)
        raw = open(path, "rb").read()
        if raw[:8] != b"SEIPTCH1" or int.from_bytes(raw[8:12], "little") != P:
            sys.exit("%s: not a patch file of %dx%d patches" % (path, P, P))
        a = np.frombuffer(raw[12:], dtype=dt)
        if times > 1:
            a = np.tile(a, int(round(times)))
        elif times < 1:
            # Not the held-out split's hash (below): with it, the pictures
            # taken would be mostly the held-out ones.
            a = a[((a["pic"].astype(np.int64) * 40503 + 7919) % 1000) < times * 1000]
        xs.append(a["px"])
        ys.append(a["label"].astype(np.int64))
        # A picture's key, unique over all files.
        pics.append(a["pic"].astype(np.int64) + (k << 32))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(pics)


class Net(nn.Module):
    """Three 3x3 convolutions, then one linear layer: about 6k weights and
    0.46 million multiply-adds a patch, so a 19x19 board costs about as
    much as the lattice search, not more."""

    def __init__(self, classes=3):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),    # 12 x 12
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),   # 6 x 6
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 3 x 3
        )
        self.head = nn.Linear(32 * 3 * 3, classes)

    def forward(self, x):
        return self.head(torch.flatten(self.features(x), 1))


def to_input(px):
    """Bytes to the network's input, as sei_points_run does."""
    return (torch.from_numpy(px).float() - 128.0) / 64.0


def augment(x, g):
    """The eight turns and mirrors of a patch (light falls from anywhere),
    a gain and an offset per patch and channel (what the wood normalisation
    leaves of odd light), and sensor noise."""
    k = int(torch.randint(0, 4, (1,), generator=g))
    x = torch.rot90(x, k, dims=(2, 3))
    if torch.rand(1, generator=g).item() < 0.5:
        x = torch.flip(x, dims=(3,))
    n = x.shape[0]
    gain = torch.exp(torch.randn(n, 1, 1, 1, generator=g) * 0.15)
    offset = torch.randn(n, 3, 1, 1, generator=g) * 0.08
    noise = torch.randn(x.shape, generator=g) * 0.03
    return x * gain + offset + noise


def thinned(y):
    """The records to learn from, by their labels y, or None for all of them.
    Empty points outnumber stones on most boards and teach little after the
    first few thousand: at most as many as there are stones are kept (every
    stone and every hidden point is), chosen by a fixed hash of their place."""
    stones = int(((y == 1) | (y == 2)).sum())
    empty = np.where(y == 0)[0]
    if len(empty) <= stones:
        return None
    keep_empty = empty[np.argsort((empty * 2654435761) % 4294967291, kind="stable")[:stones]]
    return np.sort(np.concatenate([np.where(y > 0)[0], keep_empty]))


def machine():
    """What sets the last bits of the arithmetic, and so of the weights: torch,
    the kernels it runs and the BLAS it loaded. Exits when torch was loaded
    before the pins above could act; warns when the CPU has no AVX2 (its
    plain kernels then give another model)."""
    cap = next((l.split(":", 1)[1].strip() for l in torch.__config__.show().splitlines() if "CPU capability" in l), "?")
    if TORCH_FIRST:
        sys.exit("train: torch's kernels are not held to AVX2; import train before torch")
    if cap != "AVX2" or not HAS_AVX2:
        print("train: warning: this CPU runs torch's %s kernels, not AVX2: the model will differ from the committed "
              "one in its last bits" % cap, file=sys.stderr, flush=True)
    try:
        with open("/proc/self/maps") as maps:
            blas = sorted({l.split()[-1] for l in maps if "blas" in l.lower() and ".so" in l})
    except OSError:
        blas = []
    return "torch %s, its CPU kernels %s, oneDNN at most AVX2, BLAS %s" % (torch.__version__, cap,
                                                                          ", ".join(blas) or "?")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("patches", nargs="+", help="patch files from `seichi patches`")
    ap.add_argument("--out", required=True, help="the ONNX model to write")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--init", help="start from this model's weights (an ONNX file this script wrote): fine-tuning")
    ap.add_argument("--lr", type=float, default=3e-3, help="the first learning rate")
    ap.add_argument("--holdout", type=float, default=0.15, help="share of pictures kept for calibration")
    ap.add_argument("--hidden-weight", type=float, default=1.0,
                    help="the hidden class's loss weight, against a stone's (even weighting would give it about 12)")
    a = ap.parse_args()

    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    print("arithmetic: %s" % machine(), flush=True)
    torch.use_deterministic_algorithms(True)
    g = torch.Generator().manual_seed(a.seed)

    px, y, pic = load(a.patches)
    # The fourth class, hidden, only when the renders show hands.
    k = 4 if (y == 3).any() else 3
    keep = thinned(y)
    if keep is not None:
        px, y, pic = px[keep], y[keep], pic[keep]
    # Held-out pictures: by a hash of their key, so the split never
    # depends on the order of the files.
    held = ((pic * 2654435761) % 1000) < a.holdout * 1000
    tr, ho = np.where(~held)[0], np.where(held)[0]
    print("patches: %d for training, %d held out (%d pictures); %s %s"
          % (len(tr), len(ho), len(np.unique(pic[ho])), "/".join(CLASSES[:k]), np.bincount(y, minlength=k).tolist()),
          flush=True)

    net = Net(k)
    if a.init:
        import onnx
        from onnx import numpy_helper
        weights = {t.name: numpy_helper.to_array(t) for t in onnx.load(a.init).graph.initializer}
        state = net.state_dict()
        if sorted(weights) != sorted(state):
            sys.exit("%s: not a model of this network (%s)" % (a.init, ", ".join(sorted(weights))))
        net.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in weights.items()})
        print("starting from %s" % a.init, flush=True)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=a.epochs)
    # Stones are fewer than empty points, and a missed stone costs a whole
    # board: weigh the classes evenly.
    counts = np.bincount(y[tr], minlength=k).astype(np.float64)
    w = counts.sum() / (k * np.maximum(counts, 1))
    if k == 4:
        # Hidden points are few, and a point called hidden that is not is
        # a false doubt on every real photo's edge (bowls, a dark table):
        # they weigh as a stone does, times --hidden-weight.
        w[3] = min(w[3], a.hidden_weight * (w[1] + w[2]) / 2)
    weight = torch.tensor(w, dtype=torch.float32)
    lossf = nn.CrossEntropyLoss(weight=weight)
    X, Y = to_input(px), torch.from_numpy(y)
    t0 = time.time()
    for epoch in range(a.epochs):
        net.train()
        order = torch.from_numpy(tr)[torch.randperm(len(tr), generator=g)]
        total = 0.0
        for i in range(0, len(order), 256):
            b = order[i:i + 256]
            opt.zero_grad()
            loss = lossf(net(augment(X[b], g)), Y[b])
            loss.backward()
            opt.step()
            total += loss.item() * len(b)
        sched.step()
        with torch.no_grad():
            net.eval()
            pred = torch.cat([net(X[torch.from_numpy(ho[i:i + 4096])]).argmax(1) for i in range(0, len(ho), 4096)])
            err = (pred != Y[torch.from_numpy(ho)]).sum().item()
        print("epoch %d: loss %.4f, held-out errors %d of %d (%.0f s)" % (epoch + 1, total / len(tr), err, len(ho),
                                                                           time.time() - t0), flush=True)

    # Calibration: the softmax temperature that best predicts the held-out
    # labels (least negative log-likelihood), folded into the last layer.
    net.eval()
    with torch.no_grad():
        logits = torch.cat([net(X[torch.from_numpy(ho[i:i + 4096])]) for i in range(0, len(ho), 4096)])
        yh = Y[torch.from_numpy(ho)]
        best = None
        for T in np.arange(0.2, 4.01, 0.05):
            nll = nn.functional.cross_entropy(logits / T, yh).item()
            if best is None or nll < best[1]:
                best = (float(T), nll)
        T = best[0]
        net.head.weight /= T
        net.head.bias /= T
        prob = torch.softmax(logits / T, 1)
        top, pred = prob.max(1)
        wrong = pred != yh
        print("temperature %.2f; held out: %d of %d points misread" % (T, wrong.sum().item(), len(yh)))
        print("unsure below | misread flagged | right flagged")
        for th in (0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99):
            fl = top < th
            mf = (fl & wrong).sum().item() / max(1, wrong.sum().item())
            rf = (fl & ~wrong).sum().item() / max(1, (~wrong).sum().item())
            print("        %.2f | %6.1f%% | %6.2f%%" % (th, 100 * mf, 100 * rf))
        if k == 4:
            # The reader calls a point hidden at 0.5 (sei_points_params)
            said, truly = prob[:, 3] >= 0.5, yh == 3
            print("hidden at 0.5: %d of %d hidden points said hidden, %d of %d others"
                  % ((said & truly).sum().item(), truly.sum().item(), (said & ~truly).sum().item(),
                     (~truly).sum().item()))

    dummy = torch.zeros(1, 3, P, P)
    torch.onnx.export(net, dummy, a.out, opset_version=11, input_names=["patches"], output_names=["logits"],
                      dynamic_axes={"patches": {0: "n"}, "logits": {0: "n"}})
    # The same outputs through OpenCV's dnn, as the program runs it.
    import cv2
    cvnet = cv2.dnn.readNetFromONNX(a.out)
    sample = X[torch.from_numpy(ho[:361])]
    cvnet.setInput(sample.numpy())
    diff = np.abs(cvnet.forward() - net(sample).detach().numpy()).max()
    print("wrote %s; OpenCV dnn against torch: largest difference %.2e" % (a.out, diff))
    if diff > 1e-3:
        sys.exit("OpenCV's outputs differ from torch's")


if __name__ == "__main__":
    main()
