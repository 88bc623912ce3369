#!/usr/bin/env python3
"""Build a theatre's map from real geography: maps/<theatre>.xml.

Python 3 standard library only. Usage (from the source tree, after building etatmajor-cli):

    python3 tools/mapgen/theatre.py THEATRE [--cli build/bin/etatmajor-cli] [--out maps/THEATRE.xml]

How it works
------------
* `etatmajor-cli map import` does the geography (docs/formats/map.md, "Importing real geography"): the hex grid on a
  transverse Mercator projection about the region's centre, sea and lake hexes from the GSHHG shorelines, the WDBII
  rivers on hexsides, and from the theatre's gazetteer (maps/gazetteers/THEATRE.xml) its towns, the rivers the data
  lack, terrain areas and the roads of the period, all by latitude and longitude.
* This script adds what has no latitude and longitude of its own: the map's description, and each side's home
  edges, LOC entries and HQ hexes (chosen by hand on the imported grid, below), then checks the result with
  `etatmajor-cli map validate`.

The output is the same byte for byte from run to run.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape, quoteattr

THEATRES = {
    "virginia-1781": {
        "region": "36.65,-78.65,38.45,-75.9",
        "km": "8",
        "name": "Virginia, 1781",
        "comment": "Virginia, 1781: the Yorktown campaign, from Charlottesville and Fredericksburg to Hampton Roads.",
        "description": (
            "Tidewater and Piedmont Virginia in the summer of 1781: Cornwallis's army, come north from Wilmington, "
            "joins the British posts on the James at Petersburg and Portsmouth; Lafayette's small army covers "
            "Richmond and waits for Wayne's Pennsylvanians. The James, the York and the Rappahannock cut the map "
            "from the hills round Charlottesville to the Chesapeake. 8 km per hex."
        ),
        "sides": [
            {"id": "british", "homeEdges": "south", "homeCoast": True,
             "loc": [("primary", "26,26", "Portsmouth (sea)"), ("secondary", "12,30", "Halifax road to North Carolina")],
             "hq": ["26,26"]},
            {"id": "american", "homeEdges": "north west", "homeCoast": False,
             "loc": [("primary", "14,0", "Post road to Alexandria and Philadelphia"),
                     ("secondary", "0,7", "Three Notched road to Staunton")],
             "hq": ["13,3"]},
        ],
    },
    "pennsylvania-1777": {
        "region": "39.45,-76.35,40.40,-74.7",
        "km": "6",
        "name": "Pennsylvania, 1777",
        "comment": "Pennsylvania, 1777: the Philadelphia campaign, from Head of Elk and Lancaster to Trenton and the Delaware forts.",
        "description": (
            "South-eastern Pennsylvania, northern Delaware and West Jersey in the autumn of 1777: from the head of the "
            "Chesapeake, where Howe's army lands, by Wilmington, the Brandywine and the Great Valley to Philadelphia, "
            "the rebels' capital, and the forts that bar the Delaware below it; Reading and Lancaster, the "
            "Americans' magazines and refuge, lie north and west. 6 km per hex."
        ),
        "sides": [
            {"id": "british", "homeEdges": "south", "homeCoast": True,
             "loc": [("primary", "5,19", "Landing on the Elk River (sea)"),
                     ("secondary", "12,20", "Delaware shore below New Castle (sea)")],
             "hq": ["5,19"]},
            {"id": "american", "homeEdges": "north west", "homeCoast": False,
             "loc": [("primary", "9,0", "Bethlehem road to the Highlands and New England"),
                     ("secondary", "0,8", "Lancaster road to York")],
             "hq": ["6,2"]},
        ],
    },
    "new-york-1776": {
        "region": "40.1,-75,41.1,-73.55",
        "km": "4",
        "name": "New York and New Jersey, 1776",
        "comment": "New York and New Jersey, 1776: from Long Island and Manhattan to White Plains, Trenton and Princeton.",
        "description": (
            "New York harbour and its islands, Westchester to White Plains, and East Jersey from Paulus Hook and "
            "Elizabethtown to New Brunswick, Princeton, Trenton and the Delaware: the country of the campaign of 1776 "
            "from the landing on Long Island to Trenton and Princeton. 4 km per hex."
        ),
        "sides": [
            {"id": "british", "homeEdges": "south", "homeCoast": True,
             "loc": [("primary", "18,17", "Staten Island (sea)"), ("secondary", "22,16", "Gravesend Bay (sea)")],
             "hq": ["18,17"]},
            {"id": "american", "homeEdges": "north west", "homeCoast": False,
             "loc": [("primary", "24,0", "Albany Post road to the Highlands"),
                     ("secondary", "0,29", "Road to Philadelphia"),
                     ("secondary", "30,0", "Boston Post road to Connecticut")],
             "hq": ["11,10"]},
        ],
    },
}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theatre", choices=sorted(THEATRES))
    ap.add_argument("--cli", default="build/bin/etatmajor-cli")
    ap.add_argument("--out")
    a = ap.parse_args()
    t = THEATRES[a.theatre]
    out = a.out or os.path.join("maps", a.theatre + ".xml")
    gazetteer = os.path.join("maps", "gazetteers", a.theatre + ".xml")
    with tempfile.TemporaryDirectory() as tmp:
        imported = os.path.join(tmp, "imported.xml")
        code, so, se = run([a.cli, "map", "import", "--region", t["region"], "--km-per-hex", t["km"], "--id", a.theatre,
                            "--name", t["name"], "--gazetteer", gazetteer, "-o", imported])
        sys.stdout.write(so)
        sys.stderr.write(se)
        if code != 0:
            sys.exit("map import failed")
        text = open(imported, encoding="utf-8").read()
    # The description, and a comment naming how the file is made.
    start = text.index("<description>") + len("<description>")
    end = text.index("</description>")
    text = text[:start] + escape(t["description"]) + text[end:]
    comment = ("<!--\n  " + t["comment"] + "\n  Generated by tools/mapgen/theatre.py " + a.theatre +
               " from the GSHHG shorelines and rivers and\n  maps/gazetteers/" + a.theatre +
               ".xml; edit those, not this file. Sources: see <geo><source> and the gazetteer.\n-->\n")
    decl_end = text.index("?>") + 2
    text = text[:decl_end] + "\n" + comment + text[decl_end:].lstrip("\n")
    sides = ["    <sides>"]
    for s in t["sides"]:
        sides.append("        <side id=%s homeEdges=%s%s>" % (quoteattr(s["id"]), quoteattr(s["homeEdges"]),
                                                          ' homeCoast="true"' if s["homeCoast"] else ""))
        for kind, hexref, name in s["loc"]:
            sides.append("            <locEntry kind=%s hex=%s name=%s/>" % (quoteattr(kind), quoteattr(hexref), quoteattr(name)))
        for h in s["hq"]:
            sides.append("            <hq hex=%s/>" % quoteattr(h))
        sides.append("        </side>")
    sides.append("    </sides>")
    text = text.replace("</map>", "\n".join(sides) + "\n</map>")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    code, so, se = run([a.cli, "map", "validate", out])
    sys.stdout.write(so)
    sys.stderr.write(se)
    sys.exit(code)


if __name__ == "__main__":
    main()
