#!/usr/bin/env python3
"""--write-baseline and --baseline: a baseline records the findings reported, a later run
reports only new ones. Moving code up or down or re-indenting it keeps a finding in the
baseline; editing either of its statements takes it out. A broken baseline is an error.

usage: baseline.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]


def run(*args, cwd):
    return subprocess.run([binary, 'check', *args], capture_output=True, text=True, cwd=cwd)


RACY = '''model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
buffer g : GM[64];
kernel k {
  V vadds a <- b;
  S get_value <- a[0 +: 4];
  MTE3 copy g <- a;
}
'''

with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, 'lib'))
    for name in ('one.pir', 'two.pir'):
        with open(os.path.join(tmp, 'lib', name), 'w') as f:
            f.write(RACY)
    w = run('--write-baseline', 'base.json', 'lib', cwd=tmp)
    base = json.load(open(os.path.join(tmp, 'base.json')))
    counted = w.stdout.strip().split('\n')[-1]
    expect(w.returncode == 1 and len(base['findings']) == 4 and 'lib: 4 errors' not in counted
           and counted.endswith('2 files, 2 kernels: 4 errors, 0 warnings')
           and {f['file'] for f in base['findings']} == {'lib/one.pir', 'lib/two.pir'},
           f'the baseline records the four findings: {counted} {base}')
    p = run('--baseline', 'base.json', 'lib', cwd=tmp)
    expect(p.returncode == 0 and p.stdout.endswith('2 kernels: 0 errors, 0 warnings (4 suppressed)\n'),
           f'with the baseline nothing is new: {p.stdout[-200:]!r}')

    # moved down and re-indented: still in the baseline; a statement edited: new again
    with open(os.path.join(tmp, 'lib', 'one.pir'), 'w') as f:
        f.write(RACY.replace('kernel k {\n', '// a new comment\n\nkernel k {\n')
                    .replace('  S get_value', '        S  get_value'))
    with open(os.path.join(tmp, 'lib', 'two.pir'), 'w') as f:
        f.write(RACY.replace('MTE3 copy g <- a;', 'MTE3 copy g[0 +: 32] <- a[0 +: 32];'))
    p = run('--baseline', 'base.json', '--format', 'json', 'lib', cwd=tmp)
    doc = json.loads(p.stdout)
    reported = [(fl['path'], f['check'], f['location']['line']) for fl in doc['files']
                for k in fl['kernels'] for f in k['findings']]
    suppressed = [(fl['path'], s['check'], s['reason']) for fl in doc['files'] for s in fl['suppressed']]
    expect(p.returncode == 1 and reported == [('lib/two.pir', 'raw-hazard', 8)]
           and len(suppressed) == 3 and all(r == 'in the baseline base.json' for _, _, r in suppressed),
           f'only the finding whose statement changed is new: {reported} {suppressed}')

    # SARIF marks baselined results as externally suppressed
    p = run('--baseline', 'base.json', '--format', 'sarif', 'lib', cwd=tmp)
    kinds = sorted(r['suppressions'][0]['kind'] for r in json.loads(p.stdout)['runs'][0]['results']
                   if r.get('suppressions'))
    expect(kinds == ['external'] * 3, f'SARIF: external suppressions: {kinds}')

    # a broken or foreign baseline file is an error, not an empty baseline
    with open(os.path.join(tmp, 'bad.json'), 'w') as f:
        f.write('{"version": 1, "findings": [')
    p = run('--baseline', 'bad.json', 'lib', cwd=tmp)
    expect(p.returncode == 2 and p.stderr.startswith('accelsync: bad.json:1:') and 'cannot read the baseline' in p.stderr,
           f'a truncated baseline: {p.stderr!r}')
    with open(os.path.join(tmp, 'other.json'), 'w') as f:
        f.write('{"version": 2, "findings": []}')
    p = run('--baseline', 'other.json', 'lib', cwd=tmp)
    expect(p.returncode == 2 and 'not an accelsync baseline' in p.stderr, f'a foreign file: {p.stderr!r}')
    p = run('--baseline', 'nosuch.json', 'lib', cwd=tmp)
    expect(p.returncode == 2 and 'nosuch.json' in p.stderr, f'a missing baseline: {p.stderr!r}')
finish()
