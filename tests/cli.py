#!/usr/bin/env python3
"""The command line as users (and scripts) drive it: option spellings, standard input, what a
directory gives, --help and --version of every command, and docs/cli.md showing the same help
text the binary prints.

usage: cli.py ACCELSYNC SOURCE_ROOT"""
import json
import os
import re
import subprocess
import sys
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
KERNEL = 'corpus/ascend910b2/add_custom/add_custom.pir'
RACY = ('model "ascend910b2"; buffer a : UB[64]; buffer b : UB[64];\n'
        'kernel k { V vadds a <- b; S get_value <- a[0 +: 4]; }\n')


def run(*args, stdin=None):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, input=stdin,
                          cwd=root)


for spelled in (['--format', 'json'], ['--format=json']):
    p = run('check', *spelled, KERNEL)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        doc = None
    expect(p.returncode == 0 and doc and doc['files'][0]['path'] == KERNEL,
           f'check {" ".join(spelled)}: exit {p.returncode}')
p = run('check', KERNEL, '--format=json')
expect(p.returncode == 0 and p.stdout.startswith('{'), 'an option after the file')
for spelled in (['-Dtiles=2'], ['-D', 'tiles=2']):
    p = run('check', '--format', 'json', *spelled, KERNEL)
    checked = json.loads(p.stdout)['files'][0]['kernels'][0]['params_checked'] if p.stdout else None
    expect(p.returncode == 0 and checked == [{'tiles': 2}], f'{" ".join(spelled)}: {checked}')
# -D NAME=LO..HI: every value checked, as `param tiles in 2..4`; an empty range is a usage error
p = run('check', '--format', 'json', '-D', 'tiles=2..4', KERNEL)
checked = json.loads(p.stdout)['files'][0]['kernels'][0]['params_checked'] if p.stdout else None
expect(p.returncode == 0 and checked == [{'tiles': 2}, {'tiles': 3}, {'tiles': 4}],
       f'-D tiles=2..4 checks 2, 3 and 4: {checked}')
p = run('check', '-D', 'tiles=4..2', KERNEL)
expect(p.returncode == 2 and 'accelsync: -D tiles=4..2: an empty range (LO must not exceed HI)'
       in p.stderr, f'-D with an empty range: {p.stderr!r}')

# --choices: merged (the default) is one run standing for 2^3 paths, split is the 8 runs; the
# same findings; the JSON says how many choices were merged; a wrong word is a usage error
CHOICES = ('model "ascend910b2"; buffer a : UB[64]; buffer b : UB[64];\n'
           'kernel k { for i in 0..3 { if (?) { V vadds a <- b; } else { V vexp b <- b; } }\n'
           '  MTE3 copy_ubuf_to_gm a <- a; }\n')
runs = {}
for mode in ('merge', 'split'):
    p = run('check', '--format', 'json', '--choices', mode, '-', stdin=CHOICES)
    k = json.loads(p.stdout)['files'][0]['kernels'][0] if p.stdout.startswith('{') else {}
    runs[mode] = (p.returncode, k.get('paths'), k.get('merged_choices'),
                  sorted((f['check'], f['location']['line'], f['location']['column'])
                         for f in k.get('findings', [])))
expect(runs['merge'][:3] == (1, 1, 3) and runs['split'][:3] == (1, 8, None)
       and runs['merge'][3] == runs['split'][3] and runs['merge'][3],
       f'--choices merge|split: {runs}')
p = run('check', '-', stdin=CHOICES)
expect('1 path run (3 if (?) choices checked as alternatives within '
       'the run)' in p.stdout, f'the text report says what was merged: {p.stdout[-300:]!r}')
p = run('check', '--choices', 'all', KERNEL)
expect(p.returncode == 2 and "--choices takes merge or split, got 'all'" in p.stderr,
       f'--choices all: {p.stderr!r}')

p = run('check', '-', stdin=RACY)
expect(p.returncode == 1 and p.stdout.startswith('-:2:28: error: S get_value reads a'),
       f'check - reads standard input: {p.stdout[:120]!r}')
p = run('check', '-', '-', stdin=RACY)
expect(p.returncode == 2 and "'-' (standard input) may be given once" in p.stderr, 'two -')
p = run('fix', 'corpus')
expect(p.returncode == 2 and p.stderr == 'accelsync: cannot read corpus: is a directory\n',
       f'fix takes a file, not a directory: {p.stderr!r}')

