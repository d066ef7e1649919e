# Grundy Workbench. `make run` opens the workbench, `make test` runs every test, `make install`
# installs it under PREFIX (docs/install.md); they install what a fresh Debian machine lacks
# (the cgo headers of fyne and the native dialogs, via apt-get, skipped when present; Go
# modules via the proxy).

GO      ?= go
APT_DEPS = gcc pkg-config libgl1-mesa-dev libgtk-3-dev libxxf86vm-dev
SHOT_DEPS = xvfb imagemagick xdotool
# What TestInstall checks an install with (it skips each one that is missing).
CHECK_DEPS = man-db desktop-file-utils appstream coinor-cbc
# What scripts/overnight.sh -s reads the options left undecided with (TestOvernight runs it).
SCRIPT_DEPS = jq
FUZZTIME ?= 15s

# Where make install puts things: PREFIX/bin, PREFIX/share/…; DESTDIR is prepended to every
# path, for packagers. The desktop entry runs BINDIR/grundy.
PREFIX  ?= $(HOME)/.local
BINDIR  ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR  ?= $(DATADIR)/man
BUILDDIR ?= build
APP_ID   = org.grundy.workbench
VERSION  = $(shell sed -n 's/^Version = "\(.*\)"/\1/p' FyneApp.toml)

.PHONY: run build test bench bench-cram fuzz soak deps screenshot-deps screenshot clean install uninstall docs

run: deps
	$(GO) run .

# -buildvcs=auto: `grundy version` names the commit, even where GOFLAGS turns VCS stamping off.
build: deps
	$(GO) build -buildvcs=auto -o grundy .

# docs/cli.md, from the commands' flag definitions (a test fails when it is out of date).
docs:
	$(GO) generate ./cli

# The binary, its man page (written now, from the flag definitions), the shell completions,
# and the icon, desktop entry and AppStream metadata of the workbench.
install: deps
	$(GO) build -buildvcs=auto -o $(BUILDDIR)/grundy .
	$(GO) run ./internal/gendoc -version "$(VERSION)" -o $(BUILDDIR)/grundy.1 man
	$(BUILDDIR)/grundy completion bash > $(BUILDDIR)/grundy.bash
	$(BUILDDIR)/grundy completion zsh > $(BUILDDIR)/_grundy
	$(BUILDDIR)/grundy completion fish > $(BUILDDIR)/grundy.fish
	sed 's|@BINDIR@|$(BINDIR)|' assets/linux/$(APP_ID).desktop.in > $(BUILDDIR)/$(APP_ID).desktop
	install -Dm755 $(BUILDDIR)/grundy $(DESTDIR)$(BINDIR)/grundy
	install -Dm644 $(BUILDDIR)/grundy.1 $(DESTDIR)$(MANDIR)/man1/grundy.1
	install -Dm644 $(BUILDDIR)/grundy.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/grundy
	install -Dm644 $(BUILDDIR)/_grundy $(DESTDIR)$(DATADIR)/zsh/site-functions/_grundy
	install -Dm644 $(BUILDDIR)/grundy.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/grundy.fish
	install -Dm644 assets/icon.png $(DESTDIR)$(DATADIR)/icons/hicolor/512x512/apps/$(APP_ID).png
	install -Dm644 $(BUILDDIR)/$(APP_ID).desktop $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 assets/linux/$(APP_ID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	@echo "installed grundy in $(DESTDIR)$(BINDIR); see docs/install.md for completions and PATH"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/grundy $(DESTDIR)$(MANDIR)/man1/grundy.1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/grundy \
	  $(DESTDIR)$(DATADIR)/zsh/site-functions/_grundy \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/grundy.fish \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/512x512/apps/$(APP_ID).png \
	  $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop \
	  $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml

# go vet and every test; the concurrent parts (the engine, its cache, job, the solver panel,
# the facts store's writer, filter and Facts) again under the race detector. The store's
# certificate checks (TestCertify…, in ./store alone) are long searches (minutes under -race):
# the plain run has them. One go test command for every raced package, so that the shorter
# ones run beside the window's, the longest. The
# cluster's own tests are not raced here (the run took 14.4 of its 15 minutes from an empty
# build cache); `go test -race -short ./cluster/` is clean, and the window's race run goes
# through the cluster's client. go vet runs after the tests, without fyne's `ci` tag, so that
# it reads what their build compiled (the cgo step of the OpenGL binding too): from an empty
# build cache on 2 cores, `go vet -tags ci` first took 330 s and the tests' build after it
# 202 s, where the tests' build first takes 329 s and go vet after it 41 s.
test: deps
	@bash scripts/deps.sh $(CHECK_DEPS) $(SCRIPT_DEPS)
	$(GO) test ./...
	$(GO) vet ./...
	$(GO) test -race -short -skip 'TestCertify' ./engine/... ./job/ ./app/workbench/ ./editor/ ./viz/treeview/ ./store/

# Benchmarks with the baselines of the same run (see docs/benchmarks.md), then Cram against
# MCGS v1.5 and the larger boards alone (bench-cram: scripts/mcgs.sh; MCGS=PATH names its
# binary, GRUNDY_BENCH_LARGE=1 adds the boards of minutes).
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 1x -timeout 60m ./bench/
	@$(MAKE) --no-print-directory bench-cram

bench-cram: deps
	$(GO) build -o $(BUILDDIR)/grundy .
	GRUNDY=$(BUILDDIR)/grundy bash scripts/mcgs.sh

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
# which checks the resident memory at its peak and at the end against 1.5 × the cache setting
# + 200 MB (app/workbench/soak_test.go). `make test` runs a short one.
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
	rm -rf $(BUILDDIR)
