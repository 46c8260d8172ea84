#!/usr/bin/env python3
"""Writes the raster and font seeds (the PNG/JPEG seeds are copies of Tests/Fixtures/images, the board and
options seeds are text). Run from Fuzz/Corpus; the outputs are committed, so this is only needed to change them."""
import os, struct

def small(v):  # FuzzInput.double(): a kind byte >= 3, then an Int16 of v * 4
    return bytes([3]) + struct.pack('>h', int(v * 4))

def special(i):  # FuzzInput.double(): kind 0, the special value number i (NaN, inf, ...)
    return bytes([i << 4])

def op(n):  # RasterProgram's operation number
    return bytes([n])

def pt(x, y): return small(x) + small(y)
def rect(x, y, w, h): return small(x) + small(y) + small(w) + small(h)
def rgba(r, g, b, a): return bytes([r, g, b, a])
SOLID = bytes([0]) + rgba(200, 30, 30, 255)
def linear(): return bytes([1, 2]) + rgba(0, 0, 255, 255) + small(0) + rgba(0, 255, 0, 255) + small(1) + pt(0, 0) + pt(40, 20) + bytes([0])
def stroke(width, dash=(), cap=1, join=1):
    return bytes([len(dash)]) + b''.join(small(d) for d in dash) + small(width) + bytes([cap, join]) + small(10) + small(0)

seeds = {
    'fill-ellipse': bytes([0]) + op(9) + rect(4, 4, 30, 20) + op(10) + SOLID + bytes([0, 1]),
    'stroke-arc-dashed': bytes([1]) + op(4) + pt(24, 16) + small(10) + small(0) + small(5) + op(11) + SOLID + stroke(2, (3, 1)),
    'gradient-rect': bytes([0]) + op(19) + rect(0, 0, 48, 32) + linear(),
    'rotated-image': bytes([2]) + op(13) + bytes([0]) + small(0.5) + op(20) + rect(8, 4, 20, 12) + bytes([1]),
    'nan-transform-stroke': bytes([0]) + op(12) + special(0) + small(0) + small(0) + small(1) + small(0) + small(0)
        + op(0) + pt(1, 1) + op(1) + pt(40, 30) + op(11) + SOLID + stroke(3),
    'long-dash': bytes([0]) + op(0) + pt(0, 16) + op(1) + special(14) + small(16) + op(11) + SOLID + stroke(2, (1, 1)),
    'clip-mask-quad': bytes([0]) + op(0) + pt(2, 2) + op(2) + pt(40, 30) + pt(60, 0) + op(6) + op(15) + bytes([0])
        + op(19) + rect(0, 0, 48, 32) + SOLID,
}
os.makedirs('raster', exist_ok=True)
for name, data in seeds.items():
    open(os.path.join('raster', name), 'wb').write(data)

def table_dir(tables):
    tags = sorted(tables)
    out = struct.pack('>IHHHH', 0x00010000, len(tags), 64, 2, len(tags) * 16 - 64)
    offset = 12 + 16 * len(tags)
    body = b''
    for t in tags:
        data = tables[t]
        out += struct.pack('>4sIII', t.encode(), 0, offset + len(body), len(data))
        body += data + b'\0' * (-len(data) % 4)
    return out + body

def tiny_font():
    # Two glyphs: .notdef (empty) and 'A', a triangle; 1000 units per em.
    glyph = struct.pack('>hhhhh', 1, 50, 0, 650, 700) + struct.pack('>H', 2) + struct.pack('>H', 0) + bytes([1, 1, 1])
    glyph += struct.pack('>hhh', 50, 300, 300) + struct.pack('>hhh', 0, 700, -700)
    glyph += b'\0' * (-len(glyph) % 2)
    loca = struct.pack('>HHH', 0, 0, len(glyph) // 2)
    head = struct.pack('>IIIIHHqqhhhhHHhhh', 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0, 0, 0, 700, 700, 0, 8, 2, 0, 0)
    hhea = struct.pack('>IhhhHhhhhhhhhhhhH', 0x00010000, 800, -200, 0, 750, 0, 0, 700, 1, 0, 0, 0, 0, 0, 0, 0, 2)
    maxp = struct.pack('>IHHHHHHHHHHHHHH', 0x00010000, 2, 3, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    hmtx = struct.pack('>HhHh', 500, 0, 750, 50)
    seg = struct.pack('>HHHH', 4, 4, 1, 0)  # segCountX2, searchRange, entrySelector, rangeShift (2 segments)
    fmt4 = seg + struct.pack('>HH', 0x41, 0xFFFF) + struct.pack('>H', 0) + struct.pack('>HH', 0x41, 0xFFFF)
    fmt4 += struct.pack('>hh', 1 - 0x41, 1) + struct.pack('>HH', 0, 0)
    sub = struct.pack('>HHH', 4, 6 + len(fmt4), 0) + fmt4
    cmap = struct.pack('>HHHHI', 0, 1, 3, 1, 12) + sub
    post = struct.pack('>IIhhIIIII', 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    return table_dir({'head': head, 'hhea': hhea, 'maxp': maxp, 'hmtx': hmtx, 'cmap': cmap, 'loca': loca,
                      'glyf': glyph, 'post': post})

os.makedirs('font', exist_ok=True)
open('font/tiny.ttf', 'wb').write(tiny_font())
