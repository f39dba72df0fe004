#!/usr/bin/env python3
"""Every figure of issue 19 in one table, from one run on this machine.

Usage:
    python3 benches/figures.py [--before BIN] [--before-tree DIR] [--runs N] [--no-divan] [--json]
    python3 benches/figures.py --from-json FIGURES.json

Prints Markdown (or JSON) with these sections; `benches/README.md` keeps the last run's.

1. **Build and check, end to end** (process start included, median of N runs, hyperfine
   when installed): `sandtable build` and `sandtable check` of every example game in
   `modules/`, `sandtable render --what map` of the hex maps. With `--before BIN` the same
   commands run with another binary (an older build of sandtable) in a second column.
2. **The PNG floor and the build in process** (divan, `cargo bench --bench build`): the
   time to encode just the module's PNG pictures at the level the build uses, on every
   core and on one, beside the build of the whole module without process start.
3. **Readers** (`benches/pywargame_compare.py`): `sandtable inspect` of the biggest files
   of the shared corpus and of a synthetic save of 50,000 pieces and buildFile of 20,000
   slots, as text and JSON, in MB/s of decoded text, and pywargame on the same files.
4. **Helpers and check as games grow** (divan, `cargo bench --bench helpers` and
   `--bench check`): supply, zones of control, control and stacking on a 200×200 map with
   2,000 units; check at 1×, 4× and 10× The Great Patriotic War.

Takes about ten minutes on two cores (pywargame's minute on the synthetic save included).
"""

import argparse
import json
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pywargame_compare as readers  # noqa: E402

ROOT = readers.ROOT
SANDTABLE = readers.SANDTABLE
UNITS = {'ns': 1e-9, 'µs': 1e-6, 'us': 1e-6, 'ms': 1e-3, 's': 1.0}
TREE = re.compile(r'^((?:│  |   )*)(?:├─|╰─) (\S+)\s*(.*)$')


def games():
    return sorted(p.name for p in (ROOT / 'modules').iterdir() if (p / 'game.toml').is_file())


def end_to_end(binary, runs, scratch):
    """Build, check and render-map times of every example game with `binary`."""
    rows = {}
    for game in games():
        folder = ROOT / 'modules' / game
        out = scratch / f'{game}.vmod'
        picture = scratch / f'{game}-map.png'
        for what, command in (
                ('build', [binary, 'build', folder, '-o', out]),
                ('check', [binary, 'check', folder]),
                ('render map', [binary, 'render', folder, '--what', 'map', '--out', picture])):
            try:
                rows[(game, what)] = readers.median_seconds(command, runs)
            except subprocess.CalledProcessError:
                rows[(game, what)] = None
        if out.exists():
            rows[(game, 'module bytes')] = out.stat().st_size
    return rows


def seconds(text):
    number, unit = text.split()
    return float(number) * UNITS[unit]


def divan(bench, *filters, tree=ROOT, notes=None):
    """Medians of a divan benchmark run, by path (`build/png_floor/diplomacy`), in `tree`
    (this checkout, or another with its own target folder); what the bench printed on
    standard error goes into the list `notes` when given."""
    run = subprocess.run(['cargo', 'bench', '--quiet', '--bench', bench, '--', *filters],
                         cwd=tree, check=True, capture_output=True, text=True)
    out = run.stdout
    if notes is not None:
        notes += run.stderr.splitlines()
    medians, path = {}, []
    for line in out.splitlines():
        m = TREE.match(line)
        if not m:
            continue
        depth = len(m.group(1)) // 3
        path = path[:depth] + [m.group(2)]
        columns = [c.strip() for c in m.group(3).split('│')]
        if len(columns) >= 3 and columns[2]:
            medians['/'.join(path)] = seconds(columns[2])
    return medians


def ms(value):
    if value is None:
        return '—'
    if value < 1e-3:
        return f'{value * 1e6:.0f} µs'
    return f'{value * 1e3:.1f} ms' if value < 1 else f'{value:.2f} s'


