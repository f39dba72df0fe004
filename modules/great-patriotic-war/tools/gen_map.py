#!/usr/bin/env python3
"""Generate ../map.toml: the hex map of The Great Patriotic War (Eastern Europe 1941-45).

Coastlines, lakes and modern country outlines come from Natural Earth (public domain), see
geodata.py. Everything else is authored in the tables below from general geographic
knowledge and is marked RECONSTRUCTED: the 1941 political lines, the terrain areas
(Natural Earth has no forest/swamp/relief layer), the river centrelines (Natural Earth
rivers are not packaged offline), the cities' coordinates and the 1941 rail net.

Usage:  python3 gen_map.py            # fetches data if needed, writes ../map.toml
        python3 gen_map.py --check    # also runs check_map.py on the result
Standard library only (Python >= 3.11).
"""
import argparse
import heapq
import math
import os
import subprocess
import sys
from collections import Counter, defaultdict, deque

import geodata
from geodata import latlon_poly

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "map.toml"))

# ---------------------------------------------------------------------------
# Projection: Lambert conformal conic, standard parallels 47N and 57N, centre 52N 32E,
# on a sphere of radius 6371 km. x east, y north, in km.
# ---------------------------------------------------------------------------
EARTH_R = 6371.0
LAT1, LAT2, LAT0, LON0 = 47.0, 57.0, 52.0, 32.0
_p1, _p2 = math.radians(LAT1), math.radians(LAT2)
_N = math.log(math.cos(_p1) / math.cos(_p2)) / math.log(
    math.tan(math.pi / 4 + _p2 / 2) / math.tan(math.pi / 4 + _p1 / 2))
_F = math.cos(_p1) * math.tan(math.pi / 4 + _p1 / 2) ** _N / _N


def _rho(lat):
    return EARTH_R * _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N


_RHO0 = _rho(LAT0)


def project(lat, lon):
    r = _rho(lat)
    th = _N * math.radians(lon - LON0)
    return r * math.sin(th), _RHO0 - r * math.cos(th)


def unproject(x, y):
    yy = _RHO0 - y
    r = math.copysign(math.hypot(x, yy), _N)
    th = math.atan2(x, yy)
    lat = 2 * math.atan((EARTH_R * _F / r) ** (1 / _N)) - math.pi / 2
    return math.degrees(lat), LON0 + math.degrees(th / _N)


# ---------------------------------------------------------------------------
# Hex grid: flat-topped hexes in vertical columns, 47 km across the flats.
# Raw column 0 is the west edge; odd raw columns sit half a hex lower.
# ---------------------------------------------------------------------------
HEX_D = 47.0                      # centre-to-centre distance = width across flats (km)
HEX_R = HEX_D / math.sqrt(3)      # circumradius
COL_DX = 1.5 * HEX_R
COLS, ROWS = 63, 45
X0 = project(52.52, 13.40)[0] - 1.3 * COL_DX   # Berlin in raw column 1 (printed 02); the offset
#                                                 puts Kerch and Taman in two different columns
Y_TOP = 1120.0                    # top edge of the even columns (Ladoga's north shore is ~1086)
Y0 = Y_TOP - HEX_D / 2


def centre(c, r):
    return X0 + c * COL_DX, Y0 - r * HEX_D - (HEX_D / 2 if c % 2 else 0.0)


def on_grid(c, r):
    return 0 <= c < COLS and 0 <= r < ROWS


def neighbours(c, r):
    if c % 2 == 0:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [h for h in cand if on_grid(*h)]


def hex_at_xy(x, y):
    """Hex whose centre is nearest to (x, y), or None when off the grid."""
    c0 = round((x - X0) / COL_DX)
    best = None
    for c in (c0 - 1, c0, c0 + 1):
        off = HEX_D / 2 if c % 2 else 0.0
        r0 = round((Y0 - off - y) / HEX_D)
        for r in (r0 - 1, r0, r0 + 1):
            cx, cy = X0 + c * COL_DX, Y0 - r * HEX_D - off
            d = math.hypot(x - cx, y - cy)
            if best is None or d < best[0]:
                best = (d, c, r)
    _, c, r = best
    return (c, r) if on_grid(c, r) else None


def hex_at(lat, lon):
    return hex_at_xy(*project(lat, lon))


def label(h):
    return f"{h[0] + 1:02d}{h[1] + 1:02d}"


def hexdist(a, b):
    # offset -> cube coordinates for "odd columns shoved down"
    def cube(h):
        c, r = h
        z = r - (c - (c & 1)) // 2
        return c, z, -c - z
    ax, az, ay = cube(a)
    bx, bz, by = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


# Sample points inside a hex (offsets in km): centre, and rings toward corners and edges.
SAMPLES = [(0.0, 0.0)]
for k in range(6):
    a = math.radians(60 * k)
    SAMPLES.append((0.45 * HEX_R * math.cos(a), 0.45 * HEX_R * math.sin(a)))
    SAMPLES.append((0.85 * HEX_R * math.cos(a), 0.85 * HEX_R * math.sin(a)))
    b = math.radians(60 * k + 30)
    SAMPLES.append((0.75 * HEX_D / 2 * math.cos(b), 0.75 * HEX_D / 2 * math.sin(b)))

# ---------------------------------------------------------------------------
# Water. Lakes are taken from Natural Earth 10m lakes by seed point (lat, lon).
# Sivash is a lagoon of the Sea of Azov: treated as sea.
# ---------------------------------------------------------------------------
LAKE_SEEDS = {
    "Ladoga": (60.8, 31.5), "Onega": (61.6, 35.5), "Peipus": (58.7, 27.5), "Pskov": (58.0, 27.8),
    "Ilmen": (58.28, 31.3), "Beloye": (60.2, 37.6), "Balaton": (46.85, 17.7),
    "Saimaa": (61.3, 28.3), "Paijanne": (61.6, 25.5), "Vanern": (58.9, 13.3),
    "Vattern": (58.3, 14.5), "Malaren": (59.45, 17.2), "Hjalmaren": (59.25, 15.8),
    "Vygozero-Kubenskoye": (59.65, 39.5), "Sivash": (46.1, 34.2),
}
SEA_LIKE_LAKES = {"Sivash"}
# Lakes too narrow for the majority rule: every hex at least this much covered by the lake
# becomes a lake hex.
SMALL_LAKES_KEEP = {"Ilmen": 0.30, "Peipus": 0.35, "Pskov": 0.35, "Beloye": 0.30}

# ---------------------------------------------------------------------------
# 1941 political geography (RECONSTRUCTED, approximate) as (lat, lon) polygons.
# Applied on top of the modern Natural Earth countries in country1941().
# ---------------------------------------------------------------------------
# Land of modern Poland held by the USSR in June 1941: east of the 1939 German-Soviet
# demarcation line (East Prussian border east of the Pisa, Narew, Bug up to Sokal, west to
# the San near Jaroslaw, the San up to its source).
SOVIET_POLAND_1939 = latlon_poly([
    (54.55, 23.5), (54.02, 23.45), (53.95, 23.05), (53.85, 22.8), (53.7, 22.45), (53.62, 21.85),
    (53.23, 21.88), (52.95, 21.95), (52.70, 22.03), (52.55, 22.35), (52.40, 22.66), (52.33, 23.05),
    (52.20, 23.40), (52.09, 23.66), (51.80, 23.62), (51.55, 23.55), (51.17, 23.82), (50.85, 24.05),
    (50.48, 24.28), (50.39, 24.23), (50.30, 23.60), (50.15, 23.10), (50.02, 22.70), (49.95, 22.81),
    (49.78, 22.77), (49.81, 22.23), (49.56, 22.20), (49.47, 22.33), (49.00, 22.90),
    (48.5, 23.5), (48.5, 27.0), (54.55, 27.0)])
# The General Government (German-occupied, not annexed). West and north boundary against
# the annexed Warthegau, Danzig-West Prussia, Zichenau and East Upper Silesia; the east
# side is cut by SOVIET_POLAND_1939, which is tested first.
GENERAL_GOVERNMENT = latlon_poly([
    (52.70, 22.03), (52.58, 21.5), (52.50, 21.1), (52.43, 20.7), (52.25, 20.3), (52.2, 19.75),
    (51.9, 19.72), (51.75, 19.75), (51.6, 19.85), (51.35, 19.5), (51.05, 19.3), (50.85, 18.95),
    (50.55, 19.3), (50.3, 19.55), (50.1, 19.6), (49.9, 19.55), (49.7, 19.4), (49.4, 19.4),
    (48.5, 19.4), (48.5, 27.0), (52.70, 27.0)])
# Memel territory (annexed by Germany March 1939).
MEMEL = latlon_poly([(55.98, 20.9), (55.95, 21.2), (55.85, 21.6), (55.65, 22.05), (55.3, 22.35),
                     (55.07, 22.6), (55.0, 21.3), (55.4, 20.9)])
# Kaliningrad oblast = the north of East Prussia.
KALININGRAD = latlon_poly([(54.2, 19.3), (55.5, 19.3), (55.5, 23.0), (54.2, 23.0)])
# Carpatho-Ukraine (Hungarian from March 1939): modern Zakarpattia.
CARPATHO_UKRAINE = latlon_poly([(47.85, 22.0), (48.45, 22.05), (49.1, 22.6), (48.95, 23.2),
                                (48.65, 23.75), (48.3, 24.4), (47.9, 24.7), (47.85, 23.5)])
