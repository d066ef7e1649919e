#!/usr/bin/env bash
# A night of Cram, Sprouts or any game: solve the positions one after the other, each for at
# most LIMIT, all with one facts store and one log. Stopped by Ctrl-C, a crash or a reboot,
# the same command takes up each position where its facts left it; the ones already answered
# are read from the store at once.
#
#   scripts/overnight.sh [-l LIMIT] [-r ROUNDS] [-s DEPTH] [-d DIR] [-c CACHE_MB] [-g GAME] [-w WORKERS] [-o] [-m] POSITION…
#   scripts/overnight.sh -l 3h -d ~/cram-night -c 8000 3x17 3x18 3x19 3x20
#   scripts/overnight.sh -g sprouts -o -w 1 -l 20m -c 3072 -d ~/sprouts $(printf '0*%d ' {20..32})
#
# DIR (default ./overnight) holds the store (DIR/db), the log (DIR/log: a line a minute for
# each position, `grundy solve --log`) and the answers (DIR/results.jsonl: one `solve --json`
# object a run, stopped or not). LIMIT is a duration of `grundy solve --timeout` (default 8h);
# CACHE_MB the cache of each run (default 4000); WORKERS the search's threads (default: the
# solver's). -o asks the outcome only (`--outcome-only`), -m the misère outcome (`--misere`).
# ROUNDS (default 1) is how many times the list is gone through: each round after the first
# runs again, in order, the positions the round before stopped at their limit. A position
# stuck in one run is often next to nothing once the ones after it are in the store (their
# searches prove much of it on their way), so `-r 2` or `-r 3` lets a night end with them.
# DEPTH (default 0) takes a position stopped at its limit up by its options: those the store
# does not decide (`solve --moves`, a thousand nodes each; an outcome's nearest to a proof
# first, the fewest replies left) are solved one by one, each for at most
# LIMIT, an option stopped in its turn taken up by its own options, DEPTH levels down (2: the
# options and their replies); then the position runs again. One search over all of a
# position's hard options spreads its memory over them all; a run on each keeps it on one.
# With -o or -m, a position's options stop being solved once one is lost (the position is
# won); a nimber wants them all.
# Listing the options reads the answer with jq.
# GRUNDY is the binary (default: ./grundy).
set -euo pipefail
limit=8h rounds=1 depth=0 dir=./overnight cache=4000 game=cram outcome=false
flags=()
usage="usage: $0 [-l LIMIT] [-r ROUNDS] [-s DEPTH] [-d DIR] [-c CACHE_MB] [-g GAME] [-w WORKERS] [-o] [-m] POSITION…"
while getopts 'l:r:s:d:c:g:w:om' opt; do
	case $opt in
	l) limit=$OPTARG ;;
	r) rounds=$OPTARG ;;
	s) depth=$OPTARG ;;
	d) dir=$OPTARG ;;
	c) cache=$OPTARG ;;
	g) game=$OPTARG ;;
	w) flags+=(--workers "$OPTARG") ;;
	o) flags+=(--outcome-only) outcome=true ;;
	m) flags+=(--misere) outcome=true ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	echo "$usage" >&2
	exit 2
fi
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
	echo "$0: -r wants a number of rounds, 1 or more, not '$rounds'" >&2
	exit 2
fi
if ! [[ $depth =~ ^[0-9]+$ ]]; then
	echo "$0: -s wants a depth, 0 or more, not '$depth'" >&2
	exit 2
fi
if [ "$depth" -gt 0 ] && ! command -v jq >/dev/null; then
	echo "$0: -s reads the options left undecided with jq, which is not installed (apt install jq)" >&2
	exit 2
fi
grundy=${GRUNDY:-./grundy}
mkdir -p "$dir"
# Ctrl-C reaches grundy too, which keeps what it proved and exits as a stopped run: the trap
# runs after it, so that the list ends there instead of going on to the next position.
trap 'echo "stopped by a signal: the same command goes on from here" >&2; exit 130' INT TERM
# solve POS: one run of POS, its answer appended to the answers; status is grundy's exit status.
solve() {
	status=0
	"$grundy" solve "$game" "$1" --db "$dir/db" --log "$dir/log" --timeout "$limit" \
		--cache-mb "$cache" --tree-nodes 0 --json ${flags[@]+"${flags[@]}"} >>"$dir/results.jsonl" || status=$?
	case $status in
	0 | 3) ;;
	*) echo "$game $1: grundy exited $status" >&2; exit "$status" ;;
	esac
}

# split POS LEVELS: POS stopped at the limit; solve each of its options that the store does
# not decide, an option stopped in its turn split while LEVELS last, until one is lost; then
# POS again.
split() {
	local pos=$1 levels=$2 opts opt
	echo "$game $pos: stopped after $limit; taken up by its options"
	mapfile -t opts < <("$grundy" solve "$game" "$pos" --db "$dir/db" --moves --move-time 0 --move-nodes 1 \
		--cache-mb "$cache" --tree-nodes 0 --json ${flags[@]+"${flags[@]}"} |
		jq -r --argjson outcome "$outcome" 'if $outcome and (.winning_moves | length) > 0 then empty else .undecided_options[]? end')
	echo "$game $pos: ${#opts[@]} option$([ ${#opts[@]} -eq 1 ] || echo s) left undecided, one by one"
	for opt in ${opts[@]+"${opts[@]}"}; do
		solve "$opt"
		if [ "$status" -eq 3 ] && [ "$levels" -gt 1 ]; then
			split "$opt" $((levels - 1))
		fi
		if [ "$status" -eq 3 ]; then
			echo "$game $opt: stopped after $limit"
		elif [ "$(tail -n 1 "$dir/results.jsonl" | jq -r .outcome)" = W ]; then
			echo "$game $opt: won"
		elif $outcome; then
			echo "$game $opt: lost, so $pos is won"
			break
		else
			echo "$game $opt: lost"
		fi
	done
	solve "$pos"
}

todo=("$@")
for ((round = 1; round <= rounds && ${#todo[@]} > 0; round++)); do
	stopped=()
	for pos in "${todo[@]}"; do
		solve "$pos"
		if [ "$status" -eq 3 ] && [ "$depth" -gt 0 ]; then
			split "$pos" "$depth"
		fi
		if [ "$status" -eq 0 ]; then
			echo "$game $pos: answered (see $dir/results.jsonl)"
		else
			stopped+=("$pos")
			if [ "$round" -lt "$rounds" ]; then
				echo "$game $pos: stopped after $limit; again after the others (round $((round + 1)) of $rounds)"
			else
				echo "$game $pos: stopped after $limit; run again to go on (see $dir/log)"
			fi
		fi
	done
	todo=(${stopped[@]+"${stopped[@]}"})
done
