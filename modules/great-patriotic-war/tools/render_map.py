#!/usr/bin/env python3
"""Draw ../map.toml as a PNG to eyeball it (needs Pillow: pip install pillow).

    python3 render_map.py [map.toml] [out.png] [--numbers]

Only a viewing aid: reads nothing but the TOML file, so it also checks that the file
stands on its own.
"""
import math
import os
import sys
import tomllib

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
COLOURS = {"clear": (236, 226, 180), "forest": (120, 170, 90), "rough": (196, 160, 110),
           "swamp": (130, 170, 160), "mountain": (150, 110, 80), "sea": (120, 170, 220),
           "lake": (150, 195, 235)}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(HERE, "..", "map.toml")
    out = args[1] if len(args) > 1 else os.path.join(HERE, "map.png")
    numbers = "--numbers" in sys.argv
    with open(path, "rb") as f:
        m = tomllib.load(f)["map"][0]
    cols, rows = m["hex"]["columns"], m["hex"]["rows"]
    S = 22.0                                  # circumradius in pixels
    W = S * math.sqrt(3)

    def ctr(c, r):
        return S + c * 1.5 * S + 4, W / 2 + r * W + (W / 2 if c % 2 else 0) + 4

    def parse(lbl):
        return int(lbl[:2]) - 1, int(lbl[2:]) - 1

    def grid(layer):
        lines = m[layer]["rows"].strip("\n").split("\n")
        return {(c, r): m[layer]["legend"][lines[r][c]] for r in range(rows) for c in range(cols)}

    terrain, country, region = grid("terrain"), grid("country"), grid("region")
    img = Image.new("RGB", (int(cols * 1.5 * S + S + 10), int(rows * W + W / 2 + 10)), "white")
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 11)
        small = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 7)
    except OSError:
        font = small = ImageFont.load_default()

    def corners(c, r):
        x, y = ctr(c, r)
        return [(x + S * math.cos(math.radians(60 * k)), y + S * math.sin(math.radians(60 * k))) for k in range(6)]

    def side(a, b):
        """The two end points of the hexside shared by hexes a and b."""
        ca, cb = corners(*a), corners(*b)
        common = [p for p in ca if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 0.5 for q in cb)]
        return common

    for (c, r), t in terrain.items():
        d.polygon(corners(c, r), fill=COLOURS[t], outline=(200, 200, 200))
        if numbers:
            x, y = ctr(c, r)
            d.text((x - 8, y - S * 0.8), f"{c + 1:02d}{r + 1:02d}", fill=(90, 90, 90), font=small)
    # borders between countries, and region outlines
    for (c, r) in terrain:
        for (c2, r2) in [(c + 1, r), (c, r + 1), (c + 1, r + (1 if c % 2 else -1))]:
            if (c2, r2) not in terrain:
                continue
            if country[(c, r)] and country[(c2, r2)] and country[(c, r)] != country[(c2, r2)]:
                s = side((c, r), (c2, r2))
                if len(s) == 2:
                    d.line(s, fill=(60, 60, 60), width=3)
            if region[(c, r)] != region[(c2, r2)] and (region[(c, r)] or region[(c2, r2)]):
                s = side((c, r), (c2, r2))
                if len(s) == 2:
                    d.line(s, fill=(220, 0, 0), width=2)
    for hs in m.get("hexside", []):
        colour = (20, 60, 200) if hs["kind"] == "river" else (255, 0, 255)
        for pair in hs["sides"]:
            a, b = (parse(x) for x in pair.split("/"))
            s = side(a, b)
            if len(s) == 2:
                d.line(s, fill=colour, width=4 if hs["kind"] == "strait" else 3)
    for rail in m.get("rail", []):
        pts = [ctr(*parse(h)) for h in rail["hexes"]]
        d.line(pts, fill=(0, 0, 0), width=1)
    for p in m.get("place", []):
        x, y = ctr(*parse(p["hex"]))
        rad = {"major-city": 6, "minor-city": 4, "fortress": 5}[p["kind"]]
        fill = (200, 0, 0) if "black-sea-coast" in p.get("tags", []) else (0, 0, 0)
        if p["kind"] == "fortress":
            d.rectangle((x - rad, y - rad, x + rad, y + rad), fill=fill)
        else:
            d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=fill)
        d.text((x + rad + 1, y - 6), p["name"], fill=(0, 0, 0), font=font)
    img.save(out)
    print(out)


if __name__ == "__main__":
    main()
