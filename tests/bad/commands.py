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


def control_bytes_in_names(tmp):
    """A file name cannot forge a line of the text report or drive the terminal: its newline
    and ESC bytes are printed as \\x0a and \\x1b."""
    forged = 'a\nk/forged.pir:1:1: error: forged [raw-hazard]\nx.pir'.replace('/', '_')
    k = os.path.join(tmp, 'k')
    write(os.path.join(k, forged), RACY)
    write(os.path.join(k, 'b\x1b[2J\x1b]0;title\x07.pir'), RACY)
    p = run('check', 'k', cwd=tmp)
    lines = text(p.stdout).split('\n')
    expect(p.returncode == 1, f'names: exit {p.returncode}')
    expect(not any('forged' in line and line.startswith('k_forged.pir') or
                   line.startswith('k/forged.pir') for line in lines)
           and b'\n' + b'k_forged.pir' not in p.stdout, 'names: a file name forged a report line')
    expect(b'\x1b' not in p.stdout and b'\x07' not in p.stdout,
           'names: an ESC or BEL byte of a file name reached stdout')
    want = ('k/a\\x0ak_forged.pir:1:1: error: forged [raw-hazard]\\x0ax.pir:5:3: error: S get_value '
            'reads a bytes [0, 4) while V vadds at line 4 may still be writing them [raw-hazard]')
    expect(want in lines, f'names: no line {want!r}')
    want = ('k/b\\x1b[2J\\x1b]0;title\\x07.pir:5:3: error: S get_value reads a bytes [0, 4) while '
            'V vadds at line 4 may still be writing them [raw-hazard]')
    expect(want in lines, f'names: no line {want!r}')


def control_bytes_on_stderr(tmp):
    """Names printed on standard error and in the HTML report are escaped as in the text
    report: a walk that finds nothing, the progress line on a terminal, a configuration's
    errors (its path and what it quotes from the file), the HTML page's names."""
    esc = 'e\x1b[2J\x07'
    spelt = 'e\\x1b[2J\\x07'
    os.makedirs(os.path.join(tmp, esc))
    p = run('check', esc, cwd=tmp)
    want = f'accelsync: no kernel files under {spelt} (looked for *.pir, *.cpp, *.cc, *.cxx, *.asc, *.mlu)\n'
    expect(p.returncode == 2 and text(p.stderr) in (want, want.replace(', *.cpp, *.cc, *.cxx, *.asc, *.mlu', '')),
           f'walk of {esc!r}: exit {p.returncode}, {p.stderr!r}')
    # the progress line, on a terminal's stderr: the name escaped (script(1) gives the pty)
    k = os.path.join(tmp, 'k')
    write(os.path.join(k, 'a.pir'), CLEAN)
    write(os.path.join(k, f'b{esc}.pir'), CLEAN)
    drawn = subprocess.run(['script', '-qec', f'{binary} check -q k > /dev/null', '/dev/null'],
                           capture_output=True, cwd=tmp, timeout=TIME_LIMIT).stdout
    expect(f'/2] k/b{spelt}.pir'.encode() in drawn and b'\x1b[2J' not in drawn
           and b'\x07' not in drawn, f'progress: {drawn!r}')
    # a configuration's path and the words it quotes from the file
    config = os.path.join(tmp, f'c{esc}.ini')
    for body, message in (('[check]\nmo\x1bdle = x\n', "2: unknown setting 'mo\\x1bdle' in [check]: the "
                           'settings are model, model-path, sdk, define, exclude, extensions and disable'),
                          ('[severity]\nraw\x1b[8m-hazard = warning\n', '2: raw\\x1b[8m-hazard = warning: '),
                          ('[check]\nmodel = a\x1b]0;t\x07b\n[chek\x1b]\n', '3: unknown section [chek\\x1b]: '
                           'the sections are [check] and [severity]')):
        write(config, body)
        p = run('check', '--config', config, 'k', cwd=tmp)
        err = text(p.stderr)
        expect(p.returncode == 2 and err.startswith(f'accelsync: {tmp}/c{spelt}.ini:{message}')
               and '\x1b' not in err and '\x07' not in err,
               f'config {body!r}: exit {p.returncode}, {err!r}')
    # HTML: the file and kernel names escaped, no raw control byte in the page
    write(os.path.join(tmp, 'h', f'r{esc}\n.pir'), RACY.replace('kernel k', 'kernel k'))
    p = run('check', '--format', 'html', 'h', cwd=tmp)
    expect(p.returncode == 1 and f'h/r{spelt}\\x0a.pir'.encode() in p.stdout
           and b'\x1b' not in p.stdout and b'\x07' not in p.stdout,
           f'html: names escaped: exit {p.returncode}, {p.stdout[:100]!r}')