def markdown(figures, before):
    out = []
    e2e, old = figures['end_to_end'], figures.get('before', {})
    out += ['### Build, check and render, end to end (median wall time)', '',
            '| game | what | ' + ('before | ' if before else '') + 'now |',
            '|---|---|' + ('---:|' if before else '') + '---:|']
    for game in games():
        for what in ('build', 'check', 'render map'):
            if (game, what) not in e2e:
                continue
            cells = ([ms(old.get((game, what)))] if before else []) + [ms(e2e[(game, what)])]
            out.append(f'| {game} | {what} | ' + ' | '.join(cells) + ' |')
        if (game, 'module bytes') in e2e:
            size = lambda r: f"{r[(game, 'module bytes')] / 1e6:.2f} MB" \
                if (game, 'module bytes') in r else '—'
            cells = ([size(old)] if before else []) + [size(e2e)]
            out.append(f'| {game} | module size | ' + ' | '.join(cells) + ' |')
    if 'build' in figures:
        b = figures['build']
        out += ['', '### The build in process and the PNG floor (divan medians)', '',
                '| game | build | PNG floor, all cores | PNG floor, one core | build ÷ floor |',
                '|---|---:|---:|---:|---:|']
        for game in games():
            build, floor = b.get(f'build/{game}'), b.get(f'png_floor/{game}')
            one = b.get(f'png_floor_one_core/{game}')
            ratio = f'{build / floor:.1f}×' if build and floor else '—'
            out.append(f'| {game} | {ms(build)} | {ms(floor)} | {ms(one)} | {ratio} |')
    if 'png_level' in figures:
        sizes = dict(re.findall(r'level (\d+): ([\d.]+ MB)', '\n'.join(figures['png_level_notes'])))
        out += ['', '### The GPW map (3580×3008) encoded at each DEFLATE level, on every core',
                '', '| level | time | size |', '|---:|---:|---:|']
        for name, value in sorted(figures['png_level'].items(), key=lambda kv: bench_order(kv[0])):
            level = name.rsplit('/', 1)[-1]
            out.append(f'| {level} | {ms(value)} | {sizes.get(level, "—")} |')
    out += ['', '### Readers: `inspect`, end to end, beside pywargame', '',
            f"Process start alone (`sandtable --version`): {ms(figures['start'])}. "
            'Decoded: a save\'s command stream; a module\'s buildFile and the predefined '
            'setups `inspect` reads with it.', '']
    out.append(readers.table(figures['readers'], figures.get('readers_before')))
    for bench in ('helpers', 'check'):
        if bench in figures:
            old = figures.get(f'{bench}_before')
            out += ['', f'### `cargo bench --bench {bench}` (divan medians)', '',
                    '| benchmark | ' + ('before | ' if old else '') + 'now |',
                    '|---|' + ('---:|' if old else '') + '---:|']
            out += [f'| {k} | ' + (f'{ms(old.get(k))} | ' if old else '') + f'{ms(v)} |'
                    for k, v in sorted(figures[bench].items(), key=lambda kv: bench_order(kv[0]))]
    return '\n'.join(out)


def bench_order(name):
    """Benchmarks by name, numbers in numeric order (`scaled/4` before `scaled/10`)."""
    return [int(p) if p.isdigit() else p for p in re.split(r'(\d+)', name)]


def machine():
    cpu = next((line.split(':', 1)[1].strip() for line in open('/proc/cpuinfo')
                if line.startswith('model name')), platform.processor())
    cores = sum(1 for line in open('/proc/cpuinfo') if line.startswith('processor'))
    rustc = subprocess.run(['rustc', '--version'], capture_output=True, text=True).stdout.strip()
    return f'{cores} × {cpu}, {platform.system()} {platform.release()}, {rustc}'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--before', type=Path, help='an older sandtable binary to compare with')
    ap.add_argument('--before-tree', type=Path,
                    help='a checkout of an older commit, with this checkout\'s '
                    'benches/helpers.rs, benches/check.rs and src/testgame/large/ copied in '
                    '(and a [[bench]] for check): its helpers and check benches run beside')
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--no-divan', action='store_true', help='skip the in-process benchmarks')
    ap.add_argument('--json', action='store_true', help='print the figures as JSON')
    ap.add_argument('--from-json', type=Path, metavar='FILE',
                    help='print the table of figures saved by an earlier run with --json')
    args = ap.parse_args()
    if args.from_json:
        figures = json.loads(args.from_json.read_text())
        for key in ('end_to_end', 'before'):
            if key in figures:
                figures[key] = {tuple(k.split('/', 1)): v for k, v in figures[key].items()}
        print(f'Machine: {figures["machine"]}\n')
        print(markdown(figures, 'before' in figures))
        return 0
    subprocess.run(['cargo', 'build', '--quiet', '--release'], cwd=ROOT, check=True)
    figures = {'machine': machine()}
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        figures['start'] = readers.median_seconds([SANDTABLE, '--version'], args.runs * 3)
        figures['end_to_end'] = end_to_end(SANDTABLE, args.runs, scratch)
        if args.before:
            figures['before'] = end_to_end(args.before.resolve(), args.runs, scratch)
        files = readers.default_files(scratch)
        python = readers.pywargame_python()
        if not python:
            print('figures.py: pywargame is absent; the readers table has no pywargame column',
                  file=sys.stderr)
        figures['readers'] = readers.compare(files, args.runs, python)
        if args.before:
            figures['readers_before'] = readers.compare(files, args.runs, None, args.before)
    if not args.no_divan:
        figures['build'] = divan('build')
        figures['png_level_notes'] = []
        figures['png_level'] = divan('images', 'png_level', notes=figures['png_level_notes'])
        figures['helpers'] = divan('helpers')
        figures['check'] = divan('check')
        if args.before_tree:
            figures['helpers_before'] = divan('helpers', tree=args.before_tree)
            figures['check_before'] = divan('check', tree=args.before_tree)
    if args.json:
        figures['end_to_end'] = {f'{g}/{w}': v for (g, w), v in figures['end_to_end'].items()}
        if 'before' in figures:
            figures['before'] = {f'{g}/{w}': v for (g, w), v in figures['before'].items()}
        print(json.dumps(figures, indent=1))
    else:
        print(f'Machine: {figures["machine"]}\n')
        print(markdown(figures, bool(args.before)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
