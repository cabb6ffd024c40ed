#!/usr/bin/env python3
"""Game sequences from ../shared/photos for `seichi bench record`.

imago's three webcam games (see imago() below), and Tengen-Go's 9x9 and
13x13 games, one photo per move (size9_move_N.png,
with a .json truth each). This makes, under OUT, one folder per game: each
photo linked `--repeat` times in order (a camera sees a still board for
several frames; the recorder wants three identical readings, and the first
frame after a change counts as motion), and
truth.sgf with the moves read off the consecutive truths (the one stone
each photo adds). Nothing is copied: the frames are symbolic links into
the shared folder, which stays outside the repository.

usage: scripts/shared-sequences.py [--shared ../shared] [--repeat 4] OUT
"""
import argparse
import json
import os
import re
import sys


def grid_of(path):
    with open(path) as f:
        d = json.load(f)
    return d["size"], d["grid"]


def turned(y, x, n, k):
    """Point (y, x) of an n x n grid after k quarter turns."""
    for _ in range(k):
        y, x = x, n - 1 - y
    return y, x


def held(prev, grid, n, k):
    """Whether every stone of prev, turned k quarters, stands on grid in
    its colour."""
    for y in range(n):
        for x in range(n):
            if prev[y][x] != ".":
                ty, tx = turned(y, x, n, k)
                if grid[ty][tx] != prev[y][x]:
                    return False
    return True


