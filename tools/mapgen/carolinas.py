#!/usr/bin/env python3
"""Generate maps/carolinas-1780.xml: the Carolinas theatre of 1780-81 as an Etat-Major hex map.

Python 3 standard library only. Usage:

    python3 tools/mapgen/carolinas.py [--out maps/carolinas-1780.xml] [--preview /tmp/carolinas.png]

How it works
------------
All geography below is hand-digitised from public-domain knowledge of the region (approximate
latitude/longitude of coastline points, river courses, towns and historic crossings) and is
only as precise as an 8 km hex needs.

* Projection: simple equirectangular projection centred on the map:
  km east = (lon - LON0) * 111.32 * cos(LAT0), km north = (lat - LAT0) * 110.57.
* Hexes: pointy-top, 8 km across the flats, offset coordinates "col,row" with odd rows shoved
  right by half a hex ("odd-r"); row 0 is the north edge.  Points are converted to hexes by
  proper fractional-axial cube rounding.
* Rivers run along hexsides: each river polyline is sampled densely, every sample is snapped
  to the nearest hex corner and consecutive corners are joined by the shortest chain of
  hexsides; each hexside is then written as "col,row:DIR" of one of its two hexes.
* Roads are chains of hex centres found by a cheapest-path search between historic waypoints
  (towns, named fords and ferries); a road must not cross a river except at a crossing.
* Navigable-river routes follow the hexes along one bank of the navigable river.
* Terrain is classified from the coastline, the fall line, the Blue Ridge escarpment, named
  swamps and hill masses, river bottoms and a fixed deterministic noise (no randomness from
  run to run), so the output is reproducible byte for byte.

At the end the generator re-reads the XML it wrote and checks every semantic rule of the map
format; it exits non-zero on any violation.
"""

import argparse
import math
import os
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from heapq import heappop, heappush

# ----------------------------------------------------------------------------------------------
# Map frame
# ----------------------------------------------------------------------------------------------

MAP_ID = "carolinas-1780"
MAP_NAME = "The Carolinas, 1780-1781"
LAT_MIN, LAT_MAX = 32.55, 36.75
LON_MIN, LON_MAX = -83.0, -77.5
LAT0 = (LAT_MIN + LAT_MAX) / 2.0
LON0 = (LON_MIN + LON_MAX) / 2.0
KM_PER_HEX = 8.0
SQ3 = math.sqrt(3.0)
SIZE = KM_PER_HEX / SQ3          # centre-to-corner, km
ROW_H = 1.5 * SIZE               # distance between rows, km
KX = 111.32 * math.cos(math.radians(LAT0))
KY = 110.57
W = int(math.ceil((LON_MAX - LON_MIN) * KX / KM_PER_HEX))
H = int(round((LAT_MAX - LAT_MIN) * KY / ROW_H)) + 1
CX = (W - 1) / 2.0 * KM_PER_HEX + KM_PER_HEX / 4.0   # pixel (km) of the map centre
CY = (H - 1) / 2.0 * ROW_H

DIRS = ["E", "NE", "NW", "W", "SW", "SE"]
AXIAL = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
# corners of a pointy hex, i at angle 60*i - 30 degrees, screen y down
CORNER_OFF = [(4, -1), (4, 1), (0, 2), (-4, 1), (-4, -1), (0, -2)]   # in units (4 km, SIZE/2)
SIDE_CORNERS = {0: (0, 1), 1: (5, 0), 2: (4, 5), 3: (3, 4), 4: (2, 3), 5: (1, 2)}


def ll_to_px(lat, lon):
    return ((lon - LON0) * KX + CX, -(lat - LAT0) * KY + CY)


def px_to_ll(x, y):
    return (LAT0 - (y - CY) / KY, LON0 + (x - CX) / KX)


