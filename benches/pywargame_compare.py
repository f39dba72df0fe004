#!/usr/bin/env python3
"""sandtable's VASSAL readers beside pywargame's, on the same files (issue 19).

Usage:
    python3 benches/pywargame_compare.py [--runs N] [--json] [FILE ...]
    PYTHON_WITH_PYWARGAME benches/pywargame_compare.py --read FILE

Without FILE, compares on the biggest files of the shared corpus (`../shared/corpus`
beside the checkout, or `$SANDTABLE_CORPUS`) and on the synthetic save of 50,000 pieces
and buildFile of 20,000 piece slots (`cargo run --release --example synthetic_vassal`).
Each file is read end to end, process start included, the median of N runs (hyperfine
when it is installed, else a timing loop):

* sandtable: `target/release/sandtable inspect FILE`, as text and as JSON;
* pywargame: this script with `--read FILE` under a Python that has pywargame
  (`$SANDTABLE_PYTHON`, `~/.pyenv/versions/3.12.1/bin/python` or `python3`). What it does
  is what `inspect` does: a save (`.vsav`, `.sav`, `.vlog`) is opened, de-obfuscated and
  split into commands (`SaveIO.readSave`) and every piece's trait chain decoded
  (`WithTraits.decodeAdd2`); a module or buildFile is parsed (minidom, as pywargame does)
  and its maps, boards, grids, piece slots and prototypes walked, every slot's and
  prototype's traits decoded, and the predefined setups read with it (as saves).

Prints a table (seconds, MB/s of decoded text, and pywargame's time over sandtable's),
or JSON with `--json`. Skips with a message and exit code 0 when no Python has pywargame.
"""

import argparse
import html
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SANDTABLE = ROOT / 'target' / 'release' / 'sandtable'
SAVES = ('.vsav', '.sav', '.vlog')


# ---------------------------------------------------------------- pywargame's side

def pywargame_read(path):
    """Read one file with pywargame as `inspect` reads it; return a count of what was read."""
    from pywargame.vassal.buildfile import BuildFile
    from pywargame.vassal.vmod import VMod
    from pywargame.vassal import xmlns

    if path.suffix in SAVES:
        return read_save(path)
    if path.suffix == '.vmod':
        with VMod(str(path), 'r') as vmod:
            dom = vmod.getBuildFile()
    else:
        dom = xmlns.parse(str(path))
    game = BuildFile(dom).getGame()
    counts = {'maps': 0, 'boards': 0, 'grids': 0, 'slots': 0, 'prototypes': 0, 'traits': 0}
    for m in game.getMaps(asdict=False):
        counts['maps'] += 1
        for board in m.getBoards(asdict=False):
            counts['boards'] += 1
            counts['grids'] += len(board.getGrids(single=False) or [])
    for slot in game.getPieces(asdict=False):
        counts['slots'] += 1
        counts['traits'] += len(slot.getTraits())
    for container in game.getPrototypes(single=False) or []:
        for prototype in container.getPrototypes(asdict=False):
            counts['prototypes'] += 1
            counts['traits'] += len(prototype.getTraits())
    counts['setup pieces'] = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, data in setups(path):
            save = Path(scratch) / 'setup.vsav'
            save.write_bytes(data)
            counts['setup pieces'] += read_save(save)['pieces']
    return counts


def read_save(path):
    """pywargame's reading of a save: de-obfuscated, split, every piece's traits decoded."""
    from pywargame.vassal.save import SaveIO
    from pywargame.vassal.withtraits import WithTraits

    lines = SaveIO.readSave(str(path.resolve()))[1]
    pieces = 0
    for line in lines:
        line = line.lstrip('\\')
        if line.startswith('+/') and '/stack/' not in line:
            WithTraits.decodeAdd2(line, False)
            pieces += 1
    return {'commands': len(lines), 'pieces': pieces}


# ---------------------------------------------------------------- timing