def control_bytes_typed(tmp):
    """Names typed on the command line (-o FILE, --tiling FILE, --baseline, an option's value)
    are escaped in the messages that print them: a name cannot forge a line or drive the
    terminal."""
    write(os.path.join(tmp, 'clean.pir'), CLEAN)
    bad = 'no-such-dir/a\x1b[2J\nk.pir:1:1: error: forged [raw-hazard]\x07'
    spelt = 'no-such-dir/a\\x1b[2J\\x0ak.pir:1:1: error: forged [raw-hazard]\\x07'
    cases = [
        (['check', '-o', bad, 'clean.pir'],
         f'accelsync: cannot write the report to {spelt}: No such file or directory\n'),
        (['check', '--tiling', bad, 'clean.pir'],
         f'accelsync: cannot read the tiling file {spelt}: No such file or directory\n'),
        (['check', '--baseline', bad, 'clean.pir'],
         f'accelsync: {spelt}: cannot read the baseline: unable to open {spelt}: No such '
         'file or directory\n'),
        (['check', '--max-depth', bad, 'clean.pir'],
         f"accelsync: --max-depth takes a positive integer, got '{spelt}'\n"
         "Try 'accelsync check --help'.\n"),
        (['lower', '-o', bad, 'x.mlu'],
         f'accelsync: cannot write {spelt}: No such file or directory\n'),
    ]
    for args, want in cases:
        p = run(*args, cwd=tmp)
        err = text(p.stderr)
        expect(p.returncode == 2 and err == want and b'\x1b' not in p.stderr
               and b'\x07' not in p.stderr,
               f'{args[:2]}: exit {p.returncode}\n    got:  {err!r}\n    want: {want!r}')
    # a tiling file whose name has control bytes, with a bad line: file:line:col escaped
    tiling = os.path.join(tmp, 't\x1b[8m.txt')
    write(tiling, 'rows = many\n')
    p = run('check', '--tiling', tiling, 'clean.pir', cwd=tmp)
    want = f'{tmp}/t\\x1b[8m.txt:1:8: error: expected NAME = VALUE with an integer VALUE [input-error]\n'
    expect(p.returncode == 2 and text(p.stderr) == want, f'tiling line: {p.stderr!r}')


def merge_sarif_inputs(tmp):
    """merge-sarif takes only accelsync logs of the right shape, each shard once: anything else
    is refused with exit 2, a message naming the file, and nothing on stdout."""
    for name, text_ in (('a.pir', RACY), ('b.pir', CLEAN)):
        write(os.path.join(tmp, name), text_)
    for k in (1, 2):
        p = run('check', '--format', 'sarif', '--shard', f'{k}/2', 'a.pir', 'b.pir', cwd=tmp)
        write(os.path.join(tmp, f'{k}.sarif'), p.stdout)
    good = json.loads(open(os.path.join(tmp, '1.sarif')).read())

    def variant(name, change):
        doc = json.loads(json.dumps(good))
        change(doc)
        write(os.path.join(tmp, name), json.dumps(doc))

    variant('results-object.sarif', lambda d: d['runs'][0].update(results={}))
    variant('run-not-object.sarif', lambda d: d['runs'].append(7))
    variant('result-not-object.sarif', lambda d: d['runs'][0]['results'].append('x'))
    variant('other-tool.sarif', lambda d: d['runs'][0]['tool']['driver'].update(name='evil'))
    variant('artifacts-string.sarif', lambda d: d['runs'][0].update(artifacts='a.pir'))
    variant('no-driver.sarif', lambda d: d['runs'][0].update(tool={}))
    cases = [
        (['1.sarif', 'results-object.sarif'], 'results-object.sarif: runs[0].results is not an array'),
        (['run-not-object.sarif'], 'run-not-object.sarif: runs[1] is not an object'),
        (['result-not-object.sarif'], 'result-not-object.sarif: runs[0].results[1] is not an object'),
        (['other-tool.sarif'], 'other-tool.sarif: runs[0] is a run of another tool: merge-sarif '
                               'merges the logs of accelsync'),
        (['artifacts-string.sarif'], 'artifacts-string.sarif: runs[0].artifacts is not an array'),
        (['no-driver.sarif'], 'no-driver.sarif: runs[0] has no tool.driver.name'),
        (['1.sarif', '2.sarif', '1.sarif'], '1.sarif: reports the file a.pir, as 1.sarif does: the '
                                            'same shard (or an overlapping one) given twice'),
    ]
    for files, message in cases:
        p = run('merge-sarif', *files, cwd=tmp)
        expect(p.returncode == 2 and p.stdout == b'' and text(p.stderr) == f'accelsync: {message}\n',
               f'merge-sarif {" ".join(files)}: exit {p.returncode}, {p.stderr!r}')
    p = run('merge-sarif', '1.sarif', '2.sarif', cwd=tmp)
    merged = json.loads(p.stdout) if p.returncode == 0 else None
    expect(merged and len(merged['runs']) == 1 and len(merged['runs'][0]['artifacts']) == 2,
           f'merge-sarif of the two shards: exit {p.returncode}, {p.stderr!r}')


