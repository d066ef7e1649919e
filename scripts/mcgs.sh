#!/usr/bin/env bash
# Cram against MCGS v1.5 (ualberta-mueller-group/MCGS, commit 5554ef53; built outside the
# project, docs/benchmarks.md says how), on the same machine in the same run, in turns: ours,
# MCGS, ours, MCGS, … so that the load of a shared machine falls on both alike.
#
#   MCGS=/path/to/MCGS scripts/mcgs.sh [N] [BOARD …]
#   MCGS=../scratch/mcgs/MCGS scripts/mcgs.sh 3 3x12 4x8 5x6
#
# N is the number of turns (default 1), the boards RxC (default 3x12 4x8 5x6). Ours is
# `grundy solve cram RxC --no-db --workers 1` (one search thread, as MCGS runs); MCGS is
# given the board with R ≤ C written as C rows of R cells (its faster orientation for 3×n)
# and `--tt-sumgame-idx-bits 0` (a table a nimber search does not use). Prints each turn
# (user + sys CPU seconds and wall of both, our nodes, MCGS's own search time, the nimbers,
# which must agree) and, per board, the median of MCGS's CPU over ours. MCGS v1.5 reports no
# count of the positions it visits. GRUNDY is our binary (default: ./grundy, `make build`).
set -euo pipefail
n=${1:-1}
shift || true
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(3x12 4x8 5x6)
grundy=${GRUNDY:-./grundy}
mcgs=${MCGS:?set MCGS to the MCGS binary (docs/benchmarks.md, Cram against MCGS)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu FILE: user + sys of a /usr/bin/time -f '%e %U %S' output; wall: its first field.
cpu() { awk '{ print $2 + $3 }' "$1"; }
wall() { awk '{ print $1 }' "$1"; }

# mcgsBoard RxC: the board as MCGS reads it, the longer side down.
mcgsBoard() {
	local r=${1%x*} c=${1#*x} row rows=()
	if [ "$r" -gt "$c" ]; then local t=$r; r=$c; c=$t; fi
	row=$(printf '%*s' "$r" '' | tr ' ' '.')
	for _ in $(seq "$c"); do rows+=("$row"); done
	(IFS='|'; echo "${rows[*]}")
}

for board in "${boards[@]}"; do
	for turn in $(seq "$n"); do
		/usr/bin/time -f '%e %U %S' -o "$tmp/t1" "$grundy" solve cram "$board" --no-db --workers 1 \
			--tree-nodes 0 --json >"$tmp/ours"
		/usr/bin/time -f '%e %U %S' -o "$tmp/t2" "$mcgs" --tt-sumgame-idx-bits 0 \
			"{version 1.5} [impartial domineering] $(mcgsBoard "$board") {N}" >"$tmp/theirs" 2>&1
		ours=$(grep -o '"nimber":[0-9]*' "$tmp/ours" | cut -d: -f2)
		nodes=$(grep -o '"nodes":[0-9]*' "$tmp/ours" | cut -d: -f2)
		theirs=$(sed -n 's/^Got: //p' "$tmp/theirs")
		search=$(sed -n 's/^Time (ms): //p' "$tmp/theirs")
		if [ "$ours" != "$theirs" ]; then
			echo "$board: ours says $ours, MCGS $theirs" >&2
			exit 1
		fi
		echo "$board $turn ours $(cpu "$tmp/t1") $(wall "$tmp/t1") $nodes mcgs $(cpu "$tmp/t2") $(wall "$tmp/t2") $search nimber $ours"
	done
done | awk '
	{ printf "%-5s turn %d: ours %6.2f s CPU (%6.2f wall, %9d nodes)  MCGS %7.2f s CPU (%7.2f wall, search %8.0f ms)  nimber %s  MCGS/ours CPU %.1f\n",
		$1, $2, $4, $5, $6, $8, $9, $10, $12, $8 / $4
	  r[$1] = r[$1] " " $8 / $4; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
	function median(s,   x, m, i, j, t) {
		m = split(s, x, " ")
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (x[j] + 0 < x[i] + 0) { t = x[i]; x[i] = x[j]; x[j] = t }
		return m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
	}
	END { for (i = 1; i <= k; i++) printf "%s: median MCGS/ours CPU %.1f\n", order[i], median(r[order[i]]) }'
