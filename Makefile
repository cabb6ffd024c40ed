# A thin front door over CMake. `make demo` and `make test` work on a fresh
# Debian 12 or Raspberry Pi OS: they install what is missing first.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps build test demo bench clean

all: build

deps:
	@sh scripts/install-deps.sh build

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

demo: build
	./$(BUILD)/seichi score --board kiosk/samples/club-game-19.board --rules chinese --dead auto

bench: build
	./$(BUILD)/seichi bench

clean:
	rm -rf $(BUILD)
