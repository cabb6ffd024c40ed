# A thin front door over CMake. `make demo` and `make test` work on a fresh
# Debian 12 or Raspberry Pi OS: they install what is missing first.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps configure program build test demo bench sequences model check-model-cpus deb check-deb check-arm64 check-arm64-ci check-libcamera clean

all: build

deps:
	@sh scripts/install-deps.sh build

configure: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

# The program alone (with the modules it loads), before anything else is
# built: make -j demo test then never runs two builds in one tree at once.
program: configure
	cmake --build $(BUILD) -j $(JOBS) --target seichi

build: program
	cmake --build $(BUILD) -j $(JOBS)

test: build
	@sh scripts/install-deps.sh test
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Read the bundled photo, count it (dead stones proposed), and draw the
# count on the picture. Only the program (and what it loads) is built:
# the tests are make test's.
demo: program
	./$(BUILD)/seichi score images/renders/r043.jpg --annotate $(BUILD)/demo-annotated.png --force
	@echo "annotated picture: $(BUILD)/demo-annotated.png"

SHARED ?= ../shared

# The rules figures, the kiosk's start, live view, capture and memory, the board reader on the renders and the render test set (and the shared photos
# when they are there), then the dead-stone proposal against GNU Go on the
# shared counted games (long: GNU Go takes about a second a game).
bench: build
	@sh scripts/install-deps.sh bench
	./$(BUILD)/seichi bench
	./$(BUILD)/seichi bench kiosk
	./$(BUILD)/seichi bench startup
	./$(BUILD)/seichi bench station
	@python3 scripts/shared-sequences.py --shared $(SHARED) $(BUILD)/real-sequences >/dev/null
	./$(BUILD)/seichi bench record images/sequences/*/ images/far/*/ $(wildcard $(BUILD)/real-sequences/*/) \
	    $(filter-out $(BUILD)/sequences/far25-13x13/,$(wildcard $(BUILD)/sequences/*/))
	./$(BUILD)/seichi bench vision images/renders images/testset $(wildcard $(SHARED)/photos/*/)
	@if [ -d $(SHARED)/sgf ]; then \
	  ./$(BUILD)/seichi bench deadstones $(SHARED)/sgf/tygem-9d-2005-11 $(SHARED)/sgf/fox-pro $(SHARED)/sgf/gnugo-regression-games && \
	  ./$(BUILD)/seichi bench deadstones --min-moves 200 $(SHARED)/sgf/fox-amateur-9k; \
	else echo "bench: $(SHARED)/sgf absent, dead-stone benchmark skipped"; fi

# Render the recording benchmark's game sequences (about an hour) into
# $(BUILD)/sequences; `make bench` measures them when they are there.
sequences:
	@sh scripts/install-deps.sh render
	sh images/generator/sequence-set.sh $(BUILD)/sequences $(SHARED)

# Retrain the three models (vision/model/README.md). The point classifier:
# render its training scenes (the default set's kind of scene, 19x19, from
# records of the shared SGF sets' training part chosen by a rule), and as
# many again with hands at the board's edges (on other records), cut their
# patches with seichi itself, train, calibrate and export
# vision/model/points.onnx. Its second opinion, the same way from more
# renders (280, and 202 with hands: as many as the records allow):
# points2.onnx. The stone finder: render three thirds of the training set
# (the test set's kind of scene, other records, other seeds) with each
# stone's outline, train and export vision/model/stones.onnx.
# Fixed seeds, one thread and torch's kernels held to AVX2 throughout, so
# it gives the committed models back byte for byte here, and should on any
# x86-64 CPU with AVX2 (vision/model/README.md, "Made again on another
# machine", says what was checked; make check-model-cpus). About an hour
# and a half on two shared cores.
MODEL_RENDERS ?= 140
MODEL_HANDS ?= 140
MODEL2_RENDERS ?= 280
MODEL2_HANDS ?= 202
MODEL_FINDER ?= 120
# One point classifier: $(1) classic-train renders, $(2) classic-hands
# ones, their folders, patches and model named with suffix $(3).
define point_model
	nice python3 images/generator/render.py --set classic-train --count $(1) --fast --width 800 --height 600 \
	  --sgf-root $(SHARED)/sgf --out $(BUILD)/model/renders$(3)
	nice python3 images/generator/render.py --set classic-hands --count $(2) --fast --width 800 --height 600 \
	  --sgf-root $(SHARED)/sgf --out $(BUILD)/model/hands$(3)
	nice ./$(BUILD)/seichi patches --force --copies 3 --out $(BUILD)/model/patches$(3).bin $(BUILD)/model/renders$(3)
	nice ./$(BUILD)/seichi patches --force --copies 3 --out $(BUILD)/model/hands$(3).bin $(BUILD)/model/hands$(3)
	nice /usr/bin/python3 vision/model/train.py --epochs 6 --out vision/model/points$(3).onnx \
	  $(BUILD)/model/patches$(3).bin $(BUILD)/model/hands$(3).bin
endef
model: build
	@sh scripts/install-deps.sh render model
	rm -rf $(BUILD)/model
	$(call point_model,$(MODEL_RENDERS),$(MODEL_HANDS),)
	$(call point_model,$(MODEL2_RENDERS),$(MODEL2_HANDS),2)
	nice python3 images/generator/render.py --set train --seed 211 --count $(MODEL_FINDER) --stone-shapes \
	  --sgf-root $(SHARED)/sgf --out $(BUILD)/model/finder-a & a=$$!; \
	nice python3 images/generator/render.py --set train --seed 212 --count $(MODEL_FINDER) --stone-shapes \
	  --sgf-root $(SHARED)/sgf --out $(BUILD)/model/finder-b & b=$$!; \
	nice python3 images/generator/render.py --set train --seed 213 --count $(MODEL_FINDER) --stone-shapes \
	  --sgf-root $(SHARED)/sgf --out $(BUILD)/model/finder-c && wait $$a && wait $$b
	nice /usr/bin/python3 vision/model/train_stones.py --out vision/model/stones.onnx \
	  $(BUILD)/model/finder-a $(BUILD)/model/finder-b $(BUILD)/model/finder-c
	cmake --build $(BUILD) -j $(JOBS)

# The Debian package (build-deb/seichi_VERSION_ARCH.deb), built for /usr.
deb: deps
	cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr $(CMAKE_FLAGS)
	cmake --build build-deb -j $(JOBS) --target seichi seichi_full seichi_cvio seichi_rules_shared
	cd build-deb && cpack -G DEB

# The package installed in a clean Debian 12 root (mmdebstrap, as root, with
# the network to the mirror): its user, its files, its unit verified.
check-deb: deps
	@sh scripts/install-deps.sh package
	sh scripts/check-deb.sh build-deb

# Build for arm64 with a cross compiler and an arm64 sysroot (made once in
# $(ARM64_BUILD)/sysroot), and run the tests under qemu: scripts/check-arm64.sh.
# ARM64_TESTS passes arguments to ctest, e.g. ARM64_TESTS="-R test_sgf".
ARM64_BUILD ?= build-arm64
ARM64_TESTS ?=
check-arm64:
	sh scripts/check-arm64.sh $(ARM64_BUILD) $(ARM64_TESTS)

# The same with the quick tests only (CI): the slow ones take most of the
# time the whole suite takes under qemu (README, Tests).
ARM64_SLOW = ^(test_vision|test_ui|test_deadstones|test_source|test_recsess|test_tracker|record_sequences|record_real|station|station_kill|station_tls|bench_station|web|gtp_regress_gnugo)$$
check-arm64-ci:
	sh scripts/check-arm64.sh $(ARM64_BUILD) -E '$(ARM64_SLOW)'

# Does training give the same model bytes on other x86-64 CPUs (Haswell and
# EPYC-Rome under qemu) as on this one? scripts/check-model-cpus.sh.
check-model-cpus: program
	@sh scripts/install-deps.sh model cpus
	sh scripts/check-model-cpus.sh $(BUILD)

# Compile vision/camera.cpp against Debian's newer libcamera headers (0.4 and
# 0.7, downloaded, never installed): the 0.5+ code path Raspberry Pi OS builds.
check-libcamera: deps
	sh scripts/check-libcamera.sh build-libcamera

clean:
	rm -rf $(BUILD)