# Bessarabia and northern Bukovina (annexed by the USSR in 1940): between the Prut and the
# Dniester, north Bukovina around Chernivtsi, south to the Kilia arm of the Danube.
BESSARABIA = latlon_poly([
    (48.15, 25.05), (48.45, 25.3), (48.6, 25.75), (48.5, 26.5), (48.45, 27.3), (48.45, 27.8),
    (48.15, 28.3), (47.77, 29.0), (47.5, 29.15), (47.27, 29.17), (47.0, 29.45), (46.84, 29.6),
    (46.5, 29.95), (46.35, 30.2), (46.05, 30.55), (45.6, 30.1), (45.15, 29.8), (45.2, 29.4),
    (45.35, 28.84), (45.45, 28.2), (45.9, 28.15), (46.48, 28.25), (46.9, 28.05), (47.2, 27.8),
    (47.6, 27.5), (47.9, 27.2), (48.27, 26.8), (48.15, 26.2), (47.95, 25.9), (47.75, 25.2)])
# Northern Transylvania (Hungarian after the Second Vienna Award, 1940).
NORTH_TRANSYLVANIA = latlon_poly([
    (46.95, 21.3), (46.85, 22.0), (46.72, 22.6), (46.68, 23.4), (46.62, 24.0), (46.35, 24.45),
    (46.3, 24.7), (46.1, 25.1), (45.78, 25.4), (45.72, 25.85), (45.6, 26.15), (46.2, 26.35),
    (46.9, 26.05), (47.3, 25.65), (47.7, 25.15), (47.98, 24.8), (47.98, 23.9), (48.05, 22.9),
    (47.9, 22.2), (47.5, 21.9)])
# Southern Slovakia (Hungarian after the First Vienna Award, 1938).
SOUTH_SLOVAKIA = latlon_poly([
    (48.10, 17.15), (48.2, 17.6), (48.22, 18.2), (48.35, 18.7), (48.45, 19.3), (48.55, 19.9),
    (48.75, 20.4), (48.85, 21.0), (48.8, 21.5), (48.6, 22.0), (48.4, 22.3), (47.6, 22.3), (47.6, 17.0)])
# Backa and Baranja (occupied and annexed by Hungary in April 1941).
BACKA_BARANJA = latlon_poly([(46.2, 18.4), (46.2, 20.1), (45.5, 20.2), (45.2, 20.3), (45.25, 19.85),
                             (45.25, 19.3), (45.55, 18.9), (45.6, 18.4)])

YUGOSLAV = {"Serbia", "Croatia", "Slovenia", "Bosnia and Herz.", "Montenegro", "Macedonia", "Kosovo"}
SOVIET = {"Russia", "Belarus", "Ukraine", "Georgia", "Armenia", "Azerbaijan", "Kazakhstan"}
BALTIC = {"Estonia", "Latvia", "Lithuania"}
SIMPLE = {"Germany": "germany", "Austria": "germany", "Czechia": "germany", "Hungary": "hungary",
          "Bulgaria": "bulgaria", "Finland": "finland", "Åland": "finland", "Sweden": "sweden",
          "Norway": "norway", "Denmark": "denmark", "Turkey": "turkey", "Italy": "italy",
          "Albania": "albania", "Greece": "greece"}


def country1941(modern, lat, lon):
    if modern is None:
        return None
    if modern == "Poland":
        if SOVIET_POLAND_1939.contains(lon, lat):
            return "ussr"
        if GENERAL_GOVERNMENT.contains(lon, lat):
            return "poland"
        return "germany"
    if modern == "Russia" and KALININGRAD.contains(lon, lat):
        return "germany"
    if modern == "Lithuania" and MEMEL.contains(lon, lat):
        return "germany"
    if modern in BALTIC:
        return "baltic-states"
    if modern == "Ukraine":
        if CARPATHO_UKRAINE.contains(lon, lat):
            return "hungary"
        if BESSARABIA.contains(lon, lat):
            return "bessarabia"
        return "ussr"
    if modern == "Moldova":
        return "bessarabia" if BESSARABIA.contains(lon, lat) else "ussr"   # Transnistria was Soviet
    if modern in SOVIET:
        return "ussr"
    if modern == "Romania":
        return "hungary" if NORTH_TRANSYLVANIA.contains(lon, lat) else "romania"
    if modern == "Slovakia":
        return "hungary" if SOUTH_SLOVAKIA.contains(lon, lat) else "slovakia"
    if modern in YUGOSLAV:
        return "hungary" if BACKA_BARANJA.contains(lon, lat) else "yugoslavia"
    return SIMPLE.get(modern, modern.lower())


COUNTRY_CHARS = {"": "-", "germany": "G", "poland": "P", "slovakia": "K", "hungary": "H",
                 "romania": "R", "bessarabia": "M", "yugoslavia": "Y", "bulgaria": "B",
                 "baltic-states": "A", "ussr": "U", "finland": "F", "sweden": "W", "norway": "N",
                 "denmark": "D", "turkey": "T", "italy": "I", "albania": "L", "greece": "E"}
AXIS_1941 = {"germany", "poland", "slovakia", "hungary", "romania", "finland"}

# ---------------------------------------------------------------------------
# Terrain (RECONSTRUCTED from general geography; Natural Earth has no such layer).
# Areas are (lat, lon) polygons; bands are (lat, lon) ridge lines with half-widths in km:
# a mountain core and a wider rough fringe.
# ---------------------------------------------------------------------------
TERRAIN_AREAS = [
    ("swamp", "Pripet Marshes", [(52.6, 24.3), (52.75, 25.5), (52.65, 26.8), (52.55, 28.0),
                                 (52.45, 29.0), (52.25, 29.8), (51.85, 30.2), (51.35, 30.1),
                                 (51.15, 29.3), (51.1, 28.2), (51.05, 27.0), (51.1, 26.0),
                                 (51.25, 25.0), (51.55, 24.4), (52.0, 24.1)]),
    ("swamp", "Volkhov marshes", [(58.45, 31.6), (58.9, 31.4), (59.4, 31.5), (59.8, 31.3),
                                  (59.85, 32.0), (59.4, 32.6), (58.8, 32.6), (58.4, 32.2)]),
    ("swamp", "Danube delta", [(45.45, 28.75), (45.45, 29.7), (44.85, 29.7), (44.85, 29.0), (45.1, 28.75)]),
    ("swamp", "Kuban delta", [(46.05, 38.0), (46.0, 38.45), (45.4, 38.3), (45.15, 37.7), (45.5, 37.5)]),
    ("swamp", "Volga delta", [(46.6, 47.5), (46.6, 48.6), (45.7, 49.0), (45.7, 47.3)]),
    ("forest", "Northern taiga", [(59.3, 28.2), (58.3, 28.9), (57.4, 29.3), (56.6, 29.8), (56.2, 31.0),
                                  (56.0, 32.4), (55.85, 33.8), (56.0, 35.0), (56.2, 36.2),
                                  (56.3, 37.3), (56.55, 38.2), (56.45, 39.5), (56.55, 41.0),
                                  (56.7, 42.5), (56.65, 43.6), (56.5, 45.0), (56.2, 46.5),
                                  (56.05, 48.0), (56.1, 49.5), (56.0, 53.0), (56.0, 62.0), (64.0, 62.0),
                                  (64.0, 28.0), (60.5, 28.0)]),
    ("forest", "Smolensk-Vyazma-Bryansk forests", [(55.9, 31.0), (55.9, 33.8), (55.6, 35.3), (55.1, 36.3),
                                                   (54.5, 36.1), (53.9, 35.6), (53.4, 35.4),
                                                   (52.6, 34.6), (52.3, 33.7), (52.6, 33.0),
                                                   (53.3, 32.3), (54.0, 31.8), (54.4, 31.2), (55.0, 30.9)]),
    ("forest", "Meshchera", [(55.75, 39.2), (55.8, 40.6), (55.3, 41.3), (54.95, 40.4), (55.1, 39.3)]),
    ("forest", "Naliboki", [(54.3, 25.7), (54.35, 26.9), (53.85, 27.0), (53.55, 26.3), (53.75, 25.6)]),
    ("forest", "Berezina forests", [(55.1, 27.6), (55.0, 28.9), (54.5, 29.2), (54.2, 28.3), (54.4, 27.6)]),
    ("forest", "Bobruisk-Slutsk forests", [(53.5, 27.3), (53.5, 29.0), (52.7, 29.6), (52.65, 27.5), (53.0, 26.8)]),
    ("forest", "Bialowieza", [(52.95, 23.4), (52.95, 24.3), (52.5, 24.3), (52.5, 23.5)]),
    ("forest", "Augustow forest", [(54.1, 22.9), (54.1, 23.6), (53.7, 23.6), (53.7, 22.9)]),
    ("forest", "Masurian forests", [(54.0, 21.0), (54.0, 22.3), (53.5, 22.3), (53.4, 20.5), (53.7, 20.3)]),
    ("forest", "Tuchola forest", [(53.9, 17.5), (53.9, 18.4), (53.4, 18.4), (53.4, 17.5)]),
    ("forest", "Sandomierz forest", [(50.65, 21.8), (50.6, 22.6), (50.15, 22.6), (50.25, 21.7)]),
    ("forest", "Kurzeme forests", [(57.65, 21.7), (57.5, 23.0), (57.0, 22.8), (56.9, 21.6), (57.3, 21.2)]),
    ("forest", "Alutaguse", [(59.3, 26.8), (59.3, 28.0), (58.85, 28.0), (58.85, 26.8)]),
    ("forest", "Volhynian-Zhitomir Polissya", [(51.3, 25.0), (51.1, 26.0), (51.05, 27.0), (51.1, 28.2),
                                               (51.15, 29.3), (51.0, 30.2), (50.7, 30.0), (50.55, 28.8),
                                               (50.6, 27.5), (50.8, 26.3), (50.95, 25.3)]),
    ("forest", "Chernigov Polissya", [(52.3, 30.8), (52.3, 33.0), (51.9, 33.6), (51.3, 33.0),
                                      (51.0, 31.5), (51.4, 30.9)]),
    ("forest", "Mordovian forests", [(55.2, 42.8), (55.0, 44.6), (54.3, 45.2), (54.0, 44.0), (54.5, 43.0)]),
    ("rough", "Moldavian Codri", [(47.5, 27.9), (47.4, 28.8), (46.85, 28.9), (46.7, 28.4), (47.1, 27.9)]),
    ("rough", "Central Moldavian plateau", [(47.45, 26.7), (47.35, 27.3), (46.5, 27.7), (46.3, 27.3),
                                            (46.8, 26.9)]),
]
TERRAIN_BANDS = [
    # (name, line, mountain half-width km, rough half-width km)
    ("Western Carpathians", [(49.55, 18.4), (49.45, 19.2), (49.25, 19.9), (49.3, 20.8), (49.35, 21.5),
                             (49.25, 22.3)], 25, 50),
    ("Slovak Ore Mountains-Low Tatras", [(48.95, 18.9), (48.9, 19.6), (48.8, 20.4)], 22, 40),
    ("Eastern Carpathians", [(49.2, 22.3), (48.9, 23.0), (48.55, 23.8), (48.2, 24.4), (47.8, 24.9),
                             (47.3, 25.4), (46.8, 25.8), (46.3, 26.0), (45.8, 26.3), (45.5, 26.2)], 30, 60),
    ("Transylvanian Alps", [(45.5, 26.0), (45.45, 25.3), (45.45, 24.5), (45.4, 23.6), (45.3, 22.8),
                            (45.0, 22.3), (44.7, 22.1)], 28, 50),
    ("Apuseni", [(46.9, 22.5), (46.5, 22.8), (46.2, 23.0)], 22, 40),
    ("Balkan Mountains", [(43.7, 22.4), (43.3, 22.9), (42.9, 23.6), (42.75, 24.5), (42.7, 25.3),
                          (42.75, 26.1), (42.8, 27.0), (42.85, 27.7)], 25, 45),
    ("Rila-Rhodopes", [(42.15, 23.2), (41.9, 24.2), (41.6, 25.2)], 35, 60),
    ("Serbian highlands", [(44.1, 19.2), (43.6, 19.8), (43.3, 20.6), (42.7, 21.5)], 35, 80),
    ("Dinaric Alps", [(45.2, 15.5), (44.5, 16.5), (44.0, 17.8), (43.5, 18.6), (43.0, 19.3), (42.5, 20.0)], 50, 80),
    ("Eastern Alps", [(47.3, 11.0), (47.25, 13.0), (47.3, 14.0), (47.45, 15.0), (47.6, 15.8)], 45, 70),
    ("Scandinavian mountains", [(59.0, 7.0), (60.3, 8.3), (61.3, 9.5), (62.5, 11.5)], 80, 110),
    ("Sudetes", [(50.85, 15.0), (50.7, 15.8), (50.4, 16.3), (50.15, 17.0)], 0, 30),
    ("Ore Mountains", [(50.4, 12.3), (50.5, 13.3), (50.75, 14.0)], 0, 25),
    ("Bohemian-Moravian Highlands", [(49.7, 15.0), (49.4, 15.9)], 0, 35),
    ("Crimean Mountains", [(44.5, 33.65), (44.65, 34.2), (44.85, 34.8), (44.95, 35.3)], 20, 30),
    ("Western Caucasus", [(44.9, 37.6), (44.5, 38.5), (44.0, 39.6)], 0, 35),
    ("Greater Caucasus", [(44.0, 39.6), (43.6, 40.8), (43.3, 42.4), (42.9, 43.7), (42.7, 44.6),
                          (42.3, 45.8), (41.9, 46.8), (41.4, 48.0), (41.2, 48.7)], 45, 80),
    ("Kremenets hills", [(50.25, 24.9), (50.1, 25.7), (50.05, 26.4)], 0, 20),
    ("Roztocze", [(50.6, 23.0), (50.0, 24.0)], 0, 15),
    ("Podolian upland edge (Dniester canyon)", [(49.1, 24.9), (48.75, 25.8), (48.6, 26.8), (48.45, 27.8),
                                               (48.2, 28.4)], 0, 22),
    ("Donets Ridge", [(48.35, 37.9), (48.25, 38.7), (48.2, 39.6), (48.1, 40.3)], 0, 24),
    ("Zhiguli hills", [(53.45, 49.0), (53.35, 49.8)], 0, 18),
    ("Bakony", [(47.3, 17.4), (47.1, 18.1)], 0, 20),
    ("North Hungarian Mountains", [(47.85, 19.0), (47.9, 20.0), (48.1, 20.6)], 0, 20),
]
TERRAIN_PRIORITY = ["mountain", "swamp", "rough", "forest"]
TERRAIN_MIN_FRACTION = 0.4
COUNTRY_DEFAULT_TERRAIN = {"Finland": "forest", "Åland": "forest", "Sweden": "forest"}

