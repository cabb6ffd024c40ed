#!/usr/bin/env python3
"""Render a game record as the frames a camera over the board would see.

For `seichi record` and `seichi bench record`: each move is a hand reaching
over the board, the hand putting the stone down, then the board still for
a few frames. A capture leaves the captured stones on the board for a
moment, then a hand lifts them. Stones sit slightly off their points, the
light flickers now and then, and half-way through the game the board is
bumped (slid and turned a little on the table). The scene (camera, board,
light, table) is drawn once at random from the seed and kept for the whole
game.

Writes OUT/frame-NNNN.jpg and OUT/truth.sgf, the moves as the camera sees
the board (rows and columns turned as the picture shows them, the way the
reader reports them).

usage: images/generator/sequence.py --sgf GAME.sgf --moves N --out DIR [--seed S]
                                    [--width 640 --height 480] [--fast | --camera] [--fill F] [--rest K]

--rest K: after every K-th move the player's hand rests, still, over the
board's edge on their side (a hand of the test set's kind) for --still
frames: a hand held still is no motion.
"""
import argparse
import copy
import json
import os
import random
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import render  # noqa: E402


def play_out(size, events, moves):
    """Each of the first `moves` moves (passes skipped, setup stones
    applied): (position after, (colour, row, col), captured points, position before)."""
    b = render.Board(size)
    out = []
    for ev in events:
        if ev[0] == "setup":
            for r, c, col in ev[1]:
                b.g[r][c] = col
            continue
        _, r, c, col = ev
        if r is None:
            continue
        if len(out) >= moves:
            break
        before = [row[:] for row in b.g]
        if b.play(r, c, col) is None:
            continue
        captured = [(i, j) for i in range(size) for j in range(size) if before[i][j] != "." and b.g[i][j] == "."]
        out.append(([row[:] for row in b.g], (col, r, c), captured, before))
    return out


