# Grundy Workbench. `make run` opens the workbench, `make test` runs every test; both install
# what a fresh Debian machine lacks (the cgo headers of fyne and the native dialogs, via
# apt-get, skipped when present; Go modules via the proxy).

GO      ?= go
APT_DEPS = gcc pkg-config libgl1-mesa-dev libgtk-3-dev libxxf86vm-dev
SHOT_DEPS = xvfb imagemagick xdotool
FUZZTIME ?= 15s

.PHONY: run build test bench fuzz soak deps screenshot-deps screenshot clean

run: deps
	$(GO) run .

build: deps
	$(GO) build -o grundy .

# go vet and every test; the concurrent parts (the engine, its cache, job, the solver panel,
# the facts store's writer, filter and Facts) again under the race detector. The store's
# certificate checks are long searches (minutes under -race): the plain run has them. The
# cluster's own tests are not raced here (the run took 14.4 of its 15 minutes from an empty
# build cache); `go test -race -short ./cluster/` is clean, and the window's race run goes
# through the cluster's client.
test: deps
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race -short ./engine/... ./job/ ./app/workbench/ ./editor/ ./viz/treeview/
	$(GO) test -race -short -skip 'TestCertify' ./store/

# Benchmarks with the baselines of the same run (see README: Benchmarks).
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 1x -timeout 60m ./bench/

# A short run of every fuzz target; the seed corpora in testdata/ also run under `make test`.
# Go minimises each new interesting input for up to a minute by default, which took the whole
# of FUZZTIME from targets whose inputs are large (a database file): FUZZMINIMIZE bounds it.
FUZZMINIMIZE ?= 2s
fuzz: deps
	@set -e; for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | cut -c6-); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg; \
	  done; \
	done

# The window's soak: SOAK random actions (every menu, picker, editor gesture, solve, stop,
# tree gesture, dialog) on fyne's test driver, under the race detector, then again without it,
# which checks the memory at the end (app/workbench/soak_test.go). `make test` runs a short one.
SOAK ?= 10000
soak: deps
	LANG=en_US.UTF-8 GRUNDY_SOAK=$(SOAK) $(GO) test -race -run '^TestSoak$$' -timeout 90m -v ./app/workbench/
	LANG=en_US.UTF-8 GRUNDY_SOAK=$(SOAK) $(GO) test -run '^TestSoak$$' -timeout 90m -v ./app/workbench/

# Screenshots of the workbench under Xvfb, into shots/.
screenshot: deps screenshot-deps
	bash scripts/screenshot.sh shots

deps:
	@bash scripts/deps.sh $(APT_DEPS)
	@$(GO) mod download

screenshot-deps:
	@bash scripts/deps.sh $(SHOT_DEPS)

clean:
	rm -f grundy