TERRAIN_CHARS = {"clear": ".", "forest": "f", "rough": "r", "swamp": "s", "mountain": "m",
                 "sea": "~", "lake": "l"}

# ---------------------------------------------------------------------------
# Rivers (RECONSTRUCTED centrelines through towns on each river, source to mouth).
# ---------------------------------------------------------------------------
RIVERS = {
    "Vistula": [(49.65, 18.9), (50.03, 19.2), (50.05, 19.94), (50.2, 20.7), (50.68, 21.75), (50.88, 21.85),
                (51.42, 21.96), (51.56, 21.85), (51.9, 21.4), (52.23, 21.03), (52.43, 20.7), (52.55, 19.7),
                (52.65, 19.07), (53.01, 18.6), (53.35, 18.42), (53.48, 18.75), (54.09, 18.78), (54.35, 18.95)],
    "Bug": [(49.85, 25.0), (49.97, 24.6), (50.1, 24.35), (50.48, 24.28), (50.85, 24.05), (51.17, 23.82),
            (51.55, 23.55), (52.09, 23.67), (52.3, 23.1), (52.40, 22.66), (52.70, 22.03), (52.59, 21.46),
            (52.51, 21.07), (52.43, 20.70)],
    "Narew": [(52.8, 23.9), (53.2, 22.78), (53.2, 22.38), (53.18, 22.07), (53.23, 21.88), (53.08, 21.57),
              (52.88, 21.4), (52.7, 21.08), (52.51, 21.07)],
    "San": [(49.0, 22.9), (49.47, 22.33), (49.56, 22.2), (49.81, 22.23), (49.78, 22.77), (49.95, 22.81),
            (50.02, 22.68), (50.26, 22.42), (50.52, 22.14), (50.72, 21.83)],
    "Neman": [(53.7, 27.1), (53.48, 26.74), (53.41, 24.54), (53.68, 23.83), (54.02, 23.97), (54.4, 24.05),
              (54.6, 24.03), (54.9, 23.9), (55.08, 22.77), (55.08, 21.88), (55.3, 21.3)],
    "Western Dvina": [(56.85, 32.6), (56.65, 32.27), (56.27, 32.08), (55.6, 31.2), (55.4, 30.73),
                      (55.19, 30.2), (55.05, 29.45), (55.49, 28.78), (55.57, 28.2), (55.78, 27.94),
                      (55.9, 27.17), (55.87, 26.52), (56.35, 26.18), (56.5, 25.86), (56.62, 25.72),
                      (56.6, 25.25), (56.82, 24.6), (56.95, 24.1), (57.05, 24.03)],
    "Dnieper": [(55.86, 33.55), (55.3, 33.6), (54.91, 33.3), (54.78, 32.05), (54.51, 30.42), (54.21, 30.29),
                (53.9, 30.33), (53.52, 30.24), (53.09, 30.05), (52.89, 30.04), (52.36, 30.39), (51.94, 30.8),
                (51.3, 30.55), (50.45, 30.52), (50.07, 31.45), (49.75, 31.47), (49.44, 32.06), (49.07, 33.42),
                (48.65, 34.33), (48.46, 35.04), (47.84, 35.14), (47.57, 34.4), (46.8, 33.48), (46.63, 32.6),
                (46.55, 32.1)],
    "Berezina": [(54.9, 27.8), (54.23, 28.5), (53.9, 28.9), (53.14, 29.22), (52.63, 29.73), (52.53, 30.38)],
    "Pripyat": [(51.6, 24.4), (51.95, 25.3), (52.11, 26.08), (52.07, 27.0), (52.07, 27.74), (52.05, 29.25),
                (51.6, 29.9), (51.27, 30.22), (51.1, 30.4)],
    "Desna": [(54.57, 33.17), (53.53, 33.73), (53.25, 34.37), (52.58, 33.77), (52.0, 33.27), (51.6, 32.9),
              (51.5, 31.3), (51.2, 30.9), (50.52, 30.55)],
    "Southern Bug": [(49.7, 26.9), (49.42, 26.99), (49.56, 27.96), (49.23, 28.47), (48.85, 29.0),
                     (48.68, 29.24), (48.33, 29.87), (48.05, 30.85), (47.57, 31.33), (46.97, 32.0),
                     (46.6, 31.9)],
    "Dniester": [(49.2, 23.0), (49.52, 23.2), (49.45, 24.0), (49.12, 24.73), (48.75, 25.5), (48.64, 25.73),
                 (48.5, 26.49), (48.45, 27.8), (48.15, 28.3), (47.77, 29.0), (47.27, 29.17), (46.84, 29.6),
                 (46.45, 29.95), (46.35, 30.2), (46.1, 30.5)],
    "Prut": [(48.15, 24.5), (48.53, 25.04), (48.45, 25.57), (48.3, 25.93), (48.27, 26.8), (47.9, 27.2),
             (47.2, 27.8), (46.9, 28.05), (46.48, 28.25), (45.9, 28.2), (45.47, 28.2)],
    "Danube": [(48.2, 15.5), (48.2, 16.37), (48.14, 17.1), (47.76, 18.13), (47.8, 18.74), (47.78, 19.13),
               (47.5, 19.05), (46.96, 18.93), (45.99, 18.68), (45.35, 19.0), (45.25, 19.85), (44.82, 20.47),
               (44.67, 20.93), (44.66, 21.63), (44.72, 22.4), (44.63, 22.66), (43.99, 22.88), (43.82, 23.24),
               (43.73, 23.96), (43.7, 24.9), (43.62, 25.35), (43.85, 25.97), (44.12, 27.26), (44.34, 28.03),
               (44.69, 27.95), (45.27, 27.97), (45.43, 28.05), (45.45, 28.28), (45.35, 28.84), (45.18, 28.8),
               (45.16, 29.68)],
    "Don": [(53.9, 38.3), (53.82, 38.55), (53.25, 39.15), (53.0, 39.13), (52.39, 38.92), (51.7, 39.1),
            (50.98, 39.5), (50.45, 40.1), (50.17, 40.38), (49.95, 40.5), (49.8, 41.15), (49.63, 41.72),
            (49.58, 42.73), (49.32, 43.05), (48.69, 43.53), (47.65, 42.1), (47.58, 41.1), (47.24, 39.8),
            (47.1, 39.42), (47.1, 39.25)],
    "Donets": [(50.85, 36.93), (50.6, 36.6), (50.29, 36.94), (49.84, 36.68), (49.68, 36.35), (49.21, 37.27),
               (49.03, 37.57), (48.92, 38.43), (48.66, 39.48), (48.32, 40.26), (48.18, 40.78), (47.64, 40.88),
               (47.6, 40.9)],
    "Volga": [(57.25, 32.47), (56.26, 34.33), (56.17, 34.58), (56.51, 34.93), (56.86, 35.9), (56.7, 36.77),
              (56.74, 37.17), (56.87, 37.35), (57.24, 37.85), (57.53, 38.33), (58.05, 38.83), (57.63, 39.87),
              (57.77, 40.93), (57.44, 42.17), (57.32, 43.1), (56.33, 44.0), (56.03, 45.03), (56.13, 47.25),
              (55.8, 49.05), (55.3, 49.3), (54.32, 48.4), (53.5, 49.4), (53.35, 50.0), (53.2, 50.1),
              (53.15, 48.47), (52.49, 48.1), (52.05, 47.38), (51.53, 46.0), (50.08, 45.4), (49.06, 44.83),
              (48.71, 44.51), (48.5, 44.6), (48.06, 46.1), (47.25, 46.98), (46.35, 48.03), (45.8, 47.9)],
    "Oka": [(52.3, 36.1), (52.97, 36.07), (53.44, 36.0), (53.81, 36.13), (54.1, 36.25), (54.51, 36.26),
            (54.5, 37.07), (54.92, 37.41), (54.85, 38.16), (55.1, 38.77), (54.63, 39.74), (54.94, 41.39),
            (55.58, 42.05), (56.33, 44.0)],
    "Volkhov": [(58.5, 31.3), (58.52, 31.27), (59.12, 31.68), (59.45, 32.02), (59.92, 32.34), (60.11, 32.3)],
    "Narva": [(58.99, 27.73), (59.38, 28.19), (59.47, 28.04)],
    "Neva": [(59.95, 31.04), (59.85, 30.7), (59.92, 30.33)],
    "Svir": [(60.95, 35.5), (60.8, 34.5), (60.5, 33.8), (60.48, 32.9)],
    "Mius": [(48.2, 38.9), (47.8, 38.85), (47.2, 38.9)],
}
RIVER_MAX_OFFSET = 2.5 * HEX_R      # hexsides further than this from the centreline are not used

