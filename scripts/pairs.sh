#!/usr/bin/env bash
# Wall-clock pairs of two `grundy solve` runs, in turns A, B, A, B, for issue 13's and 14's
# ratios on a machine whose speed wanders from run to run (a shared VM): each pair is
# measured back to back, and the median of the pairs' ratios is what to read.
#
#   scripts/pairs.sh N GAME POSITION 'ARGS A' 'ARGS B'
#   scripts/pairs.sh 10 cram 5x7 '--workers 1 --no-db' '--workers 2 --no-db'
#   scripts/pairs.sh 10 cram 3x13 '--no-db' '--db @'     # @: a fresh store for each run
#
# Prints each pair (wall and user+sys CPU seconds, nodes), A's over B's wall and CPU, then
# the medians. GRUNDY is the binary (default: ./grundy, built by `make build`).
set -euo pipefail
n=$1 game=$2 pos=$3 a=$4 b=$5
grundy=${GRUNDY:-./grundy}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS: one solve; prints "wall cpu nodes".
run() {
	local args=${1//@/$tmp/db.$RANDOM}
	# shellcheck disable=SC2086 # ARGS are words
	/usr/bin/time -f '%e %U %S' -o "$tmp/time" "$grundy" solve "$game" "$pos" $args --tree-nodes 0 --json >"$tmp/out"
	read -r wall user sys <"$tmp/time"
	nodes=$(grep -o '"nodes":[0-9]*' "$tmp/out" | cut -d: -f2)
	echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') $nodes"
}

for _ in $(seq "$n"); do
	echo "$(run "$a") $(run "$b")"
done | awk -v a="$a" -v b="$b" '
	{ w[NR] = $1 / $4; c[NR] = $2 / $5
	  printf "A %5.2f s (%5.2f CPU, %d nodes)  B %5.2f s (%5.2f CPU, %d nodes)  A/B wall %.2f CPU %.2f\n", $1, $2, $3, $4, $5, $6, w[NR], c[NR] }
	function median(x, k,   i, j, t) {
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
		return k % 2 ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2
	}
	END { printf "A = %s, B = %s: median A/B wall %.2f, CPU %.2f (%d pairs)\n", a, b, median(w, NR), median(c, NR), NR }'
