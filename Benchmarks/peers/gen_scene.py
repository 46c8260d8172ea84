#!/usr/bin/env python3
"""Generate the 'kiosk dashboard' benchmark scene.

Outputs (in ./scene/):
  scene_<W>x<H>.json  canonical, human readable spec (absolute coordinates)
  scene_<W>x<H>.txt   same content flattened to one op per line for C parsers
  image256.bgra       256x256 premultiplied BGRA (little-endian ARGB32) raw pixels
  image256.png        same image, straight alpha PNG (for libraries that load PNG)

Conventions (apply to every peer):
  * target: premultiplied ARGB32 (bytes B,G,R,A in memory), stride = W*4, cleared
    to 0 before the first frame only (the background is opaque and covers all).
  * colours are 0xAARRGGBB, straight (non-premultiplied) alpha; all ops are SrcOver.
  * geometry in pixels, y down, pixel centres at +0.5. Strokes are centred on
    the geometric path. Angles in degrees, 0 = +x axis, positive = clockwise on
    screen (i.e. towards +y).
  * text: DejaVuSans.ttf (fonts-dejavu-core), 'size' = em size in pixels,
    (x, y) = left end of the baseline, left-aligned, no kerning/shaping required
    (ASCII only), grayscale AA, hinting off where the library allows.
  * image: image256 drawn into dst rect (x,y,200,200), bilinear filtering.
  * draw order = order of the ops in the file.
Damage case: the frame alternates between state A (as listed) and state B
  (ring <dmg_ring> sweep = sweep_b, text <dmg_text> = text_b). Each damage frame
  toggles the state and repaints only the damage rect: clip to the rect, then
  draw bg, ring dmg_ring, text dmg_text (the generator asserts no other op's
  bounding box intersects the damage rect).
"""
import json, math, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "scene")  # Benchmarks/scene, read by the Swift benchmarks and the peers
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

CARD_NAMES = ["Line A01", "Line A02", "Pump P-11", "Pump P-12", "Valve V3", "Valve V4",
              "Boiler B1", "Boiler B2", "Fan F-201", "Fan F-202", "Tank T-07", "Tank T-08",
              "Chiller C1", "Chiller C2", "Meter M-31", "Meter M-32", "Zone North", "Zone South",
              "Dock Bay 1", "Dock Bay 2", "Press H-04", "Press H-05", "Oven OV-9", "Mixer MX-2"]
RING_LABELS = ["CPU 62.0%", "RAM 48.5%", "Disk 71.2%", "Net 23.9%", "Temp 55.1%", "Load 87.4%"]
RING_VALUES = [0.620, 0.485, 0.712, 0.239, 0.551, 0.874]
RIGHT_LABELS = [("Uptime 12d 04h 31m", 16), ("Alarms: 0 active", 18), ("Shift B / Crew 7", 14),
                ("Output 1 284 u/h", 20), ("OEE 91.3 %", 24), ("Energy 412.6 kWh", 16),
                ("Next service: 3d", 14), ("Batch #A-20931", 18)]
CARD_FILLS = [0xCC2A3B4F, 0xCC1F4E5F, 0xCC3B2F4F, 0xCC24553A, 0xCC5A3A22, 0xCC2E2E5C]
CARD_STROKES = [0xFF5B8DB8, 0xFF4FB3BF, 0xFF9A7BC8, 0xFF6CC070, 0xFFE0A050, 0xFF7C7CE0]
RING_COLORS = [0xFF36C5F0, 0xFF2EB67D, 0xFFECB22E, 0xFFE01E5A, 0xFF9B59B6, 0xFFF39C12]
TRACK_COLOR = 0x40FFFFFF
TEXT_MAIN = 0xFFE8EEF4
TEXT_DIM = 0xFFA9B7C6


def est_text_bbox(x, y, size, s, adv=0.70):
    # generous estimate (DejaVu Sans: ascent .93em, descent .24em, advance <= .7em avg)
    return [x - 1, y - 0.95 * size - 1, x + adv * size * len(s) + 2, y + 0.25 * size + 1]


