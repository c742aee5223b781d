#!/usr/bin/env python3
"""`accelsync fix`: every corpus kernel with hazards is either repaired into a kernel that
checks clean for every parameter value and path, or refused with a reason and left alone;
--dry-run prints the diff and writes nothing; -o writes elsewhere; the default is in place.

usage: fix.py ACCELSYNC SOURCE_ROOT"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]


def run(*args, cwd=None):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=cwd)


with tempfile.TemporaryDirectory() as tmp:
    fixed = refused = 0
    for f in sorted(glob.glob(os.path.join(root, 'corpus', '**', '*.pir'), recursive=True)):
        tags = re.search(r'^// expect: (.*)$', open(f).read(), re.M)
        if not tags or not re.search(r'(raw|war|waw)-hazard', tags.group(1)):
            continue
        out = os.path.join(tmp, os.path.basename(f))
        p = run('fix', '-o', out, f)
        rel = os.path.relpath(f, root)
        if p.returncode == 0:
            c = run('check', out)
            expect(c.returncode == 0 and ': warning:' not in c.stdout,
                   f'{rel}: the repaired kernel checks clean: {c.stdout[-300:]}')
            fixed += 1
        else:
            expect(p.returncode == 2 and 'no verified fix: ' in p.stderr and not os.path.exists(out),
                   f'{rel}: refused with a reason, nothing written: {p.stderr!r}')
            refused += 1
    print(f'corpus: {fixed} kernels with hazards repaired, {refused} refused')
    expect(fixed >= 80, f'{fixed} kernels repaired')

    k = os.path.join(tmp, 'k.pir')
    shutil.copy(os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir'), k)
    before = open(k).read()
    d = run('fix', '--dry-run', k)
    expect(d.returncode == 0 and open(k).read() == before, '--dry-run writes nothing')
    expect('\n-  V vmul c <- b, a;\n+  pipe_barrier(V); V vmul c <- b, a;\n' in d.stdout,
           f'--dry-run prints the diff: {d.stdout!r}')
    expect('1 fix, the result checks clean for every parameter value and path (dry run' in d.stderr,
           f'--dry-run says what it verified: {d.stderr!r}')
    p = run('fix', k)
    expect(p.returncode == 0 and 'pipe_barrier(V); V vmul' in open(k).read(), 'fixed in place')
    expect(run('check', k).returncode == 0, 'the file fixed in place checks clean')
    again = run('fix', k)
    expect(again.returncode == 0 and '0 fixes' in again.stderr, 'a clean kernel needs no fix')

    x = os.path.join(tmp, 'x.pir')
    shutil.copy(os.path.join(root, 'tests/kernels/raw-hazard/cross_core_race.pir'), x)
    before = open(x).read()
    p = run('fix', x)
    expect(p.returncode == 2 and 'on different cores: no fix is tried; nothing written' in p.stderr
           and open(x).read() == before, f'a cross-core race is refused: {p.stderr!r}')
    # check's hints are the same verified edits
    h = run('check', os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir'))
    expect('signal_same_pipe.pir:14:3: note: fix: insert pipe_barrier(V); before line 14 (fix verified)\n'
           in h.stdout, f'check prints the verified hint: {h.stdout!r}')
    h = run('check', x)
    expect('(not verified: the accesses are on different cores)' in h.stdout,
           f'a cross-core hint says it is not verified: {h.stdout!r}')
finish()
