#!/usr/bin/env python3
"""Two accelsync binaries over one library, compared per entry: the same `check --format json`
with each, and for every kernel of the first, whether it is complete and clean in the second.
A kernel of the second run belongs to the first run's kernel whose name is its own or a prefix
of it followed by '_' (the enum values of an entry: `tin_shift_MLUOP_DTYPE_HALF`); an entry is
complete when all of its kernels are, clean when none of them has a finding. Prints the two
columns, the entries that changed and the first reasons of the incomplete ones.

usage: entries_compared.py OLD NEW DIR [CHECK OPTIONS...]   (DIR under the current directory)"""
import collections
import json
import subprocess
import sys
import tempfile
import time

from incomplete_reason import reason

old_binary, new_binary, target, extra = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def run(binary):
    with tempfile.NamedTemporaryFile(suffix='.json') as out:
        start = time.time()
        subprocess.run([binary, 'check', '--format', 'json', '-o', out.name] + extra + [target],
                       capture_output=True, text=True)
        wall = time.time() - start
        doc = json.load(open(out.name))
    return {(f['path'], k['name']): (f, k) for f in doc['files'] for k in f['kernels']}, wall


old, old_wall = run(old_binary)
new, new_wall = run(new_binary)
groups = {key: [] for key in old}
for (path, name), fk in new.items():
    owners = [o for o in old if o[0] == path and (name == o[1] or name.startswith(o[1] + '_'))]
    if owners:
        groups[max(owners, key=lambda o: len(o[1]))].append(fk)
    else:
        print(f'- a kernel of the new run with no entry in the old: {name} ({path})')


def state(kernels):
    complete = bool(kernels) and all(k['complete'] for _, k in kernels)
    return complete, complete and not any(k['findings'] for _, k in kernels)


rows = {key: (state([old[key]]), state(groups[key])) for key in old}
print(f'`accelsync check --format json {" ".join(extra)} {target}`\n')
print('| entries | old | new |\n|---|---|---|')
print(f'| entries | {len(old)} | {len(old)} ({len(new)} kernels) |')
for i, label in ((0, 'complete'), (1, 'complete, no finding')):
    print(f'| {label} | {sum(r[0][i] for r in rows.values())} | '
          f'{sum(r[1][i] for r in rows.values())} |')
print(f'| runs (paths checked) | {sum(k["paths"] for _, k in old.values())} | '
      f'{sum(k["paths"] for _, k in new.values())} |')
print(f'| wall time | {old_wall:.0f} s | {new_wall:.0f} s |\n')
for key, (was, now) in sorted(rows.items()):
    if was != now:
        findings = sum(len(k['findings']) for _, k in groups[key])
        print(f'- {key[1]} ({key[0]}): {"complete" if was[0] else "incomplete"}'
              f'{", clean" if was[1] else ""} -> {"complete" if now[0] else "incomplete"}'
              f'{", clean" if now[1] else f", {findings} findings" if now[0] else ""}'
              f' ({len(groups[key])} kernel{"s" if len(groups[key]) != 1 else ""})')
for label, kernels in (('old', old.values()), ('new', new.values())):
    why = collections.Counter(reason(f, k, 110) for f, k in kernels if not k['complete'])
    print(f'\nfirst reasons of the incomplete kernels, {label}:\n')
    for m, n in why.most_common(8):
        print(f'- {n} × {m}')
