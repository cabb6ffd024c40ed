#!/usr/bin/python3
"""classical.py - a classical point classifier measured against the network.

A classical classifier (OpenCV's ml module) would do in the network's
place if it read the real photos as well. This trains two on the same
patches the network learned from (`seichi patches`, as `make model` cuts
them) and reads every test patch file with all of them, so the figures
differ only by the classifier:

- random trees (OpenCV's RTrees) on the patch shrunk to 8x8 and on
  summaries of it (the middle disc's, the ring's and the whole patch's
  mean and spread per channel, and their edges' strength);
- a support vector machine (OpenCV's SVM, RBF kernel, C 10, gamma 1/20)
  on the summaries, standardised;
- the network (points.onnx through OpenCV's dnn), alone and with its
  second opinion as the reader asks it (points2.onnx for the points the
  first is less than 0.99 sure of, the mean of the two).

Each point is read as its likeliest colour given that it is seen, as the
reader reads it; points the truth says a hand hides are left out. Per set
it prints points, misread points, stone recall for each colour, and the
boards with every point right (on the patches' lattice: the true corners,
or the lattice the reader finds where a photo has none).

    /usr/bin/python3 vision/model/classical.py --train P.bin H.bin \\
        --test renders=R.bin --test imago=I.bin ...

Repeatable: fixed seeds, one thread. Needs what train.py needs.
"""

import argparse
import sys
import time

import numpy as np

import cv2

from train import P, load, thinned, to_input


def summaries(x):
    """Per patch (N, 3, P, P) floats: the middle disc's, the ring's and the
    whole patch's mean and spread per channel, and the mean edge strength of
    the channels' sum in the disc and the ring: 20 numbers."""
    yy, xx = np.mgrid[0:P, 0:P]
    r = np.hypot(yy - (P - 1) / 2, xx - (P - 1) / 2)
    disc, ring = r <= 5, (r > 5) & (r <= 9)
    out = []
    for m in (disc, ring, np.ones_like(disc)):
        v = x[:, :, m]
        out += [v.mean(2), v.std(2)]
    s = x.sum(1)
    gy, gx = np.gradient(s, axis=(1, 2))
    g = np.hypot(gx, gy)
    out += [g[:, disc].mean(1, keepdims=True), g[:, ring].mean(1, keepdims=True)]
    return np.concatenate(out, 1).astype(np.float32)


