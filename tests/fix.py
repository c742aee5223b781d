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
    expect(fixed >= 95, f'{fixed} kernels repaired')

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

    # across cores: a cross-core set after the first access and a wait before the second
    x = os.path.join(tmp, 'x.pir')
    shutil.copy(os.path.join(root, 'tests/kernels/raw-hazard/cross_core_race.pir'), x)
    d = run('fix', '--dry-run', x)
    expect(d.returncode == 0 and
           '\n-  core aic : AIC { MTE2 copy_gm_to_cbuf l1 <- g; }\n'
           '+  core aic : AIC { cross_core_wait_flag(MTE2, 2, 10); MTE2 copy_gm_to_cbuf l1 <- g; }\n'
           '-  core aiv : AIV { MTE3 copy g <- u; }\n'
           '+  core aiv : AIV { MTE3 copy g <- u; cross_core_set_flag(MTE3, 2, 10); }\n' in d.stdout,
           f'a cross-core race is fixed with a flag pair across the two bodies: {d.stdout!r}{d.stderr!r}')
    h = run('check', x)
    expect('x.pir:10:20: note: fix: insert cross_core_set_flag(MTE3, 2, 10); after line 11 and '
           'cross_core_wait_flag(MTE2, 2, 10); before line 10 (fix verified)\n' in h.stdout,
           f'check prints the verified cross-core hint: {h.stdout!r}')
    # a flag the first core already sets needs only the wait, which also takes its count
    m = os.path.join(root, 'corpus/ascend910b2/matmul_relu_mix/matmul_relu_mix_no_cross_wait.pir')
    d = run('fix', '--dry-run', m)
    expect(d.returncode == 0 and '+      cross_core_wait_flag(MTE2, 2, 0); MTE2 copy_gm_to_ubuf c_ub' in d.stdout,
           f'the missing cross-core wait is added, which settles the leaked count too: {d.stdout!r}{d.stderr!r}')
    # a cross-core barrier on both bodies (Cambricon)
    c = os.path.join(root, 'corpus/mlu370/cluster_sram_matmul/cluster_sram_missing_barrier.pir')
    d = run('fix', '--dry-run', c)
    expect(d.returncode == 0 and '+    IO memcpy w_sram[0 +: OUT] <- b_gdram; sync_cluster();' in d.stdout
           and '+    sync_cluster(); MOVE memcpy w_wram <- w_sram;' in d.stdout,
           f'a missing cluster barrier is added on both bodies: {d.stdout!r}{d.stderr!r}')
    # no cross-core primitive in the model: refused with the reason
    n = run('fix', os.path.join(root, 'corpus/litmus/ascend910/crosscore_missing.pir'), '-o', os.path.join(tmp, 'n.pir'))
    expect(n.returncode == 2 and 'no verified fix: raw-hazard at line 11: the model has no primitive '
           'that could order the two accesses where they are: no fix is tried; nothing written' in n.stderr
           and not os.path.exists(os.path.join(tmp, 'n.pir')),
           f'a race no primitive can order is refused: {n.stderr!r}')
    # check's hints are the same verified edits
    h = run('check', os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir'))
    expect('signal_same_pipe.pir:14:3: note: fix: insert pipe_barrier(V); before line 14 (fix verified)\n'
           in h.stdout, f'check prints the verified hint: {h.stdout!r}')
    # the advice about the sync already there stays in front of the verified edit
    h = run('check', os.path.join(root, 'tests/kernels/raw-hazard/xflag_two_units.pir'))
    expect('which nothing orders, so a wait may take either count: give each unit its own flag, or '
           'insert cross_core_set_flag(FIX, 2, 10); after line 14 and cross_core_wait_flag(MTE2, 2, 10); '
           'before line 21 (fix verified)\n' in h.stdout, f'advice, then the verified edit: {h.stdout!r}')
    # a hint that could not be proven says why
    h = run('check', '--hint-budget', '1', os.path.join(root, 'tests/kernels/raw-hazard/signal_same_pipe.pir'))
    expect('note: fix: insert pipe_barrier(V) between line 12 and line 14 (not verified: the proof '
           'budget of this file is spent (--hint-budget); accelsync fix tries every hazard)\n' in h.stdout,
           f'a spent proof budget leaves the hint marked unproven: {h.stdout!r}')
    # an edit tried for one finding is not checked again for another: with the budget of one
    # trial check, the RAW and the WAW of one statement both get the verified barrier
    same = os.path.join(tmp, 'same.pir')
    with open(same, 'w') as fh:
        fh.write('model "ascend910b2";\nbuffer a : UB[64];\nkernel k {\n  V vadds a <- a;\n  V vmuls a <- a;\n}\n')
    h = run('check', '--hint-budget', '2', same)   # 2 events: one trial check of the file
    expect(h.stdout.count('note: fix: insert pipe_barrier(V); before line 5 (fix verified)\n') == 2,
           f'one trial proves both hints: {h.stdout!r}')
    # a trial edits the parsed program, as the text edit would: text put before a branch written
    # without braces leaves the branch (and here makes the read unconditional, so nothing is
    # proven), while the same statements in braces stay in
    kernel = ('model "ascend910b2";\nparam n in 0..1;\nbuffer a : UB[64];\nbuffer b : UB[64];\n'
              'kernel k {{\n  V vadds a <- b;\n  if (n > 0) {}S get_value <- a[0 +: 4];{}\n}}\n')
    bare, braced = os.path.join(tmp, 'bare.pir'), os.path.join(tmp, 'braced.pir')
    with open(bare, 'w') as fh:
        fh.write(kernel.format('', ''))
    with open(braced, 'w') as fh:
        fh.write(kernel.format('{ ', ' }'))
    h = run('check', bare, braced)
    expect('bare.pir:7:14: error:' in h.stdout and 'bare.pir:7:14: note: fix' not in h.stdout
           and 'braced.pir:7:16: note: fix: insert set_flag(V, S, 7); wait_flag(V, S, 7); before line 7 '
               '(fix verified)\n' in h.stdout,
           f'a bare branch is proven as its text edit reads: {h.stdout!r}')
    # the same when a comment stands between the condition (or else) and the bare branch
    for name, text in (('lc.pir', '  if (n > 0) // c\n    S get_value <- a[0 +: 4];\n'),
                       ('el.pir', '  if (n > 0)\n    V vadds b <- a;\n  else // c\n    S get_value <- a[0 +: 4];\n')):
        with open(os.path.join(tmp, name), 'w') as fh:
            fh.write('model "ascend910b2";\nparam n in 0..1;\nbuffer a : UB[64];\nbuffer b : UB[64];\n'
                     'kernel k {\n  V vadds a <- b;\n' + text + '}\n')
        h = run('check', os.path.join(tmp, name))
        expect('[raw-hazard]' in h.stdout and 'note: fix' not in h.stdout,
               f'{name}: a bare branch after a comment is proven as its text edit reads: {h.stdout!r}')
    # a trial's edited file is held to the parse limits the text would be: with 42 tokens
    # allowed the file (40) checks but no edit fits; with 48 the barrier (+4) fits, the flag
    # pair (+12) does not
    tok = os.path.join(tmp, 'tok.pir')
    with open(tok, 'w') as fh:
        fh.write('model "ascend910b2";\nbuffer a : UB[64];\nbuffer b : UB[64];\nkernel k {\n'
                 '  V vadds a <- b;\n  S get_value <- a[0 +: 4];\n}\n')
    h42, h48 = run('check', '--max-tokens', '42', tok), run('check', '--max-tokens', '48', tok)
    expect('[raw-hazard]' in h42.stdout and 'note: fix' not in h42.stdout
           and 'tok.pir:6:3: note: fix: insert pipe_barrier(ALL); before line 6 (fix verified)\n' in h48.stdout,
           f'trial edits within --max-tokens: {h42.stdout!r} {h48.stdout!r}')
    # first and second access one statement (two core instances): before text, the
    # statement, after text
    same_stmt = os.path.join(tmp, 'samestmt.pir')
    with open(same_stmt, 'w') as fh:
        fh.write('model "ascend910b2";\nbuffer g : GM[1024];\nbuffer u : UB[64];\nkernel k {\n'
                 '  core aiv[2] : AIV {\n    for r in 0..2 { MTE3 copy_ubuf_to_gm g[coreid*64 +: 64] <- u; '
                 'MTE3 copy_ubuf_to_gm g[(r + coreid) * 64 +: 64] <- u; }\n  }\n}\n')
    h = run('check', same_stmt)
    expect('samestmt.pir:6:67: note: fix: insert sync_all(); after line 6 and sync_all(); before line 6 '
           '(fix verified)\n' in h.stdout, f'one statement on both sides of a cross-core edit: {h.stdout!r}')
    two = os.path.join(tmp, 'two.pir')
    with open(two, 'w') as fh:
        fh.write('model "ascend910b2";\nbuffer a : UB[64];\nbuffer b : UB[64];\n'
                 'kernel racy {\n  V vadds a <- b;\n  S get_value <- a[0 +: 4];\n}\n'
                 'kernel long {\n  for i in 0..100 { V vadds b <- b; }\n}\n')
    h = run('check', '--max-events', '50', two)
    expect(h.returncode == 2 and 'two.pir:6:3: note: fix: insert set_flag(V, S, 0) after line 5 and '
           'wait_flag(V, S, 0) before line 6 (not verified: the file has input errors or hit a limit, '
           'so no edit can be checked)\n' in h.stdout,
           f'a file that hit a limit proves no hint and says so: {h.stdout!r}')
finish()