for cmd in ('check', 'simulate', 'mutate', 'merge-sarif', 'models'):
    h = run(cmd, '--help')
    expect(h.returncode == 0 and h.stdout.startswith(f'usage: accelsync {cmd} [OPTIONS]'),
           f'{cmd} --help')
    v = run(cmd, '--version')
    expect(v.returncode == 0 and re.fullmatch(r'accelsync \d+\.\d+\.\d+\n', v.stdout),
           f'{cmd} --version: {v.stdout!r}')
p = run('models')
expect(p.returncode == 0 and 'ascend910b2' in p.stdout, 'models lists the models')

for args, message in (
        (['check', '--bogus', KERNEL], "accelsync: unknown option '--bogus'"),
        (['check', '--format', 'xml', KERNEL], "accelsync: --format takes text|json|sarif|html|codequality, got 'xml'"),
        (['check', '--witness=yes', KERNEL], 'accelsync: --witness=yes takes no argument'),
        (['check', KERNEL, '-D'], 'accelsync: -D needs an argument (NAME=VALUE)'),
        (['check', '--max-paths=0', KERNEL], "accelsync: --max-paths takes a positive integer, got '0'"),
        (['simulate', '--policy=slow', KERNEL], "accelsync: --policy takes random, adversarial or replay, got 'slow'"),
        (['mutate', '-j', '0', KERNEL], "accelsync: --jobs takes an integer from 1 to 1024, got '0'"),
        (['check'], 'accelsync: check needs at least one PATH')):
    p = run(*args)
    cmd = args[0]
    expect(p.returncode == 2 and p.stderr == f"{message}\nTry 'accelsync {cmd} --help'.\n",
           f'{" ".join(args)}: exit {p.returncode}, {p.stderr!r}')

# a hazard-free cross-core pipeline is verified without the pair budget mattering: the search
# never visits accesses of another core that happens-before orders after the second access
mix = f'{root}/corpus/ascend910b2/matmul_relu_mix/matmul_relu_mix.pir'
p = run('check', '-D', 'rounds=2000', '--max-pairs', '200000', mix)
expect(p.returncode == 0 and p.stdout.endswith('1 kernel: 0 errors, 0 warnings\n'),
       f'a long cross-core pipeline is verified under a small pair budget: {p.stdout[-300:]!r}')

# gating and terminal output: -q, --fail-on, --color, NO_COLOR, the time on a terminal
RACY_FILE = f'{root}/tests/kernels/raw-hazard/signal_same_pipe.pir'
LEAK_FILE = f'{root}/tests/kernels/unused-suppression/stale_ignore.pir'
q = run('check', '-q', RACY_FILE, KERNEL)
expect(q.returncode == 1 and 'error: V vmul reads b' in q.stdout and 'note: kernel' not in q.stdout
       and 'accelsync:' not in q.stdout, f'-q prints the findings only: {q.stdout!r}')
for args, code in ((['--fail-on', 'never', RACY_FILE], 0), (['--fail-on=error', RACY_FILE], 1),
                   (['--fail-on', 'warning', LEAK_FILE], 1), (['--fail-on', 'error', LEAK_FILE], 0),
                   (['--fail-on', 'never', '--werror', LEAK_FILE], 1),
                   (['--fail-on', 'never', f'{root}/tests/kernels/syntax-error/bad_character.pir'], 2)):
    p = run('check', *args)
    expect(p.returncode == code, f'check {" ".join(args)}: exit {p.returncode}, expected {code}')
# a flag overrun says which statements let it happen: the earlier set, its wait, and what
# keeps that wait from the head of its queue (issue #37: the vendor's double-buffered queue)
p = run('check', os.path.join(root, 'tests', 'kernels', 'flag-overrun', 'wait_behind_barrier.pir'))
expect(p.returncode == 1 and 'wait_behind_barrier.pir:20:3: error: set_flag(MTE2, V, 0) may fire while '
       'the flag is still set by set_flag(MTE2, V, 0) at line 16: its wait wait_flag(MTE2, V, 0) at '
       'line 17 is reached only after pipe_barrier(V) at line 14 ends, which this set does not wait '
       'for [flag-overrun]' in p.stdout, f'overrun message names set, wait and barrier: {p.stdout!r}')
