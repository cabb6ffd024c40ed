#!/usr/bin/env python3
"""Seichi scene generator: renders Go boards with known positions and exact truth.

Writes a POV-Ray scene per picture, runs `povray`, converts the PNG to JPEG
with ImageMagick (optionally with mild barrel distortion) and writes the
truth JSON beside the picture (format of shared/photos/README.md plus
`source`, `move`, `camera`, `notes`).

Standard library only.  Developer tool, not part of the build.
See README.md beside this file.
"""

import argparse
import hashlib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SGF_ROOT = "/work/shared/sgf"
WIDTH, HEIGHT = 1280, 960

# ---------------------------------------------------------------------------
# SGF main line and rules
# ---------------------------------------------------------------------------


def sgf_parse(text):
    """Parse SGF text into a tree: (nodes, children); nodes = list of dict prop->list of values."""
    i = 0
    n = len(text)

    def skip_ws():
        nonlocal i
        while i < n and text[i] not in "(;)[" and not text[i].isalpha():
            i += 1

    def parse_tree():
        nonlocal i
        # expects text[i] == '('
        i += 1
        nodes, children = [], []
        while i < n:
            skip_ws()
            if i >= n:
                break
            c = text[i]
            if c == ";":
                i += 1
                nodes.append(parse_node())
            elif c == "(":
                children.append(parse_tree())
            elif c == ")":
                i += 1
                return (nodes, children)
            else:
                i += 1
        return (nodes, children)

    def parse_node():
        nonlocal i
        props = {}
        while True:
            while i < n and text[i] in " \t\r\n":
                i += 1
            if i >= n or text[i] in ";()":
                return props
            m = re.compile(r"[A-Za-z]+").match(text, i)
            if not m:
                i += 1
                continue
            ident = "".join(ch for ch in m.group(0) if ch.isupper())
            i = m.end()
            vals = []
            while True:
                while i < n and text[i] in " \t\r\n":
                    i += 1
                if i < n and text[i] == "[":
                    i += 1
                    buf = []
                    while i < n and text[i] != "]":
                        if text[i] == "\\" and i + 1 < n:
                            i += 1
                        buf.append(text[i])
                        i += 1
                    i += 1
                    vals.append("".join(buf))
                else:
                    break
            props.setdefault(ident, []).extend(vals)

    start = text.find("(")
    if start < 0:
        raise ValueError("no SGF game tree")
    i = start
    return parse_tree()


def sgf_main_line(tree):
    nodes = []
    while tree is not None:
        nodes.extend(tree[0])
        tree = tree[1][0] if tree[1] else None
    return nodes


class Board:
    def __init__(self, size):
        self.size = size
        self.g = [["."] * size for _ in range(size)]

    def neighbours(self, r, c):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.size and 0 <= cc < self.size:
                yield rr, cc

    def chain(self, r, c):
        col = self.g[r][c]
        seen = {(r, c)}
        stack = [(r, c)]
        libs = set()
        while stack:
            p = stack.pop()
            for q in self.neighbours(*p):
                v = self.g[q[0]][q[1]]
                if v == ".":
                    libs.add(q)
                elif v == col and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return seen, libs

    def play(self, r, c, col, allow_suicide=True):
        """Place a stone and apply captures.  Returns number captured, or None if illegal."""
        if self.g[r][c] != ".":
            return None
        opp = "O" if col == "X" else "X"
        self.g[r][c] = col
        captured = 0
        for q in self.neighbours(r, c):
            if self.g[q[0]][q[1]] == opp:
                ch, libs = self.chain(*q)
                if not libs:
                    for p in ch:
                        self.g[p[0]][p[1]] = "."
                    captured += len(ch)
        ch, libs = self.chain(r, c)
        if not libs:
            if not allow_suicide:
                self.g[r][c] = "."
                return None
            for p in ch:
                self.g[p[0]][p[1]] = "."
        return captured

    def count(self):
        return sum(row.count("X") + row.count("O") for row in self.g)


def sgf_point(v, size):
    v = v.strip()
    if len(v) < 2:
        return None
    c, r = ord(v[0]) - 97, ord(v[1]) - 97
    if not (0 <= r < size and 0 <= c < size):
        return None  # pass ("tt" on 19x19 and smaller)
    return r, c


def sgf_points(vals, size):
    out = []
    for v in vals:
        if ":" in v:
            a, b = v.split(":", 1)
            pa, pb = sgf_point(a, size), sgf_point(b, size)
            if pa and pb:
                for r in range(min(pa[0], pb[0]), max(pa[0], pb[0]) + 1):
                    for c in range(min(pa[1], pb[1]), max(pa[1], pb[1]) + 1):
                        out.append((r, c))
        else:
            p = sgf_point(v, size)
            if p:
                out.append(p)
    return out


def sgf_load(path):
    """Return (size, list of events) for the main line.  An event is
    ('setup', [(r,c,col)...]) or ('move', r, c, col) / ('move', None, None, col) for a pass."""
    with open(path, "rb") as f:
        text = f.read().decode("latin-1")
    nodes = sgf_main_line(sgf_parse(text))
    size = 19
    if nodes and "SZ" in nodes[0]:
        size = int(re.match(r"\s*(\d+)", nodes[0]["SZ"][0]).group(1))
    events = []
    for node in nodes:
        setup = []
        for key, col in (("AB", "X"), ("AW", "O"), ("AE", ".")):
            for p in sgf_points(node.get(key, []), size):
                setup.append((p[0], p[1], col))
        if setup:
            events.append(("setup", setup))
        for key, col in (("B", "X"), ("W", "O")):
            if key in node:
                p = sgf_point(node[key][0], size) if node[key] else None
                events.append(("move", p[0] if p else None, p[1] if p else None, col))
    return size, events


def sgf_moves(events):
    return sum(1 for e in events if e[0] == "move")


def sgf_position(size, events, upto):
    """Board after `upto` moves (setup nodes before/among them always applied)."""
    b = Board(size)
    played = 0
    for e in events:
        if e[0] == "setup":
            for r, c, col in e[1]:
                b.g[r][c] = col
        else:
            if played >= upto:
                break
            played += 1
            if e[1] is not None:
                if b.g[e[1]][e[2]] != ".":
                    b.g[e[1]][e[2]] = "."  # malformed record: overwrite
                b.play(e[1], e[2], e[3])
    return b


def random_position(size, rng, density):
    """Random legal game-like position: alternate random moves (no suicide) until density."""
    b = Board(size)
    target = int(density * size * size)
    col = "X"
    tries = 0
    # clustered play: often near an earlier stone, like real games
    while b.count() < target and tries < 20 * size * size:
        tries += 1
        if b.count() > 0 and rng.random() < 0.7:
            stones = [(r, c) for r in range(size) for c in range(size) if b.g[r][c] != "."]
            r0, c0 = rng.choice(stones)
            r = min(size - 1, max(0, r0 + rng.randint(-2, 2)))
            c = min(size - 1, max(0, c0 + rng.randint(-2, 2)))
        else:
            r, c = rng.randrange(size), rng.randrange(size)
        if b.play(r, c, col, allow_suicide=False) is not None:
            col = "O" if col == "X" else "X"
    return b


# ---------------------------------------------------------------------------
# vector helpers and the POV-Ray camera model
# ---------------------------------------------------------------------------


