#!/usr/bin/env python3
"""Writes to stdout a valid solution tree of subtraction:1,2 (heap k has nimber k mod 3) of
about 2/3 N nodes, cheap to check: python3 scripts/gentree.py 1500000 > p1m.json (10^6 nodes,
77 MB), for measuring grundy check on a large file."""
import sys
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
K = N // 3
ids = {}
order = []
def node(m, n):
    c = (m, n)
    if c not in ids:
        ids[c] = len(order)
        order.append(c)
    return ids[c]
def kids(m, n):
    g = m % 3
    if g == n:  # L: every option: (m-1, n), (m-2, n), and (m, i) for i < n
        return [node(m - d, n) for d in (1, 2) if m - d >= 0] + [node(m, i) for i in range(n)]
    if g < n:   # W: the heap option (m, g), losing
        return [node(m, g)]
    for d in (1, 2):  # W: the move to a heap of nimber n
        if m - d >= 0 and (m - d) % 3 == n:
            return [node(m - d, n)]
    raise SystemExit("no losing option")
root = node(K, K % 3)
out = sys.stdout
out.write('{"format":"grundy-tree/1","game":"subtraction:1,2","root":0,"nodes":[')
i = 0
while i < len(order):
    m, n = order[i]
    ks = kids(m, n)
    r = "L" if m % 3 == n else "W"
    out.write(('' if i == 0 else ',') + '\n{"id":%d,"position":"%d","n":%d,"result":"%s","children":[%s]}' % (i, m, n, r, ",".join(map(str, ks))))
    i += 1
out.write("\n]}\n")