p = run('check', '--color=loud', KERNEL)
expect(p.returncode == 2 and "--color takes auto, always or never, got 'loud'" in p.stderr,
       f'bad --color: {p.stderr!r}')
p = run('check', '--fail-on', 'sometimes', KERNEL)
expect(p.returncode == 2 and "--fail-on takes error, warning or never, got 'sometimes'" in p.stderr,
       f'bad --fail-on: {p.stderr!r}')
c = run('check', '--color=always', RACY_FILE)
expect('\033[1;31merror:\033[0m V vmul' in c.stdout and '\033[1;36mnote:\033[0m' in c.stdout,
       f'--color=always: {c.stdout[:200]!r}')
expect('\033[' not in run('check', RACY_FILE).stdout, 'no colour when standard output is not a terminal')
def on_tty(env_extra):
    env = dict(os.environ, **env_extra)
    env.pop('NO_COLOR', None) if 'NO_COLOR' not in env_extra else None
    return subprocess.run(['script', '-qec', f'{binary} check {RACY_FILE}', '/dev/null'],
                          capture_output=True, text=True, env=env).stdout
tty = on_tty({'TERM': 'xterm'})
expect('\033[1;31merror:' in tty and re.search(r'1 error, 0 warnings in \d+\.\d\d s\r?\n', tty),
       f'on a terminal: colour and the time: {tty[-200:]!r}')
expect('\033[' not in on_tty({'TERM': 'xterm', 'NO_COLOR': '1'}), 'NO_COLOR turns colour off')

# progress on a terminal's stderr while several files are checked, and only there
many = f'{root}/corpus/ascend910b2/add_custom'
pr = subprocess.run(['script', '-qec', f'{binary} check -q {many} > /dev/null', '/dev/null'],
                    capture_output=True).stdout.decode()   # bytes: keep the carriage returns
expect(re.search(r'\r\033\[Kaccelsync: \[1/\d+\] ', pr) and pr.rstrip('\r\n').endswith('\r\033[K'),
       f'progress is drawn on a terminal and cleared: {pr[:120]!r}')
expect(run('check', '-q', many).stderr == '', 'no progress when stderr is not a terminal')

# -o -: standard output, for the report, the PIR and the repaired kernel; no file named '-'
import tempfile
with tempfile.TemporaryDirectory() as tmp:
    racy = os.path.join(tmp, 'racy.pir')
    with open(racy, 'w') as f:
        f.write(RACY)
    for args in (['check', '--format', 'json', '-o', '-', KERNEL], ['lower', '-o', '-', 'tests/frontend/bangc/argmax.mlu'],
                 ['fix', '-o', '-', racy]):
        p = subprocess.run([binary] + args, capture_output=True, text=True, cwd=tmp if
                           args[0] == 'fix' else root)
        expect(p.stdout.strip() and not os.path.exists(os.path.join(root, '-'))
               and not os.path.exists(os.path.join(tmp, '-')),
               f'{args[0]} -o -: written to standard output: {p.stdout[:80]!r} {p.stderr[:200]!r}')
    expect(open(racy).read() == RACY, 'fix -o -: the source is left as it was')

# --help names every kind of file check reads: PIR, Ascend C (.asc, .cpp) and BANG C (.mlu)
for cmd in ([], ['check'], ['lower']):
    h = run(*cmd, '--help').stdout
    expect(all(k in h for k in ('.mlu', '.asc', '.cpp', 'BANG C')),
           f'accelsync {" ".join(cmd)} --help names .mlu, .asc and .cpp: {h[:160]!r}')


# Completion: `accelsync CMD --<TAB>` offers CMD's own options, read from its --help's option
# column, and not an option its descriptions only mention.
def complete(*words):
    line = ' '.join(['accelsync', *words])
    script = (f'source {root}/scripts/completion/accelsync; accelsync() {{ {binary} "$@"; }}; '
              f'COMP_WORDS=(accelsync {" ".join(words)}); COMP_CWORD={len(words)}; '
              f'COMP_LINE="{line}"; _accelsync; printf "%s\\n" "${{COMPREPLY[@]}}"')
    p = subprocess.run(['bash', '-c', script], capture_output=True, text=True,
                       env=dict(os.environ, PATH=os.path.dirname(binary) + ':' + os.environ['PATH']))
    return sorted(p.stdout.split())


mutate_opts = complete('mutate', '--')
check_opts = complete('check', '--')
expect('--operators' in mutate_opts and '--budget' in mutate_opts and '--witness' not in mutate_opts
       and '--baseline' not in mutate_opts, f'mutate --<TAB>: {mutate_opts}')