def vsub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def vadd(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def vmul(a, s):
    return (a[0] * s, a[1] * s, a[2] * s)


def vdot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def vcross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def vnorm(a):
    l = math.sqrt(vdot(a, a))
    return (a[0] / l, a[1] / l, a[2] / l)


def pov_vec(a):
    return "<%.4f, %.4f, %.4f>" % a


class Camera:
    """POV-Ray `perspective` camera given by location, look_at, sky, horizontal angle,
    `right x*W/H`, `up y`.  POV-Ray builds: D = normalize(look_at - location),
    R = normalize(sky x D) (its cross product; with the left-handed axes this is
    screen-right), U = D x R, direction length = 0.5*|right| / tan(angle/2).
    A ray for screen point (s, t) in [-0.5, 0.5] is D*len + s*R*|right| + t*U*|up|.
    Pixel coordinates here: x right, y down, pixel centres on integers
    (pixel (0,0) covers [-0.5, 0.5]^2)."""

    def __init__(self, location, look_at, sky, angle_deg, width, height):
        self.location, self.look_at, self.sky = location, look_at, sky
        self.angle = angle_deg
        self.width, self.height = width, height
        self.aspect = width / height
        self.D = vnorm(vsub(look_at, location))
        self.R = vnorm(vcross(sky, self.D))
        self.U = vcross(self.D, self.R)
        self.dlen = 0.5 * self.aspect / math.tan(math.radians(angle_deg) / 2)

    def project(self, p):
        d = vsub(p, self.location)
        w = vdot(d, self.D)
        s = vdot(d, self.R) * self.dlen / w / self.aspect  # in [-0.5, 0.5] across the width
        t = vdot(d, self.U) * self.dlen / w  # in [-0.5, 0.5] across the height
        x = (s + 0.5) * self.width - 0.5
        y = (0.5 - t) * self.height - 0.5
        return (x, y)

    def pov(self):
        return (
            "camera {\n  perspective\n  location %s\n  right x*%.6f\n  up y\n  sky %s\n"
            "  angle %.6f\n  look_at %s\n}\n"
            % (pov_vec(self.location), self.aspect, pov_vec(self.sky), self.angle, pov_vec(self.look_at))
        )


def make_camera(target, elevation, azimuth, distance, fov, width, height, roll=0.0):
    """roll: the camera turned about its own axis by that many degrees
    (the picture's content turns the other way); 0 keeps the horizon level."""
    el, az = math.radians(elevation), math.radians(azimuth)
    toward_cam = (-math.sin(az), 0.0, -math.cos(az))  # horizontal direction board -> camera
    loc = vadd(target, vadd(vmul(toward_cam, distance * math.cos(el)), (0.0, distance * math.sin(el), 0.0)))
    forward = (math.sin(az), 0.0, math.cos(az))  # screen-up direction when looking straight down
    if elevation > 89.0:
        sky = forward
    else:
        sky = (0.0, 1.0, 0.0)
    if roll:
        # the level camera's screen up and right, turned about the view axis;
        # POV-Ray then builds right = sky x D, up = D x right from this sky
        cam0 = Camera(loc, target, sky, fov, width, height)
        a = math.radians(roll)
        sky = vadd(vmul(cam0.U, math.cos(a)), vmul(cam0.R, math.sin(a)))
    return Camera(loc, target, sky, fov, width, height)


# Barrel distortion: ImageMagick `-distort Barrel "A B C D"` maps each
# destination pixel at normalised radius r (radius / (min(W,H)/2), centre of
# the picture) to the source radius r*(A r^3 + B r^2 + C r + D).


def barrel_forward(pt, coeffs, width, height):
    """Where a point of the undistorted picture lands in the distorted one."""
    if not coeffs:
        return pt
    A, B, C, D = coeffs
    cx, cy = width / 2.0, height / 2.0
    norm = min(width, height) / 2.0
    x, y = pt[0] + 0.5 - cx, pt[1] + 0.5 - cy  # to ImageMagick's pixel-edge coordinates
    rs = math.hypot(x, y) / norm
    if rs < 1e-12:
        return pt
    f = lambda r: r * (A * r ** 3 + B * r ** 2 + C * r + D) - rs
    lo, hi = 0.0, 3.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            hi = mid
        else:
            lo = mid
    rd = (lo + hi) / 2
    k = rd / rs
    return (cx + x * k - 0.5, cy + y * k - 0.5)


# ---------------------------------------------------------------------------
# colours
# ---------------------------------------------------------------------------


def kelvin_rgb(k):
    """Approximate colour of black-body light, normalised so the largest channel is 1."""
    t = k / 100.0
    if t <= 66:
        r = 255.0
        g = 99.4708025861 * math.log(t) - 161.1195681661
        b = 0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307
    else:
        r = 329.698727446 * (t - 60) ** -0.1332047592
        g = 288.1221695283 * (t - 60) ** -0.0755148492
        b = 255.0
    rgb = [min(255.0, max(1.0, v)) / 255.0 for v in (r, g, b)]
    m = max(rgb)
    # to linear light (scene uses assumed_gamma 1)
    return tuple((v / m) ** 2.2 for v in rgb)


def jitter(rng, col, amount):
    return tuple(min(1.0, max(0.0, c + rng.uniform(-amount, amount))) for c in col)


WOODS = {
    "pale": [(0.89, 0.74, 0.50), (0.86, 0.70, 0.45), (0.92, 0.79, 0.56)],
    "medium": [(0.78, 0.58, 0.34), (0.74, 0.52, 0.28), (0.82, 0.63, 0.38)],
    "dark": [(0.52, 0.33, 0.18), (0.45, 0.28, 0.15), (0.60, 0.40, 0.22)],
}


def wood_pigment(rng, base, grain_scale, axis_rot, contrast=1.0):
    light = tuple(min(1, c * (1 + 0.08 * contrast)) for c in base)
    dark = tuple(c * (1 - contrast * rng.uniform(0.15, 0.28)) for c in base)
    return (
        "pigment { wood turbulence <%.3f, %.3f, 0.02> octaves 3\n"
        "    color_map { [0.00 srgb %s] [0.35 srgb %s] [0.55 srgb %s] [0.80 srgb %s] [1.00 srgb %s] }\n"
        "    scale <%.2f, %.2f, 1> translate <%.1f, %.1f, 0> rotate y*%.1f }"
        % (
            rng.uniform(0.02, 0.07), rng.uniform(0.02, 0.07),
            pov_vec(base), pov_vec(light), pov_vec(base), pov_vec(dark), pov_vec(base),
            grain_scale, grain_scale * rng.uniform(0.6, 1.0),
            rng.uniform(-300, 300), rng.uniform(-400, -150), axis_rot,
        )
    )


# ---------------------------------------------------------------------------
# scene description
# ---------------------------------------------------------------------------


def star_points(n):
    if n == 19:
        pts = [3, 9, 15]
        return [(r, c) for r in pts for c in pts]
    if n == 13:
        return [(3, 3), (3, 9), (9, 3), (9, 9), (6, 6)]
    if n == 9:
        return [(2, 2), (2, 6), (6, 2), (6, 6), (4, 4)]
    return []


def choose_spec(rng, size, options):
    """Random scene parameters.  `options` may force some of them."""
    s = {}
    s["size"] = size
    s["mat"] = options.get("mat", rng.random() < 0.15)
    s["square_cells"] = options.get("square_cells", rng.random() < 0.25)
    if s["square_cells"]:
        cw = rng.choice([22.0, 22.5, 23.0])
        s["cell"] = (cw, cw)
    else:
        s["cell"] = (22.0, 23.7)
    s["line_width"] = rng.uniform(0.8, 1.2)
    s["margin"] = (rng.uniform(12, 30), rng.uniform(12, 30))
    if s["mat"]:
        s["thickness"] = rng.uniform(1.2, 3.0)
    else:
        top = {9: 70, 13: 100}.get(size, 150)  # small boards are table boards
        s["thickness"] = rng.choice([rng.uniform(18, 40), rng.uniform(40, top), rng.uniform(top * 0.6, top)])
    s["wood"] = options.get("wood", rng.choice(["pale", "pale", "medium", "dark"]))
    s["stone_gloss"] = options.get("stone_gloss", rng.choice(["glossy", "matte", "satin"]))
    s["shell"] = options.get("shell", rng.random() < 0.5)
    s["offset"] = options.get("offset", rng.random() < 0.45)
    s["glare"] = options.get("glare", rng.random() < 0.2)
    s["uneven"] = options.get("uneven", rng.random() < 0.25)
    s["coloured_light"] = options.get("coloured_light", rng.random() < 0.25)
    s["hard_shadows"] = options.get("hard_shadows", rng.random() < 0.35)
    s["clutter"] = options.get("clutter", rng.random() < 0.5)
    s["table_like_board"] = options.get("table_like_board", rng.random() < 0.2)
    s["barrel"] = options.get("barrel", rng.random() < 0.2)
    s["noise"] = options.get("noise", rng.random() < 0.3)
    s["soft_focus"] = options.get("soft_focus", rng.random() < 0.2)
    # Hands in the default scenes only when asked (classic-hands): no draw
    # from rng, so every other scene stays as it was.
    s["hands"] = options.get("hands", False)
    s["sun"] = options.get("sun", False)  # classic-sun only; no draw either
    s["elevation"] = options.get("elevation", rng.uniform(30, 90))
    s["azimuth"] = options.get("azimuth", rng.uniform(0, 360))
    s["fov"] = options.get("fov", rng.uniform(45, 65))
    s["fill"] = options.get("fill", rng.uniform(0.62, 0.9))
    if options.get("ext") is not None:
        extend_spec(s, options)
    return s


# The variations added for the training and test sets (and --sgf/--random).
# They draw from their own generator, seeded by options["ext"], so the
# committed default set and the game sequences (which never pass "ext")
# keep their random stream and come out as before.
EXT_FLAGS = ["legs", "hands", "bowls", "lamp", "window"]
STONE_MATERIALS = ["classic", "glass", "slate-shell", "yunzi", "plastic"]


def extend_spec(s, options):
    xr = random.Random("%s/spec" % options["ext"])
    s["ext_seed"] = str(options["ext"])
    if "elevation" not in options:
        # low side views are common at a club table
        s["elevation"] = xr.uniform(25, 45) if xr.random() < 0.4 else xr.uniform(25, 90)
    s["fill"] = options.get("fill", xr.uniform(0.2, 0.45) if xr.random() < 0.3 else xr.uniform(0.45, 1.0))
    r = xr.random()
    s["roll"] = options.get("roll", 0.0 if r < 0.45 else xr.uniform(-15, 15) if r < 0.7 else xr.uniform(-180, 180))
    # where the board sits in the frame: the look-at point moves off the
    # board's centre by up to this many half-boards (small boards go anywhere)
    s["pan"] = (xr.uniform(-1, 1), xr.uniform(-1, 1))
    s["legs"] = options.get("legs", xr.random() < 0.2) and not s["mat"]
    if s["legs"]:
        # a floor-standing goban: thick block on four legs, on the floor
        s["thickness"] = xr.uniform(90, 180) if s["size"] == 19 else xr.uniform(60, 110)
        s["leg_height"] = xr.uniform(70, 120)
    s["hands"] = options.get("hands", xr.random() < 0.3)
    s["bowls"] = options.get("bowls", xr.random() < 0.4)
    if s["bowls"]:
        s["clutter"] = False  # the bowls and lids take the clutter's place beside the board
    s["lamp"] = options.get("lamp", xr.random() < 0.25)
    s["window"] = options.get("window", xr.random() < 0.25)
    s["stone_material"] = options.get("stone_material", xr.choice(STONE_MATERIALS + ["classic"]))
    lo, hi = options.get("jpeg_range", (60, 95))
    s["jpeg_quality"] = options.get("jpeg_quality", xr.randint(lo, hi))


def fit_camera_ext(spec, n, pt, outline, width, height, half):
    """Camera for the extended sets: the board's extent (outline, sides and
    stone tops) covers spec["fill"] of the frame's wider or taller side, the
    board sits off-centre by spec["pan"] when there is room, the camera is
    rolled by spec["roll"].  Up to 90 % fill the whole board stays in the
    picture; above, its outer edge may touch or leave the frame but the four
    corner intersections stay at least 2 % inside.  Returns (distance,
    camera, look-at point); lowers spec["fill"] when nothing fits."""
    el, az, fov, roll = spec["elevation"], spec["azimuth"], spec["fov"], spec.get("roll", 0.0)
    H = outline[0][1]
    inner = [pt(0, 0), pt(0, n - 1), pt(n - 1, n - 1), pt(n - 1, 0)]
    px, pz = spec["pan"]
    fill = spec["fill"]
    scale = min(1.5, max(0.0, 1.0 - fill) / max(fill, 0.05))

    def extent(cam, pts):
        ps = [cam.project(p) for p in pts]
        xs, ys = [p[0] for p in ps], [p[1] for p in ps]
        return (min(xs), min(ys), max(xs), max(ys))

    for attempt in range(40):
        target = (px * scale * half[0], H, pz * scale * half[1])
        lo, hi = 50.0, 40000.0
        for _ in range(60):
            mid = math.sqrt(lo * hi)
            bb = extent(make_camera(target, el, az, mid, fov, width, height, roll), outline)
            if max((bb[2] - bb[0]) / width, (bb[3] - bb[1]) / height) > fill:
                lo = mid
            else:
                hi = mid
        cam = make_camera(target, el, az, hi, fov, width, height, roll)
        if fill <= 0.9:
            bb, m = extent(cam, outline), 8
        else:
            bb, m = extent(cam, inner), 0.02 * min(width, height)
        if bb[0] > m and bb[1] > m and bb[2] < width - 1 - m and bb[3] < height - 1 - m:
            spec["fill"] = fill
            return hi, cam, target
        scale *= 0.6
        if attempt >= 6:
            fill = max(0.2, fill - 0.03)
    raise RuntimeError("no camera distance fits the board in the frame")


def hides_board(cam, pts, board_box):
    """Whether any of pts (in front of the camera) lands on the board's part
    of the picture (its bounding box, a little enlarged)."""
    x0, y0, x1, y1 = board_box
    mx, my = 0.05 * (x1 - x0) + 10, 0.05 * (y1 - y0) + 10
    for p in pts:
        if vdot(vsub(p, cam.location), cam.D) <= 1.0:
            continue
        x, y = cam.project(p)
        if x0 - mx < x < x1 + mx and y0 - my < y < y1 + my:
            return True
    return False


def inside_shade(cam, lp, r):
    """Whether the camera stands within a lamp's shade (a cone of radius r
    whose open rim hangs at lp, 0.8 r high): the picture is then the
    shade's inside. hides_board does not see it, as each point it samples
    of the shade is behind the camera or off the picture (seed 7002's t003
    of the test kind was such a picture). Only the camera within the
    cylinder around the cone counts, so that no scene with the camera
    beside a shade changes: none of the committed renders', test set's
    or make model's."""
    cx, cy, cz = cam.location
    return math.hypot(cx - lp[0], cz - lp[2]) < r and lp[1] < cy < lp[1] + 0.8 * r


def shade_in_sight(cam, lp, r, half, H, steps=120):
    """Whether the lamp's shade (the cone of inside_shade, taken as solid)
    stands between the camera and the board: a line of sight from the
    camera to one of 7 x 7 points over the board, at a stone's height,
    passes through it. hides_board does not see a shade near the camera
    that fills the picture: its sampled points all fall around the board's
    part of the picture, not on it (seed 7006's t039 of the test kind: the
    shade hid three columns of a 9x9 board, whose stones the truth still
    named)."""
    bx, bz = half
    top = 0.8 * r
    for i in range(7):
        for j in range(7):
            q = (-bx + 2 * bx * i / 6, H + 10.0, -bz + 2 * bz * j / 6)
            e = vsub(q, cam.location)
            for k in range(1, steps):
                t = k / steps
                x, y, z = cam.location[0] + t * e[0], cam.location[1] + t * e[1], cam.location[2] + t * e[2]
                h = y - lp[1]
                if 0 <= h <= top and math.hypot(x - lp[0], z - lp[2]) < r - 0.75 * r * h / top:
                    return True
    return False


def lamps_and_windows(xr, spec, notes, half, H, main_i, cam, board_box):
    """A lamp hanging over or beside the board, and/or a window beside it: a
    bright rectangle that lights the board from one side and shows in the
    glossy board and stones.  Neither ever stands between the camera and the
    board (tried again elsewhere, or left out)."""
    bx, bz = half
    out = []
    lp = None
    for _ in range(40 if spec.get("lamp") else 0):
        a, rad = xr.uniform(0, 2 * math.pi), xr.uniform(0.0, 1.8) * max(bx, bz)
        lp = (rad * math.cos(a), H + xr.uniform(450, 1100), rad * math.sin(a))
        r = xr.uniform(90, 160)
        shape = [vadd(lp, (r * math.cos(t), y, r * math.sin(t))) for t in [k * math.pi / 4 for k in range(8)]
                 for y in (0.0, 0.4 * r)] + [vadd(lp, (0, y, 0)) for y in range(0, 3000, 100)]
        if not hides_board(cam, shape, board_box) and not inside_shade(cam, lp, r) and \
                not shade_in_sight(cam, lp, r, half, H):
            break
        lp = None
    if lp is not None:
        k = xr.choice([xr.uniform(2600, 3200), xr.uniform(3500, 5000)])
        col = kelvin_rgb(k)
        shade = xr.choice([(0.9, 0.9, 0.88), (0.15, 0.15, 0.15), (0.6, 0.1, 0.1), (0.8, 0.7, 0.45)])
        out.append(
            "light_source { %s rgb %s fade_distance %.0f fade_power 1.5 }\n" % (pov_vec(vsub(lp, (0, 25, 0))), pov_vec(vmul(col, xr.uniform(1.2, 2.0))),
                                                    lp[1] - H))
        out.append(
            "union { difference { cone { <0,0,0>, %.1f, <0,%.1f,0>, %.1f } cone { <0,-0.5,0>, %.1f, <0,%.1f,0>, %.1f } }\n"
            "  cylinder { <0,%.1f,0>, <0,3000,0>, 3 } pigment { srgb %s } finish { diffuse 0.7 specular 0.3 } no_shadow translate %s }\n"
            % (r, r * 0.8, r * 0.25, r - 2, r * 0.8 - 2, r * 0.25 - 2, r * 0.8, pov_vec(shade), pov_vec(lp)))
        out.append("sphere { %s, 28 pigment { rgb %s } finish { ambient 0 diffuse 0 emission 1 } no_shadow }\n"
                   % (pov_vec(vsub(lp, (0, 30, 0))), pov_vec(vmul(col, 4))))
        notes.append("lamp over the board (%dK)" % k)
    window = None
    for _ in range(40 if spec.get("window") else 0):
        a = xr.uniform(0, 2 * math.pi)
        d = xr.uniform(1300, 2600)
        ww, wh = xr.uniform(700, 1500), xr.uniform(800, 1400)
        wy = H + xr.uniform(100, 700)
        c = (math.cos(a) * d, wy + wh / 2, math.sin(a) * d)
        u = (-math.sin(a), 0.0, math.cos(a))  # along the window's width
        pane = [vadd(c, vadd(vmul(u, ww * i / 8), (0, wh * j / 8, 0))) for i in range(-4, 5) for j in range(-4, 5)]
        if not hides_board(cam, pane, board_box):
            window = (a, ww, wh, c, u)
            break
    if window is not None:
        a, ww, wh, c, u = window
        k = xr.uniform(5500, 9000)
        col = kelvin_rgb(k)
        bright = xr.uniform(2.5, 5.0)
        rot = -math.degrees(a)
        out.append(
            "light_source { %s rgb %s area_light %s, <0,%.1f,0>, 2, 2 adaptive 0 jitter }\n"
            % (pov_vec(c), pov_vec(vmul(col, xr.uniform(0.7, 1.3) * main_i)), pov_vec(vmul(u, ww)), wh))
        frame = xr.choice([(0.95, 0.95, 0.93), (0.3, 0.22, 0.15), (0.2, 0.2, 0.2)])
        bars = "".join(
            "box { <-8, %.1f, %.1f>, <8, %.1f, %.1f> }" % (-wh / 2, z - 15, wh / 2, z + 15)
            for z in ([0.0] if ww < 1100 else [-ww / 6, ww / 6])) + "box { <-8, -15, %.1f>, <8, 15, %.1f> }" % (-ww / 2, ww / 2)
        out.append(
            "union { box { <0, %.1f, %.1f>, <2, %.1f, %.1f> pigment { rgb %s } finish { ambient 0 diffuse 0 emission 1 } no_shadow }\n"
            "  union { %s pigment { srgb %s } no_shadow } rotate y*%.2f translate %s }\n"
            % (-wh / 2, -ww / 2, wh / 2, ww / 2, pov_vec(vmul(col, bright)), bars, pov_vec(frame), rot, pov_vec(c)))
        notes.append("window beside the board (%dK daylight)" % k)
    return "".join(out)


def sunlight(xs, notes, half, H, main_i):
    """Sunlight through a window falling on the board: a parallel light let
    through only by the window's panes (projected_through, so the window
    itself is never in the picture), a bright patch with sharp edges and the
    mullions' shadows across part of the board, the stones casting long
    shadows in it.  The reader must not take a patch for a hand, nor a stone
    in it for wood."""
    bx, bz = half
    sel = math.radians(xs.uniform(20, 65))
    saz = xs.uniform(0, 2 * math.pi)
    d = (math.cos(sel) * math.cos(saz), math.sin(sel), math.cos(sel) * math.sin(saz))  # toward the sun
    # where the patch's centre falls: on the board, or off it with only its
    # edge on the board
    t = (xs.uniform(-1.1, 1.1) * bx, H, xs.uniform(-1.1, 1.1) * bz)
    dist = xs.uniform(1200, 2600)
    c = vadd(t, vmul(d, dist))
    u = vnorm((-d[2], 0.0, d[0]))          # along the window, horizontal
    v = vnorm(vcross(d, u))                # across it, square to the light
    ww, wh = xs.uniform(0.4, 1.3) * max(bx, bz), xs.uniform(0.4, 1.3) * max(bx, bz)
    cols, rows = xs.choice([1, 2, 2, 3]), xs.choice([1, 2, 2, 3])
    # bars 15-45 mm, but never more than a third of a pane: the window is
    # small (a patch 0.4-1.3 half-boards on a side) and panes must not
    # come out empty or inside-out
    bar = min(xs.uniform(15, 45), ww / cols / 3, wh / rows / 3)
    panes = []
    for i in range(cols):
        for j in range(rows):
            x0, x1 = -ww / 2 + i * ww / cols + bar / 2, -ww / 2 + (i + 1) * ww / cols - bar / 2
            y0, y1 = -wh / 2 + j * wh / rows + bar / 2, -wh / 2 + (j + 1) * wh / rows - bar / 2
            panes.append("box { <%.1f, %.1f, -1>, <%.1f, %.1f, 1> }" % (x0, y0, x1, y1))
    k = xs.uniform(4800, 6200)
    bright = xs.uniform(1.5, 4.0) * main_i
    # the panes' frame: x along u, y along v, z along d (a matrix maps it)
    m = "matrix <%.5f,%.5f,%.5f, %.5f,%.5f,%.5f, %.5f,%.5f,%.5f, %.1f,%.1f,%.1f>" % (u + v + d + c)
    far = vadd(t, vmul(d, 20000))
    notes.append("sunlight through a window (%dx%d panes, %.0f deg up)" % (cols, rows, math.degrees(sel)))
    # the panes themselves, seen only as their reflection in a lacquered
    # board (the bright trapezoid of a sunny room's photos)
    glow = xs.uniform(2.5, 5.0)
    return ("light_source { %s rgb %s parallel point_at %s projected_through { union { %s %s } } }\n"
            "union { %s %s pigment { rgb %s } finish { ambient 0 diffuse 0 emission 1 } no_image no_shadow }\n"
            % (pov_vec(far), pov_vec(vmul(kelvin_rgb(k), bright)), pov_vec(t), " ".join(panes), m,
               " ".join(panes), m, pov_vec(vmul(kelvin_rgb(k), glow))))


def floor_and_legs(xr, spec, notes, half, floor_y):
    """A floor-standing goban: four carved legs under the block, standing on
    a tatami, wooden or carpeted floor (no table)."""
    bx, bz = half
    lh = -floor_y
    kind = xr.choice(["tatami", "wood", "carpet"])
    if kind == "tatami":
        straw = jitter(xr, (0.72, 0.66, 0.42), 0.05)
        fpig = ("pigment { gradient x color_map { [0 srgb %s] [0.5 srgb %s] [1 srgb %s] } scale 4 "
                "warp { turbulence 0.05 } rotate y*%.0f }" % (pov_vec(straw), pov_vec(vmul(straw, 0.88)), pov_vec(straw),
                                                              xr.choice([0, 90]) + xr.uniform(-3, 3)))
    elif kind == "wood":
        fpig = wood_pigment(xr, jitter(xr, xr.choice([(0.55, 0.38, 0.22), (0.35, 0.22, 0.12), (0.75, 0.62, 0.45)]), 0.04),
                            xr.uniform(30, 60), xr.uniform(0, 180), 0.7)
    else:
        base = xr.choice([(0.35, 0.33, 0.32), (0.55, 0.15, 0.12), (0.2, 0.25, 0.35)])
        fpig = "pigment { granite color_map { [0 srgb %s] [1 srgb %s] } scale 5 }" % (pov_vec(base), pov_vec(vmul(base, 0.8)))
    out = ["plane { y, %.2f texture { %s finish { diffuse 0.7 specular 0.05 } } }\n" % (floor_y, fpig)]
    wood = jitter(xr, xr.choice(WOODS[spec["wood"]]), 0.03)
    wood = vmul(wood, 0.85)
    r = xr.uniform(0.12, 0.16) * min(bx, bz)
    inset = xr.uniform(0.16, 0.22)
    legs = []
    for sx in (-1, 1):
        for sz in (-1, 1):
            x, z = sx * bx * (1 - inset), sz * bz * (1 - inset)
            # kuchinashi: a swollen fruit under a short neck
            legs.append("sphere { 0, 1 scale <%.1f, %.1f, %.1f> translate <%.1f, %.1f, %.1f> }"
                        % (r, lh * 0.42, r, x, -lh * 0.55, z))
            legs.append("cylinder { <%.1f, %.1f, %.1f>, <%.1f, 0.5, %.1f>, %.1f }" % (x, -lh * 0.2, z, x, z, r * 0.55))
            legs.append("cylinder { <%.1f, %.2f, %.1f>, <%.1f, %.2f, %.1f>, %.1f }" % (x, -lh, z, x, -lh * 0.9, z, r * 0.5))
    out.append("union { %s %s finish { diffuse 0.7 specular 0.15 roughness 0.02 } }\n"
               % ("\n  ".join(legs), wood_pigment(xr, wood, 6, 90)))
    notes.append("floor board on legs (%.0f mm legs) on a %s floor" % (lh, kind))
    return "".join(out)


def stone_material(xr, kind, notes):
    """Textures for glass, slate-and-shell, yunzi and plastic stones."""
    if kind == "glass":
        b = ("texture { pigment { srgb %s } finish { diffuse 0.35 specular 0.9 roughness 0.002 phong 0.5 phong_size 120 reflection 0.12 } }"
             % pov_vec(jitter(xr, (0.03, 0.035, 0.04), 0.01)))
        w = ("texture { pigment { srgbt <%.3f, %.3f, %.3f, %.2f> } finish { diffuse 0.65 specular 0.8 roughness 0.003 } }"
             % (jitter(xr, (0.93, 0.94, 0.95), 0.02) + (xr.uniform(0.08, 0.18),)))
        note = "glass stones"
    elif kind == "slate-shell":
        b = ("texture { pigment { srgb %s } finish { diffuse 0.7 specular 0.02 phong 0.06 phong_size 4 } normal { granite 0.25 scale 1.5 } }"
             % pov_vec(jitter(xr, (0.10, 0.10, 0.11), 0.015)))
        wc = jitter(xr, (0.96, 0.95, 0.91), 0.02)
        st = vmul(wc, xr.uniform(0.86, 0.92))
        w = ("texture { pigment { wood turbulence 0.02 color_map { [0 srgb %s] [0.4 srgb %s] [0.5 srgb %s] [0.6 srgb %s] [1 srgb %s] }\n"
             "  scale %.2f rotate x*90 translate <%.1f, 0, 0> } finish { diffuse 0.8 phong 0.35 phong_size 25 } }"
             % (pov_vec(wc), pov_vec(wc), pov_vec(st), pov_vec(wc), pov_vec(wc), xr.uniform(0.07, 0.12), xr.uniform(2.5, 5.0)))
        note = "slate and shell stones"
    elif kind == "yunzi":
        b = ("texture { pigment { srgb %s } finish { diffuse 0.65 phong 0.12 phong_size 6 } }"
             % pov_vec(jitter(xr, (0.075, 0.085, 0.075), 0.01)))
        # matte and slightly translucent: a little light of their own
        w = ("texture { pigment { srgb %s } finish { diffuse 0.82 phong 0.1 phong_size 6 emission %.3f } }"
             % (pov_vec(jitter(xr, (0.89, 0.87, 0.75), 0.02)), xr.uniform(0.04, 0.09)))
        note = "yunzi stones (matte, creamy white)"
    else:
        b = ("texture { pigment { srgb %s } finish { diffuse 0.55 specular 0.2 phong 0.55 phong_size 35 } }"
             % pov_vec(jitter(xr, (0.09, 0.09, 0.10), 0.015)))
        w = ("texture { pigment { srgb %s } finish { diffuse 0.8 phong 0.5 phong_size 35 } }"
             % pov_vec(jitter(xr, (0.97, 0.97, 0.96), 0.015)))
        note = "thin plastic stones"
    notes.append(note)
    return "#declare BlackTex = %s\n#declare WhiteTex = %s\n" % (b, w)


def seg_seg_dist(p0, p1, q0, q1):
    """Least distance between the segments p0-p1 and q0-q1 (closest points
    by clamped parameters, as in Ericson's Real-Time Collision Detection)."""
    d1, d2, r = vsub(p1, p0), vsub(q1, q0), vsub(p0, q0)
    a, e, f = vdot(d1, d1), vdot(d2, d2), vdot(d2, r)
    if a < 1e-12 and e < 1e-12:
        return math.sqrt(vdot(r, r))
    if a < 1e-12:
        s, t = 0.0, min(1.0, max(0.0, f / e))
    else:
        c = vdot(d1, r)
        if e < 1e-12:
            t, s = 0.0, min(1.0, max(0.0, -c / a))
        else:
            b = vdot(d1, d2)
            den = a * e - b * b
            s = min(1.0, max(0.0, (b * f - c * e) / den)) if den > 1e-12 else 0.0
            t = (b * s + f) / e
            if t < 0:
                t, s = 0.0, min(1.0, max(0.0, -c / a))
            elif t > 1:
                t, s = 1.0, min(1.0, max(0.0, (b - c) / a))
    d = vsub(vadd(p0, vmul(d1, s)), vadd(q0, vmul(d2, t)))
    return math.sqrt(vdot(d, d))


class Occluder:
    """A hand and arm's solids, each ("capsule", end, end, radius) or
    ("ellipsoid", centre, radii, None), in the hand's own frame, placed as
    POV-Ray places it (mirror in x if left, `rotate y*rot`, `translate
    tip`): it tells whether it blocks a line of sight."""

    def __init__(self, tip, rot, left, solids):
        self.tip, self.left, self.solids = tip, left, solids
        self.ca, self.sa = math.cos(math.radians(rot)), math.sin(math.radians(rot))

    def local(self, p):
        d = vsub(p, self.tip)
        x = d[0] * self.ca - d[2] * self.sa
        z = d[0] * self.sa + d[2] * self.ca
        return (-x if self.left else x, d[1], z)

    def blocks(self, a, b):
        """Whether the segment a-b (scene coordinates) passes through a solid."""
        la, lb = self.local(a), self.local(b)
        for kind, u, v, r in self.solids:
            if kind == "capsule":
                if seg_seg_dist(la, lb, u, v) <= r:
                    return True
            else:  # ellipsoid: centre u, radii v; in its scaled frame a unit sphere
                sa = tuple((la[i] - u[i]) / v[i] for i in range(3))
                sb = tuple((lb[i] - u[i]) / v[i] for i in range(3))
                if seg_seg_dist(sa, sb, (0, 0, 0), (0, 0, 0)) <= 1.0:
                    return True
        return False


def hidden_points(cam_location, occluders, pt, stone_h, cw, ch, n, samples=5):
    """The points whose stone a hand hides from the camera: for each point,
    lines of sight to a grid of samples over a stone's disk at half a stone's
    height (radius 0.4 of a cell); hidden when at least half of them are
    blocked.  A reader cannot know such a point, so the truth names them."""
    out = set()
    if not occluders:
        return out
    offs = [(-0.4 + 0.8 * i / (samples - 1)) for i in range(samples)]
    for r in range(n):
        for c in range(n):
            p = pt(r, c)
            blocked = total = 0
            for dx in offs:
                for dz in offs:
                    if dx * dx + dz * dz > 0.4 * 0.4 + 1e-9:
                        continue
                    q = (p[0] + dx * cw, p[1] + stone_h / 2, p[2] + dz * ch)
                    total += 1
                    # stop a millimetre short: the sample's own surface is not in the way
                    e = vsub(q, cam_location)
                    q = vsub(q, vmul(e, 1.0 / math.sqrt(vdot(e, e))))
                    if any(o.blocks(cam_location, q) for o in occluders):
                        blocked += 1
            if 2 * blocked >= total:
                out.add((r, c))
    return out


SKINS = [(0.93, 0.76, 0.64), (0.87, 0.67, 0.53), (0.76, 0.55, 0.40), (0.58, 0.40, 0.27), (0.38, 0.25, 0.17)]
SLEEVES = [(0.12, 0.15, 0.30), (0.55, 0.10, 0.10), (0.22, 0.22, 0.22), (0.85, 0.85, 0.82), (0.25, 0.40, 0.25),
           (0.45, 0.35, 0.25), (0.05, 0.05, 0.06)]


def hand_arm(xr, tip, inward, skin, left, keypoints=None, shapes=None):
    """A hand with its forearm: palm, four fingers and a thumb as capsules,
    wrist, and a sleeve up to the elbow.  Fingertips at `tip`, fingers
    pointing along the horizontal unit vector `inward`; the arm rises away
    from the board.  `shapes`, if given, receives the hand's solids in its
    own frame with that frame's placement, for `Occluder`."""
    caps = []
    fingers = []
    solids = []

    def capsule(a, b, r):
        caps.append("sphere { %s, %.1f } sphere { %s, %.1f } cylinder { %s, %s, %.1f }"
                    % (pov_vec(a), r, pov_vec(b), r, pov_vec(a), pov_vec(b), r))
        solids.append(("capsule", a, b, r))

    s = xr.uniform(0.9, 1.1)  # hand size
    fl = [62, 76, 80, 72]  # little, ring, middle, index finger lengths
    spread = xr.uniform(0.0, 0.12)
    curl = xr.uniform(4, 14)
    palm_z = -80 * s  # palm centre, local z (fingers point +z, tips near z = 0)
    for i, (x0, l) in enumerate(zip((-27, -9, 9, 27), fl)):
        x0 *= s
        l *= s
        base = (x0, 16 * s, palm_z + 38 * s)
        ang = (i - 1.5) * spread
        mid = (x0 + math.sin(ang) * l * 0.55, 12 * s, base[2] + math.cos(ang) * l * 0.55)
        end = (x0 + math.sin(ang) * l * 0.95, 12 * s - curl, base[2] + math.cos(ang) * l * 0.95)
        r = 8.5 * s if i else 7.5 * s
        capsule(base, mid, r)
        capsule(mid, end, r * 0.92)
        fingers += [mid, end]
    # thumb along the palm's inner side
    capsule((36 * s, 14 * s, palm_z - 25 * s), (52 * s, 10 * s, palm_z + 15 * s), 10 * s)
    capsule((52 * s, 10 * s, palm_z + 15 * s), (50 * s, 8 * s, palm_z + 45 * s), 9 * s)
    caps.append("sphere { 0, 1 scale <%.1f, %.1f, %.1f> translate <0, %.1f, %.1f> }" % (44 * s, 15 * s, 52 * s, 18 * s, palm_z))
    solids.append(("ellipsoid", (0, 18 * s, palm_z), (44 * s, 15 * s, 52 * s), None))
    wrist = (0, 28 * s, palm_z - 70 * s)
    capsule((0, 20 * s, palm_z - 20 * s), wrist, 25 * s)
    rise = xr.uniform(120, 300)
    length = xr.uniform(220, 300)
    elbow = (xr.uniform(-40, 40), wrist[1] + rise, wrist[2] - length)
    cuff = vadd(wrist, vmul(vsub(elbow, wrist), xr.uniform(0.05, 0.3)))
    bare = xr.random() < 0.3
    sr = xr.uniform(36, 46) if not bare else 27 * s
    capsule(wrist, cuff, 27 * s)
    hand = "union { %s pigment { srgb %s } finish { diffuse 0.75 specular 0.12 roughness 0.05 } }" % (
        " ".join(caps), pov_vec(jitter(xr, skin, 0.03)))
    arm = ("union { sphere { %s, %.1f } cylinder { %s, %s, %.1f } sphere { %s, %.1f } pigment { srgb %s } finish { diffuse 0.85 } }"
           % (pov_vec(cuff), sr, pov_vec(cuff), pov_vec(elbow), sr, pov_vec(elbow), sr,
              pov_vec(jitter(xr, skin, 0.03) if bare else jitter(xr, xr.choice(SLEEVES), 0.04))))
    solids.append(("capsule", cuff, elbow, sr))  # the sleeve: two spheres and a cylinder of one radius
    rot = math.degrees(math.atan2(inward[0], inward[2]))  # local +z to `inward`
    mirror = "scale <-1, 1, 1> " if left else ""
    if shapes is not None:
        shapes.append(Occluder(tip, rot, left, solids))
    if keypoints is not None:
        # points on the hand and arm in the scene, for the occlusion check
        ca, sa = math.cos(math.radians(rot)), math.sin(math.radians(rot))
        local = [(0, 18 * s, palm_z), (0, 10 * s, -5), wrist, elbow, cuff,
                 vmul(vadd(cuff, elbow), 0.5), (44 * s, 18 * s, palm_z), (-44 * s, 18 * s, palm_z)] + fingers
        for q in local:
            x = -q[0] if left else q[0]
            # POV-Ray's rotate y*a: x' = x cos a + z sin a, z' = -x sin a + z cos a
            keypoints.append(vadd(tip, (x * ca + q[2] * sa, q[1], -x * sa + q[2] * ca)))
    return "union { %s %s %srotate y*%.2f translate %s }\n" % (hand, arm, mirror, rot, pov_vec(tip))


def inside_quad(q, p):
    """Whether picture point p is inside the convex quadrilateral q."""
    sgn = 0
    for i in range(4):
        a, b = q[i], q[(i + 1) % 4]
        c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if c * sgn < 0:
            return False
        sgn = sgn or c
    return True


def hands_at_edges(xr, spec, notes, half, H, stone_h, cw, ch, cam, pt, occluders=None):
    """One or two hands and arms reaching over the board's edges: resting on
    the margin and the first lines, or hovering above the edge as when about
    to play.  A hand whose palm or arm would hide the board's inner part in
    the picture (all but the outer lines) is placed again, or left out."""
    bx, bz = half
    n = spec["size"]
    k = 2 if n == 9 else 3
    inner = [cam.project(pt(r, c)) for r, c in ((k, k), (k, n - 1 - k), (n - 1 - k, n - 1 - k), (n - 1 - k, k))]
    out = []
    count = 1 if xr.random() < 0.6 else 2
    skin = xr.choice(SKINS)
    used = []
    for _ in range(30):
        if len(used) == count:
            break
        side = xr.choice([q for q in range(4) if q not in used])
        inward = [(0, 0, 1), (0, 0, -1), (1, 0, 0), (-1, 0, 0)][side]
        along = (abs(inward[2]), 0, abs(inward[0]))
        edge = bz if inward[0] == 0 else bx
        span = bx if inward[0] == 0 else bz
        hover = xr.uniform(25, 80) if xr.random() < 0.4 else 0.0
        cell = ch if inward[0] == 0 else cw
        # how far past the board's edge the fingertips reach
        depth = xr.uniform(0.3, 1.0) * (edge - (n - 1) / 2.0 * cell) + xr.uniform(0, 2.5 if not hover else 5) * cell
        pos = xr.uniform(-0.8, 0.8) * span
        over_grid = depth > edge - (n - 1) / 2.0 * cell - cell / 2
        y = H + (stone_h + 1.0 if over_grid else 1.0) + hover + 8  # fingertips' lower surface on the board or stones
        tip = vadd(vadd(vmul(inward, -(edge - depth)), vmul(along, pos)), (0, y, 0))
        keys = []
        shapes = []
        text = hand_arm(xr, tip, inward, skin, xr.random() < 0.5, keys, shapes)
        if any(vdot(vsub(q, cam.location), cam.D) > 1 and inside_quad(inner, cam.project(q)) for q in keys):
            continue
        if occluders is not None:
            occluders.extend(shapes)
        out.append(text)
        used.append(side)
        notes.append("hand and arm %s the edge" % ("hovering over" if hover else "resting on"))
    return "".join(out)


def bowls_and_lids(xr, spec, notes, half, stone_h):
    """Go bowls beside the board, open and full of stones, and their lids
    upside down next to them (holding a few captured stones)."""
    bx, bz = half
    out = []
    sx = xr.choice([-1, 1])
    for k, (col, tex) in enumerate((("X", "BlackTex"), ("O", "WhiteTex"))):
        R = xr.uniform(55, 70)
        h = R * xr.uniform(1.1, 1.35)
        s = sx if k == 0 else -sx
        z = -s * bz * xr.uniform(0.2, 0.7)
        x = s * (bx + R + xr.uniform(15, 110))
        wood = wood_pigment(xr, jitter(xr, xr.choice([(0.55, 0.36, 0.20), (0.35, 0.20, 0.10), (0.75, 0.58, 0.38)]), 0.04), 4, 0)
        out.append(
            "difference { intersection { sphere { 0, 1 scale <%.1f, %.1f, %.1f> translate y*%.1f } plane { y, %.1f } plane { -y, 0 } }\n"
            "  cylinder { <0, %.1f, 0>, <0, %.1f, 0>, %.1f } %s finish { diffuse 0.7 specular 0.3 roughness 0.01 } translate <%.1f, 0, %.1f> }\n"
            % (R, h * 0.55, R, h * 0.45, h * 0.85, h * 0.7, h + 1, R * 0.6, wood, x, z))
        # the heap of stones in the opening
        for _ in range(14):
            a, rr = xr.uniform(0, 2 * math.pi), xr.uniform(0, R * 0.5)
            out.append("object { StoneShape texture { %s } scale <11, %.2f, 11> rotate <%.0f, 0, %.0f> translate <%.1f, %.1f, %.1f> }\n"
                       % (tex, stone_h / 2, xr.uniform(-25, 25), xr.uniform(-25, 25), x + rr * math.cos(a),
                          h * 0.74 + xr.uniform(0, 8) - rr * 0.2, z + rr * math.sin(a)))
        if xr.random() < 0.7:
            lr = R * 1.02
            lx, lz = x + s * xr.uniform(-20, 30), z - s * (R + lr + xr.uniform(10, 40))
            out.append("difference { cylinder { 0, y*16, %.1f } cylinder { y*4, y*17, %.1f } %s finish { diffuse 0.7 specular 0.2 } translate <%.1f, 0, %.1f> }\n"
                       % (lr, lr - 4, wood, lx, lz))
            other = "WhiteTex" if tex == "BlackTex" else "BlackTex"
            for _ in range(xr.randint(0, 6)):
                a, rr = xr.uniform(0, 2 * math.pi), xr.uniform(0, lr - 16)
                out.append("object { StoneShape texture { %s } scale <11, %.2f, 11> translate <%.1f, %.1f, %.1f> }\n"
                           % (other, stone_h / 2, lx + rr * math.cos(a), 4 + stone_h / 2, lz + rr * math.sin(a)))
    notes.append("bowls with stones and lids beside the board")
    return "".join(out)


def build_scene(rng, spec, grid, width, height, markers=None, extras=None):
    """Return (pov_text, camera, board_geometry dict).  grid: board rows (SGF order).

    extras (game sequences, sequence.py) keeps a scene the same from frame
    to frame while the game changes: "seed" gives each stone its own random
    draws (so a stone never jitters when another is played) and the scene
    after the stones the same ones; "light" scales the lamps (flicker);
    "bump" = (dx, dz, degrees) moves the board with its stones on the
    table; "hand" = (row, col, side) puts a hand and arm over that point,
    reaching in from Black's side (side -1) or White's (+1); "rest" = (row,
    col, side) a hand of the test set's kind resting there, fingertips on
    the stones' tops."""
    n = spec["size"]
    cw, ch = spec["cell"]
    H = spec["thickness"]
    mx, mz = spec["margin"]
    span_x, span_z = (n - 1) * cw, (n - 1) * ch
    bx, bz = span_x / 2 + mx, span_z / 2 + mz  # half extents of the board top

    def pt(r, c):
        return ((c - (n - 1) / 2.0) * cw, H, ((n - 1) / 2.0 - r) * ch)

    notes = []
    out = []
    out.append("#version 3.7;\nglobal_settings { assumed_gamma 1.0 max_trace_level 6 ambient_light rgb %s }\n"
               % pov_vec(vmul((1, 1, 1), 1.0)))

    # --- camera -----------------------------------------------------------
    el, az, fov = spec["elevation"], spec["azimuth"], spec["fov"]
    outline = [(sx * bx, H, sz * bz) for sx in (-1, 1) for sz in (-1, 1)]
    if not spec["mat"]:
        outline += [(sx * bx, 0.0, sz * bz) for sx in (-1, 1) for sz in (-1, 1)]
    stone_top = [(sx * bx, H + 10, sz * bz) for sx in (-1, 1) for sz in (-1, 1)]
    offset_target = (rng.uniform(-0.08, 0.08) * bx, H, rng.uniform(-0.08, 0.08) * bz)

    def frame(dist, target):
        cam = make_camera(target, el, az, dist, fov, width, height)
        pts = [cam.project(p) for p in outline + stone_top]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return cam, (min(xs), min(ys), max(xs), max(ys))

    xg = None
    if spec.get("ext_seed"):
        # the added variations draw from here, never from rng
        xg = random.Random("%s/scene" % spec["ext_seed"])
        dist, cam, target = fit_camera_ext(spec, n, pt, outline + stone_top, width, height, (bx, bz))
    else:
        dist, cam, target = None, None, offset_target
    for attempt in range(6 if xg is None else 0):
        lo, hi = 50.0, 20000.0
        for _ in range(60):
            mid = math.sqrt(lo * hi)
            cam, bb = frame(mid, target)
            fill = max((bb[2] - bb[0]) / width, (bb[3] - bb[1]) / height)
            if fill > spec["fill"]:
                lo = mid
            else:
                hi = mid
        dist = hi
        cam, bb = frame(dist, target)
        if bb[0] > 8 and bb[1] > 8 and bb[2] < width - 9 and bb[3] < height - 9:
            break
        target = vmul(target, 0.4)
        spec["fill"] = max(0.5, spec["fill"] - 0.04)
    spec["distance"] = dist
    spec["target"] = target
    out.append(cam.pov())
    cam_h = (-math.sin(math.radians(az)), 0.0, -math.cos(math.radians(az)))

    # --- lights -----------------------------------------------------------
    if spec.get("selftest"):
        out.append("light_source { <0, 3000, -500> rgb 0.35 }\n")
    else:
        if spec["coloured_light"]:
            kind = rng.choice(["warm", "cool", "tint"])
            if kind == "warm":
                k = rng.uniform(2300, 2900)
                col = kelvin_rgb(k)
                notes.append("coloured light (warm %dK)" % k)
            elif kind == "cool":
                k = rng.uniform(7500, 10000)
                col = kelvin_rgb(k)
                notes.append("coloured light (cool %dK)" % k)
            else:
                col = rng.choice([(0.85, 1.0, 0.8), (1.0, 0.85, 0.95), (0.8, 0.9, 1.0)])
                notes.append("coloured light (tinted %s)" % ",".join("%.2f" % c for c in col))
        else:
            k = rng.uniform(3200, 6500)
            col = kelvin_rgb(k)
            notes.append("light %dK" % k)
        lam = math.radians(rng.uniform(0, 360))
        lel = math.radians(rng.uniform(40, 80))
        ldist = rng.uniform(1500, 2600)
        lpos = (ldist * math.cos(lel) * math.cos(lam), ldist * math.sin(lel), ldist * math.cos(lel) * math.sin(lam))
        main_i = rng.uniform(1.0, 1.4) * (extras.get("light", 1.0) if extras else 1.0)
        if spec["hard_shadows"]:
            size = rng.uniform(20, 60)
            notes.append("hard shadows")
        else:
            size = rng.uniform(250, 700)
            notes.append("soft shadows")
        out.append(
            "light_source { %s rgb %s area_light <%.1f,0,0>, <0,0,%.1f>, %s adaptive 1 jitter circular orient }\n"
            % (pov_vec(lpos), pov_vec(vmul(col, main_i)), size, size,
               "5, 5" if xg is None else "3, 3")  # fewer shadow rays where lamps and windows add theirs
        )
        fill_col = kelvin_rgb(rng.uniform(4000, 7000))
        fpos = (-lpos[0] * 0.8, lpos[1] * 0.9, -lpos[2] * 0.8)
        fill_i = rng.uniform(0.15, 0.35) * (extras.get("light", 1.0) if extras else 1.0)
        out.append("light_source { %s rgb %s shadowless }\n" % (pov_vec(fpos), pov_vec(vmul(fill_col, fill_i))))
        if spec["uneven"]:
            a = math.radians(rng.uniform(0, 360))
            upos = (math.cos(a) * bx * 1.3, H + rng.uniform(150, 350), math.sin(a) * bz * 1.3)
            ucol = kelvin_rgb(rng.uniform(2600, 4500))
            out.append(
                "light_source { %s rgb %s fade_distance %.1f fade_power 2 area_light <40,0,0>, <0,0,40>, 3, 3 adaptive 1 jitter }\n"
                % (pov_vec(upos), pov_vec(vmul(ucol, rng.uniform(1.5, 2.5))), rng.uniform(150, 250))
            )
            notes.append("uneven light (lamp close to one side)")
        if spec["glare"]:
            # light at the mirror image of the camera, about a point of the board
            gp = (rng.uniform(-0.5, 0.5) * span_x / 2, H, rng.uniform(-0.5, 0.5) * span_z / 2)
            v = vnorm(vsub(cam.location, gp))
            gdir = (-v[0], v[1], -v[2])
            if el > 80:
                gdir = vnorm((gdir[0] + rng.uniform(-0.1, 0.1), gdir[1], gdir[2] + rng.uniform(-0.1, 0.1)))
            gpos = vadd(gp, vmul(gdir, rng.uniform(1200, 2000)))
            out.append(
                "light_source { %s rgb %s area_light <30,0,0>, <0,0,30>, 3, 3 adaptive 1 orient circular }\n"
                % (pov_vec(gpos), pov_vec(vmul(kelvin_rgb(5500), rng.uniform(0.5, 0.8))))
            )
            # the lamp or window itself, seen only in the board's reflection
            out.append(
                "sphere { %s, %.1f pigment { rgb %s } finish { ambient 0 diffuse 0 emission 1 } no_image no_shadow }\n"
                % (pov_vec(gpos), rng.uniform(120, 300), pov_vec(vmul(kelvin_rgb(rng.uniform(4000, 6500)), rng.uniform(3, 6))))
            )
            notes.append("glare")
    out.append("background { rgb %s }\n" % pov_vec(vmul(kelvin_rgb(6000), 0.25)))

    if xg is not None and not spec.get("selftest"):
        ps = [cam.project(p) for p in outline]
        board_box = (min(p[0] for p in ps), min(p[1] for p in ps), max(p[0] for p in ps), max(p[1] for p in ps))
        out.append(lamps_and_windows(xg, spec, notes, (bx, bz), H, main_i, cam, board_box))
    if spec.get("sun") and not spec.get("selftest"):
        # its own draws (only asked by classic-sun), so no other scene changes
        out.append(sunlight(random.Random("sun/%s/%.6f/%.6f" % (spec.get("ext_seed"), el, az)), notes, (bx, bz), H,
                            main_i))

    # --- table / floor --------------------------------------------------------
    tw = max(bx, bz) * rng.uniform(2.6, 4.0)
    td = max(bx, bz) * rng.uniform(2.4, 3.5)
    tcx, tcz = rng.uniform(-0.3, 0.3) * bx, rng.uniform(-0.3, 0.3) * bz
    if spec["table_like_board"]:
        base = jitter(rng, rng.choice(WOODS[spec["wood"]]), 0.04)
        tpig = wood_pigment(rng, base, rng.uniform(12, 30), rng.uniform(0, 180), 0.6)
        tname = "wood table close to the board colour"
    else:
        kind = rng.choice(["wood", "wood", "cloth", "laminate", "stone"])
        if kind == "wood":
            base = rng.choice([(0.35, 0.20, 0.10), (0.62, 0.45, 0.30), (0.80, 0.70, 0.55), (0.28, 0.16, 0.09)])
            tpig = wood_pigment(rng, jitter(rng, base, 0.05), rng.uniform(15, 40), rng.uniform(0, 180), rng.uniform(0.4, 0.8))
            tname = "wood table"
        elif kind == "cloth":
            base = rng.choice([(0.15, 0.30, 0.18), (0.45, 0.12, 0.10), (0.20, 0.25, 0.45), (0.55, 0.55, 0.52), (0.75, 0.70, 0.62)])
            tpig = "pigment { granite color_map { [0 srgb %s] [1 srgb %s] } scale 6 }" % (
                pov_vec(base), pov_vec(vmul(base, 0.8)))
            tname = "cloth table"
        elif kind == "laminate":
            base = rng.choice([(0.90, 0.90, 0.88), (0.20, 0.20, 0.22), (0.65, 0.60, 0.52), (0.85, 0.82, 0.75)])
            tpig = "pigment { bozo color_map { [0 srgb %s] [1 srgb %s] } scale 40 }" % (
                pov_vec(base), pov_vec(vmul(base, 0.94)))
            tname = "laminate table"
        else:
            base = rng.choice([(0.55, 0.55, 0.55), (0.75, 0.72, 0.68), (0.30, 0.30, 0.32)])
            tpig = "pigment { granite color_map { [0 srgb %s] [0.6 srgb %s] [1 srgb %s] } scale 30 }" % (
                pov_vec(base), pov_vec(vmul(base, 0.85)), pov_vec(vmul(base, 1.1)))
            tname = "stone table"
    notes.append(tname)
    table_box = ("box { <%.1f, -30, %.1f>, <%.1f, 0, %.1f> texture { %s finish { diffuse 0.7 specular 0.08 roughness 0.05 } normal { bumps 0.05 scale 3 } } }\n"
                 % (tcx - tw, tcz - td, tcx + tw, tcz + td, tpig))
    floor = ("plane { y, -750 pigment { srgb %s } finish { diffuse 0.6 } }\n"
             % pov_vec(rng.choice([(0.4, 0.38, 0.35), (0.25, 0.22, 0.2), (0.6, 0.58, 0.55)])))
    surface_y = 0.0  # what the board, bowls and clutter stand on
    if spec.get("legs"):
        notes.remove(tname)
        surface_y = -spec["leg_height"]
        out.append(floor_and_legs(xg, spec, notes, (bx, bz), surface_y))
    else:
        out.append(table_box)
        out.append(floor)

    # --- board ------------------------------------------------------------------
    if extras:
        out.append("union {\n")  # the board, its lines and stones move together when bumped
    wood_base = jitter(rng, rng.choice(WOODS[spec["wood"]]), 0.03)
    if spec["mat"]:
        if rng.random() < 0.5:
            mat_base = jitter(rng, (0.90, 0.80, 0.60), 0.05)
            bpig = "pigment { bozo color_map { [0 srgb %s] [1 srgb %s] } scale 30 }" % (
                pov_vec(mat_base), pov_vec(vmul(mat_base, 0.96)))
            notes.append("roll-up mat (plain)")
        else:
            bpig = wood_pigment(rng, wood_base, rng.uniform(2.5, 6), 0)
            notes.append("roll-up mat (wood print, %s)" % spec["wood"])
    else:
        bpig = wood_pigment(rng, wood_base, rng.uniform(2.5, 7), rng.choice([0, 0, 90]) + rng.uniform(-2, 2))
        notes.append("%s wood board %.0f mm thick" % (spec["wood"], H))
    if spec["glare"]:
        bfin = "finish { diffuse 0.7 specular 0.6 roughness 0.01 reflection { 0.10, 0.35 falloff 3 } }"
    elif spec.get("window") or spec.get("sun"):
        # a lacquered board mirrors the window as a soft bright patch
        bfin = "finish { diffuse 0.72 specular 0.5 roughness 0.004 reflection { 0.04, 0.22 falloff 3 } }"
    else:
        bfin = "finish { diffuse 0.75 specular %.2f roughness 0.03 }" % rng.uniform(0.05, 0.2)
    out.append("box { <%.2f, 0, %.2f>, <%.2f, %.3f, %.2f> texture { %s %s } }\n" % (-bx, -bz, bx, H, bz, bpig, bfin))
    if not spec["square_cells"]:
        notes.append("cells 22 x 23.7 mm")
    else:
        notes.append("square cells %.1f mm" % cw)

    # grid lines and star points
    lw = spec["line_width"]
    ink = rng.choice([(0.04, 0.03, 0.03), (0.08, 0.06, 0.05), (0.02, 0.02, 0.02)])
    lines = []
    ztop, zbot = span_z / 2, -span_z / 2
    xl, xr = -span_x / 2, span_x / 2
    for i in range(n):
        x = (i - (n - 1) / 2.0) * cw
        lines.append("box { <%.3f, %.3f, %.3f>, <%.3f, %.3f, %.3f> }" % (x - lw / 2, H - 0.01, zbot - lw / 2, x + lw / 2, H + 0.03, ztop + lw / 2))
        z = ((n - 1) / 2.0 - i) * ch
        lines.append("box { <%.3f, %.3f, %.3f>, <%.3f, %.3f, %.3f> }" % (xl - lw / 2, H - 0.01, z - lw / 2, xr + lw / 2, H + 0.03, z + lw / 2))
    sr = rng.uniform(1.6, 2.2)
    for r, c in star_points(n):
        p = pt(r, c)
        lines.append("cylinder { <%.3f, %.3f, %.3f>, <%.3f, %.3f, %.3f>, %.3f }" % (p[0], H - 0.01, p[2], p[0], H + 0.035, p[2], sr))
    out.append("union {\n  %s\n  pigment { srgb %s } finish { diffuse 0.6 specular 0.05 }\n}\n" % ("\n  ".join(lines), pov_vec(ink)))

    # --- stones -------------------------------------------------------------------
    gloss = spec["stone_gloss"]
    if gloss == "glossy":
        bfinish = "finish { diffuse 0.5 phong 0.9 phong_size 60 specular 0.4 roughness 0.01 reflection 0.06 }"
        wfinish = "finish { diffuse 0.75 phong 0.7 phong_size 50 reflection 0.03 }"
    elif gloss == "satin":
        bfinish = "finish { diffuse 0.55 phong 0.45 phong_size 25 reflection 0.02 }"
        wfinish = "finish { diffuse 0.8 phong 0.35 phong_size 20 }"
    else:
        bfinish = "finish { diffuse 0.6 phong 0.15 phong_size 8 }"
        wfinish = "finish { diffuse 0.85 phong 0.1 phong_size 8 }"
    notes.append("%s stones" % gloss)
    black_col = jitter(rng, (0.05, 0.05, 0.055), 0.015)
    white_col = jitter(rng, (0.93, 0.92, 0.88), 0.03)
    stone_h = rng.uniform(7.5, 10.0)
    if spec.get("stone_material") == "plastic":
        stone_h = xg.uniform(5.5, 7.0)  # plastic stones are thin
    profile = rng.uniform(0.85, 1.0) * stone_h / 22.0  # half-thickness / rim radius
    # biconvex lens: two sphere caps; unit rim radius, unit half-thickness after the y scale
    t = profile
    R = (1 + t * t) / (2 * t)
    out.append("#declare StoneShape = intersection { sphere { <0, %.5f, 0>, %.5f } sphere { <0, %.5f, 0>, %.5f } scale <1, %.5f, 1> }\n"
               % (-(R - t), R, R - t, R, 1 / t))
    out.append("#declare BlackTex = texture { pigment { srgb %s } %s }\n" % (pov_vec(black_col), bfinish))
    if spec["shell"]:
        stripe = vmul(white_col, rng.uniform(0.90, 0.95))
        out.append(
            "#declare WhiteTex = texture { pigment { wood turbulence 0.01 color_map { [0 srgb %s] [0.45 srgb %s] [0.55 srgb %s] [0.65 srgb %s] [1 srgb %s] }\n"
            "  scale %.2f rotate x*90 translate <%.1f, 0, 0> } %s }\n"
            % (pov_vec(white_col), pov_vec(white_col), pov_vec(stripe), pov_vec(white_col), pov_vec(white_col),
               rng.uniform(0.08, 0.14), rng.uniform(2.5, 5.0), wfinish)
        )
        notes.append("white stones with shell stripes")
    else:
        out.append("#declare WhiteTex = texture { pigment { srgb %s } %s }\n" % (pov_vec(white_col), wfinish))
    if spec.get("stone_material", "classic") != "classic":
        # a later #declare replaces the stone textures drawn above (and their notes)
        notes[:] = [t for t in notes if t not in ("%s stones" % gloss, "white stones with shell stripes")]
        out.append(stone_material(xg, spec["stone_material"], notes))

    def stone_rng(r, c):
        return random.Random("%s/%d/%d" % (extras["seed"], r, c)) if extras else rng

    stones = []
    for r in range(n):
        for c in range(n):
            if grid[r][c] in "XO":
                p = pt(r, c)
                sr = stone_rng(r, c)
                diam = sr.uniform(21.6, 22.3) if grid[r][c] == "X" else sr.uniform(21.4, 22.0)
                dx = dz = 0.0
                if spec["offset"]:
                    amt = sr.random() ** 1.5 * 0.15
                    a = sr.uniform(0, 2 * math.pi)
                    dx, dz = amt * cw * math.cos(a), amt * ch * math.sin(a)
                stones.append([p[0] + dx, p[2] + dz, diam / 2, grid[r][c], r, c])
    # stones off the grid (end-of-game gestures), at fractional (row, col)
    for r, c, col in (extras.get("outside", []) if extras else []):
        p = pt(r, c)
        stones.append([p[0], p[2], 11.0, col, r, c])
    # push apart stones that overlap (real stones touch, they do not interpenetrate)
    for _ in range(30):
        moved = False
        for i in range(len(stones)):
            for j in range(i + 1, len(stones)):
                a, b = stones[i], stones[j]
                if abs(a[4] - b[4]) > 1 or abs(a[5] - b[5]) > 1:
                    continue
                dx, dz = b[0] - a[0], b[1] - a[1]
                d = math.hypot(dx, dz)
                need = a[2] + b[2] + 0.05
                if d < need and d > 1e-6:
                    push = (need - d) / 2
                    a[0] -= dx / d * push
                    a[1] -= dz / d * push
                    b[0] += dx / d * push
                    b[1] += dz / d * push
                    moved = True
        if not moved:
            break
    max_off = 0.0
    solids = []  # each stone as drawn: centre (x, y, z), radius, half height, colour, point
    for s in stones:
        p = pt(s[4], s[5])
        max_off = max(max_off, math.hypot((s[0] - p[0]) / cw, (s[1] - p[2]) / ch))
        tex = "BlackTex" if s[3] == "X" else "WhiteTex"
        sr = stone_rng(s[4], s[5])
        if extras:
            sr.random()  # sequences draw each stone from its own stream, as their committed frames were made
        hh = stone_h * sr.uniform(0.97, 1.03) / 2
        solids.append(((s[0], H + hh, s[1]), s[2], hh, s[3], (s[4], s[5])))
        out.append(
            "object { StoneShape texture { %s rotate y*%.0f } scale <%.3f, %.3f, %.3f> translate <%.3f, %.3f, %.3f> }\n"
            % (tex, sr.uniform(0, 360), s[2], hh, s[2], s[0], H + hh, s[1])
        )
    if spec["offset"] and stones:
        notes.append("stones off their points (up to %.0f%% of a cell)" % (100 * max_off))
    if extras:
        dx, dz, rot = extras.get("bump", (0.0, 0.0, 0.0))
        out.append("rotate y*%.3f translate <%.3f, 0, %.3f> }\n" % (rot, dx, dz))
        if extras.get("hand"):
            hr, hc, side = extras["hand"]
            p = pt(hr, hc)
            skin = (0.80, 0.58, 0.45)
            sleeve = rng.choice([(0.15, 0.2, 0.35), (0.5, 0.1, 0.1), (0.25, 0.25, 0.25)])
            hand = (p[0], H + 28, p[2] - side * 10)
            wrist = (p[0] * 0.8, H + 80, side * (bz + 60))
            elbow = (p[0] * 0.5, H + 260, side * (bz + 380))
            out.append("union { sphere { <0,0,0>, 1 scale <38, 16, 55> translate %s }\n"
                       "  cylinder { %s, %s, 22 } pigment { srgb %s } finish { diffuse 0.8 specular 0.1 } }\n"
                       % (pov_vec(hand), pov_vec(hand), pov_vec(wrist), pov_vec(skin)))
            out.append("cylinder { %s, %s, 45 pigment { srgb %s } finish { diffuse 0.9 } }\n"
                       % (pov_vec(wrist), pov_vec(elbow), pov_vec(sleeve)))
        if extras.get("rest"):
            # a hand at rest: fingertips on the stones' tops over that
            # point, reaching in from Black's side (-1) or White's (+1),
            # drawn as the hands of the test set are
            rr, rc, side = extras["rest"]
            p = pt(rr, rc)
            xr = random.Random("%s/rest/%d/%d" % (extras["seed"], rr, rc))
            out.append(hand_arm(xr, (p[0], H + stone_h + 9, p[2]), (0, 0, -side), xr.choice(SKINS),
                                xr.random() < 0.5))
        # the rest of the scene the same in every frame, whatever the stones drew
        rng.seed("%s/scene" % extras["seed"])

    occluders = []
    if spec.get("hands") and not spec.get("selftest"):
        # the default scenes' hands draw from a stream of their own
        xh = xg or random.Random("hands/%.6f/%.6f" % (spec["elevation"], spec["azimuth"]))
        out.append(hands_at_edges(xh, spec, notes, (bx, bz), H, stone_h, cw, ch, cam, pt, occluders))

    # --- clutter ------------------------------------------------------------------
    clutter_at = len(out)
    if spec["clutter"] and not spec.get("selftest"):
        items = []
        for k in range(rng.randint(1, 3)):
            for _ in range(40):
                a = rng.uniform(0, 2 * math.pi)
                u = (math.cos(a), 0, math.sin(a))
                if vdot(u, cam_h) > 0.1:
                    continue
                kind = rng.choice(["bowl", "bowl", "box", "lid"])
                rad = {"bowl": rng.uniform(55, 70), "box": rng.uniform(50, 90), "lid": rng.uniform(50, 65)}[kind]
                # distance from centre to the board's edge along u, plus clearance
                edge = min(bx / max(1e-6, abs(u[0])), bz / max(1e-6, abs(u[2])))
                d = edge + rad + rng.uniform(15, 120)
                pos = (u[0] * d, 0.0, u[2] * d)
                if any(math.hypot(pos[0] - q[0], pos[2] - q[2]) < rad + q[3] + 10 for q in items):
                    continue
                items.append((pos[0], 0, pos[2], rad, kind))
                break
        for x, _, z, rad, kind in items:
            if kind == "bowl":
                bw = rng.choice([(0.55, 0.36, 0.20), (0.35, 0.20, 0.10), (0.75, 0.58, 0.38)])
                h = rad * rng.uniform(0.9, 1.2)
                out.append(
                    "union { intersection { sphere { 0, 1 scale <%.1f, %.1f, %.1f> } plane { -y, 0 } translate y*%.1f }\n"
                    "  intersection { sphere { 0, 1 scale <%.1f, %.1f, %.1f> } plane { -y, 0 } translate y*%.1f }\n"
                    "  %s finish { diffuse 0.7 specular 0.3 roughness 0.01 } translate <%.1f, 0, %.1f> }\n"
                    % (rad, h * 0.75, rad, -h * 0.15, rad * 0.8, h * 0.3, rad * 0.8, h * 0.6 - 1,
                       wood_pigment(rng, bw, 3, 0), x, z))
                notes.append("bowl")
            elif kind == "lid":
                bw = rng.choice([(0.55, 0.36, 0.20), (0.35, 0.20, 0.10)])
                out.append("difference { cylinder { 0, y*18, %.1f } cylinder { y*4, y*19, %.1f } %s finish { diffuse 0.7 specular 0.2 } translate <%.1f, 0, %.1f> }\n"
                           % (rad, rad - 4, wood_pigment(rng, bw, 3, 0), x, z))
                for _ in range(rng.randint(2, 7)):
                    a, rr = rng.uniform(0, 2 * math.pi), rng.uniform(0, rad - 16)
                    out.append("object { StoneShape texture { %s } scale <11, %.2f, 11> rotate <%.0f, 0, %.0f> translate <%.1f, %.1f, %.1f> }\n"
                               % (rng.choice(["BlackTex", "WhiteTex"]), stone_h / 2, rng.uniform(-15, 15), rng.uniform(-15, 15),
                                  x + rr * math.cos(a), 4 + stone_h / 2 + rng.uniform(0, 6), z + rr * math.sin(a)))
                notes.append("lid with stones")
            else:
                colb = rng.choice([(0.8, 0.1, 0.1), (0.1, 0.2, 0.6), (0.9, 0.9, 0.85), (0.1, 0.1, 0.1), (0.7, 0.6, 0.3)])
                h = rng.uniform(15, 60)
                out.append("superellipsoid { <0.1, 0.1> scale <%.1f, %.1f, %.1f> translate y*%.1f rotate y*%.0f translate <%.1f, 0, %.1f> pigment { srgb %s } finish { diffuse 0.7 specular 0.2 } }\n"
                           % (rad, h / 2, rad * rng.uniform(0.5, 0.9), h / 2, rng.uniform(0, 180), x, z, pov_vec(colb)))
                notes.append("box")
        if items:
            notes.append("clutter")
    if spec.get("bowls") and not spec.get("selftest"):
        out.append(bowls_and_lids(xg, spec, notes, (bx, bz), stone_h))
    if surface_y:
        # beside a floor board they stand on the floor
        out[clutter_at:] = ["union {\n"] + out[clutter_at:] + ["translate y*%.2f }\n" % surface_y]

    if markers:
        for (r, c), col in markers:
            p = pt(r, c)
            out.append("cylinder { <%.3f, %.3f, %.3f>, <%.3f, %.3f, %.3f>, 1.6 pigment { rgb %s } finish { ambient 0 diffuse 0 emission 1 } no_shadow }\n"
                       % (p[0], H + 0.04, p[2], p[0], H + 0.06, p[2], pov_vec(col)))

    geom = {"pt": pt, "hidden": hidden_points(cam.location, occluders, pt, stone_h, cw, ch, n),
            "stones": [] if extras and extras.get("bump") else solids}
    return "".join(out), cam, geom, notes


def stone_shapes(cam, geom, barrel, width, height):
    """Each stone the camera sees, as the picture shows it: "X" or "O", its
    centre's pixel and the outline of its silhouette (the equator's circle
    and the top, projected; pixels, one decimal), farthest stone first so
    that nearer ones drawn after cover them. Stones a hand hides (the
    truth's `hidden`) are left out. For training a stone finder
    (--stone-shapes); the truth of committed sets never holds them."""
    out = []
    for (x, y, z), r, hh, col, rc in geom.get("stones", ()):
        if rc in geom.get("hidden", ()):
            continue
        pts = [(x + r * math.cos(2 * math.pi * i / 16), y, z + r * math.sin(2 * math.pi * i / 16)) for i in range(16)]
        pts.append((x, y + hh, z))
        px = [barrel_forward(cam.project(q), barrel, width, height) for q in pts]
        cx, cy = barrel_forward(cam.project((x, y, z)), barrel, width, height)
        depth = math.dist((x, y, z), cam.location)
        out.append((depth, [col, round(cx, 1), round(cy, 1), [[round(a, 1), round(b, 1)] for a, b in px]]))
    out.sort(key=lambda t: -t[0])
    return [t[1] for t in out]


# ---------------------------------------------------------------------------
# truth: orientation of the picture
# ---------------------------------------------------------------------------


def picture_orientation(proj):
    """proj: pixel positions of board corners in board order (TL, TR, BR, BL as on the
    SGF diagram).  Returns k such that picture corner i is board corner (i + k) % 4."""
    cx = sum(p[0] for p in proj) / 4
    cy = sum(p[1] for p in proj) / 4
    ang = [math.atan2(p[1] - cy, p[0] - cx) for p in proj]
    # a camera never mirrors: in the picture (y down) the board order must run clockwise
    area = sum(proj[i][0] * proj[(i + 1) % 4][1] - proj[(i + 1) % 4][0] * proj[i][1] for i in range(4))
    if area <= 0:
        raise RuntimeError("projected board is mirrored; camera model wrong")
    ideal = [math.radians(a) for a in (-135, -45, 45, 135)]
    best, bestk = None, 0
    for k in range(4):
        err = 0
        for i in range(4):
            d = ang[(i + k) % 4] - ideal[i]
            d = (d + math.pi) % (2 * math.pi) - math.pi
            err += d * d
        if best is None or err < best:
            best, bestk = err, k
    return bestk


def board_to_picture_map(n, k):
    """Function (i, j) picture row/col -> (r, c) board row/col for rotation k."""
    corners = [(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)]
    tl, tr, bl = corners[k % 4], corners[(1 + k) % 4], corners[(3 + k) % 4]

    def f(i, j):
        r = tl[0] + (tr[0] - tl[0]) * j // (n - 1) + (bl[0] - tl[0]) * i // (n - 1)
        c = tl[1] + (tr[1] - tl[1]) * j // (n - 1) + (bl[1] - tl[1]) * i // (n - 1)
        return r, c
    return f


def truth_for(cam, geom, n, grid, barrel, width, height):
    board_corners = [(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)]
    proj = [barrel_forward(cam.project(geom["pt"](*bc)), barrel, width, height) for bc in board_corners]
    k = picture_orientation(proj)
    f = board_to_picture_map(n, k)
    pgrid = []
    for i in range(n):
        row = []
        for j in range(n):
            r, c = f(i, j)
            row.append(grid[r][c])
        pgrid.append("".join(row))
    corners = [[round(proj[(i + k) % 4][0], 2), round(proj[(i + k) % 4][1], 2)] for i in range(4)]
    hidden = [[i, j] for i in range(n) for j in range(n) if f(i, j) in geom.get("hidden", ())]
    return pgrid, corners, k, f, hidden


# ---------------------------------------------------------------------------
# rendering
# ---------------------------------------------------------------------------


def run_povray(pov_text, png_path, width, height, quality, workdir):
    pov_path = os.path.join(workdir, "scene.pov")
    with open(pov_path, "w") as f:
        f.write(pov_text)
    # One render thread: with two, which thread draws an area light's
    # jitter depends on scheduling, so the same scene came out a few hundred
    # pixels different each time; with one it comes out byte for byte the
    # same (and POV-Ray gets about one core's worth here either way).
    cmd = ["povray", "+I" + pov_path, "+O" + png_path, "+W%d" % width, "+H%d" % height,
           "+FN8", "-D", "-V", "+WT1", "+Q9"]
    if quality == "fast":
        cmd += ["-A"]
    elif quality == "camera":
        # Every pixel the mean of 3x3 rays, as a camera's pixel gathers the
        # light over its whole area. The adaptive antialiasing below looks
        # again only where neighbouring pixels differ by 0.3, which a grid
        # line thinner than a pixel seldom makes: a far board's lines come
        # out as dots, which no camera shows.
        cmd += ["+A0.0", "+AM1", "+R3"]
    else:
        cmd += ["+A0.3", "+AM2", "+R2"]
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=workdir)
    if p.returncode != 0 or not os.path.exists(png_path):
        sys.stderr.write(p.stderr.decode("utf-8", "replace")[-3000:])
        raise RuntimeError("povray failed")
    return time.time() - t0