def off_to_ax(c, r):
    return (c - (r - (r & 1)) // 2, r)


def ax_to_off(q, r):
    return (q + (r - (r & 1)) // 2, r)


def hex_center(h):
    c, r = h
    return (KM_PER_HEX * (c + 0.5 * (r & 1)), ROW_H * r)


def px_to_hex(x, y):
    qf = (SQ3 / 3.0 * x - 1.0 / 3.0 * y) / SIZE
    rf = (2.0 / 3.0 * y) / SIZE
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return ax_to_off(q, r)


def ll_to_hex(lat, lon):
    return px_to_hex(*ll_to_px(lat, lon))


def on_map(h):
    return 0 <= h[0] < W and 0 <= h[1] < H


def neighbour(h, d):
    q, r = off_to_ax(*h)
    dq, dr = AXIAL[d]
    return ax_to_off(q + dq, r + dr)


def hex_distance(a, b):
    aq, ar = off_to_ax(*a)
    bq, br = off_to_ax(*b)
    return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2


def direction_to(a, b):
    for d in range(6):
        if neighbour(a, d) == b:
            return d
    return -1


def corner_key(h, i):
    c, r = h
    kx = 2 * c + (r & 1) + CORNER_OFF[i][0] // 4
    ky = 3 * r + CORNER_OFF[i][1]
    return (kx, ky)


def vertex_px(v):
    return (v[0] * 4.0, v[1] * SIZE / 2.0)


def side_key(h, d):
    a, b = SIDE_CORNERS[d]
    ka, kb = corner_key(h, a), corner_key(h, b)
    return (ka, kb) if ka < kb else (kb, ka)


def canon_side(h, d):
    """Canonical (hex, dir) for a hexside: the on-map hex with the smaller (row, col)."""
    n = neighbour(h, d)
    cands = [(h, d)]
    if on_map(n):
        cands.append((n, (d + 3) % 6))
    cands = [x for x in cands if on_map(x[0])]
    return min(cands, key=lambda x: (x[0][1], x[0][0], x[1]))


ALL_HEXES = [(c, r) for r in range(H) for c in range(W)]

# edge (pair of vertex keys) -> list of (hex, dir) for on-map hexes
EDGE_SIDES = {}
VERT_ADJ = {}
VERT_HEXES = {}
for _h in ALL_HEXES:
    for _d in range(6):
        _k = side_key(_h, _d)
        EDGE_SIDES.setdefault(_k, []).append((_h, _d))
    for _i in range(6):
        VERT_HEXES.setdefault(corner_key(_h, _i), set()).add(_h)
for _k in EDGE_SIDES:
    VERT_ADJ.setdefault(_k[0], set()).add(_k[1])
    VERT_ADJ.setdefault(_k[1], set()).add(_k[0])


def edge_hexes(e):
    return [hd[0] for hd in EDGE_SIDES[e]]


def ekey(a, b):
    return (a, b) if a < b else (b, a)


# ----------------------------------------------------------------------------------------------
# Geography (hand-digitised, approximate; latitude N, longitude E negative)
# ----------------------------------------------------------------------------------------------

# Atlantic coastline from the south edge (Edisto) to the east edge (Topsail), land on the left.
COAST = [
    (32.45, -80.36), (32.55, -80.24), (32.58, -80.17), (32.61, -80.08), (32.65, -79.98),
    (32.69, -79.91), (32.72, -79.88), (32.77, -79.82), (32.80, -79.75), (32.85, -79.67),
    (32.90, -79.60), (32.93, -79.57), (32.99, -79.55), (33.03, -79.50), (33.04, -79.43),
    (33.01, -79.37), (33.06, -79.30), (33.11, -79.24), (33.17, -79.19), (33.21, -79.16),
    (33.30, -79.14), (33.43, -79.11), (33.55, -79.03), (33.69, -78.88), (33.80, -78.72),
    (33.86, -78.57), (33.88, -78.45), (33.91, -78.30), (33.92, -78.15), (33.90, -78.05),
    (33.87, -78.00), (33.84, -77.96), (33.96, -77.92), (34.04, -77.89), (34.12, -77.84),
    (34.21, -77.79), (34.30, -77.72), (34.38, -77.63), (34.45, -77.53), (34.50, -77.45),
]
# Sea closing the polygon round the south-east corner, outside the map.
SEA_CLOSE = [(34.55, -77.20), (32.30, -77.20), (32.30, -80.50)]
# Water bodies too narrow for the polygon that an 8 km hex still shows as sea.
SEA_POINTS = [
    ("Winyah Bay (upper)", 33.30, -79.26),
    ("Winyah Bay (lower)", 33.28, -79.20),
    ("Cape Fear estuary", 33.93, -77.985),
    ("Wrightsville Sound", 34.24, -77.83),
]
LAKES = [("Lake Waccamaw", 34.29, -78.51)]

# The fall line (Piedmont to the north-west, coastal plain to the south-east).
FALL_LINE = [
    (33.20, -82.60), (33.47, -82.05), (33.70, -81.55), (34.00, -81.05), (34.25, -80.62),
    (34.45, -80.25), (34.70, -79.88), (34.95, -79.50), (35.25, -79.10), (35.55, -78.78),
    (35.80, -78.55), (36.05, -78.20), (36.45, -77.65), (36.90, -77.40),
]
# Foot of the Blue Ridge escarpment (mountains to the north-west).
BLUE_RIDGE = [
    (34.60, -83.40), (34.85, -83.00), (35.05, -82.70), (35.15, -82.45), (35.25, -82.30),
    (35.45, -82.20), (35.60, -82.05), (35.75, -81.90), (35.95, -81.75), (36.10, -81.55),
    (36.25, -81.35), (36.40, -81.10), (36.55, -80.85), (36.65, -80.60), (36.80, -80.35),
]

# ---- rivers: (id, name, kind, navigable, fordable) segments of one polyline, source to mouth ----
# Each system: polyline, list of segments (id, name, kind, nav, fordable, split point or None),
# end: "sea", "off" (leaves the map) or ("join", river id).
RIVER_SYSTEMS = [
    dict(name="santee", end="sea", line=[
        (33.80, -80.62), (33.74, -80.55), (33.66, -80.47), (33.58, -80.38), (33.50, -80.28),
        (33.46, -80.22), (33.44, -80.10), (33.42, -79.98), (33.37, -79.85), (33.30, -79.72),
        (33.26, -79.60), (33.22, -79.48), (33.17, -79.36), (33.13, -79.26)],
        segs=[("santee", "Santee River", "river", True, False, None)]),
    dict(name="congaree", end=("join", "santee"), line=[
        (34.00, -81.05), (33.95, -81.045), (33.88, -80.98), (33.83, -80.90), (33.80, -80.82),
        (33.78, -80.74), (33.77, -80.68), (33.80, -80.62)],
        segs=[("congaree", "Congaree River", "river", True, False, None)]),
    dict(name="catawba-wateree", end=("join", "santee"), line=[
        (35.63, -82.20), (35.65, -82.00), (35.72, -81.80), (35.74, -81.68), (35.75, -81.50),
        (35.76, -81.35), (35.75, -81.20), (35.70, -81.08), (35.60, -81.00), (35.50, -80.98),
        (35.43, -80.96), (35.35, -80.98), (35.27, -81.03), (35.18, -81.03), (35.08, -81.00),
        (34.98, -80.95), (34.88, -80.90), (34.78, -80.88), (34.68, -80.88), (34.60, -80.89),
        (34.55, -80.89), (34.50, -80.85), (34.42, -80.78), (34.35, -80.72), (34.30, -80.68),
        (34.245, -80.645), (34.15, -80.65), (34.05, -80.64), (33.95, -80.62), (33.87, -80.62),
        (33.80, -80.62)],
        segs=[("catawba", "Catawba River", "river", False, True, (34.55, -80.89)),
              ("wateree-upper", "Wateree River", "river", False, True, "camden"),
              ("wateree", "Wateree River", "river", True, True, None)]),
    dict(name="broad", end=("join", "congaree"), line=[
        (35.43, -82.25), (35.37, -82.05), (35.33, -81.90), (35.25, -81.75), (35.19, -81.62),
        (35.10, -81.56), (35.00, -81.50), (34.90, -81.47), (34.78, -81.45), (34.68, -81.44),
        (34.60, -81.43), (34.50, -81.40), (34.40, -81.35), (34.30, -81.32), (34.20, -81.25),
        (34.10, -81.15), (34.03, -81.08), (34.00, -81.05)],
        segs=[("broad", "Broad River", "river", False, True, None)]),
    dict(name="saluda", end=("join", "congaree", "broad"), line=[
        (35.10, -82.55), (34.98, -82.45), (34.85, -82.38), (34.70, -82.32), (34.55, -82.27),
        (34.42, -82.25), (34.32, -82.15), (34.24, -82.05), (34.18, -81.93), (34.15, -81.80),
        (34.12, -81.62), (34.08, -81.45), (34.05, -81.25), (34.02, -81.12), (34.00, -81.05)],
        segs=[("saluda", "Saluda River", "river", False, True, None)]),
    dict(name="yadkin-peedee", end="sea", line=[
        (36.12, -81.68), (36.00, -81.55), (36.04, -81.38), (36.14, -81.18), (36.20, -81.00),
        (36.25, -80.85), (36.22, -80.68), (36.17, -80.52), (36.08, -80.45), (35.98, -80.43),
        (35.85, -80.40), (35.72, -80.39), (35.62, -80.28), (35.52, -80.18), (35.42, -80.08),
        (35.33, -80.07), (35.22, -80.06), (35.14, -80.05), (35.05, -79.97), (34.97, -79.90),
        (34.88, -79.87), (34.78, -79.87), (34.70, -79.875), (34.60, -79.86), (34.50, -79.82),
        (34.40, -79.74), (34.30, -79.66), (34.20, -79.62), (34.10, -79.53), (34.00, -79.47),
        (33.90, -79.42), (33.80, -79.35), (33.68, -79.30), (33.56, -79.26), (33.46, -79.24),
        (33.38, -79.25), (33.30, -79.21)],
        segs=[("yadkin", "Yadkin River", "river", False, True, (35.33, -80.07)),
              ("peedee-upper", "Great Pee Dee River", "river", False, True, "cheraw"),
              ("peedee", "Great Pee Dee River", "river", True, False, None)]),
    dict(name="waccamaw", end=("join", "peedee"), line=[
        (34.25, -78.53), (34.18, -78.62), (34.10, -78.72), (34.00, -78.82), (33.92, -78.93),
        (33.84, -79.04), (33.74, -79.08), (33.64, -79.12), (33.54, -79.17), (33.45, -79.21),
        (33.38, -79.24)],
        segs=[("waccamaw", "Waccamaw River", "river", False, False, None)]),
    dict(name="black-sc", end=("join", "peedee"), line=[
        (34.18, -80.25), (34.05, -80.10), (33.92, -79.98), (33.80, -79.90), (33.67, -79.83),
        (33.58, -79.70), (33.50, -79.55), (33.44, -79.40), (33.40, -79.30)],
        segs=[("black-river-sc", "Black River", "stream", False, True, None)]),
    dict(name="lynches", end=("join", "peedee"), line=[
        (34.95, -80.50), (34.80, -80.42), (34.65, -80.37), (34.50, -80.33), (34.38, -80.30),
        (34.25, -80.18), (34.12, -80.08), (34.02, -79.95), (33.95, -79.80), (33.90, -79.62),
        (33.87, -79.48), (33.85, -79.38)],
        segs=[("lynches", "Lynches River", "stream", False, True, None)]),
    dict(name="little-pee-dee", end=("join", "peedee"), line=[
        (34.80, -79.50), (34.65, -79.42), (34.50, -79.37), (34.40, -79.35), (34.28, -79.30),
        (34.15, -79.24), (34.05, -79.24), (33.95, -79.28), (33.85, -79.32), (33.75, -79.33)],
        segs=[("little-pee-dee", "Little Pee Dee River", "stream", False, True, None)]),
    dict(name="lumber", end=("join", "little-pee-dee"), line=[
        (35.15, -79.45), (35.02, -79.30), (34.88, -79.17), (34.75, -79.08), (34.62, -79.02),
        (34.50, -79.02), (34.38, -79.05), (34.30, -79.05), (34.22, -79.13), (34.16, -79.22)],
        segs=[("lumber", "Lumber River (Drowning Creek)", "stream", False, True, None)]),
    dict(name="rocky", end=("join", "peedee-upper"), line=[
        (35.58, -80.85), (35.45, -80.70), (35.35, -80.55), (35.27, -80.42), (35.20, -80.28),
        (35.15, -80.15), (35.14, -80.05)],
        segs=[("rocky-river", "Rocky River", "stream", False, True, None)]),
    dict(name="capefear", end="sea", line=[
        (35.62, -79.07), (35.55, -79.00), (35.47, -78.92), (35.40, -78.82), (35.30, -78.75),
        (35.20, -78.80), (35.12, -78.85), (35.05, -78.86), (34.95, -78.80), (34.85, -78.75),
        (34.75, -78.68), (34.65, -78.62), (34.60, -78.55), (34.52, -78.45), (34.45, -78.33),
        (34.38, -78.22), (34.32, -78.08), (34.26, -77.97), (34.20, -77.955), (34.16, -77.913),
        (34.138, -77.957), (34.097, -77.957), (34.076, -77.913)],
        segs=[("cape-fear-upper", "Cape Fear River", "river", False, True, "cross-creek"),
              ("cape-fear", "Cape Fear River", "river", True, False, None)]),
    dict(name="haw", end=("join", "cape-fear-upper"), line=[
        (36.25, -79.95), (36.20, -79.75), (36.12, -79.55), (36.08, -79.38), (35.98, -79.28),
        (35.88, -79.22), (35.78, -79.15), (35.68, -79.08), (35.62, -79.07)],
        segs=[("haw-upper", "Haw River", "stream", False, True, (36.20, -79.72)),
              ("haw", "Haw River", "river", False, True, None)]),
    dict(name="deep", end=("join", "cape-fear-upper"), line=[
        (36.05, -79.98), (35.95, -79.88), (35.83, -79.80), (35.74, -79.72), (35.68, -79.62),
        (35.60, -79.55), (35.55, -79.45), (35.54, -79.32), (35.58, -79.18), (35.62, -79.07)],
        segs=[("deep-upper", "Deep River", "stream", False, True, (35.83, -79.80)),
              ("deep", "Deep River", "river", False, True, None)]),
    dict(name="ne-cape-fear", end=("join", "cape-fear"), line=[
        (35.05, -78.02), (34.85, -77.90), (34.70, -77.88), (34.55, -77.90), (34.42, -77.88),
        (34.32, -77.93), (34.26, -77.96)],
        segs=[("ne-cape-fear", "Northeast Cape Fear River", "stream", False, True, None)]),
    dict(name="black-nc", end=("join", "cape-fear"), line=[
        (35.10, -78.55), (34.95, -78.45), (34.80, -78.35), (34.65, -78.25), (34.50, -78.15),
        (34.40, -78.08), (34.34, -78.03)],
        segs=[("black-river-nc", "Black River (Cape Fear)", "stream", False, True, None)]),
    dict(name="dan-roanoke", end="off", line=[
        (36.72, -80.42), (36.62, -80.33), (36.52, -80.28), (36.43, -80.22), (36.40, -80.08),
        (36.40, -79.95), (36.45, -79.82), (36.50, -79.72), (36.55, -79.55), (36.59, -79.40),
        (36.55, -79.25), (36.57, -79.10), (36.64, -78.98), (36.69, -78.89), (36.66, -78.75),
        (36.62, -78.58), (36.60, -78.40), (36.57, -78.25), (36.54, -78.05), (36.52, -77.85),
        (36.48, -77.66), (36.42, -77.60), (36.33, -77.565), (36.22, -77.45)],
        segs=[("dan", "Dan River", "river", False, True, (36.62, -78.58)),
              ("roanoke", "Roanoke River", "river", False, False, None)]),
    dict(name="savannah", end="off", line=[
        (34.60, -83.10), (34.45, -82.90), (34.35, -82.80), (34.22, -82.68), (34.10, -82.58),
        (33.98, -82.48), (33.88, -82.40), (33.78, -82.30), (33.68, -82.20), (33.58, -82.10),
        (33.53, -82.02), (33.512, -81.975), (33.533, -81.932), (33.512, -81.888), (33.47, -81.888),
        (33.40, -81.88), (33.32, -81.82), (33.22, -81.72), (33.12, -81.62),
        (33.02, -81.55), (32.92, -81.50), (32.80, -81.42), (32.70, -81.38), (32.60, -81.30),
        (32.45, -81.22)],
        segs=[("savannah-upper", "Savannah River", "river", False, False, "augusta"),
              ("savannah", "Savannah River", "river", True, False, None)]),
    dict(name="little-river-sc", end=("join", "savannah-upper"), line=[
        (34.35, -82.42), (34.20, -82.40), (34.05, -82.35), (33.92, -82.33), (33.80, -82.30)],
        segs=[("little-river", "Little River", "stream", False, True, None)]),
    dict(name="enoree", end=("join", "broad"), line=[
        (34.98, -82.35), (34.85, -82.15), (34.72, -81.98), (34.60, -81.85), (34.52, -81.65),
        (34.47, -81.50), (34.42, -81.36)],
        segs=[("enoree", "Enoree River", "stream", False, True, None)]),
    dict(name="tyger", end=("join", "broad"), line=[
        (35.02, -82.15), (34.90, -82.00), (34.78, -81.85), (34.66, -81.70), (34.58, -81.52),
        (34.53, -81.42)],
        segs=[("tyger", "Tyger River", "stream", False, True, None)]),
    dict(name="pacolet", end=("join", "broad"), line=[
        (35.22, -82.15), (35.10, -82.00), (35.00, -81.87), (34.92, -81.75), (34.86, -81.60),
        (34.82, -81.46)],
        segs=[("pacolet", "Pacolet River", "stream", False, True, None)]),
    dict(name="south-fork", end=("join", "catawba"), line=[
        (35.62, -81.50), (35.55, -81.36), (35.45, -81.24), (35.30, -81.10), (35.20, -81.04)],
        segs=[("south-fork-catawba", "South Fork of the Catawba", "stream", False, True, None)]),
    dict(name="edisto", end="off", line=[
        (33.90, -81.55), (33.75, -81.30), (33.61, -81.12), (33.48, -80.885), (33.37, -80.77),
        (33.26, -80.66), (33.15, -80.55), (33.05, -80.45), (32.95, -80.42), (32.85, -80.43),
        (32.75, -80.45), (32.62, -80.40), (32.45, -80.36)],
        segs=[("edisto", "Edisto River", "river", False, True, None)]),
    dict(name="cooper", end="sea", line=[
        (33.20, -79.99), (33.12, -79.93), (33.03, -79.92), (32.95, -79.90), (32.87, -79.915),
        (32.81, -79.922), (32.781, -79.922), (32.760, -79.878)],
        segs=[("cooper", "Cooper River", "river", True, False, None)]),
    dict(name="ashley", end="sea", line=[
        (33.08, -80.30), (33.02, -80.20), (32.96, -80.13), (32.90, -80.06), (32.84, -80.00),
        (32.79, -79.975), (32.760, -79.966), (32.718, -79.966), (32.697, -79.922)],
        segs=[("ashley", "Ashley River", "river", False, False, None)]),
]

# ---- towns (id, name, lat, lon, size, fortification) ----
TOWNS = [
    ("charleston", "Charleston", 32.776, -79.931, "city", "heavy"),
    ("camden", "Camden", 34.247, -80.607, "town", "light"),
    ("ninety-six", "Ninety Six", 34.147, -82.024, "village", "light"),
    ("cheraw", "Cheraw Hill", 34.698, -79.883, "village", "none"),
    ("georgetown", "Georgetown", 33.377, -79.290, "town", "none"),
    ("charlotte", "Charlotte", 35.227, -80.843, "village", "none"),
    ("salisbury", "Salisbury", 35.671, -80.474, "town", "none"),
    ("hillsborough", "Hillsborough", 36.075, -79.100, "town", "none"),
    ("guilford", "Guilford Court House", 36.132, -79.846, "hamlet", "none"),
    ("cross-creek", "Cross Creek (Campbellton)", 35.053, -78.878, "town", "none"),
    ("wilmington", "Wilmington", 34.226, -77.945, "town", "none"),
    ("orangeburg", "Orangeburg", 33.492, -80.856, "village", "none"),
    ("moncks-corner", "Monck's Corner", 33.196, -80.013, "hamlet", "none"),
    ("nelsons-ferry", "Nelson's Ferry", 33.47, -80.24, "hamlet", "none"),
    ("rugeleys-mill", "Rugeley's Mill", 34.38, -80.58, "farm", "none"),
    ("hanging-rock", "Hanging Rock", 34.554, -80.670, "farm", "none"),
    ("rocky-mount", "Rocky Mount", 34.556, -80.895, "hamlet", "none"),
    ("winnsboro", "Winnsborough", 34.381, -81.087, "village", "none"),
    ("granby", "Granby (Friday's Fort)", 33.955, -81.060, "hamlet", "light"),
    ("fort-motte", "Fort Motte", 33.740, -80.650, "farm", "light"),
    ("eutaw-springs", "Eutaw Springs", 33.408, -80.315, "farm", "none"),
    ("cowpens", "Hannah's Cowpens", 35.140, -81.817, "farm", "none"),
    ("halifax", "Halifax", 36.329, -77.589, "town", "none"),
    ("salem", "Salem", 36.089, -80.244, "village", "none"),
    ("ramseys-mill", "Ramsey's Mill", 35.610, -79.110, "farm", "none"),
    ("elizabethtown", "Elizabethtown", 34.629, -78.605, "hamlet", "none"),
    ("brunswick", "Brunswick", 34.043, -77.948, "hamlet", "none"),
    ("kingstree", "Kingstree", 33.668, -79.831, "hamlet", "none"),
    ("augusta", "Augusta", 33.474, -81.967, "town", "light"),
]
# Hand corrections where the nearest hex is not the right one at this scale (see report).
TOWN_HEX_OVERRIDE = {}

# ---- named crossings (id, name, river id, lat, lon, kind) ----
CROSSINGS = [
    ("nelsons-ferry", "Nelson's Ferry", "santee", 33.47, -80.24, "bridge"),
    ("lenuds-ferry", "Lenud's Ferry", "santee", 33.28, -79.66, "bridge"),
    ("santee-ferry", "Santee Ferry", "santee", 33.20, -79.42, "bridge"),
    ("camden-ferry", "Camden Ferry", "wateree", 34.24, -80.65, "bridge"),
    ("mccords-ferry", "McCord's Ferry", "congaree", 33.77, -80.70, "bridge"),
    ("fridays-ferry", "Friday's Ferry", "congaree", 33.97, -81.05, "bridge"),
    ("rocky-mount-ford", "Rocky Mount Ford", "catawba", 34.56, -80.89, "ford"),
    ("lands-ford", "Land's Ford", "catawba", 34.79, -80.88, "ford"),
    ("tuckasegee-ford", "Tuckasegee Ford", "catawba", 35.28, -81.03, "ford"),
    ("cowans-ford", "Cowan's (McGowan's) Ford", "catawba", 35.43, -80.96, "ford"),
    ("beatties-ford", "Beattie's Ford", "catawba", 35.50, -80.98, "ford"),
    ("cherokee-ford", "Cherokee Ford", "broad", 35.10, -81.56, "ford"),
    ("fish-dam-ford", "Fish Dam Ford", "broad", 34.60, -81.43, "ford"),
    ("brierlys-ferry", "Brierly's Ferry", "broad", 34.30, -81.32, "bridge"),
    ("cheraw-ferry", "Cheraw Ferry", "peedee", 34.69, -79.875, "bridge"),
    ("georgetown-ferry", "Georgetown Ferry", "peedee", 33.365, -79.267, "bridge"),
    ("trading-ford", "Trading Ford", "yadkin", 35.72, -80.39, "ford"),
    ("shallow-ford", "Shallow Ford", "yadkin", 36.17, -80.52, "ford"),
    ("haw-ford", "Haw River Ford", "haw", 36.08, -79.38, "ford"),
    ("ramseys-mill-bridge", "Ramsey's Mill", "deep", 35.59, -79.13, "bridge"),
    ("haw-lower-ford", None, "haw", 35.74, -79.14, "ford"),
    ("campbellton-ferry", "Campbellton Ferry", "cape-fear-upper", 35.07, -78.86, "bridge"),
    ("wilmington-ferry", "Wilmington Ferry", "cape-fear", 34.23, -77.955, "bridge"),
    ("dix-ferry", "Dix's Ferry", "dan", 36.585, -79.43, "bridge"),
    ("irwins-ferry", "Irwin's Ferry", "dan", 36.655, -78.97, "bridge"),
    ("boyds-ferry", "Boyd's Ferry", "dan", 36.69, -78.89, "bridge"),
    ("augusta-ferry", "Augusta Ferry", "savannah", 33.52, -81.91, "bridge"),
    ("orangeburg-ford", None, "edisto", 33.47, -80.89, "ford"),
    ("bacons-bridge", "Bacon's Bridge", "ashley", 33.021, -80.25, "bridge"),
    ("hobcaw-ferry", "Hobcaw Ferry", "cooper", 32.772, -79.90, "bridge"),
    ("biggin-bridge", "Biggin Bridge", "cooper", 33.19, -79.98, "bridge"),
    ("halifax-ferry", "Halifax Ferry", "roanoke", 36.33, -77.575, "bridge"),
]

# ---- roads (id, name, kind, waypoints); a waypoint is a town id, "x:<crossing id>",
#      (lat, lon) or ("edge", lat, lon) for a map-edge exit ----
ROADS = [
    ("kings-highway", "King's Highway (coast road)", "major_road", [
        "charleston", "x:hobcaw-ferry", (33.00, -79.62), "x:santee-ferry", "georgetown",
        "x:georgetown-ferry", (33.55, -79.10), (33.72, -78.93), (33.88, -78.62),
        (33.94, -78.30), (33.99, -78.05), "brunswick", "x:wilmington-ferry", "wilmington"]),
    ("santee-road", "Charleston - Monck's Corner - Nelson's Ferry - Camden road", "major_road", [
        "charleston", (32.98, -80.03), "moncks-corner", "eutaw-springs", "x:nelsons-ferry",
        (33.72, -80.42), (33.96, -80.53), "camden"]),
    ("great-wagon-road", "Great Wagon Road (Camden - Charlotte - Salisbury - Dan)", "major_road", [
        "camden", "rugeleys-mill", "hanging-rock", (34.78, -80.73), "charlotte", (35.40, -80.68),
        "salisbury", "x:trading-ford", (35.90, -80.12), "guilford", (36.40, -79.62),
        "x:dix-ferry", ("edge", 36.75, -79.40)]),
    ("camden-cheraw", "Camden - Cheraw road", "major_road", [
        "camden", (34.45, -80.25), "cheraw"]),
    ("ninety-six-road", "Charleston - Orangeburg - Granby - Ninety Six road", "major_road", [
        "charleston", "x:bacons-bridge", (33.20, -80.45), "orangeburg", (33.75, -80.98), "granby",
        (34.02, -81.55), "ninety-six"]),
    ("trading-path", "Trading Path (Hillsborough - Salisbury)", "major_road", [
        "hillsborough", "x:haw-ford", (36.02, -79.62), (35.90, -79.98), (35.78, -80.22),
        "x:trading-ford", "salisbury"]),
    ("cape-fear-road", "Cross Creek - Elizabethtown - Wilmington road", "major_road", [
        "cross-creek", "elizabethtown", (34.40, -78.25), "x:wilmington-ferry", "wilmington"]),
    ("hillsborough-cross-creek", "Hillsborough - Cross Creek road", "major_road", [
        "hillsborough", (35.88, -79.08), "x:haw-lower-ford", "x:ramseys-mill-bridge", (35.30, -78.98),
        "cross-creek"]),
    ("winnsboro-road", "Camden - Winnsborough - Ninety Six road", "major_road", [
        "camden", "x:camden-ferry", "winnsboro", "x:brierlys-ferry", (34.20, -81.72),
        "ninety-six"]),
    ("petersburg-road", "Hillsborough - Boyd's Ferry - Petersburg road", "major_road", [
        "hillsborough", (36.40, -79.02), "x:boyds-ferry", ("edge", 36.75, -78.86)]),
    # minor roads and tracks
    ("cheraw-cross-creek", "Cheraw - Cross Creek road", "minor_road", [
        "cheraw", "x:cheraw-ferry", (34.88, -79.48), (35.00, -79.15), "cross-creek"]),
    ("backcountry-road", "Charlotte - Kings Mountain - Cowpens - Ninety Six road", "minor_road", [
        "charlotte", "x:tuckasegee-ford", (35.17, -81.33), "x:cherokee-ford", "cowpens",
        (34.60, -81.88), "ninety-six"]),
    ("pee-dee-road", "Salisbury - Cheraw road", "minor_road", [
        "salisbury", (35.35, -80.35), (35.00, -80.05), "cheraw"]),
    ("kingstree-road", "Georgetown - Kingstree - Camden road", "minor_road", [
        "georgetown", "kingstree", (33.90, -80.15), (34.05, -80.45), "camden"]),
    ("orangeburg-camden", "Orangeburg - Fort Motte - Camden road", "minor_road", [
        "orangeburg", "fort-motte", "x:mccords-ferry", (34.02, -80.72), "x:camden-ferry",
        "camden"]),
    ("granby-camden", "Granby - Camden road", "minor_road", [
        "granby", "x:fridays-ferry", (34.10, -80.85), "x:camden-ferry", "camden"]),
    ("lenuds-road", "Monck's Corner - Lenud's Ferry - Georgetown road", "minor_road", [
        "moncks-corner", "x:biggin-bridge", (33.28, -79.80), "x:lenuds-ferry", "georgetown"]),
    ("rocky-mount-road", "Winnsborough - Rocky Mount - Hanging Rock road", "minor_road", [
        "winnsboro", "rocky-mount", "x:rocky-mount-ford", "hanging-rock"]),
    ("lands-ford-road", "Charlotte - Land's Ford - Winnsborough road", "minor_road", [
        "charlotte", (35.00, -80.90), "x:lands-ford", (34.62, -81.02), "winnsboro"]),
    ("beatties-ford-road", "Salisbury - Beattie's Ford road", "minor_road", [
        "salisbury", (35.55, -80.80), "x:beatties-ford", (35.47, -81.20)]),
    ("cowans-ford-road", "Charlotte - Cowan's Ford road", "minor_road", [
        "charlotte", (35.38, -80.90), "x:cowans-ford"]),
    ("salem-road", "Salem - Trading Ford road", "minor_road", [
        "salem", (35.85, -80.32), "x:trading-ford"]),
    ("salem-guilford", "Salem - Guilford road", "minor_road", [
        "salem", "guilford"]),
    ("shallow-ford-road", "Salem - Shallow Ford road", "minor_road", [
        "salem", "x:shallow-ford", (36.10, -80.80)]),
    ("guilford-hillsborough", "Guilford - Hillsborough road", "minor_road", [
        "guilford", (36.05, -79.50), "x:haw-ford", "hillsborough"]),
    ("race-to-the-dan", "Guilford - Irwin's Ferry road", "minor_road", [
        "guilford", (36.45, -79.25), "x:irwins-ferry", (36.72, -78.95)]),
    ("halifax-road", "Hillsborough - Halifax road", "minor_road", [
        "hillsborough", (36.15, -78.55), (36.28, -78.00), "halifax"]),
    ("augusta-road", "Ninety Six - Augusta road", "minor_road", [
        "ninety-six", (33.75, -82.05), "x:augusta-ferry", "augusta"]),
    ("augusta-orangeburg", "Augusta - Orangeburg road", "minor_road", [
        "augusta", "x:augusta-ferry", (33.50, -81.60), (33.45, -81.10), "x:orangeburg-ford",
        "orangeburg"]),
    ("georgetown-cheraw", "Georgetown - Mars Bluff - Cheraw road", "minor_road", [
        "georgetown", (33.85, -79.55), (34.05, -79.62), (34.22, -79.70), (34.45, -79.85),
        "cheraw"]),
    ("charlotte-cheraw", "Charlotte - Cheraw road", "minor_road", [
        "charlotte", (35.00, -80.45), "cheraw"]),
    ("ramseys-road", "Guilford - Ramsey's Mill road", "minor_road", [
        "guilford", (35.85, -79.55), "ramseys-mill", "x:ramseys-mill-bridge"]),
    ("fish-dam-road", "Winnsborough - Fish Dam Ford - Blackstock's road", "minor_road", [
        "winnsboro", "x:fish-dam-ford", (34.66, -81.70), (34.60, -81.88)]),
    ("cross-creek-halifax", "Cross Creek - Smithfield - Halifax road", "minor_road", [
        "cross-creek", "x:campbellton-ferry", (35.35, -78.45), (35.75, -78.15), "halifax"]),
    ("halifax-ferry-road", "Halifax - Roanoke ferry road", "minor_road", [
        "halifax", "x:halifax-ferry", ("edge", 36.45, -77.45)]),
]

# Navigable-river routes: (id, name, [river id], start town, end town or None (mouth)
# [, towns on the far bank to call at]).
NAV_ROUTES = [
    ("santee-nav", "Santee River navigation", ["santee"], None, None),
    ("congaree-nav", "Congaree River navigation", ["congaree"], "granby", None),
    ("wateree-nav", "Wateree River navigation", ["wateree"], "camden", None),
    ("peedee-nav", "Great Pee Dee River navigation", ["peedee"], "cheraw", "georgetown"),
    ("cape-fear-nav", "Cape Fear River navigation", ["cape-fear"], "cross-creek", None, ["wilmington"]),
    ("savannah-nav", "Savannah River navigation", ["savannah"], "augusta", None),
    ("cooper-nav", "Cooper River navigation", ["cooper"], "moncks-corner", "charleston"),
]

LABELS = [
    ("Kings Mountain", 35.141, -81.377), ("Cowpens", 35.140, -81.817),
    ("Moore's Creek Bridge", 34.458, -78.110), ("High Hills of Santee", 34.00, -80.50),
    ("Sandhills", 35.12, -79.30), ("Sandhills", 34.50, -80.15), ("Uwharrie Mountains", 35.40, -80.00),
    ("Atlantic Ocean", 33.30, -78.40), ("Atlantic Ocean", 32.70, -79.20),
    ("Blue Ridge", 35.90, -82.00), ("Waxhaws", 34.78, -80.73), ("Musgrove's Mill", 34.59, -81.85),
    ("Blackstock's", 34.66, -81.70), ("Fishing Creek", 34.62, -80.88), ("Ramsour's Mill", 35.47, -81.26),
    ("Snow's Island", 33.83, -79.38), ("Bulls Bay", 32.97, -79.50), ("Winyah Bay", 33.28, -79.20),
    ("Long Bay", 33.65, -78.70), ("Cape Fear", 33.84, -77.96), ("Cape Romain", 33.01, -79.37),
    ("Green Swamp", 34.13, -78.30), ("Four Hole Swamp", 33.30, -80.45), ("Hell Hole Swamp", 33.25, -79.72),
    ("Santee River", 33.55, -80.33), ("Wateree River", 34.05, -80.64), ("Catawba River", 35.05, -80.98),
    ("Congaree River", 33.85, -80.93), ("Broad River", 34.65, -81.44), ("Saluda River", 34.10, -81.55),
    ("Great Pee Dee River", 34.10, -79.53), ("Yadkin River", 35.95, -80.43), ("Haw River", 35.95, -79.27),
    ("Deep River", 35.68, -79.62), ("Cape Fear River", 34.80, -78.72), ("Dan River", 36.45, -79.82),
    ("Savannah River", 33.20, -81.70), ("Edisto River", 33.05, -80.45), ("Roanoke River", 36.52, -77.85),
    ("Lynches River", 34.20, -80.15), ("Black River", 33.55, -79.65),
]

# Named areas that override terrain: (name, lat, lon, radius km, terrain, probability)
AREAS = [
    ("Four Hole Swamp", 33.32, -80.43, 11, "m", 0.9),
    ("Cypress Swamp", 33.10, -80.28, 7, "m", 0.8),
    ("Hell Hole Swamp", 33.25, -79.72, 10, "m", 0.9),
    ("Green Swamp", 34.13, -78.30, 17, "m", 0.9),
    ("Holly Shelter and Angola swamps", 34.55, -77.80, 15, "m", 0.8),
    ("Big Swamp", 34.45, -78.85, 9, "m", 0.7),
    ("High Hills of Santee", 34.03, -80.50, 11, "h", 1.0),
    ("Uwharrie Mountains", 35.40, -80.00, 22, "h", 0.75),
    ("Kings Mountain range", 35.16, -81.37, 10, "h", 1.0),
    ("Sauratown Mountains", 36.37, -80.35, 10, "h", 1.0),
    ("Brushy Mountains", 36.00, -81.20, 14, "h", 0.9),
    ("South Mountains", 35.58, -81.65, 13, "d", 0.7),
    ("Ninety Six uplands", 34.25, -82.15, 30, "h", 0.3),
    ("Long Cane uplands", 34.05, -82.40, 14, "h", 0.5),
]

# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------


def hash01(ix, iy, seed):
    """Deterministic hash of two integers and a seed into [0, 1)."""
    h = (ix * 374761393 + iy * 668265263 + seed * 2147483647) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    h = (h ^ (h >> 16)) & 0xFFFFFFFF
    return h / 4294967296.0


def value_noise(x, y, scale, seed):
    gx, gy = x / scale, y / scale
    ix, iy = math.floor(gx), math.floor(gy)
    fx, fy = gx - ix, gy - iy
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a = hash01(ix, iy, seed)
    b = hash01(ix + 1, iy, seed)
    c = hash01(ix, iy + 1, seed)
    d = hash01(ix + 1, iy + 1, seed)
    return (a * (1 - sx) + b * sx) * (1 - sy) + (c * (1 - sx) + d * sx) * sy


def noise(h, seed):
    x, y = hex_center(h)
    v = 0.6 * value_noise(x, y, 24.0, seed) + 0.4 * value_noise(x, y, 9.0, seed + 101)
    return v


def sea_fraction(h, poly):
    """Share of the hex's area inside the sea polygon (sampled on a 0.7 km grid)."""
    x, y = hex_center(h)
    n = t = 0
    for i in range(-6, 7):
        for j in range(-7, 8):
            px, py = x + i * 0.7, y + j * 0.7
            if px_to_hex(px, py) != h:
                continue
            t += 1
            n += point_in_poly(px, py, poly)
    return n / t


def point_in_poly(x, y, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xi:
                inside = not inside
    return inside


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy), (dx * (py - ay) - dy * (px - ax))


def signed_line_dist(p, line_px):
    """Distance to a polyline, positive on its left-hand side (screen coordinates, y down)."""
    best = None
    for a, b in zip(line_px, line_px[1:]):
        d, cross = seg_dist(p, a, b)
        if best is None or d < best[0]:
            best = (d, cross)
    d, cross = best
    return -d if cross > 0 else d


def sample_line(line_px, step=0.5):
    out = []
    for a, b in zip(line_px, line_px[1:]):
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        n = max(1, int(L / step))
        for i in range(n):
            t = i / n
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    out.append(line_px[-1])
    return out


def nearest_vertex(p):
    """Nearest hex corner (vertex key) to a pixel point, among vertices of on-map hexes."""
    x, y = p
    kx0, ky0 = round(x / 4.0), round(y / (SIZE / 2.0))
    best = None
    for kx in range(kx0 - 2, kx0 + 3):
        for ky in range(ky0 - 3, ky0 + 4):
            v = (kx, ky)
            if v not in VERT_ADJ:
                continue
            vx, vy = vertex_px(v)
            d = (vx - x) ** 2 + (vy - y) ** 2
            if best is None or d < best[0]:
                best = (d, v)
    return None if best is None else best[1]


# ----------------------------------------------------------------------------------------------
# Build
# ----------------------------------------------------------------------------------------------


class Builder:
    def __init__(self):
        self.terrain = {}
        self.log = []
        self.rivers = []          # dicts: id, name, kind, nav, fordable, verts (path), edges
        self.river_of_edge = {}   # edge key -> river dict
        self.town_hex = {}
        self.routes = []
        self.crossings = {}       # edge key -> dict(hex, dir, kind, name)
        self.labels = []
        self.sides = []

    # ---------------- water ----------------
    def build_water(self):
        poly = [ll_to_px(*p) for p in COAST + SEA_CLOSE]
        for h in ALL_HEXES:
            self.terrain[h] = "s" if sea_fraction(h, poly) >= 0.5 else "."
        for name, lat, lon in SEA_POINTS:
            h = ll_to_hex(lat, lon)
            self.terrain[h] = "s"
            self.log.append("sea point %-22s -> %d,%d" % (name, h[0], h[1]))
        for name, lat, lon in LAKES:
            h = ll_to_hex(lat, lon)
            self.terrain[h] = "l"
            self.log.append("lake %-22s -> %d,%d" % (name, h[0], h[1]))
        # towns are never in the water: a coastal town keeps its hex on land
        for tid, name, lat, lon, size, fort in TOWNS:
            h = TOWN_HEX_OVERRIDE.get(tid, ll_to_hex(lat, lon))
            if self.terrain.get(h) in ("s", "l"):
                self.log.append("town %s hex %d,%d was water; made land" % (tid, h[0], h[1]))
                self.terrain[h] = "."

    def is_water(self, h):
        return self.terrain.get(h) in ("s", "l")

    def is_sea(self, h):
        return self.terrain.get(h) == "s"

    def edge_ok(self, e):
        hs = edge_hexes(e)
        return bool(hs) and all(not self.is_water(h) for h in hs)

    def vertex_touches(self, v, pred):
        return any(pred(h) for h in VERT_HEXES.get(v, ()))

    # ---------------- rivers ----------------
    def vertex_path(self, a, b, targets=None, max_cost=200.0):
        """Cheapest hexside chain from vertex a to vertex b (or to any vertex in targets)."""
        goal = targets if targets is not None else {b}
        if a in goal:
            return [a]
        bx, by = vertex_px(b) if b is not None else (0, 0)
        dist = {a: 0.0}
        prev = {}
        pq = [(0.0, a)]
        while pq:
            d, v = heappop(pq)
            if d > dist.get(v, 1e18):
                continue
            if v in goal:
                path = [v]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return path[::-1]
            if d > max_cost:
                break
            for w in VERT_ADJ[v]:
                e = ekey(v, w)
                if not self.edge_ok(e):
                    continue
                cost = 1.0
                if e in self.river_of_edge:
                    cost += 25.0
                nd = d + cost
                if nd < dist.get(w, 1e18):
                    dist[w] = nd
                    prev[w] = v
                    heappush(pq, (nd, w))
        return None

    def snap_line(self, line):
        pts = sample_line([ll_to_px(*p) for p in line])
        verts = []
        for p in pts:
            v = nearest_vertex(p)
            if v is None:
                continue
            if not any(not self.is_water(h) for h in VERT_HEXES[v]):
                continue
            if not verts or verts[-1] != v:
                verts.append(v)
        # join consecutive snapped corners by hexside chains
        path = [verts[0]]
        for v in verts[1:]:
            if v == path[-1]:
                continue
            seg = self.vertex_path(path[-1], v)
            if seg is None:
                continue
            path.extend(seg[1:])
        # remove loops
        out = []
        seen = {}
        for v in path:
            if v in seen:
                i = seen[v]
                for u in out[i + 1:]:
                    del seen[u]
                out = out[:i + 1]
            else:
                seen[v] = len(out)
                out.append(v)
        return out

    def river_by_id(self, rid):
        for r in self.rivers:
            if r["id"] == rid:
                return r
        raise KeyError(rid)

    def build_rivers(self):
        for sysd in RIVER_SYSTEMS:
            path = self.snap_line(sysd["line"])
            end = sysd["end"]
            if end == "sea":
                for i, v in enumerate(path):
                    if i > 0 and self.vertex_touches(v, self.is_sea):
                        path = path[:i + 1]
                        break
                else:
                    self.log.append("WARNING river %s does not reach the sea" % sysd["name"])
            elif isinstance(end, tuple) and end[0] == "join":
                tset = set()
                for tid in end[1:]:
                    tset.update(self.river_by_id(tid)["verts"])
                for i, v in enumerate(path):
                    if i > 0 and v in tset:
                        path = path[:i + 1]
                        break
                else:
                    ext = self.vertex_path(path[-1], None, targets=tset, max_cost=60)
                    if ext is None:
                        raise SystemExit("river %s cannot reach %s" % (sysd["name"], end[1]))
                    path = path + ext[1:]
            # split into named segments
            segs = sysd["segs"]
            start = 0
            for si, (rid, name, kind, nav, ford, split) in enumerate(segs):
                if split is None:
                    stop = len(path) - 1
                else:
                    stop = self.split_index(path, start, split, rid, segs[si + 1])
                verts = path[start:stop + 1]
                self.add_river(rid, name, kind, nav, ford, verts)
                start = stop

    def split_index(self, path, start, split, rid, nextseg):
        if isinstance(split, str):
            th = self.town_hex[split]
            tx, ty = hex_center(th)
            # a navigable lower segment should start where the river first borders the town hex
            cand = []
            for i in range(start + 1, len(path) - 1):
                e = ekey(path[i], path[i + 1])
                if th in edge_hexes(e):
                    cand.append(i)
            if cand:
                return cand[0]
            self.log.append("WARNING river %s: town %s does not border it" % (nextseg[0], split))
            px = (tx, ty)
        else:
            px = ll_to_px(*split)
        best = min(range(start + 1, len(path) - 1),
                   key=lambda i: math.hypot(vertex_px(path[i])[0] - px[0], vertex_px(path[i])[1] - px[1]))
        return best

    def add_river(self, rid, name, kind, nav, ford, verts):
        edges = []
        for a, b in zip(verts, verts[1:]):
            e = ekey(a, b)
            if e in self.river_of_edge:
                self.log.append("WARNING hexside shared by %s and %s" % (self.river_of_edge[e]["id"], rid))
                continue
            edges.append(e)
        r = dict(id=rid, name=name, kind=kind, nav=nav, fordable=ford, verts=verts, edges=edges)
        for e in edges:
            self.river_of_edge[e] = r
        self.rivers.append(r)

    # ---------------- terrain ----------------
    def build_terrain(self):
        fall = [ll_to_px(*p) for p in FALL_LINE]
        ridge = [ll_to_px(*p) for p in BLUE_RIDGE]
        # distance (in hexes) to the sea
        seadist = {}
        frontier = [h for h in ALL_HEXES if self.is_sea(h)]
        for h in frontier:
            seadist[h] = 0
        while frontier:
            nxt = []
            for h in frontier:
                for d in range(6):
                    n = neighbour(h, d)
                    if on_map(n) and n not in seadist:
                        seadist[n] = seadist[h] + 1
                        nxt.append(n)
            frontier = nxt
        # hexes bordering rivers
        border = {}
        for r in self.rivers:
            for e in r["edges"]:
                for h in edge_hexes(e):
                    border.setdefault(h, set()).add(r["id"])
        swampy_rivers = {"santee", "cooper", "ashley", "waccamaw", "peedee", "black-river-sc",
                         "little-pee-dee", "cape-fear", "ne-cape-fear", "black-river-nc", "edisto",
                         "lumber", "savannah", "congaree", "wateree", "lynches"}
        for h in ALL_HEXES:
            if self.is_water(h):
                continue
            x, y = hex_center(h)
            lat, lon = px_to_ll(x, y)
            n1 = noise(h, 11)
            n2 = noise(h, 23)
            fd = signed_line_dist((x, y), fall)      # > 0 north-west of the fall line (sign fixed below)
            rd = signed_line_dist((x, y), ridge)
            fd *= FALL_SIGN
            rd *= RIDGE_SIGN
            sd = seadist.get(h, 99)
            if rd > 0:
                t = "d" if n1 < 0.62 else ("h" if n2 < 0.6 else "W")
            elif rd > -22:
                t = "h" if n1 < 0.55 else ("W" if n2 < 0.55 else ("d" if n2 < 0.75 else "w"))
            elif fd > 0:
                west = lon < -80.95 or (lon < -80.3 and lat > 35.85)
                if west:
                    t = "." if n1 < 0.42 else ("w" if n1 < 0.62 else ("W" if n2 < 0.6 else "h"))
                else:
                    t = "." if n1 < 0.55 else ("w" if n1 < 0.82 else ("W" if n2 < 0.6 else "h"))
            elif fd > -30 and lat < 35.45 and lon < -78.85:
                # sandhills: open longleaf pine barrens
                t = "w" if n1 < 0.68 else ("." if n2 < 0.7 else "W")
            else:
                if sd <= 1:
                    lowcountry = lat < 33.30 or lon > -78.20
                    if lowcountry:
                        t = "m" if n1 < 0.65 else "w"
                    else:
                        t = "w" if n1 < 0.6 else "."
                elif sd <= 3:
                    t = "w" if n1 < 0.45 else ("." if n1 < 0.68 else ("m" if n2 < 0.55 else "W"))
                else:
                    t = "w" if n1 < 0.48 else ("." if n1 < 0.78 else ("W" if n2 < 0.6 else "m"))
            # river bottoms
            rs = border.get(h, set())
            if rs:
                if fd <= 0 and rs & swampy_rivers:
                    if "santee" in rs or "cooper" in rs or "waccamaw" in rs:
                        t = "m"
                    else:
                        t = "m" if n2 < 0.45 else ("W" if n2 < 0.85 else t)
                elif fd <= 0:
                    if n2 < 0.45 and t not in ("h", "d"):
                        t = "W"
                elif t == "." and n2 < 0.35:
                    t = "W"
            self.terrain[h] = t
        # named areas
        for name, lat, lon, rad, t, prob in AREAS:
            cx, cy = ll_to_px(lat, lon)
            for h in ALL_HEXES:
                if self.is_water(h):
                    continue
                x, y = hex_center(h)
                if math.hypot(x - cx, y - cy) <= rad + 0.01:
                    if prob >= 1.0 or hash01(h[0], h[1], 977) < prob:
                        self.terrain[h] = t
        # the farmed country round the towns
        for tid, name, lat, lon, size, fort in TOWNS:
            th = self.town_hex[tid]
            if size in ("village", "town", "city"):
                self.terrain[th] = "."
                for d in range(6):
                    n = neighbour(th, d)
                    if on_map(n) and not self.is_water(n) and self.terrain[n] in ("w", "W") \
                            and hash01(n[0], n[1], 55) < 0.5:
                        self.terrain[n] = "."
            elif size == "hamlet" and self.terrain[th] in ("W", "d"):
                self.terrain[th] = "w"

    # ---------------- towns ----------------
    def place_towns(self):
        used = {}
        for tid, name, lat, lon, size, fort in TOWNS:
            h = TOWN_HEX_OVERRIDE.get(tid, ll_to_hex(lat, lon))
            if h in used:
                raise SystemExit("towns %s and %s fall in the same hex %s" % (used[h], tid, h))
            used[h] = tid
            self.town_hex[tid] = h

    # ---------------- crossings and roads ----------------
    def resolve_crossings(self):
        self.named_cross = {}
        for cid, name, rid, lat, lon, kind in CROSSINGS:
            r = self.river_by_id(rid)
            px = ll_to_px(lat, lon)
            best = None
            for e in r["edges"]:
                hs = edge_hexes(e)
                if len(hs) != 2:
                    continue
                ax, ay = vertex_px(e[0])
                bx, by = vertex_px(e[1])
                d = math.hypot((ax + bx) / 2 - px[0], (ay + by) / 2 - px[1])
                if best is None or d < best[0]:
                    best = (d, e)
            e = best[1]
            if best[0] > 8.0:
                self.log.append("WARNING crossing %s is %.1f km from its river" % (cid, best[0]))
            if e in self.crossings:
                prevx = self.crossings[e]
                if name:
                    prevx["name"] = (prevx["name"] + " / " + name) if prevx["name"] else name
                self.named_cross[cid] = e
                continue
            h, d = EDGE_SIDES[e][0]
            h, d = canon_side(h, d)
            self.crossings[e] = dict(hex=h, dir=d, kind=kind, name=name, river=rid, used=False)
            self.named_cross[cid] = e

    def step_cost(self, u, v, seg_a, seg_b, links):
        if self.is_water(v):
            return None
        t = self.terrain[v]
        c = 1.0 + {".": 0.0, "w": 0.15, "W": 0.4, "m": 0.7, "h": 0.35, "d": 1.2}[t]
        e = side_key(u, direction_to(u, v))
        r = self.river_of_edge.get(e)
        if r is not None:
            if r["kind"] == "river":
                c += 2.0 if e in self.crossings else 60.0
            else:
                c += 0.3
        dist, _ = seg_dist(hex_center(v), seg_a, seg_b)
        c += 0.04 * dist
        if (u, v) in links:
            c *= 0.8
        return c

    def hex_path(self, a, b, seg_a, seg_b, links):
        dist = {a: 0.0}
        prev = {}
        pq = [(0.0, a)]
        while pq:
            d, u = heappop(pq)
            if u == b:
                break
            if d > dist[u]:
                continue
            for k in range(6):
                v = neighbour(u, k)
                if not on_map(v):
                    continue
                c = self.step_cost(u, v, seg_a, seg_b, links)
                if c is None:
                    continue
                nd = d + c
                if nd < dist.get(v, 1e18):
                    dist[v] = nd
                    prev[v] = u
                    heappush(pq, (nd, v))
        if b not in dist:
            raise SystemExit("no road path %s -> %s" % (a, b))
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return path[::-1], dist[b]

    def waypoint_hex(self, wp):
        if isinstance(wp, str):
            return self.town_hex[wp]
        if wp[0] == "edge":
            h = ll_to_hex(wp[1], wp[2])
            c, r = h
            return (min(max(c, 0), W - 1), min(max(r, 0), H - 1))
        return ll_to_hex(*wp)

    def smooth(self, hexes, keep):
        """Drop a hex when its two neighbours on the road are adjacent and the short cut does not
        cross a river hexside without a crossing."""
        changed = True
        while changed:
            changed = False
            i = 0
            while i + 2 < len(hexes):
                a, m, c = hexes[i], hexes[i + 1], hexes[i + 2]
                if m not in keep and a != c and hex_distance(a, c) == 1:
                    e = side_key(a, direction_to(a, c))
                    r = self.river_of_edge.get(e)
                    if r is None or r["kind"] == "stream" or e in self.crossings:
                        del hexes[i + 1]
                        changed = True
                        continue
                i += 1
        return hexes

    def build_roads(self):
        links = set()
        for rid, name, kind, wps in ROADS:
            cur = self.waypoint_hex(wps[0])
            hexes = [cur]
            keep = {cur}
            for wp in wps[1:]:
                if isinstance(wp, str) and wp.startswith("x:"):
                    e = self.named_cross[wp[2:]]
                    h1, h2 = edge_hexes(e)
                    mx = (vertex_px(e[0])[0] + vertex_px(e[1])[0]) / 2
                    my = (vertex_px(e[0])[1] + vertex_px(e[1])[1]) / 2
                    sa = hex_center(cur)
                    p1, c1 = (([cur], 0.0) if cur == h1 else self.hex_path(cur, h1, sa, (mx, my), links))
                    p2, c2 = (([cur], 0.0) if cur == h2 else self.hex_path(cur, h2, sa, (mx, my), links))
                    if c1 <= c2:
                        hexes.extend(p1[1:])
                        hexes.append(h2)
                        cur = h2
                    else:
                        hexes.extend(p2[1:])
                        hexes.append(h1)
                        cur = h1
                    self.crossings[e]["used"] = True
                    keep.update((h1, h2))
                else:
                    tgt = self.waypoint_hex(wp)
                    if tgt == cur:
                        continue
                    p, _ = self.hex_path(cur, tgt, hex_center(cur), hex_center(tgt), links)
                    hexes.extend(p[1:])
                    cur = tgt
                    keep.add(tgt)
            # tidy: remove loops that do not pass a waypoint, then cut corners
            hexes = remove_loops(hexes, keep)
            hexes = self.smooth(hexes, keep)
            for a, b in zip(hexes, hexes[1:]):
                links.add((a, b))
                links.add((b, a))
            self.routes.append(dict(id=rid, name=name, kind=kind, hexes=hexes))
        # crossings wherever a road steps over a river hexside
        for rt in self.routes:
            for a, b in zip(rt["hexes"], rt["hexes"][1:]):
                e = side_key(a, direction_to(a, b))
                r = self.river_of_edge.get(e)
                if r is None or r["kind"] != "river":
                    continue
                if e in self.crossings:
                    self.crossings[e]["used"] = True
                    continue
                h, d = canon_side(a, direction_to(a, b))
                kind = "ford" if r["fordable"] else "bridge"
                self.crossings[e] = dict(hex=h, dir=d, kind=kind, name=None, river=r["id"], used=True)
                self.log.append("unplanned %s on %s by road %s at %d,%d:%s" %
                                (kind, r["id"], rt["id"], h[0], h[1], DIRS[d]))
        for e, x in self.crossings.items():
            if not x["used"]:
                self.log.append("note: crossing %s not on any road" % x["name"])

    # ---------------- navigable rivers ----------------
    def banks(self, r):
        """Left and right bank hex chains along the river's hexsides, downstream order."""
        left, right = [], []
        for a, b in zip(r["verts"], r["verts"][1:]):
            e = ekey(a, b)
            ax, ay = vertex_px(a)
            bx, by = vertex_px(b)
            for h in edge_hexes(e):
                hx, hy = hex_center(h)
                cross = (bx - ax) * (hy - ay) - (by - ay) * (hx - ax)
                # screen y is down, so cross < 0 means the hex is on the left looking downstream
                side = left if cross < 0 else right
                if not side or side[-1] != h:
                    side.append(h)
        return left, right

    def build_nav_routes(self):
        for spec in NAV_ROUTES:
            rid_route, name, rids, start, end = spec[:5]
            via = spec[5] if len(spec) > 5 else []
            r = self.river_by_id(rids[0])
            left, right = self.banks(r)
            sh = self.town_hex[start] if start else None
            eh = self.town_hex[end] if end else None
            best = None
            for bank in (left, right):
                chain = list(bank)
                score = 0
                if sh is not None:
                    if sh in chain:
                        chain = chain[chain.index(sh):]
                    elif any(hex_distance(sh, h) == 1 for h in chain[:3]):
                        i = [hex_distance(sh, h) == 1 for h in chain].index(True)
                        chain = [sh] + chain[i:]
                        score += 1
                    else:
                        score += 100
                if eh is not None:
                    if eh in chain:
                        chain = chain[:len(chain) - chain[::-1].index(eh)]
                    else:
                        idx = [i for i, h in enumerate(chain) if hex_distance(eh, h) == 1]
                        if idx:
                            chain = chain[:idx[-1] + 1] + [eh]
                            score += 1
                        else:
                            score += 100
                if best is None or score < best[0]:
                    best = (score, chain)
            if best[0] >= 100:
                self.log.append("WARNING nav route %s: towns not on the river" % rid_route)
            chain = best[1]
            for tid in via:
                vh = self.town_hex[tid]
                if vh in chain:
                    continue
                for i in range(len(chain) - 1):
                    if hex_distance(chain[i], vh) == 1 and hex_distance(chain[i + 1], vh) == 1:
                        chain = chain[:i + 1] + [vh] + chain[i + 1:]
                        break
                else:
                    self.log.append("WARNING nav route %s cannot call at %s" % (rid_route, tid))
            best = (best[0], chain)
            self.routes.append(dict(id=rid_route, name=name, kind="navigable_river",
                                    hexes=remove_loops(best[1])))

    # ---------------- labels and sides ----------------
    def build_labels(self):
        for text, lat, lon in LABELS:
            self.labels.append((ll_to_hex(lat, lon), text))

    def build_sides(self):
        th = self.town_hex
        route = {rt["id"]: rt for rt in self.routes}
        am1 = route["petersburg-road"]["hexes"][-1]
        am2 = route["great-wagon-road"]["hexes"][-1]
        self.sides = [
            dict(id="british", edges="south", coast=True,
                 locs=[("primary", th["charleston"], "Charleston (sea)"),
                       ("secondary", th["georgetown"], "Georgetown (Winyah Bay)"),
                       ("secondary", th["wilmington"], "Wilmington (Cape Fear)")],
                 hq=[th["charleston"]]),
            dict(id="american", edges="north", coast=False,
                 locs=[("primary", am1, "Road to Petersburg"),
                       ("secondary", am2, "Great Wagon Road to Virginia")],
                 hq=[th["hillsborough"]]),
        ]

    def build(self):
        self.build_water()
        self.place_towns()
        self.build_rivers()
        self.build_terrain()
        self.resolve_crossings()
        self.build_roads()
        self.build_nav_routes()
        self.build_labels()
        self.build_sides()


def remove_loops(hexes, keep=()):
    out = []
    seen = {}
    for h in hexes:
        if h in seen and not any(u in keep for u in out[seen[h] + 1:]):
            i = seen[h]
            for u in out[i + 1:]:
                del seen[u]
            out = out[:i + 1]
        else:
            seen[h] = len(out)
            out.append(h)
    return out


# Orientation signs for the fall line and the ridge (computed once from reference points).
FALL_SIGN = 1.0
RIDGE_SIGN = 1.0


def _calibrate():
    global FALL_SIGN, RIDGE_SIGN
    fall = [ll_to_px(*p) for p in FALL_LINE]
    ridge = [ll_to_px(*p) for p in BLUE_RIDGE]
    if signed_line_dist(ll_to_px(35.227, -80.843), fall) < 0:      # Charlotte is in the Piedmont
        FALL_SIGN = -1.0
    if signed_line_dist(ll_to_px(36.20, -81.70), ridge) < 0:       # Boone is in the mountains
        RIDGE_SIGN = -1.0


_calibrate()

# ----------------------------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------------------------


def fmt(h):
    return "%d,%d" % h


def xml_attr(s):
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def write_xml(b, path):
    L = []
    L.append('<?xml version="1.0" encoding="UTF-8"?>')
    L.append("<!--")
    L.append("  The Carolinas, 1780-1781: Etat-Major campaign map.")
    L.append("  Generated by tools/mapgen/carolinas.py; edit the generator, not this file.")
    L.append("  Sources: public-domain geography (approximate positions of the coast, rivers, towns,")
    L.append("  roads, fords and ferries of the period), digitised by hand for this map.")
    L.append("  Projection: equirectangular centred on %.2f N %.2f W:" % (LAT0, -LON0))
    L.append("  km east = (lon - lon0) * 111.32 * cos(lat0), km north = (lat - lat0) * 110.57.")
    L.append("  Extent about %.2f-%.2f N, %.2f-%.2f W; pointy-top hexes 8 km across the flats," %
             (LAT_MIN, LAT_MAX, -LON_MAX, -LON_MIN))
    L.append("  odd rows shoved right; row 0 is the north edge.")
    L.append("-->")
    L.append('<map formatVersion="1" id="%s" name="%s" kmPerHex="8" orientation="pointy" offset="odd" '
             'width="%d" height="%d">' % (MAP_ID, xml_attr(MAP_NAME), W, H))
    L.append("  <description>The southern theatre of the War of Independence from Charleston north to the "
             "Dan River and from Ninety Six and Augusta east to Wilmington and the Atlantic coast: the "
             "country of the Camden, Kings Mountain, Cowpens and Guilford Court House campaigns. Rivers "
             "run along hexsides; 8 km per hex.</description>")
    L.append('  <terrain default="clear">')
    for r in range(H):
        row = "".join(b.terrain[(c, r)] for c in range(W))
        L.append('    <row index="%d">%s</row>' % (r, row))
    L.append("  </terrain>")
    L.append("  <rivers>")
    for rv in b.rivers:
        sides = []
        for e in rv["edges"]:
            h, d = EDGE_SIDES[e][0]
            h, d = canon_side(h, d)
            sides.append("%d,%d:%s" % (h[0], h[1], DIRS[d]))
        L.append('    <river id="%s" name="%s" kind="%s" navigable="%s" fordable="%s" sides="%s"/>' % (
            rv["id"], xml_attr(rv["name"]), rv["kind"], "true" if rv["nav"] else "false",
            "true" if rv["fordable"] else "false", " ".join(sides)))
    L.append("  </rivers>")
    L.append("  <crossings>")
    xs = sorted(b.crossings.values(), key=lambda x: (x["hex"][1], x["hex"][0], x["dir"]))
    for x in xs:
        if not x["used"] and x["name"] is None:
            continue
        nm = ' name="%s"' % xml_attr(x["name"]) if x["name"] else ""
        L.append('    <crossing hex="%s" dir="%s" kind="%s"%s/>' % (fmt(x["hex"]), DIRS[x["dir"]], x["kind"], nm))
    L.append("  </crossings>")
    L.append("  <routes>")
    for rt in b.routes:
        L.append('    <route id="%s" name="%s" kind="%s" hexes="%s"/>' % (
            rt["id"], xml_attr(rt["name"]), rt["kind"], " ".join(fmt(h) for h in rt["hexes"])))
    L.append("  </routes>")
    L.append("  <urbanAreas>")
    for tid, name, lat, lon, size, fort in TOWNS:
        L.append('    <urban id="%s" name="%s" hex="%s" size="%s" fortification="%s"/>' % (
            tid, xml_attr(name), fmt(b.town_hex[tid]), size, fort))
    L.append("  </urbanAreas>")
    L.append("  <labels>")
    for h, text in b.labels:
        L.append('    <label hex="%s" text="%s"/>' % (fmt(h), xml_attr(text)))
    L.append("  </labels>")
    L.append("  <sides>")
    for s in b.sides:
        L.append('    <side id="%s" homeEdges="%s" homeCoast="%s">' % (s["id"], s["edges"],
                                                                    "true" if s["coast"] else "false"))
        for kind, h, name in s["locs"]:
            L.append('      <locEntry kind="%s" hex="%s" name="%s"/>' % (kind, fmt(h), xml_attr(name)))
        for h in s["hq"]:
            L.append('      <hq hex="%s"/>' % fmt(h))
        L.append("    </side>")
    L.append("  </sides>")
    L.append("</map>")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(L) + "\n")


# ----------------------------------------------------------------------------------------------
# Independent semantic check of the written file
# ----------------------------------------------------------------------------------------------

ID_OK = set("abcdefghijklmnopqrstuvwxyz0123456789_-")


def parse_hex(s):
    c, r = s.split(",")
    return (int(c), int(r))


def parse_side(s):
    hx, d = s.split(":")
    if d not in DIRS:
        raise SystemExit("ERROR: hexside %s: direction %s is not one of the pointy-top directions" % (s, d))
    return parse_hex(hx), DIRS.index(d)


def check_file(path):
    errors, warnings = [], []
    root = ET.parse(path).getroot()
    w, h = int(root.get("width")), int(root.get("height"))
    if root.get("orientation") != "pointy" or root.get("offset", "odd") != "odd":
        errors.append("map must be pointy/odd")

    def inmap(x):
        return 0 <= x[0] < w and 0 <= x[1] < h

    def ref(x, what):
        if not inmap(x):
            errors.append("%s: hex %d,%d off the map" % (what, x[0], x[1]))
            return False
        return True

    # terrain
    codes = {c: 0 for c in ".wWmhdls"}
    ter = {}
    tnode = root.find("terrain")
    default = {"clear": ".", "woods": "w", "heavy_woods": "W", "marsh": "m", "hills": "h",
               "difficult": "d", "lake": "l", "sea": "s"}[tnode.get("default", "clear")]
    for c in range(w):
        for r in range(h):
            ter[(c, r)] = default
    seen_rows = set()
    for row in tnode.findall("row"):
        i = int(row.get("index"))
        text = row.text or ""
        if i in seen_rows:
            errors.append("terrain row %d repeated" % i)
        seen_rows.add(i)
        if i >= h:
            errors.append("terrain row %d beyond height" % i)
            continue
        if len(text) != w:
            errors.append("terrain row %d has %d characters, want %d" % (i, len(text), w))
        for c, ch in enumerate(text[:w]):
            if ch not in codes:
                errors.append("terrain row %d: bad code %r" % (i, ch))
            ter[(c, i)] = ch
    for v in ter.values():
        codes[v] = codes.get(v, 0) + 1

    def water(x):
        return ter.get(x) in ("s", "l")

    ids = set()

    def idcheck(i, what):
        if not i or i[0] == "-" or i[0] == "_" or any(ch not in ID_OK for ch in i):
            errors.append("%s id %r malformed" % (what, i))
        if i in ids:
            errors.append("%s id %r not unique" % (what, i))
        ids.add(i)

    # rivers
    river_side = {}     # side key -> (kind, navigable, river id)
    river_verts = {}
    nrivers = {"river": 0, "stream": 0}
    for rv in root.find("rivers").findall("river"):
        idcheck(rv.get("id"), "river")
        nrivers[rv.get("kind")] += 1
        nav = rv.get("navigable", "false") == "true"
        if nav and rv.get("kind") != "river":
            errors.append("river %s: a stream cannot be navigable" % rv.get("id"))
        verts = set()
        toks = rv.get("sides").split()
        if not toks:
            errors.append("river %s has no hexsides" % rv.get("id"))
        comp_edges = []
        for tok in toks:
            hx, d = parse_side(tok)
            if not ref(hx, "river %s" % rv.get("id")):
                continue
            k = side_key(hx, d)
            if k in river_side:
                warnings.append("river %s: hexside %s already used by %s" % (rv.get("id"), tok, river_side[k][2]))
            river_side[k] = (rv.get("kind"), nav, rv.get("id"))
            verts.update(k)
            comp_edges.append(k)
            for x in (hx, neighbour(hx, d)):
                if inmap(x) and water(x):
                    errors.append("river %s: hexside %s borders sea/lake" % (rv.get("id"), tok))
        river_verts[rv.get("id")] = verts
        # the hexsides of one river should form one connected line
        if comp_edges:
            reach = set(comp_edges[0])
            grew = True
            while grew:
                grew = False
                for k in comp_edges:
                    if (k[0] in reach) != (k[1] in reach):
                        reach.update(k)
                        grew = True
            if not verts <= reach:
                warnings.append("river %s: hexsides are not one connected line" % rv.get("id"))
    # crossings
    ncross = 0
    cross_sides = set()
    for x in root.find("crossings").findall("crossing"):
        ncross += 1
        hx, d = parse_side(x.get("hex") + ":" + x.get("dir"))
        if not ref(hx, "crossing"):
            continue
        k = side_key(hx, d)
        if k not in river_side:
            errors.append("crossing %s:%s is not on a river or stream hexside" % (x.get("hex"), x.get("dir")))
        if k in cross_sides:
            errors.append("crossing %s:%s duplicated" % (x.get("hex"), x.get("dir")))
        cross_sides.add(k)
    # routes
    nroutes = {"major_road": 0, "minor_road": 0, "navigable_river": 0}
    road_hexes = set()
    road_adj = {}
    for rt in root.find("routes").findall("route"):
        rid = rt.get("id")
        idcheck(rid, "route")
        kind = rt.get("kind")
        nroutes[kind] += 1
        hexes = [parse_hex(t) for t in rt.get("hexes").split()]
        if len(hexes) < 2:
            errors.append("route %s has fewer than two hexes" % rid)
        for x in hexes:
            ref(x, "route %s" % rid)
        for a, b in zip(hexes, hexes[1:]):
            if a == b:
                errors.append("route %s repeats hex %d,%d" % (rid, a[0], a[1]))
                continue
            if hex_distance(a, b) != 1:
                errors.append("route %s: %d,%d and %d,%d not adjacent" % (rid, a[0], a[1], b[0], b[1]))
                continue
            k = side_key(a, direction_to(a, b))
            if kind in ("major_road", "minor_road"):
                road_adj.setdefault(a, set()).add(b)
                road_adj.setdefault(b, set()).add(a)
                if k in river_side and river_side[k][0] == "river" and k not in cross_sides:
                    errors.append("MAP-ROAD-RIVER-NO-CROSSING route %s between %d,%d and %d,%d" %
                                  (rid, a[0], a[1], b[0], b[1]))
            else:
                # both hexes border the same navigable river, and the hexside between them
                # touches that river's course
                ok = False
                for rvid, verts in river_verts.items():
                    navsides = [s for s, v in river_side.items() if v[2] == rvid and v[1]]
                    if not navsides:
                        continue

                    def borders(x):
                        return any(side_key(x, dd) in navset for dd in range(6))
                    navset = set(navsides)
                    if borders(a) and borders(b) and (k[0] in verts or k[1] in verts):
                        ok = True
                        break
                if not ok:
                    errors.append("navigable route %s: %d,%d -> %d,%d does not follow a navigable river" %
                                  (rid, a[0], a[1], b[0], b[1]))
        for x in hexes:
            if inmap(x) and water(x):
                if kind in ("major_road", "minor_road"):
                    errors.append("road %s enters water at %d,%d" % (rid, x[0], x[1]))
                else:
                    errors.append("navigable route %s in a sea/lake hex %d,%d" % (rid, x[0], x[1]))
            if kind in ("major_road", "minor_road"):
                road_hexes.add(x)
    # urban areas
    uhex = {}
    nurban = 0
    for u in root.find("urbanAreas").findall("urban"):
        nurban += 1
        idcheck(u.get("id"), "urban")
        x = parse_hex(u.get("hex"))
        if not ref(x, "urban %s" % u.get("id")):
            continue
        if water(x):
            errors.append("urban area %s on water" % u.get("id"))
        if x in uhex:
            errors.append("urban areas %s and %s share hex %s" % (uhex[x], u.get("id"), u.get("hex")))
        uhex[x] = u.get("id")
        if x not in road_hexes:
            errors.append("urban area %s is not on a road" % u.get("id"))
    # road network connected
    if road_hexes:
        start = next(iter(sorted(road_hexes)))
        comp = {start}
        stack = [start]
        while stack:
            a = stack.pop()
            for b in road_adj.get(a, ()):
                if b not in comp:
                    comp.add(b)
                    stack.append(b)
        for x, uid in uhex.items():
            if x not in comp:
                errors.append("urban area %s not connected to the road network" % uid)
    # labels
    nlabels = 0
    for lb in root.find("labels").findall("label"):
        nlabels += 1
        ref(parse_hex(lb.get("hex")), "label %s" % lb.get("text"))
    # sides
    side_ids = [s.get("id") for s in root.find("sides").findall("side")]
    if sorted(side_ids) != ["american", "british"]:
        errors.append("sides must be exactly british and american, found %s" % side_ids)
    for s in root.find("sides").findall("side"):
        edges = s.get("homeEdges").split()
        coast = s.get("homeCoast", "false") == "true"
        prim = 0
        for le in s.findall("locEntry"):
            x = parse_hex(le.get("hex"))
            if not ref(x, "locEntry"):
                continue
            if le.get("kind") == "primary":
                prim += 1
            on_edge = (("north" in edges and x[1] == 0) or ("south" in edges and x[1] == h - 1) or
                       ("west" in edges and x[0] == 0) or ("east" in edges and x[0] == w - 1))
            coastal = (not water(x)) and any(inmap(neighbour(x, d)) and ter[neighbour(x, d)] == "s"
                                             for d in range(6))
            if water(x):
                errors.append("side %s: locEntry %s in water" % (s.get("id"), le.get("hex")))
            if not (on_edge or (coast and coastal)):
                errors.append("side %s: locEntry %s not on a home edge or coast" % (s.get("id"), le.get("hex")))
            if x not in road_hexes:
                warnings.append("side %s: locEntry %s not on a road" % (s.get("id"), le.get("hex")))
        if prim != 1:
            errors.append("side %s has %d primary locEntries" % (s.get("id"), prim))
        for hq in s.findall("hq"):
            x = parse_hex(hq.get("hex"))
            if ref(x, "hq") and water(x):
                errors.append("side %s: hq in water" % s.get("id"))
    names = {".": "clear", "w": "woods", "W": "heavy_woods", "m": "marsh", "h": "hills", "d": "difficult",
             "l": "lake", "s": "sea"}
    print("map %dx%d = %d hexes" % (w, h, w * h))
    print("terrain: " + ", ".join("%s %d" % (names[c], n) for c, n in codes.items()))
    print("rivers: %d (%d rivers, %d streams), river hexsides %d" % (
        nrivers["river"] + nrivers["stream"], nrivers["river"], nrivers["stream"], len(river_side)))
    print("routes: %d (major %d, minor %d, navigable %d)" % (
        sum(nroutes.values()), nroutes["major_road"], nroutes["minor_road"], nroutes["navigable_river"]))
    print("crossings: %d; urban areas: %d; labels: %d" % (ncross, nurban, nlabels))
    for wmsg in warnings:
        print("WARNING: " + wmsg)
    for emsg in errors:
        print("ERROR: " + emsg)
    return errors, warnings


# ----------------------------------------------------------------------------------------------
# Preview (pure-Python PNG)
# ----------------------------------------------------------------------------------------------

COLOURS = {".": (226, 222, 170), "w": (150, 190, 110), "W": (70, 125, 60), "m": (120, 170, 160),
           "h": (190, 150, 100), "d": (140, 100, 70), "l": (110, 160, 230), "s": (70, 120, 200)}


def write_png(path, img, wd, ht):
    raw = b"".join(b"\x00" + bytes(img[y * wd * 3:(y + 1) * wd * 3]) for y in range(ht))

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", wd, ht, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def render_preview(b, path, scale=2.0, crop=None):
    pad = 10
    wd = int((W + 0.5) * KM_PER_HEX * scale) + 2 * pad
    ht = int((H - 1) * ROW_H * scale + 2 * SIZE * scale) + 2 * pad
    ox, oy = pad + 4 * scale, pad + SIZE * scale
    if crop:
        c0, r0, c1, r1 = crop
        wd = int((c1 - c0 + 1) * KM_PER_HEX * scale) + 2 * pad
        ht = int((r1 - r0 + 1) * ROW_H * scale) + 2 * pad
        ox -= c0 * KM_PER_HEX * scale
        oy -= r0 * ROW_H * scale
    img = bytearray(wd * ht * 3)

    def put(x, y, col):
        x, y = int(round(x)), int(round(y))
        if 0 <= x < wd and 0 <= y < ht:
            i = (y * wd + x) * 3
            img[i:i + 3] = bytes(col)

    for py in range(ht):
        for px in range(wd):
            hx = px_to_hex((px - ox) / scale, (py - oy) / scale)
            col = COLOURS[b.terrain[hx]] if on_map(hx) else (255, 255, 255)
            i = (py * wd + px) * 3
            img[i:i + 3] = bytes(col)

    def line(p, q, col, thick=1):
        x0, y0 = p
        x1, y1 = q
        n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for i in range(n + 1):
            t = i / n
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            for dx in range(-(thick // 2), thick - thick // 2):
                for dy in range(-(thick // 2), thick - thick // 2):
                    put(x + dx, y + dy, col)

    def P(pt):
        return (ox + pt[0] * scale, oy + pt[1] * scale)

    # true coastline for comparison
    cl = [ll_to_px(*p) for p in COAST]
    for a, c in zip(cl, cl[1:]):
        line(P(a), P(c), (255, 255, 255), 1)
    for rt in b.routes:
        col = {"major_road": (200, 0, 0), "minor_road": (240, 120, 60), "navigable_river": (0, 200, 255)}[rt["kind"]]
        for a, c in zip(rt["hexes"], rt["hexes"][1:]):
            line(P(hex_center(a)), P(hex_center(c)), col, 2 if rt["kind"] == "major_road" else 1)
    for rv in b.rivers:
        col = (0, 0, 200) if rv["kind"] == "river" else (60, 90, 255)
        for e in rv["edges"]:
            line(P(vertex_px(e[0])), P(vertex_px(e[1])), col, 3 if rv["kind"] == "river" else 2)
    for e, x in b.crossings.items():
        if x["used"] or x["name"]:
            ax, ay = vertex_px(e[0])
            bx, by = vertex_px(e[1])
            cx, cy = P(((ax + bx) / 2, (ay + by) / 2))
            for dx in range(-2, 3):
                for dy in range(-2, 3):
                    put(cx + dx, cy + dy, (255, 255, 0) if x["kind"] == "bridge" else (255, 0, 255))
    for tid, name, lat, lon, size, fort in TOWNS:
        cx, cy = P(hex_center(b.town_hex[tid]))
        rad = {"farm": 2, "hamlet": 3, "village": 4, "town": 5, "city": 7}[size]
        for dx in range(-rad, rad + 1):
            for dy in range(-rad, rad + 1):
                if dx * dx + dy * dy <= rad * rad:
                    put(cx + dx, cy + dy, (0, 0, 0))
    for s in b.sides:
        for kind, hx, name in s["locs"]:
            cx, cy = P(hex_center(hx))
            for dx in range(-6, 7):
                put(cx + dx, cy - 6, (255, 255, 255))
                put(cx + dx, cy + 6, (255, 255, 255))
                put(cx - 6, cy + dx, (255, 255, 255))
                put(cx + 6, cy + dx, (255, 255, 255))
    write_png(path, img, wd, ht)


# ----------------------------------------------------------------------------------------------


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.normpath(os.path.join(here, "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(repo, "maps", "carolinas-1780.xml"))
    ap.add_argument("--preview", help="also write a PNG preview to this path")
    ap.add_argument("--crop", help="preview only columns/rows c0,r0,c1,r1")
    ap.add_argument("--scale", type=float, default=2.0, help="preview pixels per km")
    ap.add_argument("--verbose", action="store_true", help="print the build log and hex positions")
    args = ap.parse_args()

    b = Builder()
    b.build()
    write_xml(b, args.out)
    if args.verbose:
        for line in b.log:
            print(line)
        for tid, name, lat, lon, size, fort in TOWNS:
            print("urban %-16s %d,%d" % (tid, b.town_hex[tid][0], b.town_hex[tid][1]))
        for s in b.sides:
            for kind, hx, name in s["locs"]:
                print("locEntry %-9s %-9s %d,%d %s" % (s["id"], kind, hx[0], hx[1], name))
    else:
        for line in b.log:
            if line.startswith("WARNING"):
                print(line)
    if args.preview:
        crop = tuple(int(v) for v in args.crop.split(",")) if args.crop else None
        render_preview(b, args.preview, args.scale, crop)
    errors, warnings = check_file(args.out)
    if errors or warnings:
        print("FAILED: %d error(s), %d warning(s) in %s" % (len(errors), len(warnings), args.out))
        sys.exit(1)
    print("OK: %s (%d warning(s))" % (args.out, len(warnings)))


if __name__ == "__main__":
    main()
