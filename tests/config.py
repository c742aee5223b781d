#!/usr/bin/env python3
"""Project configuration (.accelsync, INI read with libinih): found by walking up from each
checked path, giving defaults the command line overrides (defines, model, excludes,
extensions, disabled checks, per-check severity); --config FILE and --no-config; a bad line is
an error naming FILE:LINE.

usage: config.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]


def run(*args, cwd):
    return subprocess.run([binary, 'check', *args], capture_output=True, text=True, cwd=cwd)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


KERNEL = open(os.path.join(root, 'corpus/ascend910b2/add_custom/add_custom.pir')).read()
RACY = ('model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n'
        '  S get_value <- a[0 +: 4];\n}\n')
LEAK = 'model "ascend910b2";\nkernel k {\n  set_flag(MTE2, V, 0);\n}\n'

with tempfile.TemporaryDirectory() as tmp:
    lib = os.path.join(tmp, 'lib')
    write(os.path.join(lib, '.accelsync'), '''; project settings
[check]
define = tiles=2
exclude = gen
extensions = pir, kern
disable = unmatched-signal

[severity]
raw-hazard = warning
''')
    write(os.path.join(lib, 'add.pir'), KERNEL)
    write(os.path.join(lib, 'sub', 'racy.kern'), RACY)
    write(os.path.join(lib, 'sub', 'leak.pir'), LEAK)
    write(os.path.join(lib, 'gen', 'racy.pir'), RACY)
    p = run('--format', 'json', 'lib', cwd=tmp)
    doc = json.loads(p.stdout) if p.stdout.startswith('{') else {'files': []}
    paths = [f['path'] for f in doc['files']]
    expect(paths == ['lib/add.pir', 'lib/sub/leak.pir', 'lib/sub/racy.kern'],
           f'excludes and extensions from the configuration: {paths} {p.stderr}')
    if paths:
        tiles = doc['files'][0]['kernels'][0]['params_checked']
        findings = [(f['check'], f['severity']) for fl in doc['files'] for k in fl['kernels'] for f in k['findings']]
        expect(tiles == [{'tiles': 2}], f'define from the configuration: {tiles}')
        expect(findings == [('raw-hazard', 'warning')] and p.returncode == 0,
               f'unmatched-signal disabled, raw-hazard a warning: {findings} exit {p.returncode}')
    # the command line wins over the configuration
    p = run('--format', 'json', '-D', 'tiles=3', 'lib/add.pir', cwd=tmp)
    expect(json.loads(p.stdout)['files'][0]['kernels'][0]['params_checked'] == [{'tiles': 3}],
           '-D overrides the configuration')
    # found from a file's directory upwards; --no-config and --config
    p = run('lib/sub/leak.pir', cwd=tmp)
    expect(p.returncode == 0 and '[unmatched-signal]' not in p.stdout, f'found from lib/sub/: {p.stdout}')
    p = run('--no-config', 'lib/sub/leak.pir', cwd=tmp)
    expect('[unmatched-signal]' in p.stdout, f'--no-config reads none: {p.stdout}')
    write(os.path.join(tmp, 'strict.ini'), '[severity]\nunmatched-signal = error\n')
    p = run('--config', 'strict.ini', 'lib/sub/leak.pir', cwd=tmp)
    expect(p.returncode == 1 and 'error: set_flag' in p.stdout, f'--config FILE: {p.stdout}')
    # two PATHs under different configurations, one report
    write(os.path.join(tmp, 'other', 'racy.pir'), RACY)
    p = run('lib/sub/racy.kern', 'other/racy.pir', cwd=tmp)
    expect(p.returncode == 1 and 'racy.kern:5:3: warning:' in p.stdout and 'other/racy.pir:5:3: error:' in p.stdout,
           f'each PATH with its own configuration: {p.stdout}')
    # answers are remembered per directory within a run, but a symbolic link is looked up where
    # it points: lib/link.pir is other/racy.pir, outside the configured project
    os.symlink(os.path.join('..', 'other', 'racy.pir'), os.path.join(lib, 'link.pir'))
    p = run('lib/sub/racy.kern', 'lib/link.pir', 'lib/sub/leak.pir', 'other/racy.pir', cwd=tmp)
    expect(p.returncode == 1 and 'racy.kern:5:3: warning:' in p.stdout and 'lib/link.pir:5:3: error:' in p.stdout
           and 'other/racy.pir:5:3: error:' in p.stdout and '[unmatched-signal]' not in p.stdout,
           f'a linked file takes the configuration of its target: {p.stdout}')
    os.remove(os.path.join(lib, 'link.pir'))

    # spaces around a define's '=' are fine; a disabled check counts toward no cap
    write(os.path.join(tmp, 'spaced', '.accelsync'), '[check]\ndefine = tiles = 0x3\ndisable = raw-hazard\n')
    write(os.path.join(tmp, 'spaced', 'add.pir'), KERNEL)
    write(os.path.join(tmp, 'spaced', 'racy.pir'), RACY.replace('  S get_value', '  S get_value <- a[4 +: 4];\n  S get_value'))
    p = run('--format', 'json', '--max-errors', '1', 'spaced', cwd=tmp)
    doc = json.loads(p.stdout) if p.stdout.startswith('{') else None
    expect(doc and doc['files'][0]['kernels'][0]['params_checked'] == [{'tiles': 3}] and p.returncode == 0
           and doc['summary']['errors'] == 0,
           f'define = tiles = 0x3; two disabled hazards under --max-errors 1: {p.returncode} {p.stdout[-300:]}')

    # a merged run that deadlocks has every path run again (docs/semantics.md §6), also when
    # the deadlock check is turned off: its race on the path without the deadlock is reported
    write(os.path.join(tmp, 'nodeadlock.ini'), '[check]\ndisable = deadlock\n')
    order = os.path.join(root, 'tests/kernels/raw-hazard/merge_barrier_order.pir')
    p = run('--config', 'nodeadlock.ini', order, cwd=tmp)
    expect(p.returncode == 1 and 'merge_barrier_order.pir:20:7: error: IO memcpy on c[0].mpu reads g' in p.stdout
           and '[deadlock]' not in p.stdout and '2 paths' in p.stdout,
           f'deadlock turned off, the re-run still made: {p.stdout}')

    # bad lines: FILE:LINE and what is wrong, exit 2, nothing checked
    for text, line, message in (
            ('[check]\nmodle = x\n', 2, "unknown setting 'modle' in [check]"),
            ('[check]\ndefine = tiles\n', 2, 'define = tiles: give NAME=VALUE'),
            ('[check]\nmodel = ascend910b2\ndefine = tiles=0x\n', 3, 'define = tiles=0x: give NAME=VALUE'),
            ('[check]\ndefine = tiles=+8\n', 2, 'define = tiles=+8: give NAME=VALUE'),
            ('[checks]\nmodel = x\n', 2, 'unknown section [checks]'),
            ('[check]\nthis line has no equals sign\n', 2, 'expected NAME = VALUE, [SECTION]'),
            ('[severity]\nraw-hazard = loud\n', 2, 'raw-hazard = loud: the level is one of off, warning, error, default'),
            ('[severity]\nsyntax-error = off\n', 2, 'an input error keeps its level'),
            ('[check]\ndisable = raw-hazrd\n', 2, 'raw-hazrd = off: unknown check id')):
        write(os.path.join(tmp, 'bad', '.accelsync'), text)
        write(os.path.join(tmp, 'bad', 'k.pir'), RACY)
        p = run('bad', cwd=tmp)
        where = f'accelsync: bad/.accelsync:{line}: ' if line else 'accelsync: bad/.accelsync: '
        expect(p.returncode == 2 and p.stdout == '' and message in p.stderr
               and os.path.realpath(os.path.join(tmp, 'bad', '.accelsync')) in p.stderr.replace(
                   where.split(': ')[1].rstrip(':'), os.path.realpath(os.path.join(tmp, 'bad', '.accelsync'))),
               f'{text!r}: {p.stderr!r}')

    # Every report names the configurations used and what they turned off or changed: a
    # configuration that disables the hazard cannot make a racy kernel pass unnoticed.
    quiet = os.path.join(tmp, 'quiet')
    write(os.path.join(quiet, '.accelsync'), '[check]\ndisable = raw-hazard, war-hazard\n'
          '[severity]\nbad-event-id = warning\nunmatched-signal = error\n')
    write(os.path.join(quiet, 'racy.pir'), RACY)
    p = run('quiet', cwd=tmp)
    expect(p.returncode == 0 and p.stdout ==
           'accelsync: configuration quiet/.accelsync: turns off raw-hazard, war-hazard; makes a '
           'warning of bad-event-id; makes an error of unmatched-signal\n'
           'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n',
           f'text: the configuration and its levels before the summary: {p.stdout!r}')
    p = run('-q', 'quiet', cwd=tmp)
    expect(p.returncode == 0 and p.stdout == '', f'-q: findings only: {p.stdout!r}')
    # a configuration that changes no level is named too; from elsewhere, by its own path
    p = run('lib/add.pir', 'quiet', 'other/racy.pir', cwd=tmp)
    lines = p.stdout.split('\n')
    expect(lines[-4:-1] == ['accelsync: configuration lib/.accelsync: turns off unmatched-signal; '
                            'makes a warning of raw-hazard',
                            'accelsync: configuration quiet/.accelsync: turns off raw-hazard, '
                            'war-hazard; makes a warning of bad-event-id; makes an error of '
                            'unmatched-signal',
                            'accelsync: 3 files, 3 kernels: 1 error, 0 warnings'],
           f'two configurations, in the order used: {lines[-4:]}')
    write(os.path.join(tmp, 'plain', '.accelsync'), '[check]\nmodel = ascend910b2\n')
    write(os.path.join(tmp, 'plain', 'racy.pir'), RACY)
    p = run('.', cwd=os.path.join(tmp, 'plain'))
    expect(p.stdout.endswith('accelsync: configuration .accelsync: changes no check level\n'
                             'accelsync: 1 file, 1 kernel: 1 error, 0 warnings\n'),
           f'a configuration that changes no level: {p.stdout[-160:]!r}')
    p = run('--config', os.path.join(tmp, 'quiet', '.accelsync'), '../quiet', cwd=lib)
    expect(p.stdout.startswith(f'accelsync: configuration {tmp}/quiet/.accelsync: turns off '),
           f'--config FILE outside the working directory: by its path: {p.stdout!r}')
    p = run('--no-config', 'quiet', cwd=tmp)
    expect('configuration' not in p.stdout and p.returncode == 1, f'--no-config: {p.stdout!r}')
    # JSON: summary.configurations and each file's configuration
    p = run('--format', 'json', 'quiet', 'other/racy.pir', cwd=tmp)
    doc = json.loads(p.stdout)
    expect(doc['summary']['configurations'] == [
        {'path': 'quiet/.accelsync', 'levels': {'raw-hazard': 'off', 'war-hazard': 'off',
                                                'unmatched-signal': 'error', 'bad-event-id': 'warning'}}]
           and [f['configuration'] for f in doc['files']] == ['quiet/.accelsync', None],
           f'json: {doc["summary"].get("configurations")} {[f.get("configuration") for f in doc["files"]]}')
    # SARIF: a ruleConfigurationOverride per level, a toolConfigurationNotification per file
    p = subprocess.run([binary, 'check', '--format', 'sarif', 'quiet'], capture_output=True, text=True, cwd=tmp)
    inv = json.loads(p.stdout)['runs'][0]['invocations'][0]
    overrides = [(o['descriptor']['id'], o['configuration'], o['properties']['configuration'])
                 for o in inv.get('ruleConfigurationOverrides', [])]
    expect(overrides == [('raw-hazard', {'enabled': False}, 'quiet/.accelsync'),
                         ('war-hazard', {'enabled': False}, 'quiet/.accelsync'),
                         ('unmatched-signal', {'level': 'error'}, 'quiet/.accelsync'),
                         ('bad-event-id', {'level': 'warning'}, 'quiet/.accelsync')],
           f'sarif ruleConfigurationOverrides: {overrides}')
    notes = inv.get('toolConfigurationNotifications', [])
    expect(len(notes) == 1 and notes[0]['level'] == 'note' and notes[0]['message']['text'] ==
           'configuration quiet/.accelsync: turns off raw-hazard, war-hazard; makes a warning of '
           'bad-event-id; makes an error of unmatched-signal'
           and notes[0]['locations'][0]['physicalLocation']['artifactLocation']['uri'] == 'quiet/.accelsync',
           f'sarif toolConfigurationNotifications: {notes}')
    p = subprocess.run([binary, 'check', '--format', 'sarif', '--no-config', 'quiet'], capture_output=True,
                       text=True, cwd=tmp)
    inv = json.loads(p.stdout)['runs'][0]['invocations'][0]
    expect('ruleConfigurationOverrides' not in inv and 'toolConfigurationNotifications' not in inv,
           f'sarif without a configuration: {inv}')

    # Configurations do not merge: the nearest is the whole configuration, so a subdirectory's
    # file re-enables what its parent's turned off, and `root` changes nothing (a note says so)
    write(os.path.join(quiet, 'sub', '.accelsync'), 'root = true\n[check]\nmodel = ascend910b2\n')
    write(os.path.join(quiet, 'sub', 'racy.pir'), RACY)
    p = run('quiet/sub', cwd=tmp)
    expect(p.returncode == 1 and '[raw-hazard]' in p.stdout
           and 'accelsync: configuration quiet/sub/.accelsync: changes no check level\n' in p.stdout
           and p.stderr == f"accelsync: {os.path.realpath(quiet)}/sub/.accelsync:1: note: 'root' changes "
                           'nothing: only the nearest configuration is read, never one above it (remove the line)\n',
           f'nearest only, root noted: exit {p.returncode} {p.stdout[-200:]!r} {p.stderr!r}')
finish()