def convert_image(png, out, barrel, jpeg_quality, post=()):
    cmd = ["convert", png] + list(post)
    if barrel:
        cmd += ["-virtual-pixel", "edge", "-distort", "Barrel", "%.5f %.5f %.5f %.5f" % tuple(barrel)]
    if out.endswith(".jpg"):
        cmd += ["-sampling-factor", "4:2:0", "-strip", "-quality", str(jpeg_quality)]
    cmd.append(out)
    subprocess.run(cmd, check=True)


def read_ppm(path):
    """Pixels of any picture via ImageMagick -> binary PPM."""
    data = subprocess.run(["/usr/bin/convert", path, "-depth", "8", "ppm:-"], check=True, stdout=subprocess.PIPE).stdout
    toks, pos = [], 0
    while len(toks) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            while data[pos:pos + 1] != b"\n":
                pos += 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        toks.append(data[start:pos])
    pos += 1
    w, h = int(toks[1]), int(toks[2])
    return w, h, data[pos:pos + w * h * 3]


def render_one(rng, size, grid, source, move_info, out_dir, name, options, width, height,
               quality="normal", jpeg_quality=88, keep_pov=False, extra_notes=None):
    spec = choose_spec(rng, size, options)
    barrel = None
    if spec["barrel"]:
        c = rng.uniform(0.015, 0.04)
        barrel = (0.0, 0.0, c, 1.0 - c)
    post = []
    post_notes = []
    if spec["soft_focus"]:
        sigma = rng.uniform(0.6, 1.2)
        post += ["-blur", "0x%.2f" % sigma]
        post_notes.append("soft focus (blur sigma %.1f px)" % sigma)
    if spec["noise"]:
        att = rng.uniform(0.15, 0.35)
        post += ["-seed", str(rng.randrange(1 << 20)), "-attenuate", "%.2f" % att, "+noise", "Gaussian"]
        post_notes.append("sensor noise")
    pov, cam, geom, notes = build_scene(rng, spec, grid, width, height)
    notes += post_notes
    pgrid, corners, k, _, hidden = truth_for(cam, geom, size, grid, barrel, width, height)
    if spec.get("ext_seed"):
        jpeg_quality = spec["jpeg_quality"]
        notes.append("JPEG quality %d" % jpeg_quality)
        if spec["roll"]:
            notes.append("camera rolled %.0f deg" % spec["roll"])
        notes.append("board %.0f%% of the frame" % (100 * spec["fill"]))
        if not all(0 <= x <= width - 1 and 0 <= y <= height - 1 for x, y in corners):
            raise RuntimeError("%s: a corner intersection is outside the picture" % name)
    stones = sum(row.count("X") + row.count("O") for row in grid)
    tags = []
    tags.append("%dx%d" % (size, size))
    tags.append("%d stones" % stones)
    if extra_notes:
        tags.extend(extra_notes)
    tags.extend(notes)
    if barrel:
        tags.append("barrel distortion (ImageMagick Barrel 0 0 %.3f %.3f)" % (barrel[2], barrel[3]))
    tags.append("board turned %d deg in picture (grid re-indexed)" % (90 * k) if k else "board upright in picture")
    workdir = tempfile.mkdtemp(prefix="seichi-render-")
    try:
        png = os.path.join(workdir, "out.png")
        if TRUTH_ONLY:
            # the picture is there already; its scene is drawn again, the same
            # draws in the same order, for its truth alone
            if not os.path.exists(os.path.join(out_dir, name + ".jpg")):
                raise RuntimeError("%s: --truth-only needs the picture rendered before" % name)
            return write_truth(out_dir, name, size, pgrid, corners, hidden, source, move_info, spec, cam,
                               width, height, tags), spec, 0.0
        if STONE_SHAPES:
            shapes = stone_shapes(cam, geom, barrel, width, height)
        secs = run_povray(pov, png, width, height, quality, workdir)
        img = os.path.join(out_dir, name + ".jpg")
        convert_image(png, img, barrel, jpeg_quality, post)
        if keep_pov:
            with open(os.path.join(out_dir, name + ".pov"), "w") as f:
                f.write(pov)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    truth = write_truth(out_dir, name, size, pgrid, corners, hidden, source, move_info, spec, cam, width, height, tags)
    if STONE_SHAPES:
        with open(os.path.join(out_dir, name + ".stones.json"), "w") as f:
            json.dump(shapes, f, separators=(",", ":"))
    return truth, spec, secs