def make_scene(W, H):
    sx, sy, sr = W / 800.0, H / 480.0, min(W / 800.0, H / 480.0)
    ops = []
    ops.append({"op": "bg_linear", "x0": 0, "y0": 0, "x1": 0, "y1": H,
                "c0": 0xFF1B2838, "c1": 0xFF0B1118})
    # header texts (2)
    texts = []
    texts.append({"x": round(16 * sx), "y": round(32 * sy), "size": 28, "color": TEXT_MAIN, "text": "Plant Overview"})
    texts.append({"x": round(580 * sx), "y": round(32 * sy), "size": 20, "color": TEXT_DIM, "text": "12:45:07 UTC"})
    # cards 6x4
    gx0, gy0, gw, gh, gap = 16 * sx, 44 * sy, 544 * sx, 224 * sy, 8
    cw, ch = (gw - 5 * gap) / 6, (gh - 3 * gap) / 4
    cards = []
    for r in range(4):
        for c in range(6):
            i = r * 6 + c
            x, y = round(gx0 + c * (cw + gap)), round(gy0 + r * (ch + gap))
            cards.append({"op": "rrect", "x": x, "y": y, "w": round(cw), "h": round(ch), "r": 12,
                          "fill": CARD_FILLS[(i + r) % 6], "stroke": CARD_STROKES[(i + r) % 6], "sw": 1.5})
            texts.append({"x": x + 8, "y": y + 20, "size": 14 if r % 2 == 0 else 16,
                          "color": TEXT_MAIN, "text": CARD_NAMES[i]})
    ops += cards
    # rings
    rings = []
    ring_r = round(30 * sr, 1)
    ring_cy = round(310 * sy, 1)
    ring_text_idx0 = len(texts)
    for i in range(6):
        cx = round(16 * sx + (544 * sx) * (i + 0.5) / 6, 1)
        rings.append({"op": "ring", "cx": cx, "cy": ring_cy, "r": ring_r, "sw": 8,
                      "track": TRACK_COLOR, "color": RING_COLORS[i], "start": -90.0,
                      "sweep": round(RING_VALUES[i] * 360.0, 2)})
        texts.append({"x": round(cx - 36), "y": round(ring_cy + ring_r + 4 + 16), "size": 14,
                      "color": TEXT_DIM, "text": RING_LABELS[i]})
    ops += rings
    # chart polyline, 200 points
    cx0, cx1 = 16 * sx, 560 * sx
    cy0, cy1 = 380 * sy, 470 * sy
    mid, amp = (cy0 + cy1) / 2, (cy1 - cy0) / 2 * 0.9
    pts = []
    for i in range(200):
        x = cx0 + (cx1 - cx0) * i / 199
        v = 0.6 * math.sin(i * 0.11) + 0.3 * math.sin(i * 0.37 + 1.0) + 0.1 * math.sin(i * 1.3)
        pts.append([round(x, 2), round(mid - amp * v, 2)])
    ops.append({"op": "polyline", "color": 0xFF36C5F0, "sw": 2.0, "join": "round", "cap": "round", "points": pts})
    # image
    ops.append({"op": "image", "src": "image256", "x": round(580 * sx), "y": round(44 * sy), "w": 200, "h": 200,
                "filter": "bilinear"})
    # right column labels (8)
    for k, (s, sz) in enumerate(RIGHT_LABELS):
        texts.append({"x": round(580 * sx), "y": round(272 * sy + k * 26 * sy), "size": sz,
                      "color": TEXT_MAIN if k % 2 == 0 else TEXT_DIM, "text": s})
    assert len(texts) == 40, len(texts)
    for t in texts:
        assert 8 <= len(t["text"]) <= 20, t
        assert 14 <= t["size"] <= 28
        t["op"] = "text"
    ops += texts
    # damage: ring 0 + its label
    dr, dt = 0, ring_text_idx0
    ring = rings[dr]
    ext = ring["r"] + ring["sw"] / 2 + 2
    rb = [ring["cx"] - ext, ring["cy"] - ext, ring["cx"] + ext, ring["cy"] + ext]
    tb = est_text_bbox(texts[dt]["x"], texts[dt]["y"], 14, "CPU 63.5%", adv=0.66)  # true width 77.4px
    x0, y0 = math.floor(min(rb[0], tb[0])), math.floor(min(rb[1], tb[1]))
    x1, y1 = math.ceil(max(rb[2], tb[2])), math.ceil(max(rb[3], tb[3]))
    damage = {"x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0, "ring": dr, "text": dt,
              "sweep_b": round(0.635 * 360.0, 2), "text_b": "CPU 63.5%"}

    # assert nothing else intersects the damage rect
    def inter(b):
        return not (b[2] <= x0 or b[0] >= x1 or b[3] <= y0 or b[1] >= y1)
    for i, c in enumerate(cards):
        assert not inter([c["x"] - 1, c["y"] - 1, c["x"] + c["w"] + 1, c["y"] + c["h"] + 1]), ("card", i)
    for i, rg in enumerate(rings):
        if i == dr: continue
        e = rg["r"] + rg["sw"] / 2 + 1
        assert not inter([rg["cx"] - e, rg["cy"] - e, rg["cx"] + e, rg["cy"] + e]), ("ring", i)
    for i, t in enumerate(texts):
        if i == dt: continue
        assert not inter(est_text_bbox(t["x"], t["y"], t["size"], t["text"])), ("text", i, t)
    ys = [p[1] for p in pts]
    assert not inter([cx0 - 2, min(ys) - 2, cx1 + 2, max(ys) + 2]), "chart"
    img = ops[-41]
    assert img["op"] == "image"
    assert not inter([img["x"], img["y"], img["x"] + 200, img["y"] + 200])
    return {"name": "kiosk_dashboard", "version": 1, "width": W, "height": H,
            "format": "premultiplied ARGB32 (BGRA bytes), SrcOver", "font": FONT,
            "image256": "image256.bgra (premultiplied BGRA) / image256.png (straight RGBA)",
            "ops": ops, "damage": damage}


