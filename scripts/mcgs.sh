#!/usr/bin/env bash
# Cram against MCGS v1.5 (ualberta-mueller-group/MCGS, commit 5554ef53; built outside the
# project, docs/benchmarks.md says how), on the same machine in the same run, in turns: ours,
# MCGS, ours, MCGS, … so that the load of a shared machine falls on both alike; then the larger
# boards, ours alone. `make bench` runs it with no arguments.
#
#   scripts/mcgs.sh [N] [BOARD …] [-- BOARD …]
#   MCGS=../scratch/mcgs/MCGS scripts/mcgs.sh 3 3x12 4x8 5x6 -- 3x13
#
# N is the number of turns (default 1); the boards RxC before `--` are run beside MCGS, those
# after it ours alone. With no board: 3x12 4x8 5x6 beside MCGS, 3x13 4x9 5x7 alone, and with
# GRUNDY_BENCH_LARGE=1 also 3x14 … 3x16, 4x10, 4x11, 5x8, 5x9 and 6x7, each stopped after
# GRUNDY_BENCH_LIMIT (default 10m). Ours is `grundy solve cram RxC --no-db --workers 1`
# (one search thread, as MCGS runs); MCGS is given the board with R ≤ C written as C rows of
# R cells (its faster orientation for 3×n) and `--tt-sumgame-idx-bits 0` (a table a nimber
# search does not use). Prints each run (user + sys CPU seconds, wall, peak memory, our
# nodes, MCGS's own search time), the nimbers, which must agree with each other and with the
# values known (the script exits 1 when one does not), and per board the median of MCGS's CPU
# over ours. MCGS v1.5 reports no count of the positions it visits. MCGS is its binary
# (default: ../scratch/mcgs/MCGS beside the checkout); when it is not there, one line says
# so and ours runs alone. GRUNDY is our binary (default: ./grundy, `make build`).
set -euo pipefail
n=1
if [[ ${1:-} =~ ^[0-9]+$ ]]; then n=$1; shift; fi
pairs=() alone=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do pairs+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; alone=("$@"); fi
if [ ${#pairs[@]} -eq 0 ] && [ ${#alone[@]} -eq 0 ]; then
	pairs=(3x12 4x8 5x6) alone=(3x13 4x9 5x7)
	if [ -n "${GRUNDY_BENCH_LARGE:-}" ]; then alone+=(3x14 3x15 3x16 4x10 4x11 5x8 5x9 6x7); fi
fi
limit=${GRUNDY_BENCH_LIMIT:-10m}
grundy=${GRUNDY:-./grundy}
mcgs=${MCGS:-$(dirname "$0")/../../scratch/mcgs/MCGS}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The nimbers known (Uiterwijk's and Beling's tables, and our own runs), by RxC with R ≤ C.
declare -A known=([3x12]=1 [3x13]=2 [3x14]=3 [3x15]=1 [3x16]=4 [3x17]=0 [3x18]=1 [3x19]=0
	[3x20]=2 [3x21]=1 [4x8]=0 [4x9]=1 [4x11]=1 [5x6]=2 [5x7]=1 [5x8]=1 [5x9]=1 [5x10]=2 [6x7]=5 [7x7]=1)

# short RxC: the board with its shorter side first.
short() {
	local r=${1%x*} c=${1#*x}
	if [ "$r" -gt "$c" ]; then echo "${c}x$r"; else echo "$1"; fi
}

# mcgsBoard RxC: the board as MCGS reads it, the longer side down.
mcgsBoard() {
	local b r c row rows=()
	b=$(short "$1") r=${b%x*} c=${b#*x}
	row=$(printf '%*s' "$r" '' | tr ' ' '.')
	for _ in $(seq "$c"); do rows+=("$row"); done
	(IFS='|'; echo "${rows[*]}")
}

# measure OUT CMD…: runs CMD, its output in OUT; sets cpu (user + sys), wall and mem (peak
# resident MB) and returns CMD's exit status.
measure() {
	local out=$1 rc=0
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >"$out" 2>"$out.err" || rc=$?
	# time says first when the command exited with a status other than 0.
	read -r wall cpu mem < <(tail -1 "$tmp/time" | awk '{ print $1, $2 + $3, int($4 / 1024) }')
	return $rc
}

# ours RxC ARGS…: one solve of ours; sets nimber ("" when stopped), nodes, cpu, wall, mem
# and says, when stopped, what was proven.
ours() {
	local board=$1 rc=0
	shift
	measure "$tmp/ours" "$grundy" solve cram "$board" --no-db --workers 1 --tree-nodes 0 --json "$@" || rc=$?
	nimber=$(grep -o '"nimber":[0-9]*' "$tmp/ours" | head -1 | cut -d: -f2 || true)
	nodes=$(grep -o '"nodes":[0-9]*' "$tmp/ours" | head -1 | cut -d: -f2 || true)
	stopped=""
	if [ "$rc" -eq 3 ]; then
		stopped="not decided in $limit: $(grep -o '"proven":\[[^]]*\]' "$tmp/ours" | sed 's/"proven":\[//; s/\]$//; s/"//g')"
	elif [ "$rc" -ne 0 ]; then
		echo "$board: grundy failed:" >&2
		cat "$tmp/ours" "$tmp/ours.err" >&2
		exit 1
	fi
}

# check RxC NIMBER: exits 1 when the nimber found is not the one known; sets note.
check() {
	local k=${known[$(short "$1")]:-}
	if [ -n "$k" ] && [ -n "$2" ] && [ "$k" != "$2" ]; then
		echo "$1: nimber $2, but it is known to be $k" >&2
		exit 1
	fi
	note=""
	if [ -n "$k" ]; then note="(known: $k)"; fi
}

have=""
if [ ${#pairs[@]} -gt 0 ]; then
	if [ -x "$mcgs" ]; then
		have=1
		echo "Cram: ours (grundy solve --workers 1 --no-db) against MCGS v1.5 ($mcgs), $n turn(s) a board"
	else
		echo "Cram: MCGS v1.5 is not built at $mcgs (set MCGS; docs/benchmarks.md says how): ours alone"
	fi
fi
declare -A ratios=()
for board in "${pairs[@]}"; do
	for turn in $(seq "$n"); do
		ours "$board"
		ocpu=$cpu owall=$wall omem=$mem
		line=$(printf '%-5s turn %d: ours %7.2f s CPU (%7.2f wall, %5d MB, %9d nodes)' "$board" "$turn" "$ocpu" "$owall" "$omem" "$nodes")
		if [ -n "$have" ]; then
			measure "$tmp/theirs" "$mcgs" --tt-sumgame-idx-bits 0 \
				"{version 1.5} [impartial domineering] $(mcgsBoard "$board") {N}" || {
				echo "$board: MCGS failed:" >&2
				cat "$tmp/theirs" "$tmp/theirs.err" >&2
				exit 1
			}
			theirs=$(sed -n 's/^Got: //p' "$tmp/theirs")
			if [ "$nimber" != "$theirs" ]; then
				echo "$board: ours says $nimber, MCGS $theirs" >&2
				exit 1
			fi
			r=$(awk -v a="$cpu" -v b="$ocpu" 'BEGIN { printf "%.1f", a / b }')
			ratios[$board]="${ratios[$board]:-} $r"
			line+=$(printf '  MCGS %7.2f s CPU (%7.2f wall, %5d MB)  MCGS/ours CPU %s' "$cpu" "$wall" "$mem" "$r")
		fi
		check "$board" "$nimber"
		echo "$line  nimber $nimber $note"
	done
done
for board in "${pairs[@]}"; do
	if [ -n "$have" ]; then
		echo "$board: median MCGS/ours CPU $(tr ' ' '\n' <<<"${ratios[$board]}" | sed '/^$/d' | sort -g |
			awk '{ x[NR] = $1 } END { print NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2 }')"
	fi
done

if [ ${#alone[@]} -gt 0 ]; then
	echo "Cram: ours alone (grundy solve --workers 1 --no-db --timeout $limit)"
fi
for board in "${alone[@]}"; do
	ours "$board" --timeout "$limit"
	line=$(printf '%-5s ours %7.2f s CPU (%7.2f wall, %5d MB, %9d nodes)' "$board" "$cpu" "$wall" "$mem" "$nodes")
	if [ -n "$stopped" ]; then
		echo "$line  $stopped"
	else
		check "$board" "$nimber"
		echo "$line  nimber $nimber $note"
	fi
done