# --truth-only: write the truth of pictures rendered before, not the pictures
TRUTH_ONLY = False
# --stone-shapes: beside each picture, NAME.stones.json with its stones' outlines
STONE_SHAPES = False
# --only: the indices of a set's pictures to make (None: all from --start on)
ONLY = None


def write_truth(out_dir, name, size, pgrid, corners, hidden, source, move_info, spec, cam, width, height, tags):
    truth = {
        "size": size,
        "grid": pgrid,
        "corners": corners,
        "exif_orientation": None,
        "source": source,
        "move": move_info,
        "camera": {
            "elevation": round(spec["elevation"], 2),
            "azimuth": round(spec["azimuth"] % 360, 2),
            "distance": round(spec["distance"], 1),
            "fov": round(spec["fov"], 2),
            "location": [round(v, 2) for v in cam.location],
            "look_at": [round(v, 2) for v in cam.look_at],
            "units": "mm; board centre at x=z=0, board top at y=thickness",
        },
        "image_size": [width, height],
        "notes": "; ".join(tags),
    }
    if spec.get("ext_seed"):
        truth["camera"]["roll"] = round(spec["roll"], 2)
        truth["camera"]["fill"] = round(spec["fill"], 3)
    text = json.dumps(truth, indent=1)
    if hidden:
        # the points a hand hides from the camera (rows and columns as
        # `grid`), on one line
        truth["hidden"] = hidden
        text = text[:-2] + ',\n "hidden": %s\n}' % json.dumps(hidden)
    with open(os.path.join(out_dir, name + ".json"), "w") as f:
        f.write(text + "\n")
    return truth


