#!/usr/bin/env python3
"""Which files `accelsync check PATH...` checks, and in what order: a directory is walked for
*.pir files in byte order (hidden entries skipped, --exclude honoured), files named are
always checked, a directory with no kernel or that cannot be read is an error (exit 2); -j N
gives output identical to -j 1; --shard K/N slices concatenate to the whole list; the
example of docs/ci.md is what the tool prints.

usage: inputs.py ACCELSYNC SOURCE_ROOT"""
import json
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


def paths(p):
    return [f['path'] for f in json.loads(p.stdout)['files']] if p.stdout.startswith('{') else p.stdout


CLEAN = 'model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n}\n'
RACY = 'model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n  S get_value <- a[0 +: 4];\n}\n'

with tempfile.TemporaryDirectory() as tmp:
    tree = {'lib/b.pir': CLEAN, 'lib/a/z.pir': RACY, 'lib/a/B.pir': CLEAN, 'lib/A.pir': CLEAN,
            'lib/notes.txt': 'not a kernel', 'lib/.hidden/h.pir': RACY, 'lib/.h.pir': RACY,
            'lib/gen/x.pir': RACY, 'lib/x_test.pir': CLEAN}
    for rel, text in tree.items():
        os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(tmp, rel), 'w') as f:
            f.write(text)
    os.symlink(os.path.join(tmp, 'lib'), os.path.join(tmp, 'lib', 'loop'))   # not followed

    p = run('check', '--format', 'json', 'lib', cwd=tmp)
    expect(p.returncode == 1 and paths(p) == ['lib/A.pir', 'lib/a/B.pir', 'lib/a/z.pir',
                                              'lib/b.pir', 'lib/gen/x.pir', 'lib/x_test.pir'],
           f'a directory is walked in byte order, hidden entries and links skipped: {paths(p)}')
    p = run('check', '--format', 'json', '--exclude', 'lib/gen', '--exclude=*_test.pir',
            '--exclude', 'z.pir', 'lib', 'lib/x_test.pir', cwd=tmp)
    expect(paths(p) == ['lib/A.pir', 'lib/a/B.pir', 'lib/b.pir', 'lib/x_test.pir'],
           f'--exclude skips paths and names while walking; a named file is checked: {paths(p)}')
    expect(p.returncode == 0, f'the racy files were excluded: exit {p.returncode}')

    os.makedirs(os.path.join(tmp, 'empty', 'sub'))
    p = run('check', 'empty', 'lib/b.pir', cwd=tmp)
    expect(p.returncode == 2 and p.stderr in (
        'accelsync: no kernel files under empty (looked for *.pir)\n',   # built without the frontend
        'accelsync: no kernel files under empty (looked for *.pir, *.cpp, *.cc, *.cxx, *.asc, *.mlu)\n')
           and p.stdout.endswith('accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n'),
           f'a directory without kernels is an error, the rest is still checked: {p.returncode} {p.stderr!r}')
    if os.geteuid() != 0:   # root reads any directory
        os.makedirs(os.path.join(tmp, 'closed'))
        os.chmod(os.path.join(tmp, 'closed'), 0)
        p = run('check', 'closed', cwd=tmp)
        expect(p.returncode == 2 and 'cannot read directory closed: Permission denied' in p.stderr,
               f'an unreadable directory: {p.stderr!r}')

    # -j: the same bytes whatever the number of threads
    corpus = os.path.join(root, 'corpus')
    one = run('check', '-j', '1', corpus)
    two = run('check', '-j', '2', corpus)
    four = run('check', '--jobs=4', '--format', 'json', corpus)
    expect(one.returncode == two.returncode == 1 and one.stdout == two.stdout and one.stdout.count('\n') > 1000,
           '-j 2 prints exactly what -j 1 prints')
    expect(json.loads(four.stdout) == json.loads(run('check', '-j1', '--format', 'json', corpus).stdout),
           '-j 4 JSON equals -j 1 JSON')

    # --shard: contiguous slices of the sorted list, together the whole
    whole = paths(run('check', '--format', 'json', corpus))
    parts = [paths(run('check', '--format', 'json', '--shard', f'{k}/3', corpus)) for k in (1, 2, 3)]
    expect(parts[0] + parts[1] + parts[2] == whole and all(abs(len(x) - len(whole) / 3) < 1 for x in parts),
           f'three shards concatenate to the whole: {[len(x) for x in parts]} of {len(whole)}')
    for bad in ('0/2', '3/2', '1/0', 'x', '1/2/3', '-1/2'):
        p = run('check', '--shard', bad, corpus)
        expect(p.returncode == 2 and f"--shard takes K/N with 1 <= K <= N, got '{bad}'" in p.stderr,
               f'--shard {bad}: {p.stderr!r}')

# docs/ci.md's example is the tool's output: its tree is add_custom from the corpus and the
# scale kernel of README.md
with tempfile.TemporaryDirectory() as tmp:
    readme = open(os.path.join(root, 'README.md')).read()
    start = readme.index('// y = 2 * x on one vector core')
    scale = readme[start:readme.index('```', start)]
    os.makedirs(os.path.join(tmp, 'kernels', 'vector'))
    shutil.copy(os.path.join(root, 'corpus/ascend910b2/add_custom/add_custom.pir'),
                os.path.join(tmp, 'kernels', 'vector'))
    with open(os.path.join(tmp, 'kernels', 'vector', 'scale.pir'), 'w') as f:
        f.write(scale)
    doc = open(os.path.join(root, 'docs', 'ci.md')).read()
    shown = '$ accelsync check -j 2 kernels\n'
    block = doc[doc.index(shown) + len(shown):doc.index('```', doc.index(shown))]
    p = run('check', '-j', '2', 'kernels', cwd=tmp)
    expect(p.returncode == 1 and p.stdout == block, f'docs/ci.md shows the real output: {p.stdout!r}')
# docs/ci.md's pre-commit `rev` names a revision that exists: accelsync has no tags, so a
# tag name there would be a rev pre-commit cannot clone. COMMIT is the placeholder it explains.
ci = open(os.path.join(root, 'docs', 'ci.md')).read()
revs = re.findall(r'^\s*rev:\s*(\S+)', ci, re.M)
tags = subprocess.run(['git', 'tag', '-l'], cwd=root, capture_output=True, text=True).stdout.split()
expect(revs and all(r == 'COMMIT' or r in tags for r in revs),
       f'docs/ci.md: every pre-commit rev is COMMIT or an existing tag ({tags}): {revs}')
expect('git ls-remote' in ci, 'docs/ci.md says how to find the commit to pin')

finish()