def configuration(tmp):
    """A .accelsync line is read whole: the tail of a long comment is never a setting, a long
    setting is refused at its line; an unknown section is refused at its line even empty; a
    configuration above the repository root (the directory holding .git) is not used."""
    repo = os.path.join(tmp, 'repo')
    write(os.path.join(repo, 'k', 'racy.pir'), RACY)
    os.mkdir(os.path.join(repo, '.git'))
    config = os.path.join(repo, '.accelsync')
    # above the root: would disable the hazard and make the racy kernel pass
    write(os.path.join(tmp, '.accelsync'), '[check]\ndisable = raw-hazard\n')
    p = run('check', 'repo/k', cwd=tmp)
    expect(p.returncode == 1 and text(p.stdout).endswith(
        'accelsync: 1 file, 1 kernel: 1 error, 0 warnings\n'),
           f'config above .git: exit {p.returncode}, {p.stdout[-200:]!r}')
    write(config, '[check]\n; ' + 'x' * 300 + ' disable = raw-hazard\n')
    p = run('check', 'repo/k', cwd=tmp)
    expect(p.returncode == 1 and not p.stderr,
           f'long comment: its tail was read as a setting: exit {p.returncode}, {p.stderr!r}')
    # configurations do not merge: root = true is read, changes nothing, and says so
    write(config, 'root = true\n[check]\nmodel = ascend910b2\n')
    p = run('check', 'repo/k', cwd=tmp)
    want = (f"accelsync: {os.path.realpath(config)}:1: note: 'root' changes nothing: only the "
            "nearest configuration is read, never one above it (remove the line)\n")
    expect(p.returncode == 1 and text(p.stderr) == want, f'root = true: exit {p.returncode}, {p.stderr!r}')
    real = os.path.realpath(config)
    for body, message in (
            ('[check]\nmodel = ' + 'x' * 300 + '\n',
             '2: a line longer than 198 bytes: shorten it (comments may be of any length)'),
            ('[check]\nmodel = ascend910b2\n[chek]\n',
             '3: unknown section [chek]: the sections are [check] and [severity]'),
            ('[check]\nmodel = ascend910b2\x00 ; x\n', '2: a NUL byte in the line')):
        write(config, body)
        p = run('check', 'repo/k', cwd=tmp)
        want = f'accelsync: {real}:{message}\n'
        expect(p.returncode == 2 and text(p.stderr) == want and not p.stdout,
               f'config {body[:40]!r}: exit {p.returncode}, {p.stderr!r}, want {want!r}')


def main():
    with tempfile.TemporaryDirectory(prefix='accelsync-bad-') as tmp:
        for case in (report_write_errors, directory_walk, control_bytes_in_names,
                     control_bytes_on_stderr, control_bytes_typed, merge_sarif_inputs,
                     configuration):
            where = os.path.join(tmp, case.__name__)
            os.makedirs(where)
            case(where)
    finish()


if __name__ == '__main__':
    main()