# ---------------------------------------------------------------------------
# positions from SGF files
# ---------------------------------------------------------------------------


def position_from_sgf(path, stage, rng, root=None):
    size, events = sgf_load(path)
    total = sgf_moves(events)
    if isinstance(stage, int):
        m = min(stage, total)
    elif stage == "empty":
        m = rng.randint(0, min(6, total))
    elif stage == "early":
        m = int(total * rng.uniform(0.08, 0.3))
    elif stage == "middle":
        m = int(total * rng.uniform(0.4, 0.7))
    else:
        m = total
    b = sgf_position(size, events, m)
    src = os.path.relpath(path, root) if root and os.path.abspath(path).startswith(os.path.abspath(root) + os.sep) else path
    return size, b.g, src, {"number": m, "of": total, "stage": stage if isinstance(stage, str) else "move"}


def sgf_files(root, sets, size):
    out = []
    for s in sets:
        d = os.path.join(root, s)
        if not os.path.isdir(d):
            sys.exit("%s: no such folder (the SGF sets: --sgf-root)" % d)
        for fn in sorted(os.listdir(d)):
            if not fn.endswith(".sgf"):
                continue
            p = os.path.join(d, fn)
            with open(p, "rb") as f:
                head = f.read(3000).decode("latin-1")
            m = re.search(r"SZ\[\s*(\d+)", head)
            sz = int(m.group(1)) if m else 19
            if sz == size:
                out.append(p)
    return out


