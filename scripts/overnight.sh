#!/usr/bin/env bash
# A night of Cram, Sprouts or any game: solve the positions one after the other, each for at
# most LIMIT, all with one facts store and one log. Stopped by Ctrl-C, a crash or a reboot,
# the same command takes up each position where its facts left it; the ones already answered
# are read from the store at once.
#
#   scripts/overnight.sh [-l LIMIT] [-r ROUNDS] [-d DIR] [-c CACHE_MB] [-g GAME] [-w WORKERS] [-o] [-m] POSITION…
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
# GRUNDY is the binary (default: ./grundy).
set -euo pipefail
limit=8h rounds=1 dir=./overnight cache=4000 game=cram
flags=()
usage="usage: $0 [-l LIMIT] [-r ROUNDS] [-d DIR] [-c CACHE_MB] [-g GAME] [-w WORKERS] [-o] [-m] POSITION…"
while getopts 'l:r:d:c:g:w:om' opt; do
	case $opt in
	l) limit=$OPTARG ;;
	r) rounds=$OPTARG ;;
	d) dir=$OPTARG ;;
	c) cache=$OPTARG ;;
	g) game=$OPTARG ;;
	w) flags+=(--workers "$OPTARG") ;;
	o) flags+=(--outcome-only) ;;
	m) flags+=(--misere) ;;
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
grundy=${GRUNDY:-./grundy}
mkdir -p "$dir"
# Ctrl-C reaches grundy too, which keeps what it proved and exits as a stopped run: the trap
# runs after it, so that the list ends there instead of going on to the next position.
trap 'echo "stopped by a signal: the same command goes on from here" >&2; exit 130' INT TERM
todo=("$@")
for ((round = 1; round <= rounds && ${#todo[@]} > 0; round++)); do
	stopped=()
	for pos in "${todo[@]}"; do
		status=0
		"$grundy" solve "$game" "$pos" --db "$dir/db" --log "$dir/log" --timeout "$limit" \
			--cache-mb "$cache" --tree-nodes 0 --json ${flags[@]+"${flags[@]}"} >>"$dir/results.jsonl" || status=$?
		case $status in
		0) echo "$game $pos: answered (see $dir/results.jsonl)" ;;
		3)
			stopped+=("$pos")
			if [ "$round" -lt "$rounds" ]; then
				echo "$game $pos: stopped after $limit; again after the others (round $((round + 1)) of $rounds)"
			else
				echo "$game $pos: stopped after $limit; run again to go on (see $dir/log)"
			fi
			;;
		*) echo "$game $pos: grundy exited $status" >&2; exit "$status" ;;
		esac
	done
	todo=(${stopped[@]+"${stopped[@]}"})
done