# ---------------------------------------------------------------------------
# Places (coordinates of the cities, RECONSTRUCTED from general knowledge).
# (name, lat, lon, kind, extra tags, is a seaport). Listed in order of importance: when
# two fall into one hex the earlier one is kept.
# ---------------------------------------------------------------------------
PLACES = [
    ("Berlin", 52.52, 13.40, "major-city", ["capital"], False),
    ("Moscow", 55.75, 37.62, "major-city", ["capital"], False),
    ("Leningrad", 59.93, 30.31, "major-city", [], True),
    ("Kuibyshev", 53.20, 50.15, "major-city", [], False),
    ("Warsaw", 52.23, 21.01, "major-city", [], False),
    ("Kiev", 50.45, 30.52, "major-city", [], False),
    ("Kharkov", 49.99, 36.23, "major-city", [], False),
    ("Odessa", 46.48, 30.73, "major-city", [], True),
    ("Budapest", 47.50, 19.04, "major-city", [], False),
    ("Bucharest", 44.43, 26.10, "major-city", [], False),
    ("Stalingrad", 48.71, 44.51, "major-city", [], False),
    ("Gorki", 56.33, 44.00, "major-city", [], False),
    ("Minsk", 53.90, 27.57, "major-city", [], False),
    ("Riga", 56.95, 24.11, "major-city", [], True),
    ("Rostov", 47.24, 39.71, "major-city", [], True),
    ("Vienna", 48.21, 16.37, "major-city", [], False),
    ("Belgrade", 44.79, 20.45, "major-city", [], False),
    ("Sevastopol", 44.62, 33.53, "fortress", [], True),
    ("Kerch", 45.36, 36.47, "minor-city", [], True),
    ("Königsberg", 54.71, 20.51, "minor-city", [], True),
    ("Danzig", 54.35, 18.65, "minor-city", [], True),
    ("Breslau", 51.11, 17.03, "minor-city", [], False),
    ("Krakow", 50.06, 19.94, "minor-city", [], False),
    ("Lodz", 51.76, 19.46, "minor-city", [], False),
    ("Lvov", 49.84, 24.03, "minor-city", [], False),
    ("Brest-Litovsk", 52.10, 23.69, "minor-city", [], False),
    ("Bialystok", 53.13, 23.16, "minor-city", [], False),
    ("Vilnius", 54.69, 25.28, "minor-city", [], False),
    ("Kaunas", 54.90, 23.90, "minor-city", [], False),
    ("Tallinn", 59.44, 24.75, "minor-city", [], True),
    ("Pskov", 57.82, 28.33, "minor-city", [], False),
    ("Novgorod", 58.52, 31.27, "minor-city", [], False),
    ("Smolensk", 54.78, 32.05, "minor-city", [], False),
    ("Vitebsk", 55.19, 30.20, "minor-city", [], False),
    ("Gomel", 52.44, 30.98, "minor-city", [], False),
    ("Bryansk", 53.25, 34.37, "minor-city", [], False),
    ("Orel", 52.97, 36.06, "minor-city", [], False),
    ("Kursk", 51.73, 36.19, "minor-city", [], False),
    ("Voronezh", 51.67, 39.21, "minor-city", [], False),
    ("Tula", 54.19, 37.62, "minor-city", [], False),
    ("Kalinin", 56.86, 35.90, "minor-city", [], False),
    ("Yaroslavl", 57.63, 39.87, "minor-city", [], False),
    ("Vologda", 59.22, 39.89, "minor-city", [], False),
    ("Dnepropetrovsk", 48.46, 35.05, "minor-city", [], False),
    ("Zaporozhe", 47.84, 35.14, "minor-city", [], False),
    ("Stalino", 48.00, 37.80, "minor-city", [], False),
    ("Poltava", 49.59, 34.55, "minor-city", [], False),
    ("Vinnitsa", 49.23, 28.47, "minor-city", [], False),
    ("Zhitomir", 50.25, 28.66, "minor-city", [], False),
    ("Kishinev", 47.01, 28.86, "minor-city", [], False),
    ("Iasi", 47.16, 27.59, "minor-city", [], False),
    ("Constanta", 44.17, 28.64, "minor-city", [], True),
    ("Ploesti", 44.94, 26.03, "minor-city", [], False),
    ("Cluj", 46.77, 23.60, "minor-city", [], False),
    ("Debrecen", 47.53, 21.63, "minor-city", [], False),
    ("Bratislava", 48.15, 17.11, "minor-city", [], False),
    ("Krasnodar", 45.04, 38.98, "minor-city", [], False),
    ("Novorossisk", 44.72, 37.77, "minor-city", [], True),
    ("Tuapse", 44.10, 39.07, "minor-city", [], True),
    ("Saratov", 51.53, 46.03, "minor-city", [], False),
    ("Penza", 53.20, 45.00, "minor-city", [], False),
    ("Tambov", 52.72, 41.45, "minor-city", [], False),
    ("Ryazan", 54.63, 39.74, "minor-city", [], False),
    ("Kazan", 55.79, 49.12, "minor-city", [], False),
    ("Sofia", 42.70, 23.32, "minor-city", [], False),
    ("Varna", 43.21, 27.91, "minor-city", [], True),
    ("Burgas", 42.50, 27.47, "minor-city", [], True),
    ("Simferopol", 44.95, 34.10, "minor-city", [], False),
    ("Nikolaev", 46.97, 32.00, "minor-city", [], True),
    ("Kherson", 46.64, 32.62, "minor-city", [], True),
    ("Mariupol", 47.10, 37.55, "minor-city", [], True),
    ("Taganrog", 47.21, 38.94, "minor-city", [], True),
    ("Helsinki", 60.17, 24.94, "minor-city", [], True),
    ("Stockholm", 59.33, 18.07, "minor-city", [], True),
    ("Posen", 52.41, 16.93, "minor-city", [], False),
    ("Stettin", 53.43, 14.55, "minor-city", [], True),
    ("Memel", 55.71, 21.13, "minor-city", [], True),
    ("Lublin", 51.25, 22.57, "minor-city", [], False),
    ("Grodno", 53.68, 23.83, "minor-city", [], False),
    ("Rovno", 50.62, 26.25, "minor-city", [], False),
    ("Dvinsk", 55.87, 26.53, "minor-city", [], False),
    ("Velikie Luki", 56.34, 30.54, "minor-city", [], False),
    ("Rzhev", 56.26, 34.33, "minor-city", [], False),
    ("Vyazma", 55.21, 34.30, "minor-city", [], False),
    ("Kaluga", 54.51, 36.26, "minor-city", [], False),
    ("Mogilev", 53.90, 30.33, "minor-city", [], False),
    ("Bobruisk", 53.14, 29.22, "minor-city", [], False),
    ("Chernigov", 51.50, 31.29, "minor-city", [], False),
    ("Kremenchug", 49.07, 33.42, "minor-city", [], False),
    ("Krivoy Rog", 47.91, 33.39, "minor-city", [], False),
    ("Voroshilovgrad", 48.57, 39.33, "minor-city", [], False),
    ("Belgorod", 50.60, 36.59, "minor-city", [], False),
    ("Astrakhan", 46.35, 48.04, "minor-city", [], False),
    ("Ulyanovsk", 54.32, 48.40, "minor-city", [], False),
    ("Syzran", 53.16, 48.47, "minor-city", [], False),
    ("Narva", 59.38, 28.19, "minor-city", [], False),
    ("Tikhvin", 59.64, 33.51, "minor-city", [], False),
    ("Chernovtsy", 48.29, 25.94, "minor-city", [], False),
    ("Galati", 45.44, 28.05, "minor-city", [], False),
    ("Brasov", 45.65, 25.60, "minor-city", [], False),
    ("Kosice", 48.72, 21.26, "minor-city", [], False),
    ("Nis", 43.32, 21.90, "minor-city", [], False),
    ("Ruse", 43.85, 25.97, "minor-city", [], False),
    ("Kronstadt", 59.99, 29.77, "fortress", [], True),
]

