"""Read a sandtable-built module with pywargame, a third-party VASSAL library.

Usage: python pywargame_check.py MODULE.vmod < expected.json

expected.json maps each predefined setup's name to a list of [counter name, location]
(hex number, area slot or pool name). The script loads the buildfile, parses every
palette slot and prototype with pywargame's trait classes, decodes every piece of every
setup, and checks that each expected counter sits where pywargame's own grid code puts
the location: HexGridNumbering.getLocation for hex numbers, inside the zone's polygon for
pools (whose pieces stand a few to a stack across the box),
the region origin for area slots and for the boxes of a track display (named through their
zone's location format). Prints a summary; exits 1 on any mismatch.
"""

import json
import os
import sys
import tempfile

from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.grid import BaseGrid
from pywargame.vassal.save import SaveIO
from pywargame.vassal.vmod import VMod
from pywargame.vassal.withtraits import WithTraits

REGION = 'VASSAL.build.module.map.boardPicker.board.Region'
ZONE = 'VASSAL.build.module.map.boardPicker.board.mapgrid.Zone'


class _NoZone:
    """pywargame's hex numbering asks its grid's zone for offsets; a board grid has none."""

    def getXOffset(self):
        return 0

    def getYOffset(self):
        return 0

    def getWidth(self):
        return 0

    def getHeight(self):
        return 0


def utf8(text):
    """pywargame reads `savedGame` bytes as Latin-1 and keeps the AddPiece level's `\\/`
    escapes; undo both."""
    try:
        text = text.encode('latin-1').decode('utf-8')
    except (UnicodeEncodeError, UnicodeDecodeError):
        pass
    return text.replace('\\/', '/')


_zone_of = BaseGrid.getZone
BaseGrid.getZone = lambda grid: _zone_of(grid) or _NoZone()


def locations(game):
    """Hex numberings, name -> (map, x, y) candidates, and zone name -> (map, bounding box),
    from pywargame's view of every board."""
    hexes, named, zones = [], {}, {}
    for map_name, m in game.getMaps().items():
        edge = (int(m['edgeWidth'] or 0), int(m['edgeHeight'] or 0))
        for board in m.getBoards().values():
            for grid in board.getGrids(single=False) or []:
                numbering = grid.getNumbering()
                if numbering:
                    hexes.append((map_name, edge, numbering[0]))
            for zone_name, zone in (board.getZones() or {}).items():
                x, y = zone.getCM()
                named.setdefault(zone_name, []).append((map_name, x + edge[0], y + edge[1]))
                xs, ys = zip(*(map(int, c.split(',')) for c in zone['path'].split(';')))
                zones.setdefault(zone_name, []).append(
                    (map_name, min(xs) + edge[0], min(ys) + edge[1], max(xs) + edge[0],
                     max(ys) + edge[1]))
            for region in board._node.getElementsByTagName(REGION):
                name = region.getAttribute('name')
                # A region of a zone's grid (a track display's box) reads through the
                # zone's location format: `$name$ $gridLocation$` → `Record Track 60`.
                zone = region.parentNode.parentNode
                if getattr(zone, 'tagName', None) == ZONE:
                    fmt = zone.getAttribute('locationFormat') or '$name$'
                    name = fmt.replace('$name$', zone.getAttribute('name')).replace(
                        '$gridLocation$', name)
                named.setdefault(name, []).append(
                    (map_name, int(region.getAttribute('originx')) + edge[0],
                     int(region.getAttribute('originy')) + edge[1]))
    return hexes, named, zones


def inside(piece, location, zones):
    """Whether a piece (name, map, x, y) stands inside the zone named `location`."""
    return any(piece[1] == m and x0 <= piece[2] <= x1 and y0 <= piece[3] <= y1
               for m, x0, y0, x1, y1 in zones.get(location, []))


def candidates(location, hexes, named):
    out = list(named.get(location, []))
    for map_name, edge, numbering in hexes:
        point = numbering.getLocation(location)
        if point is not None:
            out.append((map_name, point[0] + edge[0], point[1] + edge[1]))
    return out


def setup_pieces(vmod, filename):
    data = vmod.getFiles(filename)[filename]
    with tempfile.NamedTemporaryFile(suffix='.vsav', delete=False) as f:
        f.write(data)
    try:
        lines = SaveIO.readSave(f.name, True)[1]
    finally:
        os.unlink(f.name)
    pieces = []
    for line in lines:
        line = line.lstrip('\\')
        if not line.startswith('+/') or '/stack/' in line:
            continue
        _, traits = WithTraits.decodeAdd2(line, False)
        basic = traits[-1]
        pieces.append((utf8(basic['name']), utf8(basic['map']), int(basic['x']), int(basic['y'])))
    return pieces


def main():
    expected = json.load(sys.stdin)
    failures = 0
    with VMod(sys.argv[1], 'r') as vmod:
        game = BuildFile(vmod.getBuildFile()).getGame()
        print(f"module {game['name']} (nextPieceSlotId {game['nextPieceSlotId']})")
        slots = game.getPieces(asdict=False)
        traits = sum(len(p.getTraits()) for p in slots)
        print(f'{len(slots)} palette slots, {traits} traits parsed')
        for proto in game.getPrototypes()[0].getPrototypes(asdict=False):
            kinds = [type(t).__name__ for t in proto.getTraits()]
            print(f"prototype {proto['name']}: {' '.join(kinds)}")
        for name, m in game.getMaps().items():
            print(f"map {name}: boards {', '.join(m.getBoards().keys())}")
        hexes, named, zones = locations(game)
        for setup in game.getPredefinedSetups(asdict=False):
            if setup['useFile'] != 'true' or not setup['file']:
                continue
            pieces = setup_pieces(vmod, setup['file'])
            want = expected.get(setup['name'], [])
            matched = 0
            for counter, location in want:
                spots = candidates(location, hexes, named)
                hit = next((p for p in pieces if p[0] == counter
                            and (p[1:] in spots or inside(p, location, zones))), None)
                if hit is None:
                    failures += 1
                    if failures <= 10:
                        print(f'  MISSING {counter} at {location} (pywargame: {spots})')
                else:
                    pieces.remove(hit)
                    matched += 1
            for p in pieces[:10]:
                print(f'  LEFT OVER {p}')
            print(f"setup {setup['name']}: {matched}/{len(want)} placements where pywargame "
                  f"puts them, {len(pieces)} pieces left over")
            failures += len(pieces)
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
