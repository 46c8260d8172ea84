#!/usr/bin/env python3
"""Regenerates the generated image fixtures (see README.md). PNG variants are written here with zlib, so their
colour type, bit depth and interlacing are exactly what the tests name; JPEGs come from ImageMagick's convert.
The formulas and colours must match Tests/ScanoutImageTests (Fixtures.swift, JPEGDecodingTests.swift).
Run from this folder: python3 make-fixtures.py"""

import os
import struct
import subprocess
import tempfile
import zlib

SIZE = 16  # PNG variants are 16x16


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(path, color_type, depth, rows, palette=None, trns=None, interlaced=False):
    """rows: per row, a list of per-pixel tuples of samples (already at `depth`)."""
    width, height = len(rows[0]), len(rows)
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0))
    if palette is not None:
        out += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        out += chunk(b"tRNS", bytes(trns))

    def packed(pixels):
        fmt = "B" if depth == 8 else ">H"
        return b"\x00" + b"".join(struct.pack(fmt, s) for px in pixels for s in px)  # filter type 0 (None)

    if interlaced:
        raw = b""
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
            if x0 >= width or y0 >= height:
                continue
            raw += b"".join(packed(rows[y][x0::dx]) for y in range(y0, height, dy))
    else:
        raw = b"".join(packed(row) for row in rows)
    out += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(out)


# The colour pattern: every alpha value 0...255 occurs once, with colours that differ per pixel.
def rgba(x, y):
    return (x * 17, y * 17, 255 - (x + y) * 8, y * 16 + x)


def grey(x, y):
    return y * 16 + x


grid = [[rgba(x, y) for x in range(SIZE)] for y in range(SIZE)]
png("rgba8.png", 6, 8, grid)
png("rgba8-interlaced.png", 6, 8, grid, interlaced=True)
# 16-bit samples v * 257 are exactly the 8-bit value v scaled up; no gAMA chunk (see PNGCodec's 16-bit flag).
png("rgba16.png", 6, 16, [[tuple(c * 257 for c in px) for px in row] for row in grid])
palette = [rgba(i % SIZE, i // SIZE)[:3] for i in range(SIZE * SIZE)]
png("palette8.png", 3, 8, [[(y * SIZE + x,) for x in range(SIZE)] for y in range(SIZE)],
    palette=palette, trns=[rgba(i % SIZE, i // SIZE)[3] for i in range(SIZE * SIZE)])
png("grey8.png", 0, 8, [[(grey(x, y),) for x in range(SIZE)] for y in range(SIZE)])
png("grey-alpha8.png", 4, 8, [[(grey(x, y), 255 - grey(x, y)) for x in range(SIZE)] for y in range(SIZE)])

# JPEGs: 16x16 blocks of flat colour, so block centres are far from the 8x8 DCT blocks' edges.
BLOCKS = [
    [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],
    [(0, 0, 0), (128, 128, 128), (255, 255, 0), (0, 255, 255)],
    [(255, 0, 255), (255, 128, 0), (32, 64, 160), (200, 150, 100)],
]
GREYS = [48, 208]

with tempfile.TemporaryDirectory() as tmp:
    ppm = os.path.join(tmp, "blocks.ppm")
    with open(ppm, "wb") as f:
        f.write(b"P6 64 48 255\n")
        f.write(bytes(c for y in range(48) for x in range(64) for c in BLOCKS[y // 16][x // 16]))
    pgm = os.path.join(tmp, "greys.pgm")
    with open(pgm, "wb") as f:
        f.write(b"P5 32 16 255\n")
        f.write(bytes(GREYS[x // 16] for y in range(16) for x in range(32)))
    common = ["-strip", "-quality", "95", "-sampling-factor", "1x1"]
    subprocess.run(["convert", ppm] + common + ["blocks64x48.jpg"], check=True)
    subprocess.run(["convert", pgm] + common + ["-colorspace", "Gray", "greys32x16.jpg"], check=True)
    subprocess.run(["convert", ppm, "-strip", "-quality", "95", "-colorspace", "CMYK", "cmyk64x48.jpg"], check=True)
