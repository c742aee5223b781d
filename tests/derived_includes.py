#!/usr/bin/env python3
"""The -I a library's build gives, derived (docs/frontends.md, "The library's own -I,
derived"), and `check --explain`: in a small library whose kernel includes "core/util.h" from
two levels up, the plain `accelsync check DIR` verifies the kernel that was a source-error
without -I, and --explain prints the line it derived; a header that exists only outside the
checked tree, behind a symbolic link out of it, or as a FIFO is not used, and no byte of it is
printed.

usage: derived_includes.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]

SECRET = 'hunter2_outside'
# what --explain says of the task type when no --task-type is given and no host code
# beside the kernel launches it
NO_LAUNCH = "  # task types from the host's launches: copy BLOCK (no launch found)"
KERNEL = '''#include <bang.h>
#include "core/util.h"

__nram__ float a[UTIL_N];

__mlu_global__ void copy(float *x, float *y) {
  __memcpy(a, x, UTIL_N * sizeof(float), GDRAM2NRAM);
  __memcpy(y, a, UTIL_N * sizeof(float), NRAM2GDRAM);
}
'''
# core/util.h includes a header that sits beside the kernels' directories (kernels/platform/),
# so the derivation goes on through the headers it finds: a second -I
UTIL = '#include "platform/size.h"\n#define UTIL_N PLATFORM_N\n'
SIZE = '#define PLATFORM_N 32\n'
OUTSIDE = f'#define UTIL_N {SECRET}\nint {SECRET}_too = 1;\n'


# Ascend C is read with the built-in declarations, whatever the environment names
ENV = {k: v for k, v in os.environ.items() if k not in ('ASCEND_HOME_PATH', 'ASCEND_TOOLKIT_HOME')}
ASCENDC = '''#include "kernel_operator.h"
#include "common/tile.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy_tile(GM_ADDR x)
{
    LocalTensor<float> a(TPosition::VECCALC, 0, TILE_LEN);
    LocalTensor<float> b(TPosition::VECCALC, 256, TILE_LEN);
    Duplicate(a, 1.0f, TILE_LEN);
    Copy(b, a, TILE_LEN, 1, {1, 1, 8, 8});
}
'''


def run(*args, cwd):
    try:
        return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=cwd,
                              timeout=120, env=ENV)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(e.cmd, None, '', 'timeout')


def write(base, rel, text):
    path = os.path.join(base, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def library(base, name, util=True, git=True):
    lib = os.path.join(base, name)
    write(lib, 'kernels/abs/abs_block.mlu', KERNEL)
    write(lib, 'kernels/platform/size.h', SIZE)
    if util:
        write(lib, 'core/util.h', UTIL)
    if git:
        os.makedirs(os.path.join(lib, '.git'))
    return lib


def verdict(p):
    """(exit code, the file's checks, whether a kernel was lowered) of a JSON report."""
    try:
        f = json.loads(p.stdout)['files'][0]
    except (ValueError, KeyError, IndexError):
        return p.returncode, ['no report: ' + p.stderr[-200:]], 0
    checks = [d['check'] for d in f.get('diagnostics', [])]
    for k in f.get('kernels', []):
        checks += [x['check'] for x in k.get('findings', [])]
    return p.returncode, checks, len(f.get('kernels', []))


with tempfile.TemporaryDirectory() as tmp:
    # the library, a repository of its own; outside it, a core/util.h that must never be read
    lib = library(tmp, 'lib')
    write(tmp, 'core/util.h', OUTSIDE)

    p = run('check', '--format', 'json', 'lib', cwd=tmp)
    rc, checks, kernels = verdict(p)
    expect(rc == 0 and checks == [] and kernels == 1,
           f'check DIR verifies the kernel through the derived -I: exit {rc}, {checks}, '
           f'{kernels} kernel(s)')
    p = run('check', 'lib', cwd=tmp)
    expect(p.returncode == 0 and p.stdout.endswith('1 file, 1 kernel: 0 errors, 0 warnings\n'),
           f'the text verdict: exit {p.returncode}, {p.stdout[-200:]!r}')

    p = run('check', '--explain', 'lib', cwd=tmp)
    want = ('accelsync check --arch 372 -I lib -I lib/kernels '
            f'lib/kernels/abs/abs_block.mlu{NO_LAUNCH}\n')
    expect(p.returncode == 0 and p.stdout == want and p.stderr == '',
           f'--explain prints the derived line: exit {p.returncode}, {p.stdout!r}, {p.stderr!r}')
    p = run('check', '--explain', '-I', 'kernels', '--task-type', 'UNION1', '-D', 'n=4',
            'kernels/abs/abs_block.mlu', cwd=lib)
    want = ('accelsync check --arch 372 --task-type UNION1 -D n=4 -I kernels -I . '
            'kernels/abs/abs_block.mlu\n')
    expect(p.returncode == 0 and p.stdout == want,
           f'--explain: the -I given first, then the derived, relative to the working '
           f'directory: {p.stdout!r} {p.stderr!r}')
    p = run('check', '--explain', os.path.join(lib, 'kernels'), cwd='/')
    want = (f'accelsync check --arch 372 -I {lib} -I {lib}/kernels '
            f'{lib}/kernels/abs/abs_block.mlu{NO_LAUNCH}\n')
    expect(p.returncode == 0 and p.stdout == want,
           f'--explain outside the working directory: absolute paths: {p.stdout!r}')

    # what the -I made possible: without a tree to look in (no repository, the working
    # directory elsewhere) the same kernel is the source-error it was before
    bare = library(tmp, 'bare', git=False)
    p = run('check', '--format', 'json', os.path.join(bare, 'kernels'), cwd='/')
    rc, checks, _ = verdict(p)
    expect(rc == 2 and 'source-error' in checks,
           f'nothing is derived outside the checked tree: exit {rc}, {checks}')
    p = run('check', '--format', 'json', 'kernels', cwd=bare)
    rc, checks, _ = verdict(p)
    expect(rc == 0 and checks == [],
           f'the working directory is the tree when there is no repository: exit {rc}, {checks}')

    # a header that exists only above the repository's top is not used: still an error, and
    # nothing of it is printed
    library(tmp, 'nocore', util=False)
    for fmt in ('text', 'json'):
        p = run('check', '--format', fmt, 'nocore', cwd=tmp)
        rc, checks, _ = verdict(p) if fmt == 'json' else (p.returncode, [], 0)
        expect(rc == 2 and SECRET not in p.stdout + p.stderr
               and "'core/util.h' file not found" in p.stdout,
               f'{fmt}: a header outside the tree is not looked for: exit {rc}, '
               f'{(p.stdout + p.stderr)[-300:]!r}')
    p = run('check', '--explain', 'nocore', cwd=tmp)
    expect(p.returncode == 0 and p.stdout == 'accelsync check --arch 372 '
           f'nocore/kernels/abs/abs_block.mlu{NO_LAUNCH}\n',
           f'--explain: no -I outside the tree: {p.stdout!r}')

    # a symbolic link out of the tree is not followed, whether it is a directory or the file
    linked = library(tmp, 'linked', util=False)
    os.symlink(os.path.join(tmp, 'core'), os.path.join(linked, 'core'))
    linked_file = library(tmp, 'linked_file', util=False)
    os.makedirs(os.path.join(linked_file, 'core'))
    os.symlink(os.path.join(tmp, 'core', 'util.h'), os.path.join(linked_file, 'core', 'util.h'))
    for name in ('linked', 'linked_file'):
        p = run('check', '--format', 'json', name, cwd=tmp)
        rc, checks, _ = verdict(p)
        expect(rc == 2 and checks and SECRET not in p.stdout + p.stderr,
               f'{name}: a link out of the tree is not followed: exit {rc}, {checks}, '
               f'{(p.stdout + p.stderr)[-300:]!r}')
        p = run('check', '--explain', name, cwd=tmp)
        expect(p.returncode == 0 and ' -I ' + name + ' ' not in p.stdout,
               f'{name}: --explain derives nothing through the link: {p.stdout!r}')

    # a FIFO where the header would be is not opened (nothing blocks) and not used
    fifo = library(tmp, 'fifo', util=False)
    os.makedirs(os.path.join(fifo, 'core'))
    os.mkfifo(os.path.join(fifo, 'core', 'util.h'))
    p = run('check', '--explain', 'fifo', cwd=tmp)
    expect(p.returncode == 0 and ' -I fifo ' not in p.stdout,
           f'a FIFO is not a header to derive from: exit {p.returncode}, {p.stdout!r}')

    # Ascend C: the same derivation; a name the frontend supplies itself (kernel_operator.h)
    # is never looked for above, even where the tree holds a file of that name
    asc = os.path.join(tmp, 'asc')
    write(asc, 'ops/copy/copy_tile.cpp', ASCENDC)
    write(asc, 'common/tile.h', '#define TILE_LEN 64\n')
    write(asc, 'ops/kernel_operator.h', '#error "not the frontend\'s kernel_operator.h"\n')
    os.makedirs(os.path.join(asc, '.git'))
    p = run('check', '--explain', 'asc', cwd=tmp)
    expect(p.returncode == 0 and p.stdout == 'accelsync check --arch 2201 --sdk none -I asc '
           'asc/ops/copy/copy_tile.cpp\n',
           f'Ascend C: --explain: {p.stdout!r} {p.stderr!r}')
    p = run('check', '--format', 'json', 'asc', cwd=tmp)
    rc, checks, kernels = verdict(p)
    expect(rc == 0 and checks == [] and kernels == 1,
           f'Ascend C: check DIR verifies through the derived -I: exit {rc}, {checks}')

finish()
