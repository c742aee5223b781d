#!/usr/bin/env python3
"""Bad-input cases that need more than one file checked: a report that cannot be written, a
directory walk over symbolic links and special files, project configurations, names with
control bytes, SARIF logs to merge. Each builds its input in a temporary directory (symbolic
links and FIFOs are not committed), runs accelsync like a CI job would, and asserts the exit
code and the exact message; the cases about files outside the checked tree also assert that
no byte of such a file reaches stdout or stderr.

usage: commands.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from expect import expect, finish  # noqa: E402

binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
TIME_LIMIT = 30

CLEAN = 'model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n}\n'
RACY = ('model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n'
        '  S get_value <- a[0 +: 4];\n}\n')
# What an outside file holds: none of its words may be printed.
SECRET = b'TOP-SECRET-7f3a9c token=hunter2 \x1b[31m\n'


def run(*args, cwd=None, stdout=subprocess.PIPE, stdin=None):
    return subprocess.run([binary] + list(args), stdout=stdout, stderr=subprocess.PIPE,
                          cwd=cwd, timeout=TIME_LIMIT, stdin=stdin)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb' if isinstance(data, bytes) else 'w') as f:
        f.write(data)


def leaks(p):
    """Whether any word of SECRET is in the output."""
    both = (p.stdout or b'') + p.stderr
    return any(w in both for w in SECRET.split())


def text(b):
    return b.decode('utf-8', 'replace')


def report_write_errors(tmp):
    """A report that does not reach its reader is not a pass: exit 2 and a message."""
    racy, clean = os.path.join(tmp, 'racy.pir'), os.path.join(tmp, 'clean.pir')
    write(racy, RACY)
    write(clean, CLEAN)
    with open('/dev/full', 'wb') as full:
        for fmt in ('text', 'json', 'sarif'):
            for path in (clean, racy):
                p = run('check', '--format', fmt, path, stdout=full)
                expect(p.returncode == 2 and text(p.stderr) ==
                       'accelsync: cannot write to standard output: No space left on device\n',
                       f'check --format {fmt} {os.path.basename(path)} > /dev/full: exit '
                       f'{p.returncode}, {p.stderr!r}')
        p = run('check', '-o', '/dev/full', clean)
        expect(p.returncode == 2 and text(p.stderr) ==
               'accelsync: cannot write /dev/full: No space left on device\n',
               f'check -o /dev/full: exit {p.returncode}, {p.stderr!r}')
        for args in (['models'], ['--version'], ['check', '--help']):
            p = run(*args, stdout=full)
            expect(p.returncode == 2 and text(p.stderr) ==
                   'accelsync: cannot write to standard output: No space left on device\n',
                   f'{" ".join(args)} > /dev/full: exit {p.returncode}, {p.stderr!r}')


WALK_REFUSED = {
    'leak.pir': 'a symbolic link out of the directory walked (not followed: a walk reads only '
                'the files inside it)',
    'up.pir': 'a symbolic link out of the directory walked (not followed: a walk reads only '
              'the files inside it)',
    'environ.pir': 'a symbolic link out of the directory walked (not followed: a walk reads '
                   'only the files inside it)',
    'fifo.pir': 'a FIFO, not a regular file (a walk reads only regular files)',
    'zero.pir': 'a symbolic link out of the directory walked (not followed: a walk reads only '
                'the files inside it)',
    'dangling.pir': 'a symbolic link that leads nowhere (not followed)',
}


def directory_walk(tmp):
    """A committed symbolic link out of the checked tree, a FIFO, links to /dev and /proc:
    each is named with input-error and not opened, so no byte of its target is printed and
    nothing blocks; a link inside the tree is checked as the file it leads to."""
    secret = os.path.join(tmp, 'secret.pir')    # beside the tree, not in it
    write(secret, SECRET * 3)
    k = os.path.join(tmp, 'k')
    write(os.path.join(k, 'clean.pir'), CLEAN)
    write(os.path.join(k, 'sub', 'racy.pir'), RACY)
    os.symlink(secret, os.path.join(k, 'leak.pir'))
    os.symlink('../secret.pir', os.path.join(k, 'up.pir'))
    os.symlink('/proc/self/environ', os.path.join(k, 'environ.pir'))
    os.symlink('/dev/zero', os.path.join(k, 'zero.pir'))
    os.symlink(os.path.join(tmp, 'nothing-here'), os.path.join(k, 'dangling.pir'))
    os.symlink('sub/racy.pir', os.path.join(k, 'inside.pir'))
    os.mkfifo(os.path.join(k, 'fifo.pir'))
    env = dict(os.environ)
    env['ACCELSYNC_SECRET'] = SECRET.split()[0].decode()   # what /proc/self/environ would show
    for fmt in ('text', 'json', 'sarif'):
        p = subprocess.run([binary, 'check', '--format', fmt, 'k'], capture_output=True, cwd=tmp,
                           timeout=TIME_LIMIT, env=env)
        expect(p.returncode == 2, f'walk ({fmt}): exit {p.returncode}, want 2')
        expect(not leaks(p), f'walk ({fmt}): bytes of a file outside the tree were printed')
        expect(not p.stderr, f'walk ({fmt}): stderr {p.stderr[:300]!r}')
        if fmt != 'text':
            continue
        lines = text(p.stdout).split('\n')
        for name, why in WALK_REFUSED.items():
            want = f'k/{name}: error: cannot read k/{name}: {why} [input-error]'
            expect(want in lines, f'walk: no line {want!r}')
        expect(any(line.startswith('k/inside.pir:5:3: error: S get_value reads a')
                   for line in lines), 'walk: a link inside the tree is checked as its target')
        expect(lines[-2] == 'accelsync: 9 files, 3 kernels: 8 errors, 0 warnings; 6 files NOT '
               'VERIFIED', f'walk: summary {lines[-2]!r}')


def main():
    with tempfile.TemporaryDirectory(prefix='accelsync-bad-') as tmp:
        for case in (report_write_errors, directory_walk):
            where = os.path.join(tmp, case.__name__)
            os.makedirs(where)
            case(where)
    finish()


if __name__ == '__main__':
    main()
