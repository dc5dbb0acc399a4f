# LayoutKernel — build, test, benchmark and install.
#
#   make build      the shared library, release mode, self-contained (.build/release/libLayoutKernel.so)
#   make test       every suite: Swift, the Swift API from a separate package, C/C++
#                   (header, exports, every kernel level), the per-ISA build guard,
#                   install, Python, a smoke run of the benchmark, the peak memory
#                   of 50 million items, every fuzz target for a short budget
#                   (FUZZ_TEST_SECONDS each, default 15), and the wheel installed
#                   and run where no Swift toolchain is
#   make bench      the throughput benchmark on the built-in workload
#   make fixtures   rewrites the reference fixtures (Tests/Fixtures/reference)
#   make install    header, library (versioned, stripped, with a SONAME), pkg-config file and
#                   CMake package under PREFIX (default /usr/local); make uninstall removes them
#   make wheel      the Python package as a manylinux wheel with the library inside, in dist/
#   make fuzz       the libFuzzer targets (Tests/fuzz: flow, every layout kind, first fit,
#                   many containers, the engine against fresh layouts) on a library built
#                   with ASan and coverage in .build-fuzz, FUZZ_SECONDS each (default 60)

PREFIX  ?= /usr/local
SWIFT   ?= swift
PYTHON  ?= python3
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 15
DESTDIR ?=

RELEASE := -c release -Xswiftc -static-stdlib
LIBRARY := .build/release/libLayoutKernel.so
VERSION := $(shell awk '/define LK_VERSION_(MAJOR|MINOR|PATCH) /{v=v (v?".":"") $$3} END{print v}' Include/layoutkernel.h)

# The installed library: its file carries the version, its SONAME the binary interface
# (LK_ABI_VERSION; Package.swift links the SONAME in), and lib/libLayoutKernel.so links
# to the SONAME's name, which links to the file.
ABI      := $(shell awk '/define LK_ABI_VERSION /{print $$3}' Include/layoutkernel.h)
SONAME   := libLayoutKernel.so.$(ABI)
REALNAME := libLayoutKernel.so.$(VERSION)
LIBDIR   := $(PREFIX)/lib
CMAKEDIR := $(LIBDIR)/cmake/LayoutKernel
STAGE    := .build/install

.PHONY: all build bench fuzz test test-fuzz test-swift test-swift-api test-tsan test-c test-isa test-install test-python test-readme test-bench test-memory test-deps install uninstall clean
.PHONY: wheel test-wheel

all: build

build:
	$(SWIFT) build $(RELEASE) --product LayoutKernel
	ln -sf libLayoutKernel.so .build/release/$(SONAME)

bench:
	$(SWIFT) build $(RELEASE) --product lk-bench
	.build/release/lk-bench --commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" $(BENCH_ARGS)

# Coverage-guided fuzzing (libFuzzer, ASan, UBSan), FUZZ_SECONDS per target; exits
# non-zero on any finding, whose input stays in .build-fuzz/run/<target>/artifacts.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Tests/fuzz/run.sh

# Every fuzz target for a short fixed budget, its seed corpus (with the regression
# inputs of past findings) first.
test-fuzz:
	FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) bash Tests/fuzz/run.sh

# The reference fixtures the C and Python tests replay: the scalar references' results
# (Tests/Fixtures/reference; a Swift test checks the committed files equal them).
.PHONY: fixtures
fixtures:
	$(SWIFT) run lk-fixtures Tests/Fixtures/reference

test: test-swift test-swift-api test-tsan test-c test-isa test-install test-python test-readme test-bench test-memory test-fuzz test-wheel

# Debug build in .build/debug (XCTest cannot link the static stdlib), so it never
# replaces the release library the other suites test.
test-swift:
	$(SWIFT) test --disable-swift-testing