# Rail junctions that are not places (lat, lon).
JUNCTIONS = {
    "Frankfurt (Oder)": (52.35, 14.55), "Kutno": (52.23, 19.36), "Siedlce": (52.17, 22.29),
    "Baranovichi": (53.13, 26.01), "Orsha": (54.51, 30.42), "Chudovo": (59.12, 31.66),
    "Bologoye": (57.88, 34.05), "Vyshny Volochyok": (57.59, 34.56), "Klin": (56.33, 36.73),
    "Serpukhov": (54.92, 37.41), "Lozovaya": (48.89, 36.32), "Ryazhsk": (53.71, 40.06),
    "Morshansk": (53.45, 41.8), "Vladimir": (56.13, 40.40), "Sasovo": (54.35, 41.92),
    "Ruzayevka": (54.06, 44.95), "Alatyr": (54.84, 46.58), "Kanash": (55.51, 47.49),
    "Aleksandrov": (56.4, 38.71), "Razdelnaya": (46.84, 30.08), "Kotovsk": (47.75, 29.53),
    "Zhmerinka": (49.04, 28.10), "Kazatin": (49.72, 28.83), "Fastov": (50.08, 29.92),
    "Brody": (50.08, 25.15), "Novograd-Volynsky": (50.59, 27.62), "Rezekne": (56.51, 27.33),
    "Ostrov": (57.34, 28.35), "Luga": (58.74, 29.85), "Cesis": (57.31, 25.27), "Valga": (57.78, 26.05),
    "Insterburg": (54.63, 21.81), "Molodechno": (54.31, 26.85), "Kustrin": (52.58, 14.65),
    "Schneidemuhl": (53.15, 16.74), "Dirschau": (54.09, 18.78), "Marienburg": (54.04, 19.03),
    "Elbing": (54.16, 19.4), "Thorn": (53.01, 18.6), "Bromberg": (53.12, 18.0), "Liegnitz": (51.21, 16.16),
    "Oppeln": (50.67, 17.93), "Katowice": (50.26, 19.02), "Tarnow": (50.01, 20.99),
    "Przemysl": (49.78, 22.77), "Miskolc": (48.10, 20.78), "Chop": (48.43, 22.2),
    "Mukachevo": (48.44, 22.72), "Stryi": (49.26, 23.85), "Gyor": (47.69, 17.63), "Buzau": (45.15, 26.83),
    "Focsani": (45.7, 27.18), "Marasesti": (45.88, 27.23), "Bacau": (46.57, 26.91),
    "Pascani": (47.25, 26.72), "Ungheni": (47.21, 27.8), "Bender": (46.83, 29.48),
    "Fetesti": (44.38, 27.83), "Cernavoda": (44.34, 28.03), "Sighisoara": (46.22, 24.79),
    "Oradea": (47.06, 21.93), "Szolnok": (47.17, 20.18), "Subotica": (46.1, 19.67),
    "Novi Sad": (45.25, 19.85), "Pleven": (43.42, 24.61), "Gorna Oryahovitsa": (43.12, 25.69),
    "Shumen": (43.27, 26.92), "Michurinsk": (52.9, 40.5), "Gryazi": (52.5, 39.93), "Liski": (50.98, 39.5),
    "Millerovo": (48.92, 40.4), "Likhaya": (48.1, 40.45), "Frolovo": (49.77, 43.66),
    "Povorino": (51.19, 42.24), "Borisoglebsk": (51.37, 42.08), "Kalach": (48.69, 43.53),
    "Morozovsk": (48.35, 41.83), "Bataysk": (47.14, 39.75), "Tikhoretsk": (45.85, 40.13),
    "Armavir": (45.0, 41.12), "Sinelnikovo": (48.32, 35.52), "Melitopol": (46.85, 35.37),
    "Dzhankoy": (45.71, 34.39), "Vladislavovka": (45.17, 35.38), "Grishino": (48.28, 37.17),
    "Mironovka": (49.66, 30.99), "Znamenka": (48.71, 32.66), "Osipovichi": (53.3, 28.64),
    "Zhlobin": (52.89, 30.04), "Unecha": (52.85, 32.68), "Polotsk": (55.49, 28.78),
    "Dno": (57.83, 29.97), "Novosokolniki": (56.34, 30.15), "Nevel": (56.02, 29.92),
    "Maloyaroslavets": (55.01, 36.47), "Sukhinichi": (54.1, 35.35), "Konotop": (51.24, 33.2),
    "Nezhin": (51.05, 31.88), "Volokolamsk": (56.03, 35.96), "Krustpils": (56.5, 25.87),
    "Mga": (59.75, 31.06), "Volkhovstroy": (59.92, 32.34), "Babayevo": (59.39, 35.94),
    "Cherepovets": (59.12, 37.9), "Tapa": (59.26, 25.96), "Tartu": (58.38, 26.72), "Kobrin": (52.21, 24.35),
    "Pinsk": (52.11, 26.1), "Luninets": (52.25, 26.8), "Kalinkovichi": (52.13, 29.33), "Deblin": (51.56, 21.85),
    "Chelm": (51.14, 23.47), "Kovel": (51.21, 24.71), "Sarny": (51.34, 26.6), "Korosten": (50.95, 28.64),
    "Tarnopol": (49.55, 25.59), "Proskurov": (49.42, 26.99), "Stanislav": (48.92, 24.71),
    "Kolomyia": (48.53, 25.04), "Suceava": (47.65, 26.26), "Rtishchevo": (52.26, 43.78),
    "Kupyansk": (49.71, 37.61), "Valuyki": (50.21, 38.1), "Kastornoye": (51.82, 38.13),
}