# ---------------------------------------------------------------------------
# the committed default set
# ---------------------------------------------------------------------------


def only_within(count):
    """--only's indices must be pictures of a set of count."""
    if ONLY is not None and (min(ONLY) < 0 or max(ONLY) >= count):
        sys.exit("render.py: --only: this set's pictures are 0 to %d" % (count - 1))


def default_set(out_dir, count, seed, sgf_root, width, height, quality, start=0):
    only_within(count)
    rng = random.Random(seed)
    os.makedirs(out_dir, exist_ok=True)
    pools = {
        19: sgf_files(sgf_root, ["fox-pro", "tygem-9d-2005-11"], 19),
        13: sgf_files(sgf_root, ["gnugo-regression-games"], 13),
        9: sgf_files(sgf_root, ["gnugo-regression-games"], 9),
    }
    # plan: stratified elevation and azimuth, sizes in turn, forced variations in turn
    elev = [30 + 60 * (i + rng.random()) / count for i in range(count)]
    rng.shuffle(elev)
    azim = [360 * (i + rng.random()) / count for i in range(count)]
    rng.shuffle(azim)
    stages = ["final", "middle", "early", "final", "middle", "empty", "final", "random"]
    force_cycle = [
        {"wood": "pale"}, {"wood": "dark"}, {"mat": True}, {"stone_gloss": "glossy"},
        {"stone_gloss": "matte"}, {"shell": True}, {"glare": True}, {"coloured_light": True},
        {"hard_shadows": True}, {"clutter": True}, {"offset": True}, {"uneven": True},
        {"table_like_board": True}, {"barrel": True}, {"square_cells": True}, {},
    ]
    plan = []
    for i in range(count):
        size = [19, 13, 9][i % 3]
        stage = stages[(i // 3) % len(stages)]
        opts = dict(force_cycle[i % len(force_cycle)])
        opts["elevation"] = elev[i]
        opts["azimuth"] = azim[i]
        plan.append((size, stage, opts, rng.randrange(1 << 30)))
    index_lines = []
    total_t = 0.0
    for i, (size, stage, opts, sub_seed) in enumerate(plan):
        name = "r%03d" % i
        r = random.Random(sub_seed)
        if stage == "random":
            density = r.choice([0.05, 0.2, 0.4, 0.6])
            grid = random_position(size, r, density).g
            src, move_info, extra = "random", None, ["random position (density %.2f)" % density]
        else:
            path = r.choice(pools[size])
            size, grid, src, move_info = position_from_sgf(path, stage, r, sgf_root)
            extra = ["%s position, move %d of %d" % (stage, move_info["number"], move_info["of"])]
        if i < start or (ONLY is not None and i not in ONLY):
            continue
        truth, spec, secs = render_one(r, size, grid, src, move_info, out_dir, name, opts, width, height, quality,
                                       extra_notes=extra)
        total_t += secs
        kb = os.path.getsize(os.path.join(out_dir, name + ".jpg")) / 1024
        line = "| %s | %dx%d | %.0f | %.0f | %s |" % (name, size, size, spec["elevation"], spec["azimuth"] % 360, truth["notes"])
        index_lines.append(line)
        print("%s %dx%d el %.0f az %.0f %.1fs %.0fKB" % (name, size, size, spec["elevation"], spec["azimuth"] % 360, secs, kb), flush=True)
    write_index(out_dir)
    return total_t


# ---------------------------------------------------------------------------
# the training and test sets
# ---------------------------------------------------------------------------

SET_SEEDS = {"default": 20240601, "test": 20261130, "train": 7, "classic-train": 101, "classic-hands": 103,
             "classic-sun": 107}
SET_NAMES = {"default": "r%03d", "test": "t%03d", "train": "n%05d", "classic-train": "c%03d", "classic-hands": "h%03d",
             "classic-sun": "s%03d"}
SPLIT_SETS = {19: ["fox-pro", "tygem-9d-2005-11", "fox-amateur-9k"],
              13: ["gnugo-regression-games", "gnugo-regression-scoring"],
              9: ["gnugo-regression-games", "gnugo-regression-scoring"]}
TEST_SHARE = 64  # of 256: the test set's part of the SGF sets


def sgf_part(root, path):
    """'test' or 'train': a game's part, fixed by a hash of its path under
    the SGF root, so that no game gives positions to both sets."""
    h = hashlib.sha1(os.path.relpath(path, root).encode()).digest()[0]
    return "test" if h < TEST_SHARE else "train"


def dense_position(pool, rng, root, size):
    """The final position of a game that ends with a full board (at least
    55 % of the points), or the fullest of 25 tries."""
    best = None
    for _ in range(25):
        try:
            got = position_from_sgf(rng.choice(pool), "final", rng, root)
        except ValueError:
            continue  # a record this reader cannot parse (no game tree): another try
        stones = sum(row.count("X") + row.count("O") for row in got[1])
        if best is None or stones > best[0]:
            best = (stones, got)
        if stones >= 0.55 * size * size:
            break
    return best[1]


def any_position(pool, stage, rng, root):
    """A position at stage from a record of pool drawn at random; records
    that cannot be parsed are passed over (drawing again)."""
    while True:
        try:
            return position_from_sgf(rng.choice(pool), stage, rng, root)
        except ValueError:
            pass


def committed_sources():
    """The games (source names) the committed default set was drawn from."""
    d = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "renders")
    out = set()
    for fn in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if fn.endswith(".json"):
            with open(os.path.join(d, fn)) as f:
                out.add(json.load(f).get("source"))
    return out


def game_pool(sgf_root, sets, size, part):
    """The records of sets for one board size in one part ('test' or
    'train', sgf_part), by name.  The training part also leaves out the games
    the committed default set (images/renders) was drawn from: no picture the
    reader is measured on shares a game with its training data."""
    used = committed_sources() if part == "train" else set()
    return [p for p in sgf_files(sgf_root, sets, size)
            if sgf_part(sgf_root, p) == part and os.path.relpath(p, sgf_root) not in used]


# The point classifier's training scenes (`make model`): 19x19 boards only,
# positions from these sets' training part.
CLASSIC_TRAIN_SETS = ["fox-amateur-9k", "tygem-9d-2005-11"]


def classic_train_files(sgf_root, count, between=False):
    """count records spread evenly over the training part of
    CLASSIC_TRAIN_SETS taken by name (record floor(i * pool / count) for
    i = 0..count-1), so the choice is a rule, not a list; `between`: the
    records halfway between those (floor((2i + 1) * pool / (2 count)));
    "quarter" (classic-sun): floor((4i + 1) * pool / (4 count)), which
    may be records classic-train or classic-hands also take (all of them
    when those use the whole pool)."""
    pool = game_pool(sgf_root, CLASSIC_TRAIN_SETS, 19, "train")
    if not 0 < count <= len(pool) // (2 if between else 1):
        sys.exit("--count must be 1-%d (the records of the pool)" % (len(pool) // (2 if between else 1)))
    if between == "quarter":
        return [pool[(4 * i + 1) * len(pool) // (4 * count)] for i in range(count)]
    if between:
        return [pool[(2 * i + 1) * len(pool) // (2 * count)] for i in range(count)]
    return [pool[i * len(pool) // count] for i in range(count)]


def ext_set(kind, out_dir, count, seed, sgf_root, width, height, quality, start=0, user_opts=None):
    """--set test (the committed test set) or --set train (the training set,
    never committed).  Every added variation; positions from the SGF sets'
    own part (sgf_part)."""
    only_within(count)
    rng = random.Random(seed)
    os.makedirs(out_dir, exist_ok=True)
    pools = {size: game_pool(sgf_root, sets, size, kind) for size, sets in SPLIT_SETS.items()}
    plan = []
    if kind == "test":
        # stratified camera and framing, sizes in turn (19x19 every other
        # picture), one variation forced on per picture in turn
        elev = [25 + 65 * (i + rng.random()) / count for i in range(count)]
        azim = [360 * (i + rng.random()) / count for i in range(count)]
        fill = [0.2 + 0.8 * (i + rng.random()) / count for i in range(count)]
        for v in (elev, azim, fill):
            rng.shuffle(v)
        stages19 = ["dense", "dense", "middle", "dense", "early", "dense", "empty", "dense", "random"]
        stages_small = ["dense", "middle", "final", "early", "random", "dense", "empty"]
        force_cycle = [
            {"legs": True, "mat": False}, {"hands": True}, {"bowls": True}, {"lamp": True}, {"window": True},
            {"stone_material": "glass"}, {"stone_material": "slate-shell"}, {"stone_material": "yunzi"},
            {"stone_material": "plastic"}, {"coloured_light": True}, {"mat": True, "legs": False}, {"glare": True},
            {"hands": True, "bowls": True},
        ]
        n19 = nsmall = 0
        for i in range(count):
            size = [19, 13, 19, 9][i % 4]
            if size == 19:
                stage = stages19[n19 % len(stages19)]
                n19 += 1
            else:
                stage = stages_small[nsmall % len(stages_small)]
                nsmall += 1
            opts = dict(force_cycle[i % len(force_cycle)])
            opts.update(elevation=elev[i], azimuth=azim[i], fill=fill[i], jpeg_range=(70, 90))
            plan.append((size, stage, opts, rng.randrange(1 << 30)))
    else:
        for i in range(count):
            size = rng.choice([19, 19, 19, 13, 9])
            stage = rng.choices(["dense", "final", "middle", "early", "empty", "random"], [40, 15, 15, 10, 5, 15])[0]
            plan.append((size, stage, {"jpeg_range": (60, 95)}, rng.randrange(1 << 30)))
    total_t = 0.0
    for i, (size, stage, opts, sub_seed) in enumerate(plan):
        if i < start or (ONLY is not None and i not in ONLY):
            continue
        name = SET_NAMES[kind] % i
        r = random.Random(sub_seed)
        if stage == "random":
            density = r.choice([0.05, 0.2, 0.4, 0.6, 0.7])
            grid = random_position(size, r, density).g
            src, move_info, extra = "random", None, ["random position (density %.2f)" % density]
        elif stage == "dense":
            size, grid, src, move_info = dense_position(pools[size], r, sgf_root, size)
            extra = ["dense final position, move %d of %d" % (move_info["number"], move_info["of"])]
        else:
            size, grid, src, move_info = any_position(pools[size], stage, r, sgf_root)
            extra = ["%s position, move %d of %d" % (stage, move_info["number"], move_info["of"])]
        opts["ext"] = "%d/%s/%d" % (seed, kind, i)
        opts.update(user_opts or {})
        truth, spec, secs = render_one(r, size, grid, src, move_info, out_dir, name, opts, width, height, quality,
                                       extra_notes=extra)
        total_t += secs
        kb = os.path.getsize(os.path.join(out_dir, name + ".jpg")) / 1024
        print("%s %dx%d el %.0f az %.0f fill %.2f %.1fs %.0fKB" % (name, size, size, spec["elevation"], spec["azimuth"] % 360,
                                                                 spec["fill"], secs, kb), flush=True)
    if kind == "test":
        write_index(out_dir, "Rendered test set",
                    "Made by `python3 images/generator/render.py --set test --width %d --height %d%s --out images/testset` "
                    "(see images/generator/README.md). The test set: never used to tune or train the reader. "
                    % (width, height, " --fast" if quality == "fast" else " --camera" if quality == "camera" else "") +
                    "Each `tNNN.jpg` has its truth in `tNNN.json` (format of shared/photos/README.md, plus "
                    "`source`, `move`, `camera` (with `roll` and `fill`), `image_size`). Positions come from the "
                    "test part of the shared SGF sets (a hash of the file name; the training set takes the rest) or "
                    "are `random`; the records themselves are not here.\n\n")
    return total_t


def write_index(out_dir, title="Rendered boards", intro=None):
    if ONLY is not None:
        # a few pictures remade: the folder's index (of the whole set) stays as it is
        return
    rows = []
    for fn in sorted(os.listdir(out_dir)):
        if fn.endswith(".json"):
            with open(os.path.join(out_dir, fn)) as f:
                t = json.load(f)
            rows.append("| %s | %dx%d | %.0f | %.0f | %s | %s |" % (
                fn[:-5], t["size"], t["size"], t["camera"]["elevation"], t["camera"]["azimuth"],
                t["source"] + ("" if not t.get("move") else " @%d" % t["move"]["number"]),
                t["notes"].split("; ", 1)[1] if "; " in t["notes"] else t["notes"]))
    with open(os.path.join(out_dir, "INDEX.md"), "w") as f:
        f.write("# %s\n\n" % title)
        if intro:
            f.write(intro)
        else:
            f.write("Made by `python3 images/generator/render.py --set default --out images/renders` "
                    "(see images/generator/README.md). Each `rNNN.jpg` has its truth in `rNNN.json` "
                    "(format of shared/photos/README.md, plus `source`, `move`, `camera`, `image_size`). "
                    "Sources are file names in the shared SGF sets (`fox-pro/`, `tygem-9d-2005-11/`, "
                    "`gnugo-regression-games/`) or `random`; the records themselves are not here.\n\n")
        f.write("| picture | size | elevation | azimuth | source | variations |\n|---|---|---|---|---|---|\n")
        f.write("\n".join(rows) + "\n")


# ---------------------------------------------------------------------------
# self-test: the projection lands on rendered markers
# ---------------------------------------------------------------------------


def selftest(width, height, keep=None):
    # the last three: the extended sets' camera (roll, board small or filling
    # the frame and off-centre, a floor board on legs seen from low down)
    cases = [
        (19, 30.0, 0.0, None, None), (19, 55.0, 37.0, None, None), (13, 90.0, 0.0, None, None),
        (9, 90.0, 123.0, None, None), (19, 72.0, 200.0, None, None), (13, 40.0, 290.0, (0.0, 0.0, 0.04, 0.96), None),
        (9, 62.0, 160.0, (0.0, 0.0, 0.03, 0.97), None),
        (19, 45.0, 80.0, None, {"roll": 30.0, "fill": 0.55}),
        (13, 27.0, 250.0, (0.0, 0.0, 0.03, 0.97), {"roll": -65.0, "fill": 0.97, "legs": True}),
        (9, 88.0, 10.0, None, {"roll": 135.0, "fill": 0.3}),
    ]
    colours = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1)]
    worst = 0.0
    ok = True
    for ci, (n, el, az, barrel, ext) in enumerate(cases):
        rng = random.Random(1000 + ci)
        opts = {"elevation": el, "azimuth": az, "mat": False, "clutter": False, "offset": False,
                "glare": False, "uneven": False, "barrel": bool(barrel)}
        if ext:
            opts.update(ext, ext="selftest/%d" % ci, hands=False, bowls=False, lamp=False, window=False)
        spec = choose_spec(rng, n, opts)
        spec["selftest"] = True
        spec["wood"] = "dark"
        grid = [["."] * n for _ in range(n)]
        probe = (1, 2)  # an asymmetric point: checks the re-indexing of the grid
        grid[probe[0]][probe[1]] = "X"
        bc = [(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)]
        markers = [(bc[i], colours[i]) for i in range(4)] + [((probe[0], probe[1] + 2), colours[4])]
        pov, cam, geom, _ = build_scene(rng, spec, [["."] * n for _ in range(n)], width, height, markers=markers)
        pgrid, corners, k, f, _ = truth_for(cam, geom, n, grid, barrel, width, height)
        workdir = tempfile.mkdtemp(prefix="seichi-selftest-")
        try:
            png = os.path.join(workdir, "t.png")
            run_povray(pov, png, width, height, "fast", workdir)
            src = png
            if barrel:
                src = os.path.join(workdir, "t2.png")
                convert_image(png, src, barrel, 95)
            if keep:
                shutil.copy(src, os.path.join(keep, "selftest%d.png" % ci))
            w, h, px = read_ppm(src)
            sums = [[0.0, 0.0, 0.0] for _ in colours]
            for y in range(h):
                row = px[y * w * 3:(y + 1) * w * 3]
                for x in range(0, w * 3, 3):
                    r, g, b = row[x], row[x + 1], row[x + 2]
                    if max(r, g, b) < 140:
                        continue
                    for i, col in enumerate(colours):
                        on = [v > 140 for v in (r, g, b)]
                        off = [v < 90 for v in (r, g, b)]
                        if all(on[j] if col[j] else off[j] for j in range(3)):
                            wgt = 1.0
                            s = sums[i]
                            s[0] += (x // 3) * wgt
                            s[1] += y * wgt
                            s[2] += wgt
            found = [(s[0] / s[2], s[1] / s[2]) if s[2] else None for s in sums]
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        # predicted marker positions, in picture-corner order
        msgs = []
        for i in range(4):
            bi = (i + k) % 4  # board corner shown at picture corner i
            pred = corners[i]
            got = found[bi]
            if got is None:
                ok = False
                msgs.append("corner %d: marker not found" % i)
                continue
            e = math.hypot(pred[0] - got[0], pred[1] - got[1])
            worst = max(worst, e)
            msgs.append("%.2f" % e)
            if e > 1.5:
                ok = False
        # the probe stone: where is it in the picture grid, and does that land on the probe marker?
        where = [(i, j) for i in range(n) for j in range(n) if pgrid[i][j] == "X"]
        assert len(where) == 1
        i, j = where[0]
        assert f(i, j) == probe
        # picture point of picture cell (i, j+?) must be the probe-marker's board point (1, 4)
        # via the board->picture map: find picture cell whose board cell is the marker point
        mcell = [(a, b) for a in range(n) for b in range(n) if f(a, b) == (probe[0], probe[1] + 2)][0]
        if barrel:
            pred = barrel_forward(cam.project(geom["pt"](probe[0], probe[1] + 2)), barrel, width, height)
        else:
            pred = homography_point(corners, n, mcell[0], mcell[1])
        got = found[4]
        e = math.hypot(pred[0] - got[0], pred[1] - got[1]) if got else 99
        worst = max(worst, e)
        if e > 1.5:
            ok = False
        print("case %d: %dx%d el %.0f az %.0f%s%s turned %d: corner errors %s px, probe %.2f px"
              % (ci, n, n, el, az, " roll %.0f fill %.2f" % (spec["roll"], spec["fill"]) if ext else "",
                 " barrel" if barrel else "", 90 * k, " ".join(msgs), e), flush=True)
    print("selftest %s (worst %.2f px)" % ("PASSED" if ok else "FAILED", worst))
    return ok


def homography_point(corners, n, i, j):
    """Pixel of picture intersection (row i, col j) from the four truth corners."""
    src = [(0, 0), (n - 1, 0), (n - 1, n - 1), (0, n - 1)]  # (col, row)
    A, bvec = [], []
    for (u, v), (x, y) in zip(src, corners):
        A.append([u, v, 1, 0, 0, 0, -u * x, -v * x]); bvec.append(x)
        A.append([0, 0, 0, u, v, 1, -u * y, -v * y]); bvec.append(y)
    # gaussian elimination
    m = [row + [bv] for row, bv in zip(A, bvec)]
    for col in range(8):
        piv = max(range(col, 8), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(8):
            if r != col:
                fct = m[r][col] / m[col][col]
                for cc in range(col, 9):
                    m[r][cc] -= fct * m[col][cc]
    h = [m[r][8] / m[r][r] for r in range(8)] + [1.0]
    u, v = j, i
    w = h[6] * u + h[7] * v + 1
    return ((h[0] * u + h[1] * v + h[2]) / w, (h[3] * u + h[4] * v + h[5]) / w)


def overlay(picture, out):
    """Draw the truth of `picture` (its JSON beside it) onto a copy: corners numbered,
    every intersection marked by its truth (red X, blue O, green empty)."""
    with open(os.path.splitext(picture)[0] + ".json") as f:
        t = json.load(f)
    n = t["size"]
    draw = ["-fill", "none", "-strokewidth", "2"]
    for i in range(n):
        for j in range(n):
            x, y = homography_point(t["corners"], n, i, j)
            col = {"X": "red", "O": "blue", ".": "lime"}[t["grid"][i][j]]
            rad = 6 if t["grid"][i][j] != "." else 2
            draw += ["-stroke", col, "-draw", "circle %.1f,%.1f %.1f,%.1f" % (x, y, x + rad, y)]
    for k, (x, y) in enumerate(t["corners"]):
        draw += ["-stroke", "yellow", "-draw", "circle %.1f,%.1f %.1f,%.1f" % (x, y, x + 12, y),
                 "-stroke", "none", "-fill", "yellow", "-pointsize", "28",
                 "-draw", "text %.1f,%.1f '%s'" % (x + 14, y - 14, "TL TR BR BL".split()[k]), "-fill", "none"]
    subprocess.run(["/usr/bin/convert", picture] + draw + [out], check=True)


# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description="Render Go boards with exact truth (POV-Ray).")
    ap.add_argument("--out", default="out", help="output folder")
    ap.add_argument("--set", choices=["default", "test", "train", "classic-train", "classic-hands", "classic-sun"],
                    help="render a named set with its own fixed seed: default (images/renders), "
                         "test (images/testset), train (the training set, never committed), "
                         "classic-train (the point classifier's training scenes, never committed), "
                         "classic-hands (those scenes with hands at the edges, on other records), "
                         "classic-sun (those scenes in sunlight through a window, hands on every other, on other "
                         "records)")
    ap.add_argument("--selftest", action="store_true", help="check the projection against rendered markers")
    ap.add_argument("--sgf", nargs="*", default=[], help="SGF files to take positions from")
    ap.add_argument("--move", default="final",
                    help="where to stop in each record: a move number, or empty|early|middle|final|mixed")
    ap.add_argument("--random", type=int, default=0, metavar="N", help="also render N random positions")
    ap.add_argument("--size", type=int, choices=[9, 13, 19], default=19, help="board size of random positions")
    ap.add_argument("--density", type=float, default=None, help="stone density of random positions (0-0.75)")
    ap.add_argument("--count", type=int, default=None,
                    help="pictures in --set (default 66; test 104; train 1000; classic-train, classic-hands, classic-sun 140)")
    ap.add_argument("--start", type=int, default=0, help="skip pictures before this index (the rest are those of a full run)")
    ap.add_argument("--only", help="make only the pictures of these indices (comma-separated, e.g. 45,84: tNNN's "
                    "number), each as a full run makes it")
    ap.add_argument("--seed", type=int, default=None,
                    help="random seed (default 20240601; --set test 20261130, --set train 7, --set classic-train 101, --set classic-hands 103, --set classic-sun 107)")
    ap.add_argument("--width", type=int, default=WIDTH)
    ap.add_argument("--height", type=int, default=HEIGHT)
    ap.add_argument("--fast", action="store_true", help="no antialiasing (previews)")
    ap.add_argument("--camera", action="store_true",
                    help="every pixel the mean of 3x3 rays, as a camera's pixel gathers light: grid lines thinner "
                         "than a pixel come out faint and whole, not dotted (slow)")
    ap.add_argument("--quality", type=int, default=None,
                    help="JPEG quality (default 88 for --classic and the default set; else random 60-95)")
    ap.add_argument("--elevation", type=float, help="force camera elevation (25-90)")
    ap.add_argument("--azimuth", type=float, help="force camera azimuth (degrees)")
    ap.add_argument("--roll", type=float, help="force camera roll (degrees; the picture turns)")
    ap.add_argument("--fill", type=float, help="force the board's share of the frame (0.2-1.0)")
    ap.add_argument("--stone-material", choices=STONE_MATERIALS, help="stone material")
    ap.add_argument("--classic", action="store_true",
                    help="--sgf/--random: only the variations of the default set (none of the added ones)")
    for flag in ["mat", "glare", "clutter", "barrel", "offset", "shell", "uneven", "coloured-light", "hard-shadows",
                 "noise", "soft-focus"] + EXT_FLAGS:
        ap.add_argument("--" + flag, dest=flag.replace("-", "_"), action="store_const", const=True, default=None,
                        help="force this variation on (default: random)")
        ap.add_argument("--no-" + flag, dest=flag.replace("-", "_"), action="store_const", const=False,
                        help=argparse.SUPPRESS)
    ap.add_argument("--wood", choices=["pale", "medium", "dark"], help="board wood colour")
    ap.add_argument("--stones", choices=["glossy", "satin", "matte"], help="stone finish")
    ap.add_argument("--sgf-root", default=SGF_ROOT, help="folder the SGF sets live in (names in `source` are relative to it)")
    ap.add_argument("--keep-pov", action="store_true", help="keep the .pov scene beside the picture")
    ap.add_argument("--truth-only", action="store_true",
                    help="write only the truth (.json) of pictures rendered before with the same arguments")
    ap.add_argument("--stone-shapes", action="store_true",
                    help="also write NAME.stones.json: each stone's colour, centre and outline in the picture "
                         "(training data for the stone finder)")
    ap.add_argument("--keep-selftest", metavar="DIR", help="write the selftest renders there")
    ap.add_argument("--overlay", nargs=2, metavar=("PICTURE", "OUT"),
                    help="draw PICTURE's truth (corners, stones) onto a copy OUT, for checking by eye")
    a = ap.parse_args()
    global TRUTH_ONLY, STONE_SHAPES, ONLY
    TRUTH_ONLY = a.truth_only
    STONE_SHAPES = a.stone_shapes
    if a.only is not None:
        try:
            ONLY = {int(x) for x in a.only.split(",")}
        except ValueError:
            ap.error("--only takes indices, e.g. 45,84")
        if not a.set:
            ap.error("--only picks pictures of a --set")

    if shutil.which("povray") is None:
        sys.exit("povray not found (apt-get install povray)")
    if not os.path.exists("/usr/bin/convert"):
        sys.exit("ImageMagick not found (apt-get install imagemagick)")

    if a.overlay:
        overlay(*a.overlay)
        return
    if a.selftest:
        sys.exit(0 if selftest(a.width, a.height, a.keep_selftest) else 1)
    if a.fast and a.camera:
        ap.error("--fast and --camera are two qualities: give one")
    quality = "camera" if a.camera else "fast" if a.fast else "normal"
    seed = a.seed if a.seed is not None else SET_SEEDS[a.set or "default"]
    if a.set == "default":
        t = default_set(a.out, a.count or 66, seed, a.sgf_root, a.width, a.height, quality, a.start)
        print("rendered in %.0f s" % t)
        return
    opts = {}
    for key in ["mat", "glare", "clutter", "barrel", "offset", "shell", "uneven", "coloured_light", "hard_shadows",
                "noise", "soft_focus"] + EXT_FLAGS:
        if getattr(a, key) is not None:
            opts[key] = getattr(a, key)
    if a.wood:
        opts["wood"] = a.wood
    if a.stones:
        opts["stone_gloss"] = a.stones
    for key in ["elevation", "azimuth", "roll", "fill", "stone_material"]:
        if getattr(a, key) is not None:
            opts[key] = getattr(a, key)
    if a.quality is not None:
        opts["jpeg_quality"] = a.quality
    if a.set in ("test", "train"):
        t = ext_set(a.set, a.out, a.count or {"test": 104, "train": 1000}[a.set], seed, a.sgf_root, a.width, a.height,
                    quality, a.start, opts)
        print("rendered in %.0f s" % t)
        return
    if a.set in ("classic-train", "classic-hands", "classic-sun"):
        # The scenes of the default set (--classic), a stage per record
        # (--move mixed), from records chosen by a rule; classic-hands adds
        # hands and arms at the board's edges to every picture, on the
        # records between classic-train's.
        # classic-sun adds sunlight through a window to every picture and
        # hands to every other, on the records at the quarter points
        # (classic_train_files).
        a.sgf, a.move, a.classic, a.random = (classic_train_files(a.sgf_root, a.count or 140,
                                                                  {"classic-hands": True, "classic-sun": "quarter"}.get(a.set, False)),
                                              "mixed", True, 0)
        if a.set == "classic-hands":
            opts["hands"] = True
        if a.set == "classic-sun":
            opts["sun"] = True
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(seed)
    jobs = []
    for p in a.sgf:
        st = a.move
        if st.isdigit():
            st = int(st)
        elif st == "mixed":
            st = rng.choice(["empty", "early", "middle", "final", "final"])
        jobs.append(("sgf", p, st))
    for _ in range(a.random):
        jobs.append(("random", None, None))
    if not jobs:
        ap.error("nothing to render: give --sgf FILES, --random N, --set default or --selftest")
    only_within(len(jobs))
    if ONLY is not None and min(ONLY) < a.start:
        sys.exit("render.py: --only %d is before --start %d" % (min(ONLY), a.start))
    for idx, (kind, p, st) in enumerate(jobs):
        r = random.Random(rng.randrange(1 << 30))
        if idx < a.start or (ONLY is not None and idx not in ONLY):
            continue
        if kind == "sgf":
            size, grid, src, move_info = position_from_sgf(p, st, r, a.sgf_root)
            extra = ["%s position, move %d of %d" % (move_info["stage"], move_info["number"], move_info["of"])]
        else:
            size = a.size
            density = a.density if a.density is not None else r.choice([0.05, 0.2, 0.4, 0.6])
            grid = random_position(size, r, density).g
            src, move_info, extra = "random", None, ["random position (density %.2f)" % density]
        name = SET_NAMES.get(a.set, "g%03d") % idx
        o = dict(opts)
        if a.set == "classic-sun":
            o["hands"] = idx % 2 == 1
        if not a.classic:
            o["ext"] = "%d/g/%d" % (seed, idx)
        truth, spec, secs = render_one(r, size, grid, src, move_info, a.out, name, o, a.width, a.height,
                                       quality, a.quality or 88, a.keep_pov, extra)
        print("%s %dx%d el %.0f az %.0f %.1fs" % (name, size, size, spec["elevation"], spec["azimuth"] % 360, secs), flush=True)


if __name__ == "__main__":
    main()
