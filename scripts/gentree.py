#!/usr/bin/env python3
"""Writes to stdout a valid solution tree of subtraction:1,2 (heap k has nimber k mod 3) of
about 2/3 N nodes, cheap to check: python3 scripts/gentree.py 1500000 > p1m.json (10^6 nodes,
77 MB), for measuring grundy check on a large file. A second argument T takes 1 to T tokens
(subtraction:1,...,T, nimber k mod T+1), for trees of more nodes than heaps of 2^20 allow:
python3 scripts/gentree.py 5900000 5 > p5m.json (4.9 x 10^6 nodes, 409 MB)."""
import sys
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
T = int(sys.argv[2]) if len(sys.argv) > 2 else 2
P = T + 1
K = N // P
ids = {}
order = []
def node(m, n):
    c = (m, n)
    if c not in ids:
        ids[c] = len(order)
        order.append(c)
    return ids[c]
def kids(m, n):
    g = m % P
    if g == n:  # L: every option: (m-d, n) for each take d, and (m, i) for i < n
        return [node(m - d, n) for d in range(1, T + 1) if m - d >= 0] + [node(m, i) for i in range(n)]
    if g < n:   # W: the heap option (m, g), losing
        return [node(m, g)]
    return [node(m - (g - n), n)]  # W: the move to a heap of nimber n
root = node(K, K % P)
out = sys.stdout
out.write('{"format":"grundy-tree/1","game":"subtraction:%s","root":0,"nodes":[' % ",".join(map(str, range(1, T + 1))))
i = 0
while i < len(order):
    m, n = order[i]
    ks = kids(m, n)
    r = "L" if m % P == n else "W"
    out.write(('' if i == 0 else ',') + '\n{"id":%d,"position":"%d","n":%d,"result":"%s","children":[%s]}' % (i, m, n, r, ",".join(map(str, ks))))
    i += 1
out.write("\n]}\n")