def write_txt(scene, path):
    L = [f"size {scene['width']} {scene['height']}"]
    for o in scene["ops"]:
        k = o["op"]
        if k == "bg_linear":
            L.append(f"bg {o['x0']} {o['y0']} {o['x1']} {o['y1']} {o['c0']:08X} {o['c1']:08X}")
        elif k == "rrect":
            L.append(f"rrect {o['x']} {o['y']} {o['w']} {o['h']} {o['r']} {o['fill']:08X} {o['stroke']:08X} {o['sw']}")
        elif k == "ring":
            L.append(f"ring {o['cx']} {o['cy']} {o['r']} {o['sw']} {o['track']:08X} {o['color']:08X} {o['start']} {o['sweep']}")
        elif k == "polyline":
            L.append(f"poly {len(o['points'])} {o['color']:08X} {o['sw']} " + " ".join(f"{p[0]} {p[1]}" for p in o["points"]))
        elif k == "image":
            L.append(f"image {o['x']} {o['y']} {o['w']} {o['h']}")
        elif k == "text":
            L.append(f"text {o['x']} {o['y']} {o['size']} {o['color']:08X} {o['text']}")
    d = scene["damage"]
    L.append(f"damage {d['x']} {d['y']} {d['w']} {d['h']} {d['ring']} {d['text']} {d['sweep_b']} {d['text_b']}")
    open(path, "w").write("\n".join(L) + "\n")


def make_image():
    """256x256 test image: colour gradient with rings, rounded-corner alpha mask, translucent band."""
    N = 256
    straight = bytearray(N * N * 4)
    prem = bytearray(N * N * 4)
    for y in range(N):
        for x in range(N):
            u, v = x / 255.0, y / 255.0
            d = math.hypot(x - 128, y - 128)
            ring = 0.5 + 0.5 * math.cos(d * 0.25)
            r = int(255 * (0.2 + 0.8 * u) * (0.6 + 0.4 * ring))
            g = int(255 * (0.3 + 0.7 * v) * (0.6 + 0.4 * ring))
            b = int(255 * (1.0 - 0.7 * u) * (0.7 + 0.3 * ring))
            # rounded square mask radius 40 with 1px AA
            qx, qy = max(abs(x + 0.5 - 128) - (128 - 40), 0), max(abs(y + 0.5 - 128) - (128 - 40), 0)
            m = min(max(40 - math.hypot(qx, qy) + 0.5, 0.0), 1.0)
            a = m * (0.55 if 150 <= y < 190 else 1.0)  # translucent band
            A = int(round(255 * a))
            i = (y * N + x) * 4
            straight[i:i + 4] = bytes((r, g, b, A))
            pr, pg, pb = (r * A + 127) // 255, (g * A + 127) // 255, (b * A + 127) // 255
            prem[i:i + 4] = bytes((pb, pg, pr, A))
    return straight, prem


def write_png(path, w, h, rgba):
    raw = b"".join(b"\x00" + bytes(rgba[y * w * 4:(y + 1) * w * 4]) for y in range(h))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for W, H in [(800, 480), (1920, 1080)]:
        s = make_scene(W, H)
        json.dump(s, open(os.path.join(OUT, f"scene_{W}x{H}.json"), "w"), indent=1)
        write_txt(s, os.path.join(OUT, f"scene_{W}x{H}.txt"))
        print(W, H, "damage", s["damage"])
    st, pm = make_image()
    open(os.path.join(OUT, "image256.bgra"), "wb").write(pm)
    write_png(os.path.join(OUT, "image256.png"), 256, 256, st)
