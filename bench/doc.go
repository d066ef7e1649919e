// Package bench holds the workbench's benchmarks, each with its baselines measured in the
// same run: the couples search of "Nimbers are inevitable" against plain memoised mex and
// the elementary outcome search of §4.1, on Cram boards, sums (Theorem 3: Figure 9 against
// Figure 10), heap games and Sprouts. Each reports nodes/op beside the time.
//
//	make bench                        # everything, one run each
//	go test -run '^$' -bench 'Cram/3x1' -benchtime 1x ./bench/
//
// Set GRUNDY_BENCH_QUICK=1 to skip the boards that take more than a few seconds, and
// GRUNDY_BENCH_THREADCPU=1 to have BenchmarkWorkers measure its workers' own threads.
package bench