def median_seconds(command, runs):
    """The median wall time of `command` (a list), process start included."""
    if shutil.which('hyperfine'):
        with tempfile.NamedTemporaryFile(suffix='.json') as out:
            subprocess.run(
                ['hyperfine', '--warmup', '1', '--runs', str(runs), '--style', 'none',
                 '--export-json', out.name, '-N', '--', ' '.join(map(quote, command))],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return json.load(open(out.name))['results'][0]['median']
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pywargame_seconds(python, path, runs):
    """pywargame's time on one file: one run when it takes more than five seconds (the
    synthetic save takes about a minute), else the median of a third of `runs`."""
    command = [python, Path(__file__).resolve(), '--read', path]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    once = time.perf_counter() - start
    return once if once > 5 else median_seconds(command, max(3, runs // 3))


def quote(arg):
    arg = str(arg)
    return "'" + arg.replace("'", "'\\''") + "'" if any(c in arg for c in " '\"\\") else arg


def decoded_bytes(path):
    """The size of the text `inspect` decodes: a save's command stream (the hex digits of
    `savedGame` halved, less the header and key); a module's buildFile and the predefined
    setups it reads with it."""
    if path.suffix in SAVES:
        return save_text_bytes(path.read_bytes())
    return len(buildfile_bytes(path)) + sum(save_text_bytes(data) for _, data in setups(path))


def save_text_bytes(data):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        size = z.getinfo('savedGame').file_size
        head = z.open('savedGame').read(5)
    return (size - 7) // 2 if head == b'!VCSK' else size


def buildfile_bytes(path):
    if path.suffix == '.vmod':
        with zipfile.ZipFile(path) as z:
            name = next(n for n in ('buildFile.xml', 'buildFile') if n in z.namelist())
            return z.read(name)
    return path.read_bytes()


def setups(path):
    """(name, bytes) of each predefined setup a module reads from a file (`useFile`, not a
    menu) that is there: in the archive, or beside an unpacked buildFile — what `inspect`
    reads besides the buildFile."""
    text = buildfile_bytes(path).decode('utf-8', 'replace')
    found = []
    for attrs in re.findall(r'<VASSAL\.build\.module\.PredefinedSetup\b([^>]*)>', text):
        attr = dict(re.findall(r'(\w+)="([^"]*)"', attrs))
        name = html.unescape(attr.get('file', ''))
        if not name or attr.get('useFile') != 'true' or attr.get('isMenu') == 'true':
            continue
        if path.suffix == '.vmod':
            with zipfile.ZipFile(path) as z:
                if name in z.namelist():
                    found.append((name, z.read(name)))
        elif (path.parent / name).is_file():
            found.append((name, (path.parent / name).read_bytes()))
    return found


def pywargame_python():
    home = os.environ.get('HOME', '')
    for candidate in (os.environ.get('SANDTABLE_PYTHON'),
                      f'{home}/.pyenv/versions/3.12.1/bin/python', 'python3'):
        if not candidate:
            continue
        try:
            ok = subprocess.run([candidate, '-c', 'import pywargame.vassal.vmod'],
                                capture_output=True).returncode == 0
        except OSError:
            ok = False
        if ok:
            return candidate
    return None


# ---------------------------------------------------------------- files

def corpus_dir():
    return Path(os.environ.get('SANDTABLE_CORPUS') or ROOT.parent / 'shared' / 'corpus')


def default_files(scratch):
    """The corpus's biggest module, buildFiles and saves, and the synthetic pair."""
    files = []
    corpus = corpus_dir()
    if corpus.is_dir():
        found = [p for p in corpus.rglob('*') if p.is_file()
                 and (p.suffix in SAVES + ('.vmod',) or p.name.startswith('buildFile'))]
        found.sort(key=lambda p: -p.stat().st_size)
        files += found[:6]
    else:
        print(f'pywargame_compare.py: {corpus} is absent; the corpus files are skipped', file=sys.stderr)
    save = scratch / 'synthetic-50000.vsav'
    buildfile = scratch / 'synthetic' / 'buildFile.xml'
    buildfile.parent.mkdir(parents=True, exist_ok=True)
    for kind, out in (('save', save), ('buildfile', buildfile)):
        if not out.exists():
            subprocess.run(['cargo', 'run', '--quiet', '--release', '--example',
                            'synthetic_vassal', '--', kind, str(out)],
                           cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return files + [save, buildfile]


def label(path):
    corpus = corpus_dir()
    try:
        return 'corpus/' + str(path.relative_to(corpus))
    except ValueError:
        return path.name


# ---------------------------------------------------------------- comparison

def compare(files, runs, python, sandtable=SANDTABLE):
    """One row per file: sizes, sandtable's text and JSON times, pywargame's time."""
    rows = []
    for path in files:
        size = decoded_bytes(path)
        try:
            text = median_seconds([sandtable, 'inspect', path], runs)
            as_json = median_seconds([sandtable, 'inspect', '--format', 'json', path], runs)
        except subprocess.CalledProcessError:
            print(f'pywargame_compare.py: {sandtable} cannot inspect {path}', file=sys.stderr)
            continue
        row = {'file': label(path), 'bytes': path.stat().st_size, 'decoded': size,
               'text_s': text, 'json_s': as_json,
               'text_mb_s': size / text / 1e6, 'json_mb_s': size / as_json / 1e6}
        if python:
            py = pywargame_seconds(python, path, runs)
            row['pywargame_s'] = py
            row['ratio'] = py / max(text, as_json)
        rows.append(row)
    return rows


def table(rows, before=None):
    """A Markdown table of `compare`'s rows; `before` (rows of another binary) adds its
    times in a column of their own."""
    before = {r['file']: r for r in before or []}
    head = '| file | decoded | ' + ('before (text / JSON) | ' if before else '') + \
        'inspect (text) | inspect (JSON) | pywargame | pywargame ÷ sandtable |'
    out = [head, '|---|---:|' + ('---:|' if before else '') + '---:|---:|---:|---:|']
    for r in rows:
        py = f"{r['pywargame_s']:.3f} s" if 'pywargame_s' in r else '—'
        ratio = f"{r['ratio']:.0f}×" if 'ratio' in r else '—'
        old = ''
        if before:
            b = before.get(r['file'])
            old = (f"{b['text_s'] * 1e3:.1f} / {b['json_s'] * 1e3:.1f} ms | " if b else '— | ')
        out.append(f"| {r['file']} | {r['decoded'] / 1e6:.2f} MB | {old}"
                   f"{r['text_s'] * 1e3:.1f} ms ({r['text_mb_s']:.0f} MB/s) "
                   f"| {r['json_s'] * 1e3:.1f} ms ({r['json_mb_s']:.0f} MB/s) | {py} | {ratio} |")
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('files', nargs='*', type=Path)
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--json', action='store_true', help='print JSON instead of a table')
    ap.add_argument('--read', type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.read:
        print(json.dumps(pywargame_read(args.read)))
        return 0
    python = pywargame_python()
    if not python:
        print('pywargame_compare.py: skipped: no Python with pywargame (pip install pywargame, '
              'or set SANDTABLE_PYTHON)', file=sys.stderr)
        return 0
    subprocess.run(['cargo', 'build', '--quiet', '--release'], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as scratch:
        files = args.files or default_files(Path(scratch))
        rows = compare(files, args.runs, python)
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0


if __name__ == '__main__':
    sys.exit(main())
