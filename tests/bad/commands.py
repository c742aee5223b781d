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

binary, root = sys.argv[1], sys.argv[2]
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


def main():
    with tempfile.TemporaryDirectory(prefix='accelsync-bad-') as tmp:
        for case in (report_write_errors,):
            where = os.path.join(tmp, case.__name__)
            os.makedirs(where)
            case(where)
    finish()


if __name__ == '__main__':
    main()