# The Swift API as another package uses it: Examples/SwiftConsumer depends on this
# package by path, imports LayoutKernel and checks a flow, a grid, first fit, many
# containers, an engine, exact positions and a typed error. A debug build (tens of
# seconds; the inputs are small) in a build folder of its own.
test-swift-api:
	$(SWIFT) build --package-path Examples/SwiftConsumer --scratch-path .build-swift-consumer
	.build-swift-consumer/debug/SwiftConsumer

# The threaded paths (the flow split over threads, many containers, concurrent callers
# sharing the pool) with the library and the tests built under ThreadSanitizer, in a
# build folder of their own; a race report fails the run. Then the C stress test
# (Tests/c/test_threads.c: 8 threads, every entry point, engines, the per-thread error
# state, one engine shared) and the pool's start and stop across dlopen/dlclose
# (Tests/c/test_unload.c), against the library built with -sanitize=thread in
# .build-tsan-lib (Tests/c/run_tsan.sh says how and why).
test-tsan:
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --disable-swift-testing \
		--filter 'ParallelFlowTests|ManyContainersTests'
	SWIFT=$(SWIFT) bash Tests/c/run_tsan.sh

test-c: build
	bash Tests/c/run.sh

# No symbol shared between the per-ISA kernel modules; AVX code only where it belongs.
test-isa: build
	$(PYTHON) Tests/check_isa_modules.py

# Every C, C++ and Python example in README.md and docs/*.md compiles and runs.
test-readme: build test-deps
	bash Tests/readme_snippets.sh

# The benchmark tool works end to end (a smoke run, not a measurement).
test-bench:
	$(SWIFT) build $(RELEASE) --product lk-bench
	.build/release/lk-bench --smoke --out .build/bench-smoke
	printf 'width,height\n' > .build/bench-smoke/sizes.csv
	awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%.3f,%d\n", 20 + (i * 37 % 180) + 0.123, 24 + 8 * (i % 3) }' \
		>> .build/bench-smoke/sizes.csv
	.build/release/lk-bench --input .build/bench-smoke/sizes.csv --width 1200 --smoke --out .build/bench-smoke

# Fifty million items through C and Python, and an engine holding them: peak memory
# within the bounds docs/engine.md states (bytes per item beyond the caller's buffers).
test-memory: build test-deps
	bash Benchmarks/Memory/run.sh

# Installs into a scratch prefix (files, links, SONAME, stripping, uninstall) and builds
# programs against it: C through pkg-config, C++ through CMake's find_package.
test-install: build
	bash Tests/c/test_install.sh

test-python: build test-deps
	PYTHONPATH=python $(PYTHON) -m pytest -q python/tests

# The Python suite's dependencies at the versions python/requirements-test.txt pins
# (pytest, NumPy, Hypothesis, pandas, pyarrow, mypy, Dask and theirs), installed into $(PYTHON):
# pip replaces any other version and, when all are there, is done in a second offline.
test-deps:
	PIP_ROOT_USER_ACTION=ignore $(PYTHON) -m pip install --quiet --disable-pip-version-check \
		-r python/requirements-test.txt

# The Python package as a wheel, py3-none-manylinux_2_X_x86_64 (ctypes: any Python 3),
# in WHEEL_DIR: the library of `make build`, stripped, bundled by python/setup.py
# (through LAYOUTKERNEL_LIBRARY, so nothing is compiled twice), then `auditwheel
# repair` gives the manylinux tag the library's glibc symbols allow. The build tools
# are those python/requirements-wheel.txt pins, in a virtual environment of their own.
WHEEL_DIR ?= dist
WHEEL_ENV := .build-wheel/env

$(WHEEL_ENV)/bin/auditwheel: python/requirements-wheel.txt
	rm -rf $(WHEEL_ENV)
	$(PYTHON) -m venv $(WHEEL_ENV)
	$(WHEEL_ENV)/bin/python -m pip install --quiet --disable-pip-version-check \
		-r python/requirements-wheel.txt

