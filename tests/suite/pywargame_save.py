"""Read a save of a sandtable-built module with pywargame, a third-party VASSAL library.

Usage: python pywargame_save.py MODULE.vmod SAVE.vsav

Replays the save's commands as VASSAL would (`+/` adds a piece, `M/` moves one, `-/`
removes one; pieces decoded by pywargame's trait classes) and names where each piece ends by
the regions of the module's boards as pywargame reads them (a piece at a region's origin is
in that region). Prints JSON: a list of [piece name, location name or null], in piece id
order. Used by tests/suite/adjudicate.rs as a second reader of `adjudicate --apply` saves.
"""

import json
import os
import sys

from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.save import SaveIO
from pywargame.vassal.vmod import VMod
from pywargame.vassal.withtraits import WithTraits

REGION = 'VASSAL.build.module.map.boardPicker.board.Region'


def utf8(text):
    """pywargame reads `savedGame` bytes as Latin-1; undo it."""
    try:
        return text.encode('latin-1').decode('utf-8')
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


def regions(game):
    """(map, x, y) -> region name, from pywargame's view of every board."""
    out = {}
    for map_name, m in game.getMaps().items():
        edge = (int(m['edgeWidth'] or 0), int(m['edgeHeight'] or 0))
        for board in m.getBoards().values():
            for region in board._node.getElementsByTagName(REGION):
                at = (map_name, int(region.getAttribute('originx')) + edge[0],
                      int(region.getAttribute('originy')) + edge[1])
                out.setdefault(at, region.getAttribute('name'))
    return out


def fields(line):
    """A move or removal command's fields (no escapes in ids, map names or numbers)."""
    return line.split('/')


def main():
    with VMod(sys.argv[1], 'r') as vmod:
        game = BuildFile(vmod.getBuildFile()).getGame()
        named = regions(game)
    lines = SaveIO.readSave(os.path.abspath(sys.argv[2]), True)[1]
    pieces = {}
    for line in lines:
        line = line.lstrip('\\')
        if line.startswith('+/'):
            if '/stack/' in line:
                continue
            piece_id = line.split('/')[1]
            _, traits = WithTraits.decodeAdd2(line, False)
            basic = traits[-1]
            pieces[piece_id] = [utf8(basic['name']), utf8(basic['map']),
                                int(basic['x']), int(basic['y'])]
        elif line.startswith('M/'):
            f = fields(line)
            if f[1] in pieces:
                pieces[f[1]][1:] = [f[2], int(f[3]), int(f[4])]
        elif line.startswith('-/'):
            pieces.pop(fields(line)[1], None)
    out = []
    for piece_id in sorted(pieces, key=lambda k: int(k) if k.isdigit() else 0):
        name, map_name, x, y = pieces[piece_id]
        out.append([name, named.get((map_name, x, y))])
    print(json.dumps(out))


if __name__ == '__main__':
    main()
