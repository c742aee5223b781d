#!/usr/bin/env python3
"""`accelsync mutate` as a user relies on it, and a small slice of the mutation study.

- The slice: a few clean corpus kernels of every model at a small oracle budget; every
  non-equivalent mutant detected, no false alarm, no invalid mutant (exit 0).
- Every mutant --out writes reproduces its verdict under `accelsync check`.
- The JSON does not depend on -j (apart from times).
- A kernel that is not clean is refused (exit 2, a message); an unknown operator is a usage error.
- Every operator is documented in docs/mutation.md.

usage: mutation.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import re
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
os.chdir(root)
SLICE = ['corpus/ascend910b2/add_custom/add_custom.pir',
         'corpus/ascend910b2/matmul_relu_mix/matmul_relu_mix.pir',
         'corpus/ascend910/matmul_split_k/matmul_split_k_barrier.pir',
         'corpus/mlu370/relu/relu_6arg.pir',
         'corpus/mlu370/cluster_sram_matmul/cluster_sram_matmul.pir']


def mutate(*args):
    return subprocess.run([binary, 'mutate'] + list(args), capture_output=True, text=True)


def strip_times(doc):
    for m in doc['mutants']:
        m.pop('checker_ms')
        m.pop('oracle_ms')
    return doc


with tempfile.TemporaryDirectory() as out:
    p = mutate('--budget', '8', '-j', '2', '--format', 'json', '--out', out, *SLICE)
    expect(p.returncode == 0, f'the slice: exit {p.returncode}: {p.stdout[-2000:]}{p.stderr}')
    doc = json.loads(p.stdout)
    ms = doc['mutants']
    expect(len(ms) > 100, f'the slice has {len(ms)} mutants')
    expect(all(m['generated'] for m in ms), 'every mutant of the slice is valid PIR')
    expect(all(m['detected'] for m in ms if m['non_equivalent']),
           'every non-equivalent mutant is detected')
    expect(not any(m['false_alarm'] for m in ms), 'no false alarm')
    models = {m['model'] for m in ms}
    expect(models == {'ascend910b2', 'ascend910', 'mlu370'}, f'models {models}')
    files = sorted(os.listdir(out))
    expect(len(files) == len(ms), f'--out wrote {len(files)} files for {len(ms)} mutants')
    # each written mutant reproduces: its first line names it, and check agrees
    by_key = {}
    for m in ms:
        by_key.setdefault((os.path.basename(m['file'])[:-4], m['operator'], m['line']), []).append(m)
    checked = 0
    for f in files[::7]:   # a sample keeps the test fast
        text = open(os.path.join(out, f)).read()
        head = re.match(r'/\* accelsync mutant of (\S+): (\S+) at line (\d+), seed 1 \*/ ', text)
        expect(head is not None, f'{f}: header')
        if not head:
            continue
        kernel, op, line = f.split('.')[0], head.group(2), int(head.group(3))
        expect(f'.{op}.L{line}.' in f, f'{f}: header names {op} at line {line}')
        verdicts = by_key.get((kernel, op, line), [])
        c = subprocess.run([binary, 'check', os.path.join(out, f)], capture_output=True, text=True)
        expect(c.returncode in (0, 1), f'{f}: check exit {c.returncode}')
        flagged = c.returncode == 1 or ': warning:' in c.stdout
        expect(any(v['detected'] == flagged for v in verdicts), f'{f}: check reproduces the verdict')
        checked += 1
    expect(checked > 10, f'{checked} written mutants re-checked')

    one = mutate('--budget', '4', '-j', '1', '--format', 'json', SLICE[0])
    two = mutate('--budget', '4', '-j', '2', '--format', 'json', SLICE[0])
    expect(strip_times(json.loads(one.stdout)) == strip_times(json.loads(two.stdout)),
           '-j 1 and -j 2 give the same results')

bad = mutate('corpus/ascend910b2/add_custom/add_custom_missing_mte2_v.pir')
expect(bad.returncode == 2 and 'mutate needs a kernel that checks clean' in bad.stderr,
       f'a kernel with findings is refused: exit {bad.returncode}, {bad.stderr!r}')
unknown = mutate('--operators', 'delete-wait,drop-everything', SLICE[0])
expect(unknown.returncode == 2 and "unknown mutation operator 'drop-everything'" in unknown.stderr,
       f'unknown operator: exit {unknown.returncode}, {unknown.stderr!r}')
only = mutate('--operators', 'delete-wait', '--format', 'csv', SLICE[0])
rows = only.stdout.strip().split('\n')
expect(only.returncode == 0 and len(rows) == 2 and rows[1].startswith('delete-wait,ascend910b2,'),
       f'--operators delete-wait: {only.stdout!r}')

# Rule 10: dropping the use of a value leaves the read unordered; the oracle sees the race and
# the checker reports it.
drop = mutate('--operators', 'drop-use', '--format', 'csv', 'corpus/ascend910b2/gather/gather.pir')
rows = drop.stdout.strip().split('\n')
expect(drop.returncode == 0 and len(rows) == 2 and rows[1].startswith('drop-use,ascend910b2,1,1,1,0,'),
       f'--operators drop-use on gather: {drop.stdout!r} {drop.stderr!r}')

doc = open('docs/mutation.md').read()
ops = re.findall(r'"([a-z-]+)"', open('src/mutate/operators.c').read().split('op_names[MUT_COUNT] = {')[1].split('};')[0])
expect(len(ops) == 19, f'{len(ops)} operators')
for op in ops:
    expect(f'| `{op}` |' in doc, f'docs/mutation.md documents {op}')

finish()