expect('--witness' in check_opts and '--baseline' in check_opts
       and '--explain' in check_opts and '--operators' not in check_opts,
       f'check --<TAB>: {check_opts}')
expect(complete('merge-sarif', '--') == ['--help', '--output', '--version'],
       f'merge-sarif --<TAB>: its three options, not --shard its text mentions: {complete("merge-sarif", "--")}')
expect(complete('fix', '--d') == ['--dry-run'], f'fix --d<TAB>: {complete("fix", "--d")}')
expect(complete('ch') == ['check'], f'accelsync ch<TAB>: {complete("ch")}')

# A hazard on an access at an offset read from memory (x[?]) does not name bytes that were not
# computed: the other access's are named, or none ("bytes [0, 1)" read like a one-byte race).
p = run('check', 'tests/kernels/raw-hazard/data_offset.pir')
said = [l.split(': error: ')[1] for l in p.stdout.splitlines() if ': error: ' in l]
expect(said == [
    'V vadds reads a at an offset read from memory, anywhere in a, while MTE2 copy at line 13 '
    'may still be writing bytes [0, 64) of it [raw-hazard]',
    'MTE3 copy reads c bytes [0, 64) while V vadds at line 15, at an offset read from memory, '
    'anywhere in c, may still be writing them [raw-hazard]',
    'MTE3 copy reads c at an offset read from memory, anywhere in c, while V vadds at line 15 '
    'may still be writing it, also at an offset read from memory [raw-hazard]'],
    f'check: a place read from memory is said, not given bytes: {said}')
p = run('check', '--format', 'json', 'tests/kernels/raw-hazard/data_offset.pir')
found = json.loads(p.stdout)['files'][0]['kernels'][0]['findings'] if p.stdout.startswith('{') else []
expect([f.get('anywhere') for f in found] == [['second'], ['first'], ['first', 'second']]
       and found[0]['bytes'] == [0, 64] and found[2]['bytes'] == [0, 256],
       f'JSON: "anywhere" names the accesses whose place is data: {[f.get("anywhere") for f in found]}')
p = run('simulate', '--policy', 'adversarial', 'tests/kernels/raw-hazard/data_offset.pir')
expect(any('MTE3 copy reads c at an offset read from memory, anywhere in c, at t=' in l
           for l in p.stdout.splitlines()) and 'bytes [0, 256)' not in p.stdout,
       f'simulate says it the same way: {p.stdout[:400]!r}')
# The BANG C case of the library runs: cores of a cluster update a bin each reads from memory.
if '.mlu' in run('check', '--help').stdout:
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        mlu = os.path.join(tmp, 'scatter.mlu')
        with open(mlu, 'w') as f:
            f.write('#include <bang.h>\n__nram__ int bins[16];\n'
                    '__mlu_global__ void scatter(int *x, int *hist) {\n'
                    '  __memcpy(bins, x + taskId * 16, 16 * sizeof(int), GDRAM2NRAM);\n'
                    '  int bin = bins[0];\n  hist[bin] = hist[bin] + 1;\n}\n')
        p = run('check', '--task-type', 'UNION1', mlu)
        first = p.stdout.splitlines()[0] if p.stdout else ''
        expect(p.returncode == 1 and first == f'{mlu}:6:3: error: ALU store_scalar on c0.ipu0 writes hist '
               'at an offset read from memory, anywhere in hist, while ALU store_scalar on c0.mpu at '
               'line 6 may still be writing it, also at an offset read from memory [waw-hazard]'
               and 'bytes [' not in p.stdout,
               f'BANG C: a race across cores at an index read from memory: {p.stdout[:400]!r}')

# docs/cli.md shows each help text as the binary prints it
doc = open(f'{root}/docs/cli.md').read()
for cmd in ([], ['check'], ['simulate'], ['mutate'], ['lower']):
    shown = '$ ' + ' '.join(['accelsync'] + cmd + ['--help']) + '\n'
    start = doc.find(shown)
    expect(start >= 0, f'docs/cli.md shows {shown.strip()}')
    if start < 0:
        continue
    block = doc[start + len(shown):doc.index('```', start)]
    expect(block == run(*cmd, '--help').stdout, f'docs/cli.md: {shown.strip()} is current')

finish()
