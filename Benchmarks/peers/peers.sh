#!/usr/bin/env bash
# Builds and runs the peer renderers that come from Debian's packages (cairo, pixman, Qt6 QPainter)
# and PyPI (skia-python) on the kiosk-dashboard scene, and prints one JSON line per peer and size.
# Usage: peers.sh [deps] [peer...]   (peers: cairo pixman qt skia membench; default: cairo)
# Run from anywhere; writes build output to $BENCH_OUT (default a temporary folder).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${BENCH_OUT:-$(mktemp -d)}"
if [ "${1:-}" = deps ]; then
  shift
  apt-get install -y -q --no-install-recommends libcairo2-dev libpixman-1-dev libfreetype-dev fonts-dejavu-core pkg-config >/dev/null
  for p in "$@"; do
    [ "$p" = qt ] && apt-get install -y -q --no-install-recommends qt6-base-dev >/dev/null
    [ "$p" = skia ] && pip install -q skia-python numpy pillow
  done
fi
peers=("${@:-cairo}")
mkdir -p "$out/bin" "$out/out"
cp -r "$here/../scene" "$out/"   # the scene the Swift benchmarks read too
# scene/ already holds the generated scene (gen_scene.py regenerates it)
cd "$out"
export FRAMES="${FRAMES:-200}" WARMUP="${WARMUP:-20}" QT_QPA_PLATFORM=offscreen
for p in "${peers[@]}"; do
  case "$p" in
    cairo)  gcc -O2 -I"$here" -o bin/cairo_bench "$here/cairo_bench.c" $(pkg-config --cflags --libs cairo cairo-ft freetype2 pixman-1) -lm ;;
    pixman) gcc -O2 -I"$here" -o bin/pixman_bench "$here/pixman_bench.c" $(pkg-config --cflags --libs pixman-1 cairo freetype2) -lm ;;
    qt)     g++ -O2 -std=c++17 -fPIC -I"$here" -o bin/qt_bench "$here/qt_bench.cpp" $(pkg-config --cflags --libs Qt6Gui) ;;
    membench) gcc -O2 -o bin/membench "$here/membench.c" ;;
  esac
done
for sz in "800 480" "1920 1080"; do
  for p in "${peers[@]}"; do
    case "$p" in
      cairo|pixman|qt) ./bin/${p}_bench $sz 2>/dev/null ;;
      skia) python3 "$here/skia_bench.py" $sz immediate 2>/dev/null ;;
    esac
  done
done
for p in "${peers[@]}"; do [ "$p" = membench ] && ./bin/membench _O2 || true; done
