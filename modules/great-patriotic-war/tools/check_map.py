#!/usr/bin/env python3
"""Check ../map.toml for internal consistency and print a summary.

    python3 check_map.py [map.toml]

Exits non-zero when a check fails. Standard library only (Python >= 3.11).
"""
import os
import sys
import tomllib
from collections import Counter, deque

HERE = os.path.dirname(os.path.abspath(__file__))
TERRAINS = {"clear", "forest", "rough", "swamp", "mountain", "sea", "lake"}
WATER = {"sea", "lake"}
KINDS = {"major-city", "minor-city", "fortress"}
TAGS = {"capital", "black-sea-coast", "port"}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "map.toml")
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    failures = []
    passed = 0

    def check(ok, msg):
        nonlocal passed
        if ok:
            passed += 1
        else:
            failures.append(msg)
        return ok

    m = doc["map"][0]
    cols, rows = m["hex"]["columns"], m["hex"]["rows"]
    check(m["hex"]["orientation"] == "columns", "orientation must be columns")
    num = m["hex"]["numbering"]
    check((num["pattern"], num["first-column"], num["first-row"], num["digits"]) == ("column-row", 1, 1, 2),
          "numbering must be column-row from 1,1 with 2 digits")

    def neighbours(c, r):
        if c % 2 == 0:
            cand = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
        else:
            cand = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
        return [(a, b) for a, b in cand if 0 <= a < cols and 0 <= b < rows]

    def parse(lbl):
        if not (isinstance(lbl, str) and len(lbl) == 4 and lbl.isdigit()):
            return None
        c, r = int(lbl[:2]) - 1, int(lbl[2:]) - 1
        return (c, r) if 0 <= c < cols and 0 <= r < rows else None

    def label(h):
        return f"{h[0] + 1:02d}{h[1] + 1:02d}"

    def layer(name, allowed=None):
        legend = m[name]["legend"]
        lines = m[name]["rows"].split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        check(len(lines) == rows, f"{name}: {len(lines)} lines, expected {rows}")
        for i, line in enumerate(lines):
            check(len(line) == cols, f"{name}: line {i + 1} has {len(line)} chars, expected {cols}")
            bad = set(line) - set(legend)
            check(not bad, f"{name}: line {i + 1} uses characters not in the legend: {sorted(bad)}")
        used = {ch for line in lines for ch in line}
        check(set(legend) <= used, f"{name}: legend entries never used: {sorted(set(legend) - used)}")
        if allowed is not None:
            check(set(legend.values()) <= allowed, f"{name}: unknown ids {set(legend.values()) - allowed}")
        return {(c, r): legend[lines[r][c]] for r in range(rows) for c in range(cols)
                if r < len(lines) and c < len(lines[r]) and lines[r][c] in legend}

    terrain = layer("terrain", TERRAINS)
    country = layer("country")
    region = layer("region")
    land = {h for h, t in terrain.items() if t not in WATER}
    for h in terrain:
        if h in land:
            check(country.get(h, "") != "", f"land hex {label(h)} has no country")
        else:
            check(country.get(h, "") == "", f"water hex {label(h)} has country {country.get(h)}")
            check(region.get(h, "") == "", f"water hex {label(h)} is in region {region.get(h)}")
    for reg in sorted(set(region.values()) - {""}):
        cells = {h for h, v in region.items() if v == reg}
        start = next(iter(cells))
        seen, q = {start}, deque([start])
        while q:
            v = q.popleft()
            for n in neighbours(*v):
                if n in cells and n not in seen:
                    seen.add(n)
                    q.append(n)
        check(seen == cells, f"region {reg} is not contiguous")

    for feat in m.get("feature", []):
        h = parse(feat["hex"])
        check(h is not None and feat["terrain"] in TERRAINS, f"bad feature {feat}")

    # places
    place_hex = {}
    names = Counter(p["name"] for p in m.get("place", []))
    check(all(v == 1 for v in names.values()), f"duplicate place names {[n for n, v in names.items() if v > 1]}")
    for p in m.get("place", []):
        h = parse(p["hex"])
        if not check(h is not None, f"place {p['name']}: bad hex {p['hex']}"):
            continue
        check(h in land, f"place {p['name']} ({p['hex']}) is not on land")
        check(h not in place_hex, f"place {p['name']} shares {p['hex']} with {place_hex.get(h)}")
        place_hex[h] = p["name"]
        check(p["kind"] in KINDS, f"place {p['name']}: kind {p['kind']}")
        check(set(p.get("tags", [])) <= TAGS, f"place {p['name']}: tags {p.get('tags')}")

    # hexsides
    river_sides = set()
    straits = []
    for hs in m.get("hexside", []):
        check(hs["kind"] in ("river", "strait"), f"hexside kind {hs['kind']}")
        for pair in hs["sides"]:
            parts = pair.split("/")
            hexes = [parse(x) for x in parts]
            if not check(len(parts) == 2 and None not in hexes, f"{hs['name']}: bad side {pair}"):
                continue
            a, b = hexes
            check(b in neighbours(*a), f"{hs['name']}: {pair} are not adjacent")
            check(not (terrain[a] == "sea" and terrain[b] == "sea"), f"{hs['name']}: {pair} is between two sea hexes")
            if hs["kind"] == "river":
                river_sides.add(frozenset((a, b)))
            else:
                straits.append((hs["name"], a, b))
                check(a in land and b in land, f"strait {pair} must join two land hexes")

    # rails
    rail_hexes = set()
    for rail in m.get("rail", []):
        hexes = [parse(x) for x in rail["hexes"]]
        if not check(None not in hexes, f"rail {rail['name']}: bad hex"):
            continue
        for a, b in zip(hexes, hexes[1:]):
            check(b in neighbours(*a), f"rail {rail['name']}: {label(a)} -> {label(b)} not adjacent")
        for h in hexes:
            check(h in land, f"rail {rail['name']}: {label(h)} is not land")
        rail_hexes.update(hexes)

    # edges and hex sets
    edges = {e["id"]: e for e in m.get("edge", [])}
    check("west" in edges and "east" in edges, "west and east edges must exist")
    along = {"west": [(0, r) for r in range(rows)], "east": [(cols - 1, r) for r in range(rows)],
             "north": [(c, 0) for c in range(cols)], "south": [(c, rows - 1) for c in range(cols)]}
    edge_sizes = {}
    for e in edges.values():
        if "along" in e:
            hexes = [h for h in along[e["along"]] if h in land]
        else:
            hexes = [parse(x) for x in e["hexes"]]
            check(None not in hexes and all(h in land for h in hexes), f"edge {e['id']}: bad or water hexes")
        check(len(hexes) > 0, f"edge {e['id']} has no land hex")
        edge_sizes[e["id"]] = len(hexes)
    for s in m.get("hex-set", []):
        hexes = [parse(x) for x in s["hexes"]]
        check(None not in hexes and all(h in land for h in hexes), f"hex-set {s['id']}: bad or water hexes")

    # summary
    print(f"map {m['id']}: {cols} columns x {rows} rows = {cols * rows} hexes")
    print("terrain:", ", ".join(f"{k} {v}" for k, v in Counter(terrain.values()).most_common()))
    print("country:", ", ".join(f"{k or '(none)'} {v}" for k, v in Counter(country.values()).most_common()))
    print("region:", ", ".join(f"{k} {v}" for k, v in Counter(region.values()).most_common() if k))
    print(f"rivers: {sum(1 for h in m.get('hexside', []) if h['kind'] == 'river')} named rivers, "
          f"{len(river_sides)} river hexsides")
    for name, a, b in straits:
        print(f"strait: {name} {label(a)}/{label(b)}")
    print(f"rail: {len(m.get('rail', []))} lines, {len(rail_hexes)} rail hexes")
    print(f"edges: " + ", ".join(f"{k} {v} land hexes" for k, v in edge_sizes.items()))
    for s in m.get("hex-set", []):
        print(f"hex-set {s['id']}: {len(s['hexes'])} hexes")
    print(f"places: {len(place_hex)}")
    for p in m.get("place", []):
        tags = f" [{', '.join(p['tags'])}]" if p.get("tags") else ""
        print(f"  {p['hex']} {p['name']} ({p['kind']}, {country[parse(p['hex'])]}){tags}")
    for msg in failures[:50]:
        print("FAIL:", msg)
    print(f"checks: {passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
