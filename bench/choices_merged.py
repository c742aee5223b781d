#!/usr/bin/env python3
"""What merged choices and one core's choices at a time (docs/semantics.md §6) change on a
library: the same check run twice, `--choices split` (every path a run of its own, as before)
and `--choices merge` (the default), and per mode the kernels, how many are complete, complete
and clean, the runs made, the kernels with merged choices and with cores checked one at a
time, and the first reason of the incomplete ones, counted.

usage: choices_merged.py BINARY DIR [CHECK OPTIONS...]     (run from DIR's parent or anywhere:
       DIR is passed to check as given, with the options, under the current directory)"""
import collections
import json
import subprocess
import sys
import tempfile
import time

from incomplete_reason import reason

binary, target, extra = sys.argv[1], sys.argv[2], sys.argv[3:]

def run(mode):
    with tempfile.NamedTemporaryFile(suffix='.json') as out:
        start = time.time()
        subprocess.run([binary, 'check', '--format', 'json', '-o', out.name, '--choices', mode]
                       + extra + [target], capture_output=True, text=True)
        wall = time.time() - start
        doc = json.load(open(out.name))
    kernels = [(f, k) for f in doc['files'] for k in f['kernels']]
    s = {'kernels': len(kernels),
         'complete': sum(1 for _, k in kernels if k['complete']),
         'clean': sum(1 for _, k in kernels if k['complete'] and not k['findings']),
         'runs': sum(k['paths'] for _, k in kernels),
         'merged': sum(1 for _, k in kernels if k.get('merged_choices')),
         'turns': sum(1 for _, k in kernels if k.get('core_turns')),
         'wall': wall,
         'why': collections.Counter(reason(f, k) for f, k in kernels if not k['complete']),
         'names': {(f['path'], k['name']): k['complete'] for f, k in kernels}}
    return s


split, merge = run('split'), run('merge')
print(f'`accelsync check --format json {" ".join(extra)} {target}`\n')
print('| | `--choices split` | `--choices merge` (default) |')
print('|---|---|---|')
for key, label in (('kernels', 'kernels'), ('complete', 'complete'),
                   ('clean', 'complete, no finding'), ('runs', 'runs (paths checked)'),
                   ('merged', 'kernels with merged choices'),
                   ('turns', 'kernels checked one core at a time')):
    print(f'| {label} | {split[key]} | {merge[key]} |')
print(f'| wall time | {split["wall"]:.0f} s | {merge["wall"]:.0f} s |')
gained = sorted(n for n, ok in merge['names'].items() if ok and not split['names'].get(n))
lost = sorted(n for n, ok in split['names'].items() if ok and not merge['names'].get(n))
print(f'\ncomplete only when merged: {len(gained)}; complete only when split: {len(lost)}')
for path, name in gained:
    print(f'- {name} ({path})')
for path, name in lost:
    print(f'- LOST: {name} ({path})')
for mode, s in (('split', split), ('merge', merge)):
    print(f'\nfirst reasons of the incomplete kernels, `--choices {mode}`:\n')
    for why, n in s['why'].most_common(10):
        print(f'- {n} × {why}')
