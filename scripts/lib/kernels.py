"""Kernels with expectation tags: finding them, reading their tags, running accelsync on
them. Shared by scripts/check-corpus (the summary users see) and tests/golden.py (the
test that every tag holds under both engines).

Tags, in `//` comments anywhere in a .pir file:
  // expect: clean                          the default run reports nothing
  // expect: raw-hazard@21 flag-overrun@22  the default run reports exactly these
                                            (check@line of the finding's location)
  // expect(--model ascend910): clean       an extra run with these arguments
  // expect: note:out-of-bounds@12          a finding of severity note (docs/pir.md, guessed
                                            values): it counts as neither error nor warning
  // args: -D n=3                           arguments added to every run of the file
  // host-code: why                         not a kernel: host code beside one (the launches
                                            the BANG C frontend reads), never run on its own
"""
import json
import os
import re
import shlex
import subprocess

# The check registry, read from its one source (src/util/diag.c): which ids are input errors
# (exit 2) and which are warnings (exit 0).
_REGISTRY = re.findall(r'\[CHECK_\w+\] = \{"([a-z-]+)", "AS\d{4}", (true|false), (true|false),',
                       open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                         'src', 'util', 'diag.c')).read())
INPUT_CHECKS = {name for name, input_error, _ in _REGISTRY if input_error == 'true'}
WARNING_CHECKS = {name for name, _, warning in _REGISTRY if warning == 'true'}
EXPECT = re.compile(r'//\s*expect(?:\((?P<args>[^)]*)\))?\s*:(?P<what>.*)$')
ARGS = re.compile(r'//\s*args\s*:(?P<args>.*)$')
HOST_CODE = re.compile(r'\s*//\s*host-code\s*:')


class TagError(Exception):
    pass


# Kernel sources the Ascend C frontend reads (src/frontend/frontend.c), besides PIR.
SOURCE_EXTENSIONS = ('.cpp', '.cc', '.cxx', '.asc', '.mlu')


def find_kernels(*roots, extensions=('.pir',)):
    """The kernel files under the roots; an operator's op_host/ holds host code (its tiling
    sources, which the frontend reads for their includes), never a kernel, and so does a file
    tagged `// host-code:`."""
    out = []
    for root in roots:
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if x != 'op_host']
            out += [os.path.join(d, f) for f in files
                    if f.endswith(extensions) and not _host_code(os.path.join(d, f))]
    return sorted(out)


def _host_code(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return any(HOST_CODE.match(line) for line in f)


def read_tags(path):
    """[(args, expected sorted list of (check, line))] for every run the file asks for."""
    runs, common = [], []
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().split('\n')
    for n, line in enumerate(lines, 1):
        m = ARGS.search(line)
        if m:
            common += shlex.split(m.group('args'))
            continue
        m = EXPECT.search(line)
        if not m:
            continue
        words = m.group('what').split()
        expected = []
        if words != ['clean']:
            for w in words:
                if '@' not in w:
                    raise TagError(f'{path}:{n}: bad expect tag word {w!r} (want check@line or clean)')
                check, at = w.split('@', 1)
                expected.append((check, int(at)))
        runs.append((shlex.split(m.group('args') or ''), sorted(expected)))
    if not runs:
        raise TagError(f'{path}: no // expect: tag')
    return [(common + a, e) for a, e in runs]


def expected_exit(expected):
    checks = {c for c, _ in expected if not c.startswith('note:')}
    if checks & INPUT_CHECKS:
        return 2
    if checks - WARNING_CHECKS:
        return 1
    return 0


def run(binary, path, args, engine='clock'):
    """(exit code, findings as dicts, parsed JSON document)."""
    cmd = [binary, 'check', '--format', 'json', '--engine', engine] + args + [path]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        raise TagError(f'{path}: no JSON from {" ".join(cmd)} (exit {p.returncode}): '
                       f'{(p.stdout + p.stderr)[:300]}')
    findings = []
    for f in doc['files']:
        findings += f['diagnostics']
        for k in f['kernels']:
            findings += k['findings']
    return p.returncode, findings, doc


def verdict(findings):
    # a whole-file finding has no line (null in JSON); its tag is check@0
    return sorted((('note:' if f['severity'] == 'note' else '') + f['check'],
                   f['location']['line'] or 0) for f in findings)