RAILS = [
    ("Berlin–Posen–Warsaw–Brest–Minsk–Smolensk–Moscow",
     ["Berlin", "Frankfurt (Oder)", "Posen", "Kutno", "Warsaw", "Siedlce", "Brest-Litovsk", "Baranovichi",
      "Minsk", "Orsha", "Smolensk", "Vyazma", "Moscow"]),
    ("Leningrad–Moscow", ["Leningrad", "Chudovo", "Bologoye", "Vyshny Volochyok", "Kalinin", "Klin", "Moscow"]),
    ("Moscow–Tula–Orel–Kursk–Kharkov–Stalino–Rostov",
     ["Moscow", "Serpukhov", "Tula", "Orel", "Kursk", "Belgorod", "Kharkov", "Lozovaya", "Grishino", "Stalino",
      "Taganrog", "Rostov"]),
    ("Moscow–Ryazan–Penza–Syzran–Kuibyshev",
     ["Moscow", "Ryazan", "Ryazhsk", "Morshansk", "Penza", "Syzran", "Kuibyshev"]),
    ("Moscow–Vladimir–Gorki", ["Moscow", "Vladimir", "Gorki"]),
    ("Ryazan–Ruzayevka–Kazan", ["Ryazan", "Sasovo", "Ruzayevka", "Alatyr", "Kanash", "Kazan"]),
    ("Moscow–Yaroslavl–Vologda–Tikhvin–Leningrad",
     ["Moscow", "Aleksandrov", "Yaroslavl", "Vologda", "Cherepovets", "Babayevo", "Tikhvin", "Volkhovstroy",
      "Mga", "Leningrad"]),
    ("Kiev–Poltava–Kharkov", ["Kiev", "Poltava", "Kharkov"]),
    ("Odessa–Zhmerinka–Kiev", ["Odessa", "Razdelnaya", "Kotovsk", "Zhmerinka", "Vinnitsa", "Kazatin", "Fastov",
                               "Kiev"]),
    ("Lvov–Rovno–Zhitomir–Kiev", ["Lvov", "Brody", "Rovno", "Novograd-Volynsky", "Zhitomir", "Kiev"]),
    ("Lvov–Tarnopol–Zhmerinka", ["Lvov", "Tarnopol", "Proskurov", "Zhmerinka"]),
    ("Lvov–Chernovtsy–Iasi", ["Lvov", "Stanislav", "Kolomyia", "Chernovtsy", "Suceava", "Pascani", "Iasi"]),
    ("Warsaw–Lublin–Kovel–Korosten–Kiev", ["Warsaw", "Deblin", "Lublin", "Chelm", "Kovel", "Sarny", "Korosten",
                                           "Kiev"]),
    ("Brest–Pinsk–Gomel", ["Brest-Litovsk", "Kobrin", "Pinsk", "Luninets", "Kalinkovichi", "Gomel"]),
    ("Warsaw–Vilnius–Dvinsk–Pskov–Leningrad",
     ["Warsaw", "Bialystok", "Grodno", "Vilnius", "Dvinsk", "Rezekne", "Ostrov", "Pskov", "Luga", "Leningrad"]),
    ("Riga–Valga–Pskov", ["Riga", "Cesis", "Valga", "Pskov"]),
    ("Leningrad–Narva–Tallinn", ["Leningrad", "Narva", "Tapa", "Tallinn"]),
    ("Königsberg–Kaunas–Vilnius–Minsk", ["Königsberg", "Insterburg", "Kaunas", "Vilnius", "Molodechno", "Minsk"]),
    ("Berlin–Schneidemühl–Dirschau–Königsberg",
     ["Berlin", "Kustrin", "Schneidemuhl", "Dirschau", "Marienburg", "Elbing", "Königsberg"]),
    ("Warsaw–Thorn–Danzig", ["Warsaw", "Kutno", "Thorn", "Bromberg", "Dirschau", "Danzig"]),
    ("Berlin–Breslau–Krakow–Lvov", ["Berlin", "Liegnitz", "Breslau", "Oppeln", "Katowice", "Krakow", "Tarnow",
                                    "Przemysl", "Lvov"]),
    ("Warsaw–Lodz–Katowice", ["Warsaw", "Lodz", "Katowice"]),
    ("Vienna–Budapest–Miskolc–Lvov", ["Vienna", "Gyor", "Budapest", "Miskolc", "Chop", "Mukachevo", "Stryi",
                                      "Lvov"]),
    ("Budapest–Cluj–Brasov–Bucharest", ["Budapest", "Szolnok", "Oradea", "Cluj", "Sighisoara", "Brasov",
                                        "Ploesti", "Bucharest"]),
    ("Budapest–Belgrade–Nis–Sofia", ["Budapest", "Subotica", "Novi Sad", "Belgrade", "Nis", "Sofia"]),
    ("Sofia–Varna", ["Sofia", "Pleven", "Gorna Oryahovitsa", "Shumen", "Varna"]),
    ("Bucharest–Iasi–Kishinev–Odessa", ["Bucharest", "Buzau", "Focsani", "Marasesti", "Bacau", "Pascani", "Iasi",
                                        "Ungheni", "Kishinev", "Bender", "Razdelnaya", "Odessa"]),
    ("Bucharest–Constanta", ["Bucharest", "Fetesti", "Cernavoda", "Constanta"]),
    ("Moscow–Voronezh–Rostov", ["Ryazhsk", "Michurinsk", "Gryazi", "Voronezh", "Liski", "Millerovo", "Likhaya",
                                "Rostov"]),
    ("Stalingrad–Povorino–Gryazi", ["Stalingrad", "Frolovo", "Povorino", "Borisoglebsk", "Gryazi"]),
    ("Stalingrad–Likhaya", ["Stalingrad", "Kalach", "Morozovsk", "Likhaya"]),
    ("Saratov–Tambov–Michurinsk", ["Saratov", "Rtishchevo", "Tambov", "Michurinsk"]),
    ("Rostov–Krasnodar–Novorossisk", ["Rostov", "Bataysk", "Tikhoretsk", "Krasnodar", "Novorossisk"]),
    ("Kharkov–Zaporozhe–Simferopol–Sevastopol",
     ["Lozovaya", "Sinelnikovo", "Zaporozhe", "Melitopol", "Dzhankoy", "Simferopol", "Sevastopol"]),
    ("Dzhankoy–Kerch", ["Dzhankoy", "Vladislavovka", "Kerch"]),
    ("Kiev–Znamenka–Dnepropetrovsk–Stalino", ["Kiev", "Mironovka", "Znamenka", "Dnepropetrovsk", "Sinelnikovo",
                                              "Grishino"]),
    ("Minsk–Bobruisk–Gomel–Bryansk–Orel", ["Minsk", "Osipovichi", "Bobruisk", "Zhlobin", "Gomel", "Unecha",
                                           "Bryansk", "Orel"]),
    ("Riga–Dvinsk–Vitebsk–Smolensk", ["Riga", "Krustpils", "Dvinsk", "Polotsk", "Vitebsk", "Smolensk"]),
    ("Leningrad–Vitebsk–Gomel–Kiev", ["Leningrad", "Dno", "Novosokolniki", "Nevel", "Vitebsk", "Orsha", "Mogilev",
                                      "Zhlobin", "Gomel", "Chernigov", "Kiev"]),
    ("Moscow–Bryansk–Konotop–Kiev", ["Moscow", "Maloyaroslavets", "Sukhinichi", "Bryansk", "Konotop", "Nezhin",
                                     "Kiev"]),
    ("Moscow–Rzhev–Velikie Luki–Riga", ["Moscow", "Volokolamsk", "Rzhev", "Velikie Luki", "Novosokolniki",
                                        "Rezekne", "Krustpils", "Riga"]),
]