def shrunk(x):
    """The patch shrunk to 8x8 by area, per channel: 192 numbers."""
    n = x.shape[0]
    return x.reshape(n, 3, 8, P // 8, 8, P // 8).mean((3, 5)).reshape(n, -1).astype(np.float32)


def to_float(px):
    """Bytes to floats, as the network takes them."""
    return to_input(px).numpy()


def net_probs(path, x):
    """The colour probabilities (N, 3) of an ONNX point model, given the
    point is seen (a fourth class, hidden, left out as the reader does)."""
    net = cv2.dnn.readNetFromONNX(path)
    out = []
    for i in range(0, len(x), 4096):
        net.setInput(x[i:i + 4096])
        out.append(net.forward())
    z = np.concatenate(out)
    e = np.exp(z - z.max(1, keepdims=True))
    p = e / e.sum(1, keepdims=True)
    colours = p[:, :3] / p[:, :3].sum(1, keepdims=True)
    return colours


def figures(name, pred, y, pic):
    """One row: points, misread, recall per colour, perfect boards."""
    seen = y < 3
    pred, y, pic = pred[seen], y[seen], pic[seen]
    wrong = pred != y
    rec = []
    for c in (1, 2):
        n = (y == c).sum()
        rec.append("%.2f%%" % (100.0 * ((pred == c) & (y == c)).sum() / n) if n else "-")
    pics = np.unique(pic)
    bad = np.unique(pic[wrong])
    return "| %s | %d | %d (%.2f%%) | %s | %s | %d of %d |" % (
        name, len(y), wrong.sum(), 100.0 * wrong.mean(), rec[0], rec[1], len(pics) - len(bad), len(pics))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", nargs="+", required=True, help="the patch files the network was trained on")
    ap.add_argument("--test", action="append", required=True, metavar="NAME=PATCHES",
                    help="a set to read: its name and its patch file (`seichi patches --copies 1`)")
    ap.add_argument("--model", default="vision/model/points.onnx")
    ap.add_argument("--second", default="vision/model/points2.onnx")
    ap.add_argument("--second-below", type=float, default=0.99, help="as points.h's second_below")
    ap.add_argument("--trees-samples", type=int, default=60000,
                    help="training patches for the random trees (chosen by a fixed seed)")
    ap.add_argument("--svm-samples", type=int, default=20000, help="... and for the support vector machine")
    ap.add_argument("--seed", type=int, default=20261205)
    a = ap.parse_args()
    tests = [spec.partition("=") for spec in a.test]
    for (name, eq, path), spec in zip(tests, a.test):
        if not eq or not name or not path:
            sys.exit("classical.py: --test %s: give it as NAME=PATCHES" % spec)
    cv2.setNumThreads(1)
    cv2.setRNGSeed(a.seed)
    rng = np.random.default_rng(a.seed)

    px, y, _ = load(a.train)
    keep = thinned(y)  # as train.py learns: every stone and hidden point, as many empty ones
    if keep is not None:
        px, y = px[keep], y[keep]
    print("training patches: %d (%s)" % (len(y), np.bincount(y).tolist()), flush=True)

    t0 = time.time()
    take = rng.permutation(len(y))[:a.trees_samples]
    x = to_float(px[take])
    feats = np.concatenate([shrunk(x), summaries(x)], 1)
    trees = cv2.ml.RTrees_create()
    trees.setMaxDepth(20)
    trees.setMinSampleCount(5)
    trees.setActiveVarCount(0)  # the square root of the features' count
    trees.setTermCriteria((cv2.TERM_CRITERIA_MAX_ITER, 100, 0))
    trees.train(feats, cv2.ml.ROW_SAMPLE, y[take].astype(np.int32))
    print("random trees: %d patches, %d features, %.0f s" % (len(take), feats.shape[1], time.time() - t0), flush=True)

    t0 = time.time()
    seen = np.where(y < 3)[0]
    take = seen[rng.permutation(len(seen))[:a.svm_samples]]
    s = summaries(to_float(px[take]))
    mu, sd = s.mean(0), s.std(0) + 1e-6
    svm = cv2.ml.SVM_create()
    svm.setType(cv2.ml.SVM_C_SVC)
    svm.setKernel(cv2.ml.SVM_RBF)
    svm.setC(10.0)
    svm.setGamma(1.0 / s.shape[1])
    svm.train((s - mu) / sd, cv2.ml.ROW_SAMPLE, y[take].astype(np.int32))
    print("support vector machine: %d patches (colours only), %d features, %.0f s"
          % (len(take), s.shape[1], time.time() - t0), flush=True)

    print()
    print("| set and classifier | points seen | misread | black recall | white recall | boards with every point right |")
    print("|---|---|---|---|---|---|")
    for name, _, path in tests:
        tpx, ty, tpic = load([path])
        x = to_float(tpx)
        p1 = net_probs(a.model, x)
        both = p1.copy()
        ask = p1.max(1) < a.second_below
        if ask.any():
            both[ask] = 0.5 * (p1[ask] + net_probs(a.second, x[ask]))
        feats = np.concatenate([shrunk(x), summaries(x)], 1)
        v = trees.getVotes(feats, 0)
        classes, votes = list(v[0]), v[1:]  # the first row names the classes
        colour_votes = np.stack([votes[:, classes.index(c)] if c in classes else np.zeros(len(votes))
                                 for c in range(3)], 1)
        pt = colour_votes.argmax(1)
        ps = svm.predict((summaries(x) - mu) / sd)[1].ravel().astype(np.int64)
        print(figures("%s: network" % name, p1.argmax(1), ty, tpic))
        print(figures("%s: network and its second opinion" % name, both.argmax(1), ty, tpic))
        print(figures("%s: random trees" % name, pt, ty, tpic))
        print(figures("%s: support vector machine" % name, ps, ty, tpic), flush=True)


if __name__ == "__main__":
    sys.exit(main())