wheel: build $(WHEEL_ENV)/bin/auditwheel
	rm -rf .build-wheel/lib .build-wheel/raw python/build
	mkdir -p .build-wheel/lib
	strip --strip-unneeded -o .build-wheel/lib/libLayoutKernel.so $(LIBRARY)
	LAYOUTKERNEL_LIBRARY=$(CURDIR)/.build-wheel/lib/libLayoutKernel.so $(WHEEL_ENV)/bin/python -m pip \
		wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps \
		-w .build-wheel/raw ./python
	rm -rf python/build
	rm -f $(WHEEL_DIR)/layoutkernel-*.whl
	PATH="$(CURDIR)/$(WHEEL_ENV)/bin:$$PATH" auditwheel repair --wheel-dir $(WHEEL_DIR) \
		.build-wheel/raw/layoutkernel-*.whl
	PATH="$(CURDIR)/$(WHEEL_ENV)/bin:$$PATH" auditwheel show $(WHEEL_DIR)/layoutkernel-*.whl

# The wheel installs offline into a fresh virtual environment and works there with no
# Swift toolchain on PATH, no repository and no NumPy (Tests/wheel/smoke.py).
test-wheel: wheel
	PYTHON=$(PYTHON) bash Tests/wheel/test_wheel.sh $(WHEEL_DIR)

# The library stripped of its symbol table and debug information (its lk_ exports stay);
# the debug information apart in lib/.debug, where debuggers look for it (the library's
# .gnu_debuglink names the file). Both made in $(STAGE) first, then copied.
install: build
	rm -rf $(STAGE) && mkdir -p $(STAGE)
	objcopy --only-keep-debug $(LIBRARY) $(STAGE)/$(REALNAME).debug
	strip --strip-unneeded -o $(STAGE)/$(REALNAME) $(LIBRARY)
	cd $(STAGE) && objcopy --add-gnu-debuglink=$(REALNAME).debug $(REALNAME)
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/.debug \
		$(DESTDIR)$(CMAKEDIR)
	install -m 644 Include/layoutkernel.h $(DESTDIR)$(PREFIX)/include/layoutkernel.h
	install -m 755 $(STAGE)/$(REALNAME) $(DESTDIR)$(LIBDIR)/$(REALNAME)
	install -m 644 $(STAGE)/$(REALNAME).debug $(DESTDIR)$(LIBDIR)/.debug/$(REALNAME).debug
	ln -sfn $(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sfn $(SONAME) $(DESTDIR)$(LIBDIR)/libLayoutKernel.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' Include/layoutkernel.pc.in \
		> $(DESTDIR)$(LIBDIR)/pkgconfig/layoutkernel.pc
	sed -e 's|@REALNAME@|$(REALNAME)|g' -e 's|@SONAME@|$(SONAME)|g' -e 's|@ABI@|$(ABI)|g' \
		cmake/LayoutKernelConfig.cmake.in > $(DESTDIR)$(CMAKEDIR)/LayoutKernelConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|g' -e "s|@SIZEOF_VOID_P@|$$(($$(getconf LONG_BIT) / 8))|g" \
		cmake/LayoutKernelConfigVersion.cmake.in > $(DESTDIR)$(CMAKEDIR)/LayoutKernelConfigVersion.cmake

# What install made: the header, this version's library, its debug information and both
# links, the pkg-config file and the CMake package; then the folders it made, if empty.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/layoutkernel.h $(DESTDIR)$(LIBDIR)/libLayoutKernel.so \
		$(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(REALNAME) \
		$(DESTDIR)$(LIBDIR)/.debug/$(REALNAME).debug $(DESTDIR)$(LIBDIR)/pkgconfig/layoutkernel.pc \
		$(DESTDIR)$(CMAKEDIR)/LayoutKernelConfig.cmake $(DESTDIR)$(CMAKEDIR)/LayoutKernelConfigVersion.cmake
	rmdir $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(LIBDIR)/cmake $(DESTDIR)$(LIBDIR)/.debug 2>/dev/null || true

clean:
	$(SWIFT) package clean
	rm -rf .build/ctests .build/install .build-tsan .build-tsan-lib .build-fuzz .build-wheel python/build \
		python/*.egg-info