# ---------------------------------------------------------------------------
# Geometry helpers in projected km.
# ---------------------------------------------------------------------------
def seg_dist(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def line_dist(p, pts):
    return min(seg_dist(p, a, b) for a, b in zip(pts, pts[1:]))


def densify(pts, step):
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
        for i in range(1, n + 1):
            out.append((a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n))
    return out


# ---------------------------------------------------------------------------
class MapBuilder:
    def __init__(self):
        self.log = []
        self.countries, self.land = geodata.load_countries()
        self.lakes = geodata.load_lakes(LAKE_SEEDS)
        missing = set(LAKE_SEEDS) - set(self.lakes)
        if missing:
            self.note(f"lake seeds with no Natural Earth lake: {sorted(missing)}")
        self.area_idx = [(t, n, latlon_poly(p)) for t, n, p in TERRAIN_AREAS]
        self.bands = [(n, [project(*p) for p in line], m, r) for n, line, m, r in TERRAIN_BANDS]
        self.hexes = [(c, r) for c in range(COLS) for r in range(ROWS)]

    def note(self, msg):
        self.log.append(msg)
        print("note:", msg, file=sys.stderr)

    # -- point classification -------------------------------------------------
    def water_at(self, lat, lon):
        """'sea', 'lake' or None (land)."""
        if not self.land.contains(lon, lat):
            return "sea"
        for name, idx in self.lakes.items():
            if idx.contains(lon, lat):
                return "sea" if name in SEA_LIKE_LAKES else "lake:" + name
        return None

    def modern_country(self, lat, lon):
        for name, idx in self.countries.items():
            if idx.contains(lon, lat):
                return name
        return None

    def terrain_at(self, lat, lon, x, y, modern):
        found = set()
        for t, _, idx in self.area_idx:
            if idx.contains(lon, lat):
                found.add(t)
        for _, line, m, r in self.bands:
            d = line_dist((x, y), line)
            if d <= m:
                found.add("mountain")
            if d <= r:
                found.add("rough")
        if modern in COUNTRY_DEFAULT_TERRAIN:
            found.add(COUNTRY_DEFAULT_TERRAIN[modern])
        return found

    # -- the grid --------------------------------------------------------------
    def classify(self):
        self.terrain, self.country, self.modern, self.latlon = {}, {}, {}, {}
        self.lakecover = defaultdict(dict)
        self.landfrac = {}
        for h in self.hexes:
            cx, cy = centre(*h)
            self.latlon[h] = unproject(cx, cy)
            kinds = Counter()
            tcount = Counter()
            land_pts = []
            for dx, dy in SAMPLES:
                lat, lon = unproject(cx + dx, cy + dy)
                w = self.water_at(lat, lon)
                if w is None:
                    kinds["land"] += 1
                    land_pts.append((lat, lon, cx + dx, cy + dy))
                elif w == "sea":
                    kinds["sea"] += 1
                else:
                    kinds["lake"] += 1
                    lk = w[5:]
                    self.lakecover[h][lk] = self.lakecover[h].get(lk, 0) + 1 / len(SAMPLES)
            n = len(SAMPLES)
            self.landfrac[h] = kinds["land"] / n
            if kinds["land"] * 2 >= n:
                self.terrain[h] = None       # decided below
            elif kinds["sea"] >= kinds["lake"]:
                self.terrain[h] = "sea"
            else:
                self.terrain[h] = "lake"
            # modern country: centre if it is land, else the majority of land samples
            countries = Counter()
            for lat, lon, x, y in land_pts:
                mc = self.modern_country(lat, lon)
                if mc is None:
                    continue
                c41 = country1941(mc, lat, lon)
                weight = 100 if (x, y) == (cx, cy) else 1
                countries[(c41, mc)] += weight
                if self.terrain[h] is None:
                    for t in self.terrain_at(lat, lon, x, y, mc):
                        tcount[t] += 1
            if countries:
                (c41, mc), _ = countries.most_common(1)[0]
                self.country[h], self.modern[h] = c41, mc
            else:
                self.country[h], self.modern[h] = "", None
            if self.terrain[h] is None:
                nl = len(land_pts)
                t = "clear"
                for cand in TERRAIN_PRIORITY:
                    if tcount[cand] >= TERRAIN_MIN_FRACTION * nl:
                        t = cand
                        break
                self.terrain[h] = t
        # small lakes: their best-covered hex becomes lake
        for lk, thr in SMALL_LAKES_KEEP.items():
            for h in self.hexes:
                cov = self.lakecover[h].get(lk, 0)
                if self.terrain[h] != "lake" and cov >= thr:
                    self.note(f"{lk}: hex {label(h)} made lake ({cov:.0%} covered)")
                    self.terrain[h] = "lake"
                    self.country[h] = ""
        for h in self.hexes:
            if self.terrain[h] in ("sea", "lake"):
                self.country[h] = ""
            elif not self.country[h]:
                # land by majority but no sample inside a country polygon: take a neighbour's
                nb = [self.country[n] for n in neighbours(*h) if self.country.get(n)]
                self.country[h] = Counter(nb).most_common(1)[0][0] if nb else "ussr"
                self.note(f"hex {label(h)}: land without a country sample, given {self.country[h]}")

    def is_land(self, h):
        return self.terrain[h] not in ("sea", "lake")

    def force_land(self, h, why):
        if self.is_land(h):
            return
        cx, cy = centre(*h)
        lat, lon = unproject(cx, cy)
        best = None
        for dx, dy in SAMPLES:
            la, lo = unproject(cx + dx, cy + dy)
            if self.water_at(la, lo) is None:
                mc = self.modern_country(la, lo)
                if mc:
                    best = (country1941(mc, la, lo), mc)
                    break
        if best is None:
            best = ("ussr", "Russia")
        self.terrain[h] = "clear"
        self.country[h], self.modern[h] = best
        self.note(f"hex {label(h)} forced to land ({why}; {self.landfrac[h]:.0%} land in Natural Earth)")

    def force_water(self, h, kind, why):
        if self.terrain[h] == kind:
            return
        self.terrain[h] = kind
        self.country[h] = ""
        self.note(f"hex {label(h)} forced to {kind} ({why}; {self.landfrac[h]:.0%} land)")

    # -- sea bodies ------------------------------------------------------------
    def water_bodies(self):
        self.body = {}
        seeds = {"Black Sea": (43.6, 34.0), "Sea of Azov": (46.0, 36.6), "Baltic Sea": (55.8, 19.0)}
        for name, (lat, lon) in seeds.items():
            h = hex_at(lat, lon)
            if h is None or self.terrain[h] != "sea":
                self.note(f"sea seed {name} not in a sea hex ({h})")
                continue
            q = deque([h])
            while q:
                cur = q.popleft()
                if cur in self.body:
                    continue
                self.body[cur] = name
                for n in neighbours(*cur):
                    if self.terrain[n] == "sea" and n not in self.body:
                        q.append(n)

    # -- places ----------------------------------------------------------------
    def place_cities(self):
        self.places = []
        used = {}
        for name, lat, lon, kind, tags, port in PLACES:
            h = hex_at(lat, lon)
            if h is None:
                self.note(f"place {name} is off the map")
                continue
            if not self.is_land(h):
                if self.landfrac[h] >= 0.3:
                    self.force_land(h, f"{name} is here")
                else:
                    x, y = project(lat, lon)
                    land = [n for n in neighbours(*h) if self.is_land(n) and n not in used]
                    if not land:
                        self.note(f"place {name} falls in a water hex {label(h)} with no free land "
                                  "neighbour: dropped")
                        continue
                    n = min(land, key=lambda n: math.hypot(centre(*n)[0] - x, centre(*n)[1] - y))
                    self.note(f"place {name}: its hex {label(h)} is {self.landfrac[h]:.0%} land, "
                              f"moved to the nearest land hex {label(n)}")
                    h = n
            if h in used:
                self.note(f"place {name} shares hex {label(h)} with {used[h]}: dropped {name}")
                continue
            used[h] = name
            # a city's hex belongs to the country the city itself was in
            mc = self.modern_country(lat, lon)
            if mc:
                c41 = country1941(mc, lat, lon)
                if c41 != self.country[h]:
                    self.note(f"hex {label(h)}: country {self.country[h]} -> {c41}, as at {name}")
                self.country[h], self.modern[h] = c41, mc
            self.places.append(dict(name=name, hex=h, kind=kind, tags=list(tags), port=port, lat=lat, lon=lon))
        self.place_hex = {p["name"]: p["hex"] for p in self.places}

    def finish_place_tags(self):
        for p in self.places:
            h = p["hex"]
            touches = {self.body.get(n) for n in neighbours(*h) if self.terrain[n] == "sea"}
            touches.discard(None)
            if p["port"]:
                if touches or any(self.terrain[n] == "sea" for n in neighbours(*h)):
                    p["tags"].append("port")
                else:
                    self.note(f"port {p['name']} ({label(h)}) touches no sea hex: not tagged port")
            if p["port"] and h in self.black_sea_coast and self.country[h] in ("ussr", "bessarabia"):
                p["tags"].append("black-sea-coast")

    # -- rivers ----------------------------------------------------------------
    def build_vertex_graph(self):
        self.vedges = defaultdict(set)     # vertex -> neighbouring vertices
        self.edge_hexes = defaultdict(list)
        self.vpos = {}
        for h in self.hexes:
            cx, cy = centre(*h)
            corners = []
            for k in range(6):
                a = math.radians(60 * k)
                p = (cx + HEX_R * math.cos(a), cy + HEX_R * math.sin(a))
                key = (round(p[0], 3), round(p[1], 3))
                self.vpos[key] = p
                corners.append(key)
            for k in range(6):
                a, b = corners[k], corners[(k + 1) % 6]
                e = (a, b) if a < b else (b, a)
                self.edge_hexes[e].append(h)
                self.vedges[a].add(b)
                self.vedges[b].add(a)

    def river_sides(self, name, line):
        pts = densify([project(*p) for p in line], 5.0)
        # runs of the centreline that lie on the map
        runs, cur = [], []
        for p in pts:
            if hex_at_xy(*p) is not None and self._inside_frame(p):
                cur.append(p)
            elif cur:
                runs.append(cur)
                cur = []
        if cur:
            runs.append(cur)
        sides = []
        for run in runs:
            if len(run) < 3:
                continue
            # route piece by piece (about 60 km each) so that bends and loops are followed
            cuts = list(range(0, len(run) - 1, 12)) + [len(run) - 1]
            if len(cuts) >= 3 and cuts[-1] - cuts[-2] < 6:
                del cuts[-2]
            vpath = []
            for i, j in zip(cuts, cuts[1:]):
                piece = self._route(run[max(0, i - 2): j + 3], run[i], run[j])
                if not piece:
                    continue
                vpath += piece if not vpath else piece[1:] if piece[0] == vpath[-1] else piece
            # cut out loops where the chain revisits a vertex
            clean = []
            for v in vpath:
                if v in clean:
                    clean = clean[:clean.index(v) + 1]
                else:
                    clean.append(v)
            sides += [(a, b) if a < b else (b, a) for a, b in zip(clean, clean[1:])]
        out, seen = [], set()
        for e in sides:
            hs = self.edge_hexes[e]
            if len(hs) != 2:
                continue
            a, b = sorted(hs)
            if not (self.is_land(a) and self.is_land(b)):
                continue
            if (a, b) not in seen:
                seen.add((a, b))
                out.append((a, b))
        return out

    def _inside_frame(self, p):
        x, y = p
        return (X0 - 0.5 * HEX_R <= x <= X0 + (COLS - 1) * COL_DX + 0.5 * HEX_R
                and Y0 - (ROWS - 1) * HEX_D - HEX_D / 2 - HEX_D * 0.4 <= y <= Y0 + HEX_D * 0.4)

    def _route(self, run, first, last):
        # candidate vertices near this run
        xs = [p[0] for p in run]
        ys = [p[1] for p in run]
        m = RIVER_MAX_OFFSET + HEX_R
        cand = {v for v, p in self.vpos.items()
                if min(xs) - m <= p[0] <= max(xs) + m and min(ys) - m <= p[1] <= max(ys) + m}
        coarse = run
        vdist = {v: line_dist(self.vpos[v], coarse) for v in cand}
        near = {v for v, d in vdist.items() if d <= RIVER_MAX_OFFSET}

        def nearest(p):
            return min(near, key=lambda v: math.hypot(self.vpos[v][0] - p[0], self.vpos[v][1] - p[1]))
        start, goal = nearest(first), nearest(last)
        if start == goal:
            return [start]
        # Dijkstra: edge cost = length * (1 + (distance of the edge from the river / (R/2))^2)
        dist, prev = {start: 0.0}, {}
        pq = [(0.0, start)]
        while pq:
            d, v = heapq.heappop(pq)
            if v == goal:
                break
            if d > dist[v]:
                continue
            for w in self.vedges[v]:
                if w not in near:
                    continue
                mid = ((self.vpos[v][0] + self.vpos[w][0]) / 2, (self.vpos[v][1] + self.vpos[w][1]) / 2)
                off = line_dist(mid, coarse)
                nd = d + HEX_R * (1 + (off / (0.5 * HEX_R)) ** 2)
                if nd < dist.get(w, 1e18):
                    dist[w] = nd
                    prev[w] = v
                    heapq.heappush(pq, (nd, w))
        if goal not in dist:
            self.note(f"river run could not be routed ({len(run)} points)")
            return []
        path = [goal]
        while path[-1] != start:
            path.append(prev[path[-1]])
        return path[::-1]

    # -- rails -----------------------------------------------------------------
    def rail_path(self, a, b):
        if a == b:
            return [a]
        ax, ay = centre(*a)
        bx, by = centre(*b)
        pen = {"mountain": 0.6, "swamp": 0.4, "forest": 0.1, "rough": 0.2}

        def h_est(h):
            x, y = centre(*h)
            return math.hypot(x - bx, y - by) / HEX_D

        dist, prev = {a: 0.0}, {}
        pq = [(h_est(a), 0.0, a)]
        while pq:
            _, d, v = heapq.heappop(pq)
            if v == b:
                break
            if d > dist[v]:
                continue
            for w in neighbours(*v):
                if not self.is_land(w):
                    continue
                off = seg_dist(centre(*w), (ax, ay), (bx, by)) / HEX_D
                nd = d + 1 + 0.35 * off + pen.get(self.terrain[w], 0)
                if nd < dist.get(w, 1e18):
                    dist[w] = nd
                    prev[w] = v
                    heapq.heappush(pq, (nd + h_est(w), nd, w))
        if b not in dist:
            return None
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return path[::-1]

    def point_hex(self, name):
        if name in self.place_hex:
            return self.place_hex[name]
        lat, lon = JUNCTIONS[name]
        h = hex_at(lat, lon)
        if h is None:
            return None
        if not self.is_land(h):
            land = [n for n in neighbours(*h) if self.is_land(n)]
            if not land:
                return None
            x, y = project(lat, lon)
            h = min(land, key=lambda n: math.hypot(centre(*n)[0] - x, centre(*n)[1] - y))
        return h

    def build_rails(self):
        self.rails = []
        for name, stops in RAILS:
            hexes = []
            for s in stops:
                if s not in self.place_hex and s not in JUNCTIONS:
                    self.note(f"rail {name}: unknown stop {s}")
                    continue
                h = self.point_hex(s)
                if h is None:
                    self.note(f"rail {name}: stop {s} is off the map, skipped")
                    continue
                if not hexes:
                    hexes = [h]
                    continue
                seg = self.rail_path(hexes[-1], h)
                if seg is None:
                    self.note(f"rail {name}: no land path to {s}")
                    continue
                hexes += seg[1:]
            # remove loops (a hex visited twice)
            clean = []
            for h in hexes:
                if h in clean:
                    clean = clean[:clean.index(h) + 1]
                else:
                    clean.append(h)
            if len(clean) >= 2:
                self.rails.append((name, clean))

    # -- regions ---------------------------------------------------------------
    def build_regions(self):
        reg = {}
        axis = {h for h in self.hexes if self.is_land(h) and self.country[h] in ("germany", "poland", "hungary",
                                                                                 "slovakia", "romania")}
        # hex distance (over land) from the Axis border, for the Soviet military districts
        dist = {h: 0 for h in axis}
        q = deque(axis)
        while q:
            v = q.popleft()
            for n in neighbours(*v):
                if self.is_land(n) and n not in dist:
                    dist[n] = dist[v] + 1
                    q.append(n)
        for h in self.hexes:
            if not self.is_land(h):
                continue
            lat, lon = self.latlon[h]
            c, mc = self.country[h], self.modern[h]
            if c == "germany" and mc in ("Poland", "Russia", "Lithuania") and lat >= 53.3 and lon >= 19.3:
                reg[h] = "N"     # East Prussia, Suwalki and Memel
            elif c in ("poland", "germany") and mc == "Poland" and lon >= 19.6 and 51.3 <= lat < 53.3:
                reg[h] = "C"     # GG north of Lublin and the annexed Zichenau district
            elif c == "poland" and lat < 51.3:
                reg[h] = "S"
            elif c == "baltic-states" and mc in ("Lithuania", "Latvia"):
                reg[h] = "b"
            elif c == "ussr" and (mc == "Belarus" or (mc == "Poland" and lat >= 51.6)) and dist.get(h, 99) <= 5:
                reg[h] = "w"
            elif c == "ussr" and (mc == "Ukraine" or (mc == "Poland" and lat < 51.6)) and lat >= 48.0 \
                    and dist.get(h, 99) <= 6:
                reg[h] = "k"
        # keep the largest connected piece of each region
        for code in "NCSbwk":
            cells = {h for h, v in reg.items() if v == code}
            comps = []
            while cells:
                s = cells.pop()
                comp, q = {s}, deque([s])
                while q:
                    v = q.popleft()
                    for n in neighbours(*v):
                        if n in cells:
                            cells.discard(n)
                            comp.add(n)
                            q.append(n)
                comps.append(comp)
            comps.sort(key=len, reverse=True)
            for comp in comps[1:]:
                self.note(f"region {code}: dropped detached piece {[label(h) for h in sorted(comp)]}")
                for h in comp:
                    del reg[h]
        self.region = reg

    # -- the whole thing -------------------------------------------------------
    def build(self):
        self.classify()
        # Crimea is joined to the mainland by the Perekop isthmus (8 km wide).
        self.force_land(hex_at(46.15, 33.69), "Perekop isthmus")
        # The two shores of the Straits of Kerch must be separate, adjacent land hexes.
        self.kerch = hex_at(45.36, 36.47)
        self.taman = hex_at(45.25, 36.75)
        self.force_land(self.kerch, "Kerch")
        self.force_land(self.taman, "Taman peninsula")
        self.place_cities()
        self.water_bodies()
        if self.kerch == self.taman or self.taman not in neighbours(*self.kerch):
            raise SystemExit(f"Kerch {self.kerch} and Taman {self.taman} are not two adjacent hexes")
        self.black_sea_coast = sorted(h for h in self.hexes if self.is_land(h) and any(
            self.body.get(n) in ("Black Sea", "Sea of Azov") for n in neighbours(*h)))
        self.finish_place_tags()
        self.build_vertex_graph()
        self.rivers = []
        for name, line in RIVERS.items():
            sides = self.river_sides(name, line)
            if sides:
                self.rivers.append((name, sides))
        self.build_rails()
        self.build_regions()
        self.romania_south = sorted(h for h in self.hexes if self.is_land(h) and self.country[h] == "romania"
                                    and any(self.country.get(n) == "bulgaria" for n in neighbours(*h)))

    # -- output ----------------------------------------------------------------
    def grid_rows(self, f):
        return "\n".join("".join(f((c, r)) for c in range(COLS)) for r in range(ROWS))

    def toml(self):
        L = []
        w = L.append
        w("# Generated by tools/gen_map.py from Natural Earth (public domain) — do not edit by hand; "
          "see tools/README.md")
        w("# Terrain areas, rivers, 1941 borders, cities and railways are reconstructed by hand in "
          "tools/gen_map.py.")
        w("# Projection: Lambert conformal conic (standard parallels 47N/57N, centre 52N 32E); "
          f"hexes {HEX_D:g} km across the flats.")
        w("[[map]]")
        w('id = "east-front"')
        w('title = "Eastern Europe 1941–45"')
        w("")
        w("[map.hex]")
        w('orientation = "columns"')
        w(f"columns = {COLS}")
        w(f"rows = {ROWS}")
        w("")
        w("[map.hex.numbering]")
        w('pattern = "column-row"')
        w("first-column = 1")
        w("first-row = 1")
        w("digits = 2")
        w("")
        w("[map.terrain]")
        w("legend = { " + ", ".join(f"{tq(ch)} = {q(t)}" for t, ch in TERRAIN_CHARS.items()) + " }")
        w('rows = """')
        w(self.grid_rows(lambda h: TERRAIN_CHARS[self.terrain[h]]))
        w('"""')
        w("")
        used = sorted(set(self.country.values()), key=lambda c: list(COUNTRY_CHARS).index(c))
        w("[map.country]")
        w("legend = { " + ", ".join(f"{tq(COUNTRY_CHARS[c])} = {q(c)}" for c in used) + " }")
        w('rows = """')
        w(self.grid_rows(lambda h: COUNTRY_CHARS[self.country[h]]))
        w('"""')
        w("")
        w("[map.region]")
        w('legend = { "." = "", N = "army-group-north", C = "army-group-center", S = "army-group-south", '
          'b = "baltic-md", w = "western-md", k = "kiev-md" }')
        w('rows = """')
        w(self.grid_rows(lambda h: self.region.get(h, ".")))
        w('"""')
        for p in self.places:
            w("")
            w("[[map.place]]")
            w(f"hex = {q(label(p['hex']))}")
            w(f"name = {q(p['name'])}")
            w(f"kind = {q(p['kind'])}")
            if p["tags"]:
                w("tags = [" + ", ".join(q(t) for t in p["tags"]) + "]")
        w("")
        w("[[map.hexside]]")
        w('kind = "strait"')
        w('name = "Straits of Kerch"')
        w(f"sides = [{q(label(self.kerch) + '/' + label(self.taman))}]")
        for name, sides in self.rivers:
            w("")
            w("[[map.hexside]]")
            w('kind = "river"')
            w(f"name = {q(name)}")
            w("sides = [" + wrap([q(label(a) + "/" + label(b)) for a, b in sides]) + "]")
        for name, hexes in self.rails:
            w("")
            w("[[map.rail]]")
            w(f"name = {q(name)}")
            w("hexes = [" + wrap([q(label(h)) for h in hexes]) + "]")
        w("")
        w("[[map.edge]]")
        w('id = "west"')
        w('name = "West edge"')
        w('along = "west"')
        w("")
        w("[[map.edge]]")
        w('id = "east"')
        w('name = "East edge"')
        w('along = "east"')
        w("")
        w("[[map.edge]]")
        w('id = "romania-south"')
        w('name = "Southern edge of Romania"')
        w("hexes = [" + wrap([q(label(h)) for h in self.romania_south]) + "]")
        w("")
        w("[[map.hex-set]]")
        w('id = "black-sea-coast"')
        w('name = "Black Sea coast"')
        w("hexes = [" + wrap([q(label(h)) for h in self.black_sea_coast]) + "]")
        w("")
        w("[[map.hex-set]]")
        w('id = "romania-bessarabia"')
        w('name = "Romania or Bessarabia"')
        w('include = ["romania", "bessarabia"]')
        return "\n".join(L) + "\n"


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tq(key):
    """A TOML key: bare when possible."""
    return key if key.isalnum() else q(key)


def wrap(items, per=10):
    if len(items) <= per:
        return ", ".join(items)
    lines = [", ".join(items[i:i + per]) for i in range(0, len(items), per)]
    return "\n  " + ",\n  ".join(lines) + ",\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--check", action="store_true", help="run check_map.py on the result")
    args = ap.parse_args()
    geodata.fetch()
    mb = MapBuilder()
    mb.build()
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(mb.toml())
    print(f"wrote {args.out}", file=sys.stderr)
    if args.check:
        subprocess.run([sys.executable, os.path.join(HERE, "check_map.py"), args.out], check=True)


if __name__ == "__main__":
    main()