def imago(a):
    """imago's webcam games (t1, t2, t3): a photo every move or so. Each
    game runs until its first gap of more than two stones (the truth of
    those moves' order is not known); a two-stone gap with one stone of
    each colour is the two moves in turn. t3 starts with four handicap
    stones (HA and AB in truth.sgf).

    Each truth is the picture as it is shown (its EXIF orientation
    applied), and t1's phone was held otherwise for its first two photos
    (they have EXIF orientation 6, the rest 3): the board is turned a
    quarter between t1_002 and t1_003. So each truth is held against the
    one before as it is or, when its stones are not all there in their
    colours, turned by the one quarter turn that puts them all there (when
    two would, the game ends there, as at a gap); the moves so far are
    turned with it, and truth.sgf holds them as the last photo shows the
    board. (Read as they were, t1's second move came out as a black stone
    where the photo shows a white one, and the recorder's right reading
    counted as one move invented and one missed.)"""
    src = os.path.join(a.shared, "photos", "imago-tests")
    if not os.path.isdir(src):
        return 0
    made = 0
    for game in ("t1", "t2", "t3"):
        pat = re.compile(r"%s_(\d+)\.json$" % game)
        steps = sorted((int(m.group(1)), n) for n in os.listdir(src) for m in [pat.match(n)] if m)
        if not steps:
            continue
        out = os.path.join(a.out, "imago-%s" % game)
        os.makedirs(out, exist_ok=True)
        for f in os.listdir(out):
            os.unlink(os.path.join(out, f))
        moves, prev, k, setup = [], None, 0, []
        to_move = "B"
        for idx, name in steps:
            n, grid = grid_of(os.path.join(src, name))
            if prev is None:
                setup = [(y, x) for y in range(n) for x in range(n) if grid[y][x] == "X"]
                if any(grid[y][x] == "O" for y in range(n) for x in range(n)):
                    break
                to_move = "W" if setup else "B"
            else:
                # As it is when it holds (a camera that stayed put); else
                # the one turn that holds. Two that hold (a symmetric
                # position) leave the order unknown: the game ends there.
                turns = [q for q in range(4) if held(prev, grid, n, q)]
                if 0 not in turns and len(turns) > 1:
                    break
                turn = turns[0] if len(turns) == 1 and 0 not in turns else 0
                if turn:
                    moved = [[None] * n for _ in range(n)]
                    for y in range(n):
                        for x in range(n):
                            ty, tx = turned(y, x, n, turn)
                            moved[ty][tx] = prev[y][x]
                    prev = ["".join(row) for row in moved]
                    setup = [turned(y, x, n, turn) for y, x in setup]
                    moves = [(c, turned(y, x, n, turn)) for c, (y, x) in moves]
                added = [(y, x, grid[y][x]) for y in range(n) for x in range(n) if prev[y][x] == "." and grid[y][x] != "."]
                removed = [1 for y in range(n) for x in range(n) if prev[y][x] != "." and grid[y][x] == "."]
                cols = sorted(c for _, _, c in added)
                if removed or len(added) > 2 or (len(added) == 2 and cols != ["O", "X"]):
                    break
                added.sort(key=lambda t: 0 if (t[2] == "X") == (to_move == "B") else 1)
                for y, x, c in added:
                    col = "B" if c == "X" else "W"
                    moves.append((col, (y, x)))
                    to_move = "W" if col == "B" else "B"
            pic = [p for p in os.listdir(src) if p.startswith(name[:-5] + ".") and not p.endswith(".json")][0]
            for r in range(a.repeat):
                os.symlink(os.path.abspath(os.path.join(src, pic)), os.path.join(out, "frame-%04d%s" % (k, os.path.splitext(pic)[1])))
                k += 1
            prev = grid
        ab = "".join("[%s%s]" % (chr(97 + x), chr(97 + y)) for y, x in setup)
        with open(os.path.join(out, "truth.sgf"), "w") as f:
            f.write("(;GM[1]FF[4]SZ[%d]%sC[imago's %s game, up to its first gap of unknown order]\n;%s)\n"
                    % (n, ("HA[%d]AB%s" % (len(setup), ab)) if setup else "", game,
                       "\n;".join("%s[%s%s]" % (c, chr(97 + x), chr(97 + y)) for c, (y, x) in moves)))
        made += 1
        print(out)
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--repeat", type=int, default=4)
    ap.add_argument("out")
    a = ap.parse_args()
    src = os.path.join(a.shared, "photos", "Tengen-Go")
    if not os.path.isdir(src):
        print("shared-sequences: %s absent, no real sequences" % src, file=sys.stderr)
        return 0
    made = 0
    made += imago(a)
    for size in (9, 13):
        pat = re.compile(r"size%d_move_(\d+)(_captured)?\.json$" % size)
        steps = []
        for name in os.listdir(src):
            m = pat.match(name)
            if m:
                steps.append((int(m.group(1)), 1 if m.group(2) else 0, name))
        if not steps:
            continue
        steps.sort()
        game = os.path.join(a.out, "tengen-%dx%d" % (size, size))
        os.makedirs(game, exist_ok=True)
        for f in os.listdir(game):
            os.unlink(os.path.join(game, f))
        moves, prev, k = [], None, 0
        for idx, cap, name in steps:
            n, grid = grid_of(os.path.join(src, name))
            base = name[:-5]
            pic = [p for p in os.listdir(src) if p.startswith(base + ".") and not p.endswith(".json")][0]
            for r in range(a.repeat):
                os.symlink(os.path.abspath(os.path.join(src, pic)), os.path.join(game, "frame-%04d%s" % (k, os.path.splitext(pic)[1])))
                k += 1
            if prev is not None:
                added = [(y, x, grid[y][x]) for y in range(n) for x in range(n) if prev[y][x] == "." and grid[y][x] != "."]
                if len(added) == 1:
                    y, x, c = added[0]
                    moves.append("%s[%s%s]" % ("B" if c == "X" else "W", chr(97 + x), chr(97 + y)))
                elif len(added) > 1:
                    print("shared-sequences: %s adds %d stones; skipped as truth" % (name, len(added)), file=sys.stderr)
            prev = grid
        with open(os.path.join(game, "truth.sgf"), "w") as f:
            f.write("(;GM[1]FF[4]SZ[%d]C[true moves of Tengen-Go's game_simple %dx%d]\n;%s)\n" % (size, size, size, "\n;".join(moves)))
        made += 1
        print(game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
