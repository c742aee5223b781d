#!/usr/bin/env python3
"""Hostile kernel sources that need more than one file (issue #35): includes of secrets, FIFOs
and standard input, build emulation beside a link to /proc/self/fd/1, the memory cap of the
process a source is read in, the entries that stop as unsupported in JSON. Each builds its
input in a temporary directory (links and FIFOs are not committed), runs accelsync like a CI
job would and asserts the exit code, the exact message and that no byte of a file outside
the checked tree reaches stdout or stderr.

usage: sources.py ACCELSYNC SOURCE_ROOT   (skipped when accelsync has no source frontend)"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from expect import expect, finish  # noqa: E402

binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
TIME_LIMIT = 30
SECRET = b'int secretword = hunter2; // TOP-SECRET-7f3a9c\n'
ENTRY = '__mlu_global__ void k(float *x) {}\n'
OUTSIDE = ('a file outside the checked tree and the -I directories (refused; give its directory '
           'with -I if the kernel needs it)')


def run(*args, cwd=None, stdin=subprocess.DEVNULL):
    return subprocess.run([binary] + list(args), capture_output=True, cwd=cwd,
                          timeout=TIME_LIMIT, stdin=stdin)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb' if isinstance(data, bytes) else 'w') as f:
        f.write(data)


def text(b):
    return b.decode('utf-8', 'replace')


def leaks(p):
    both = p.stdout + p.stderr
    return any(w in both for w in (b'secretword', b'hunter2', b'TOP-SECRET-7f3a9c'))


def first_line(p):
    return text(p.stdout).split('\n')[0]


def includes_outside(tmp):
    """An #include of a file outside the repository (absolute, ../, through a committed link,
    computed by a macro) is refused at the directive and none of its words is printed: clang
    would say "use of undeclared identifier 'hunter2'"."""
    write(os.path.join(tmp, 'secret.h'), SECRET)
    repo = os.path.join(tmp, 'repo')
    os.makedirs(os.path.join(repo, '.git'))
    secret = os.path.join(tmp, 'secret.h')
    os.symlink('../secret.h', os.path.join(repo, 'link.h'))
    cases = {
        'absolute.mlu': (f'#include "{secret}"\n', f'1:10', f'#include "{secret}": {OUTSIDE}'),
        'parent.mlu': ('#include "../secret.h"\n', '1:10', f'#include "../secret.h": {OUTSIDE}'),
        'link.mlu': ('#include "link.h"\n', '1:10', f'#include "link.h": {OUTSIDE}'),
        'macro.mlu': ('#define S "../secret.h"\n#include S\n', '2:10',
                      f'#include of repo/../secret.h: {OUTSIDE}'),
    }
    for name, (head, where, message) in cases.items():
        write(os.path.join(repo, name), head + ENTRY)
        for fmt in ('text', 'json', 'sarif'):
            p = run('check', '--format', fmt, f'repo/{name}', cwd=tmp)
            expect(p.returncode == 2 and not leaks(p) and not p.stderr,
                   f'{name} ({fmt}): exit {p.returncode}, leaked {leaks(p)}, {p.stderr[:200]!r}')
        want = f'repo/{name}:{where}: error: {message} [input-error]'
        got = first_line(run('check', f'repo/{name}', cwd=tmp))
        expect(got == want, f'{name}:\n    got:  {got}\n    want: {want}')
        p = run('lower', f'repo/{name}', cwd=tmp)
        expect(p.returncode == 2 and not leaks(p), f'lower {name}: exit {p.returncode}, leaked')
    # given with -I, the same header is the kernel's own
    p = run('check', '-I', tmp, 'repo/parent.mlu', cwd=tmp)
    expect(b'outside the checked tree' not in p.stdout, f'-I: {p.stdout[:300]!r}')


def includes_special(tmp):
    """A FIFO, /dev/stdin (a pipe here) and a link to /proc: refused at the directive without
    blocking (the run would wait for a writer forever)."""
    repo = os.path.join(tmp, 'repo')
    os.makedirs(os.path.join(repo, '.git'))
    os.mkfifo(os.path.join(repo, 'fifo.h'))
    os.symlink('/proc/self/environ', os.path.join(repo, 'env.h'))
    fifo = 'a FIFO, not a regular file (a kernel source includes only regular files)'
    cases = {
        'fifo.mlu': ('#include "fifo.h"\n', f'#include "fifo.h": {fifo}'),
        # the child a source is read in has /dev/null as its standard input
        'stdin.mlu': ('#include "/dev/stdin"\n', '#include "/dev/stdin": a device, not a '
                      'regular file (a kernel source includes only regular files)'),
        'environ.mlu': ('#include "env.h"\n', '#include "env.h": a file of /proc or /sys, not a '
                        'regular file (a kernel source includes only regular files)'),
    }
    for name, (head, message) in cases.items():
        write(os.path.join(repo, name), head + ENTRY)
        p = run('check', f'repo/{name}', cwd=tmp, stdin=subprocess.PIPE)
        want = f'repo/{name}:1:10: error: {message} [input-error]'
        expect(p.returncode == 2 and first_line(p) == want and not p.stderr,
               f'{name}: exit {p.returncode}\n    got:  {first_line(p)}\n    want: {want}')


def build_emulation_links(tmp):
    """Build emulation reads the headers of ../op_host: a committed link out.h to
    /proc/self/fd/1 and a FIFO there blocked a run that never includes them."""
    op = os.path.join(tmp, 'repo', 'tiled_add')
    shutil.copytree(os.path.join(root, 'tests', 'frontend', 'ascendc', 'tiled_add'), op)
    os.makedirs(os.path.join(tmp, 'repo', '.git'))
    os.symlink('/proc/self/fd/1', os.path.join(op, 'op_host', 'out.h'))
    os.mkfifo(os.path.join(op, 'op_host', 'fifo.h'))
    p = run('check', 'repo/tiled_add/op_kernel/tiled_add.cpp', cwd=tmp)
    expect(p.returncode == 1 and text(p.stdout).endswith(
        'accelsync: 1 file, 2 kernels: 4 errors, 0 warnings; 2 kernels checked with guessed values\n')
        and not p.stderr,
           f'op_host links: exit {p.returncode}, {p.stdout[-200:]!r} {p.stderr[:200]!r}')


def build_emulation_outside(tmp):
    """Build emulation turns the host headers into declarations clang may quote: a committed
    op_host header that links out of the repository is not read, so none of its words is
    printed (the kernel's tiling structure is then missing: a source error of its own)."""
    op = os.path.join(tmp, 'repo', 'tiled_add')
    shutil.copytree(os.path.join(root, 'tests', 'frontend', 'ascendc', 'tiled_add'), op)
    os.makedirs(os.path.join(tmp, 'repo', '.git'))
    host = os.path.join(op, 'op_host', 'tiled_add_tiling.h')
    outside = os.path.join(tmp, 'secret_tiling.h')
    write(outside, open(host).read().replace('uint32_t, tileNum', 'secretword, tileNum'))
    os.remove(host)
    os.symlink(outside, host)
    p = run('check', 'repo/tiled_add/op_kernel/tiled_add.cpp', cwd=tmp)
    expect(p.returncode == 2 and not leaks(p),
           f'op_host header outside the repository: exit {p.returncode}, no secret word: '
           f'{p.stdout[:300]!r}')


def memory_cap(tmp):
    """A macro bomb under a small address space: the child runs out of memory (or, in a
    sanitizer build, which cannot cap its address space, out of time) and the file is a
    limit-exceeded finding, not a dead job."""
    lines = ['#define A0 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']
    lines += [f'#define A{i} A{i - 1} A{i - 1} A{i - 1} A{i - 1}' for i in range(1, 40)]
    write(os.path.join(tmp, 'bomb.mlu'), '\n'.join(lines) + '\n__mlu_global__ void k(float *x) '
          '{ int A39; }\n')
    p = run('check', '--max-source-memory', '1024', '--max-source-seconds', '10', 'bomb.mlu',
            cwd=tmp)
    memory = ('bomb.mlu: error: reading the kernel source took more than 1024 MiB of memory; '
              'raise the limit with --max-source-memory [limit-exceeded]')
    time = ('bomb.mlu: error: reading the kernel source took more than 10 seconds; raise the '
            'limit with --max-source-seconds [limit-exceeded]')
    caught = ('bomb.mlu: error: libclang crashed while parsing the kernel source: past the '
              'memory limit of 1024 MiB (--max-source-memory), or on a fault of its own '
              '[limit-exceeded]')
    expect(p.returncode == 2 and first_line(p) in (memory, time, caught),
           f'memory cap: exit {p.returncode}, {first_line(p)!r}')


def stopped_entries_in_json(tmp):
    """An entry that stops as unsupported is listed in JSON's kernels with its reason."""
    src = os.path.join(root, 'tests', 'frontend', 'ascendc', 'unsupported_softmax.cpp')
    p = run('check', '--format', 'json', src)
    kernels = json.loads(p.stdout)['files'][0]['kernels'] if p.returncode == 2 else []
    want = [{'name': 'softmax_row', 'complete': False, 'verified': False, 'params_checked': [],
             'paths': 0, 'events': 0, 'findings': [],
             'stopped': "'SoftMax' is not modelled by the Ascend C frontend"}]
    expect(kernels == want, f'json kernels: exit {p.returncode}, {kernels!r}')


def main():
    with tempfile.TemporaryDirectory(prefix='accelsync-bad-') as tmp:
        probe = os.path.join(tmp, 'probe.mlu')
        write(probe, ENTRY)
        if b'built without the source frontends' in run('check', probe).stdout:
            print('skipped: this accelsync has no source frontend')
            return
        for case in (includes_outside, includes_special, build_emulation_links,
                     build_emulation_outside, memory_cap,
                     stopped_entries_in_json):
            where = os.path.join(tmp, case.__name__)
            os.makedirs(where)
            case(where)
    finish()


if __name__ == '__main__':
    main()
