#!/usr/bin/env python3
"""Nimbers of random Sprouts positions by SPOTS, for games/sprouts/spots_test.go.

A dev tool, not run by CI or `make`. It plays random games from 0*3 ... 0*9 with SPOTS's own
move generator (so that the positions are SPOTS's, written in SPOTS's canonical strings), picks
60 distinct positions (shallow and deep, single lands and sums of lands), has SPOTS compute
each one's nimber (its CLI with --compute_nimber: pns on P+*0, P+*1, ... until a loss) and
writes `position nimber` lines to games/sprouts/testdata/spots_nimbers.txt, with SPOTS's time
for each printed on stdout.

Building what it needs (outside the project; nothing of SPOTS goes into it):
  1. SPOTS itself (cizektom/spots, commit da73572c), as shared/PEERS.md says:
       git --git-dir=BARE archive da73572c | tar -x -C /work/scratch/spots
       apt-get install -y cmake pybind11-dev python3-pybind11
       cmake -S /work/scratch/spots/modules/spots_cpp -B /work/scratch/spots/build \\
         -DCMAKE_BUILD_TYPE=Release -DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS \\
         -DFETCHCONTENT_FULLY_DISCONNECTED=ON -DPYTHON_EXECUTABLE=/usr/bin/python3 \\
         -DCMAKE_LIBRARY_OUTPUT_DIRECTORY=/work/scratch/spots/src/spots/
       cmake --build /work/scratch/spots/build -j2
  2. The shim `spotsgen`, a pybind11 module of our own over SPOTS's headers and
     libspots_core.a with three functions of a position string: canonical(s) (SPOTS's
     Position{s} simplified, to_string()), children(s) (computeChildren(), each simplified)
     and lands(s) (how many lands). Its source is a 40-line shim.cpp:
       #include "spots/games/sprouts/position.hpp"   // + pybind11/pybind11.h, pybind11/stl.h
       canonical: sprouts::Position p{s}; p.simplify(); return p.to_string();
       children:  the same p, then p.computeChildren(), each child's to_string()
       lands:     p.getSubgamesNumber()
     built with
       g++ -O2 -std=c++20 -shared -fPIC $(python3 -m pybind11 --includes) \\
         -I/work/scratch/spots/modules/spots_cpp/include shim.cpp \\
         /work/scratch/spots/build/src/libspots_core.a -lpthread \\
         -o spotsgen$(python3-config --extension-suffix)

Run (with the Debian python3 the modules were built for):
  SPOTS_DIR=/work/scratch/spots/src SPOTSGEN_DIR=/work/scratch/spotsgen \\
    /usr/bin/python3 scripts/spots_random.py [--seed 12] [--out FILE]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

SPOTS_COMMIT = "da73572c"
STARTS = range(3, 10)  # 0*3 ... 0*9
COUNT = 60
WALKS = 30  # random games per start: enough candidates in every bucket
SHALLOW = 3  # a position after at most this many moves is "shallow"
# How many positions of each kind a start gives (0*3 has few positions; larger starts give
# more): (shallow single land, shallow sum, deep single land, deep sum). A kind with too few
# candidates passes what it lacks to the next kind.
QUOTA = {3: (1, 1, 2, 2)}
DEFAULT_QUOTA = (2, 1, 3, 3)
SPOTS_TIMEOUT = 120  # seconds for one nimber; a position past it is dropped and reported


def load_spotsgen():
    d = os.environ.get("SPOTSGEN_DIR")
    if not d:
        sys.exit("spots_random: set SPOTSGEN_DIR to the folder of the built spotsgen shim")
    sys.path.insert(0, d)
    import spotsgen  # noqa: E402  (found only once SPOTSGEN_DIR is on the path)

    return spotsgen


def kind(gen, pos, depth):
    """The bucket of a position: (shallow?, sum of several lands?) as an index into QUOTA."""
    is_sum = gen.lands(pos) > 1
    return (0 if depth <= SHALLOW else 2) + (1 if is_sum else 0)


def candidates(gen, rng, start):
    """Positions met in WALKS random games from 0*start, bucketed by kind, in the order met."""
    buckets = [[] for _ in range(4)]
    seen = set()
    for _ in range(WALKS):
        pos, depth = gen.canonical(f"0*{start}"), 0
        while True:
            kids = sorted(gen.children(pos))  # sorted: SPOTS returns a hash set's order
            if not kids:
                break
            pos, depth = rng.choice(kids), depth + 1
            # positions with no move left, or one, say nothing of the engine
            if pos in seen or len(gen.children(pos)) < 2:
                continue
            seen.add(pos)
            buckets[kind(gen, pos, depth)].append((pos, depth))
    for b in buckets:
        rng.shuffle(b)
    return buckets


def spots_nimber(spots_dir, pos):
    """SPOTS's nimber of pos by its CLI (--compute_nimber, pns), and its own solving time summed
    over the couples P+*k it solved; None when it takes more than SPOTS_TIMEOUT."""
    env = dict(os.environ, PYTHONPATH=spots_dir)
    cmd = [sys.executable, "-m", "spots", pos, "--algorithm", "pns", "--compute_nimber",
           "--output_database", "", "--stats_path", os.devnull]
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True,
                             timeout=SPOTS_TIMEOUT).stdout
    except subprocess.TimeoutExpired:
        return None
    results = re.findall(r"\+\*(\d+) is (Win|Loss)", out)
    times = [float(t) for t in re.findall(r"Time:\s+([0-9.]+) s", out)]
    if not results or results[-1][1] != "Loss":
        raise RuntimeError(f"SPOTS printed no losing couple for {pos}:\n{out}")
    return int(results[-1][0]), sum(times)


def write_atomic(path, text):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".spots_nimbers.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "games",
                                                  "sprouts", "testdata", "spots_nimbers.txt"))
    args = ap.parse_args()
    spots_dir = os.environ.get("SPOTS_DIR")
    if not spots_dir:
        sys.exit("spots_random: set SPOTS_DIR to SPOTS's src folder (with the built _cpp module)")
    gen = load_spotsgen()
    rng = random.Random(args.seed)

    chosen, dropped, total = [], [], 0.0
    names = set()
    for start in STARTS:
        buckets = candidates(gen, rng, start)
        lacking = 0
        for want, bucket in zip(QUOTA.get(start, DEFAULT_QUOTA), buckets):
            want += lacking
            got = 0
            for pos, depth in bucket:
                if got == want:
                    break
                if pos in names:
                    continue
                r = spots_nimber(spots_dir, pos)
                if r is None:
                    dropped.append(pos)
                    print(f"DROPPED (over {SPOTS_TIMEOUT} s) {pos}", flush=True)
                    continue
                n, secs = r
                names.add(pos)
                chosen.append((pos, n, start, depth, secs))
                total += secs
                got += 1
                print(f"0*{start} +{depth:2d} moves  {secs:7.2f} s  {pos} {n}", flush=True)
            lacking = want - got
        if lacking:
            print(f"0*{start}: {lacking} positions short", flush=True)
    if len(chosen) != COUNT:
        sys.exit(f"spots_random: picked {len(chosen)} positions, want {COUNT}")

    lines = [
        "# Nimbers of Sprouts positions reached by random play from 0*3 ... 0*9, computed by",
        f"# SPOTS (cizektom/spots, commit {SPOTS_COMMIT}; pns, --compute_nimber) with its own",
        f"# move generator; written by scripts/spots_random.py --seed {args.seed}.",
        "# One `position nimber` a line, the position in SPOTS's canonical string.",
        f"# SPOTS's solving time for all {COUNT}: {total:.1f} s"
        + (f"; dropped past {SPOTS_TIMEOUT} s: {len(dropped)}." if dropped else "."),
    ]
    lines += [f"{pos} {n}" for pos, n, _, _, _ in chosen]
    write_atomic(args.out, "\n".join(lines) + "\n")
    print(f"wrote {len(chosen)} positions to {args.out}; SPOTS total {total:.1f} s, "
          f"slowest {max(c[4] for c in chosen):.2f} s", flush=True)


if __name__ == "__main__":
    main()