def rows(grid):
    return ["".join(r) for r in grid]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=480)
    ap.add_argument("--still", type=int, default=4,
                    help="frames of the board at rest after each move (the first may still show motion)")
    ap.add_argument("--fast", action="store_true", help="no antialiasing")
    ap.add_argument("--camera", action="store_true",
                    help="every pixel the mean of 3x3 rays, as a camera's pixel gathers light: a far board's grid "
                         "lines, thinner than a pixel, come out faint and whole rather than dotted (about nine "
                         "times --fast's time)")
    ap.add_argument("--fill", type=float,
                    help="the board's share of the frame's wider or taller side, i.e. the camera's distance "
                         "(0.2-0.9; default: drawn from 0.75-0.9 by the seed)")
    ap.add_argument("--no-bump", action="store_true")
    ap.add_argument("--rest", type=int, default=0, metavar="K",
                    help="after every K-th move the player's hand rests, still, over the board's edge on their "
                         "side for --still frames before it leaves (0: never)")
    ap.add_argument("--end", choices=["none", "count", "resign-b", "resign-w"], default="none",
                    help="finish with the end-of-game gesture: both players' stones at their lower right "
                         "corners, or a player's two stones there (resigning)")
    a = ap.parse_args()
    if a.fast and a.camera:
        ap.error("--fast and --camera are two qualities: give one")

    size, events = render.sgf_load(a.sgf)
    steps = play_out(size, events, a.moves)
    rng = random.Random("%s/spec" % a.seed)
    # A club table: a real board (no mat, no look-alike table), seen from a
    # stand above; the scene's other draws stay random.
    elevation, fill = rng.uniform(50, 85), rng.uniform(0.75, 0.9)
    if a.fill is not None:
        # a camera further away: drawn after the default so the rest of the
        # scene comes out as it would for the same seed
        if not 0.2 <= a.fill <= 0.9:
            ap.error("--fill must be between 0.2 and 0.9")
        fill = a.fill
    spec0 = render.choose_spec(rng, size, {"offset": True, "noise": False, "barrel": False, "soft_focus": False,
                                           "glare": False, "mat": False, "table_like_board": False,
                                           "elevation": elevation, "fill": fill})
    os.makedirs(a.out, exist_ok=True)
    for f in os.listdir(a.out):
        if f.startswith("frame-") or f in ("truth.sgf", "sequence.json"):
            os.unlink(os.path.join(a.out, f))
    work = tempfile.mkdtemp(prefix="seichi-seq-")
    frame_no = [0]
    truth_moves = []
    captures = [0]
    bump_at = len(steps) // 2 if not a.no_bump else -1
    bump = (0.0, 0.0, 0.0)
    orient = {}

    outside = []

    def shoot(grid, hand=None, copies=1, light=1.0, rest=None):
        spec = copy.deepcopy(spec0)
        extras = {"seed": a.seed, "light": light, "bump": bump, "hand": hand, "outside": list(outside), "rest": rest}
        pov, cam, geom, _ = render.build_scene(random.Random("%s/scene" % a.seed), spec, rows(grid), a.width, a.height,
                                               extras=extras)
        png = os.path.join(work, "out.png")
        render.run_povray(pov, png, a.width, a.height, "camera" if a.camera else "fast" if a.fast else "normal", work)
        first = os.path.join(a.out, "frame-%04d.jpg" % frame_no[0])
        render.convert_image(png, first, None, 85)
        frame_no[0] += 1
        for _ in range(copies - 1):
            # the same picture again: a link, so a still board costs no space
            os.symlink(os.path.basename(first), os.path.join(a.out, "frame-%04d.jpg" % frame_no[0]))
            frame_no[0] += 1
        if "f" not in orient:
            orient["f"] = render.truth_for(cam, geom, size, rows(grid), None, a.width, a.height)[3]

    def flicker():
        return rng.uniform(0.8, 1.2) if rng.random() < 0.25 else 1.0

    empty = [["."] * size for _ in range(size)]
    start = steps[0][3] if steps else empty
    shoot(start, copies=a.still + 1)
    for k, (after, (col, r, c), captured, before) in enumerate(steps):
        side = -1 if col == "X" else 1
        if k == bump_at:
            # a sleeve catches the board: it slides and turns a little
            shoot(before, hand=(size // 2, 0, side), light=flicker())
            bump = (rng.uniform(8, 16) * rng.choice([-1, 1]), rng.uniform(5, 12) * rng.choice([-1, 1]),
                    rng.uniform(1.0, 2.5) * rng.choice([-1, 1]))
            shoot(before, copies=a.still, light=1.0)
        shoot(before, hand=(r, c, side), light=flicker())
        placed = [row[:] for row in before]
        placed[r][c] = col
        shoot(placed, hand=(r, c, side), light=flicker())
        if captured:
            captures[0] += len(captured)
            # the captured stones stay a moment, then a hand takes them
            shoot(placed, copies=2, light=flicker())
            cr, cc = captured[0]
            shoot(after, hand=(cr, cc, side), light=flicker())
        if a.rest and k % a.rest == a.rest - 1:
            # the hand stays on the board's edge on the player's side, as
            # still as the board: only a reader that knows it cannot see
            # through a hand leaves those points alone
            shoot(after, rest=(size - 1 if side < 0 else 0, c, side), copies=a.still, light=1.0)
        shoot(after, copies=a.still, light=1.0)
        f = orient["f"]
        # the move as the picture shows the board: find its picture row/column
        for i in range(size):
            for j in range(size):
                if f(i, j) == (r, c):
                    truth_moves.append("%s[%s%s]" % ("B" if col == "X" else "W", chr(97 + j), chr(97 + i)))
    # The end. Black sits on the side of the last row (the hands reach in
    # from there), White across; each one's lower right corner, as seen
    # from the seat, is then (last row, last column) for Black and (first
    # row, first column) for White: diagonally opposite.
    final = steps[-1][0] if steps else start
    off = 0.7
    corner = {"X": (size - 1 + off, size - 1 + off, -1), "O": (-off, -off, 1)}
    result = ""
    if a.end == "count":
        for player, stone in (("X", "O"), ("O", "X")):
            r, c, side = corner[player]
            shoot(final, hand=(r, c, side), light=flicker())
            outside.append((r, c, stone))
            # the last one stays: the players get up (the recorder wants the
            # gesture steady for a moment)
            shoot(final, copies=a.still if player == "X" else 3 * a.still, light=1.0)
    elif a.end.startswith("resign"):
        player = "X" if a.end == "resign-b" else "O"
        r, c, side = corner[player]
        shoot(final, hand=(r, c, side), light=flicker())
        outside.append((r, c, player))
        edge = size - 1 - 0.5 if player == "X" else 0.5
        outside.append((r, edge, player))
        shoot(final, copies=3 * a.still, light=1.0)
        result = "RE[%s+R]" % ("W" if player == "X" else "B")
    with open(os.path.join(a.out, "truth.sgf"), "w") as fo:
        fo.write("(;GM[1]FF[4]SZ[%d]%sC[rendered by images/generator/sequence.py from %s, seed %s; moves as the picture "
                 "shows the board; end: %s]\n;%s)\n" % (size, result, os.path.basename(a.sgf), a.seed, a.end,
                                                         "\n;".join(truth_moves)))
    with open(os.path.join(a.out, "sequence.json"), "w") as fo:
        json.dump({"size": size, "moves": len(truth_moves), "frames": frame_no[0], "captured_stones": captures[0], "source": os.path.basename(a.sgf),
                   "seed": a.seed, "bump_at_move": bump_at + 1 if bump_at >= 0 else None, "end": a.end, "rest": a.rest,
                   "image_size": [a.width, a.height], "fill": round(spec0["fill"], 3)}, fo, indent=1)
    shutil.rmtree(work, ignore_errors=True)
    print("%s: %d moves, %d frames, %d stones captured" % (a.out, len(truth_moves), frame_no[0], captures[0]))


if __name__ == "__main__":
    main()
