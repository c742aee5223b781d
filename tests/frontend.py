#!/usr/bin/env python3
"""The Ascend C frontend as a user meets it: `lower` writes the PIR that check verifies, every
line with its source location; check reports findings at the kernel's own lines, with the
related statement and source excerpt; unsupported constructs and source errors make the file
not verified (exit 2) with file:line:col; -I and --auto-sync change what is checked; fix
refuses kernel sources; suppression comments work in C++; conditions on data whose sides leave
the layer's state alone are joined, the others split a kernel into runs, at most 64.

usage: frontend.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
K = 'tests/frontend/ascendc'


def run(*args, cwd=None):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=cwd or root)


# lower: the framework's flags from TQue, the destructor's waits and barrier at the brace
p = run('lower', f'{K}/add_custom.cpp')
expect(p.returncode == 0 and p.stderr == '', f'lower add_custom: exit 0, nothing on stderr: {p.stderr!r}')
lines = p.stdout.splitlines()
expect(lines[0] == f'// {K}/add_custom.cpp lowered by accelsync 0.1.0 (Ascend C frontend); '
       'checked as written here', f'lower: first line names the source: {lines[0]!r}')
expect(f'  MTE2 copy inQueueX_0[0 +: 256] <- x[0 +: 256];  // from {K}/add_custom.cpp:41:9' in lines,
       'lower: DataCopy GM->UB is an MTE2 copy of TILE_LENGTH halves at its line')
expect(f'buffer inQueueX_1 : UB[256] @ 0x100;  // TQue VECIN buffer 1 of 2 from {K}/add_custom.cpp:22:9'
       in lines, 'lower: InitBuffer places the second buffer of the queue after the first')
expect(sum(' V vadd ' in l for l in lines) == 16, 'lower: the 16 iterations are unrolled')
expect(lines[-2:] == [f'  pipe_barrier(ALL);  // from {K}/add_custom.cpp:77:1', '}'],
       f'lower: ~TPipe ends the kernel at its closing brace: {lines[-2:]}')
expect(f'  wait_flag(V, MTE2, 2);  // from {K}/add_custom.cpp:77:1' in lines,
       'lower: ~TPipe waits the free flags still pending')
expect('// runtime value block_idx = 0: GetBlockIdx(), the default (-D to change)' in lines,
       'lower: without -D block_num a kernel that reads GetBlockIdx() is one core, block 0')

# -D block_num=8: add_custom reads GetBlockIdx(), so it is lowered on each of the 8 cores,
# each with its own block of x, the kernel arguments shared
p = run('lower', '-D', 'block_num=8', f'{K}/add_custom.cpp')
lines = p.stdout.splitlines()
expect(f'  core aiv[8] : AIV {{  // from {K}/add_custom.cpp:72:12' in lines
       and f'    if (coreid == 0) {{  // from {K}/add_custom.cpp:72:12' in lines,
       'lower -D block_num=8: a kernel that reads GetBlockIdx() runs on 8 cores')
expect('// runtime value block_idx: GetBlockIdx(): each core its own, 0 to block_num - 1' in lines,
       'lower -D block_num=8: the header says block_idx takes every core\'s value')
expect(f'      MTE2 copy inQueueX_0[0 +: 256] <- x[0 +: 256];  // from {K}/add_custom.cpp:41:9' in lines
       and f'        MTE2 copy inQueueX_0[0 +: 256] <- x[4096 +: 256];  // from {K}/add_custom.cpp:41:9'
       in lines, 'lower -D block_num=8: core 1 copies its own block')
expect(sum(l.startswith('buffer ') for l in lines) == 9,
       'lower -D block_num=8: every core declares the same 9 buffers once')
expect(sum(' V vadd ' in l for l in lines) == 16 * 8, 'lower -D block_num=8: 16 iterations on 8 cores')
expect(lines[-10:-8] == [f'                  pipe_barrier(ALL);  // from {K}/add_custom.cpp:77:1',
                         '                }'],
       f'lower -D block_num=8: ~TPipe ends the last core at the closing brace: {lines[-10:]}')

# a kernel that depends on its core is lowered on each of block_num cores, at most 64: more is
# not verified, never checked on fewer
p = run('check', '-D', 'block_num=100', f'{K}/sync_all.cpp')
expect(p.returncode == 2 and f'{K}/sync_all.cpp:12:12: error: block_num = 100: a kernel that depends '
       'on its core is lowered on each core, 1 to 64 [unsupported]' in p.stdout,
       f'block_num beyond 64 cores is unsupported: {p.returncode} {p.stdout!r}')

# a MIX kernel on block_num groups is one cluster per group (modes 1 and 2 stay in a cluster), at
# most 21 groups of 3 cores; its GetBlockIdx() follows the vendor (2 * group + k on vector cores)
p = run('check', '-D', 'block_num=22', f'{K}/matmul_mix.cpp')
expect(p.returncode == 2 and f'{K}/matmul_mix.cpp:14:12: error: block_num = 22: a MIX kernel is lowered '
       'on each group of a cube core and 2 vector cores, 1 to 21 groups [unsupported]' in p.stdout,
       f'MIX beyond 21 groups is unsupported: {p.returncode} {p.stdout!r}')
p = run('lower', '-D', 'block_num=2', f'{K}/mix_groups.cpp')
lines = [l.split('  //')[0] for l in p.stdout.splitlines()]
expect(p.returncode == 0 and '  cluster group[2] {' in lines and '    core aic : AIC {' in lines
       and '    core aiv[2] : AIV {' in lines and '      if (clusterid == 0) {' in lines
       and any('MTE2 copy buf[0 +: 2048] <- workspace[6144 +: 2048]' in l for l in lines),
       f'lower -D block_num=2 of a MIX kernel: two clusters, group 1\'s second AIV reads the '
       f'last half: {p.returncode} {p.stdout!r}')
# the workspace of matmul_mix.cpp is not split by block: two groups write the same bytes
p = run('check', '-D', 'block_num=4', f'{K}/matmul_mix.cpp')
expect(p.returncode == 1 and 'FIX fixpipe on group[1].aic writes workspace bytes [0, 4096) while '
       'FIX fixpipe on group[0].aic at line 66 may still be writing them [waw-hazard]' in p.stdout,
       f'matmul_mix.cpp on 4 groups: WAW across groups: {p.returncode} {p.stdout!r}')

# -D NAME=LO..HI: one kernel per value, named for it; the header says so; a range for a macro
# (a name in capitals) and more than 64 combinations are input errors
p = run('lower', '-D', 'tiles=1..2', f'{K}/param_range.cpp')
lines = p.stdout.splitlines()
expect(p.returncode == 0 and f'kernel tile_copy_tiles1 {{  // from {K}/param_range.cpp:12:12' in lines
       and f'kernel tile_copy_tiles2 {{  // from {K}/param_range.cpp:12:12' in lines
       and '// runtime value tiles: -D tiles=1..2, one kernel per value' in lines,
       f'lower -D tiles=1..2: a kernel per value: {p.stdout[:1500]!r}')
p = run('check', '-D', 'TILES=1..2', f'{K}/param_range.cpp')
expect(p.returncode == 2 and f'{K}/param_range.cpp: error: -D TILES=LO..HI: a name in capitals is a '
       'macro of the source, which takes one value (give -D TILES=VALUE) [input-error]' in p.stdout,
       f'a range for a macro is refused: {p.returncode} {p.stdout!r}')
p = run('check', '-D', 'tiles=1..65', f'{K}/param_range.cpp')
expect(p.returncode == 2 and 'the -D ranges make 65 combinations of values; a kernel source is '
       'lowered once per combination, at most 64 [input-error]' in p.stdout,
       f'more than 64 combinations are refused: {p.returncode} {p.stdout!r}')
p = run('check', '-D', 'tiles=3..1', f'{K}/param_range.cpp')
expect(p.returncode == 2 and 'an empty range' in p.stderr, f'an empty range is a usage error: {p.stderr!r}')

# --arch picks the model whose <source> declares the arch; an unknown arch names the ones
# found; --arch and --model must agree; a model without <source> for the dialect is refused
p = run('lower', '--arch', '1001', f'{K}/arch_macros.cpp')
expect(p.returncode == 0 and 'model "ascend910";' in p.stdout.splitlines(),
       f'lower --arch 1001 writes model ascend910: {p.stdout[:400]!r}')
p = run('check', '--arch', '3101', f'{K}/arch_macros.cpp')
expect(p.returncode == 2 and f'{K}/arch_macros.cpp: error: --arch 3101: no hardware model for ascendc '
       'sources has that arch (found: 1001 (ascend910), 2201 (ascend910b2)) [input-error]' in p.stdout,
       f'--arch 3101: {p.returncode} {p.stdout!r}')
p = run('check', '--arch', '1001', '--model', 'ascend910b2', f'{K}/arch_macros.cpp')
expect(p.returncode == 2 and '--arch 1001 is model ascend910, but --model says ascend910b2 '
       '[input-error]' in p.stdout, f'--arch and --model disagree: {p.stdout!r}')
p = run('check', '--model', 'mlu370', f'{K}/arch_macros.cpp')
expect(p.returncode == 2 and 'model mlu370 does not say how Ascend C sources are read (no '
       '<source dialect="ascendc">) [input-error]' in p.stdout, f'--model mlu370: {p.stdout!r}')

# a MIX group: GetTaskRation() is 2 on a vector core, GetSubBlockIdx() 0 and 1, so the two
# AIVs read the two halves of the cube's block, after the cube's mode-2 flag
p = run('lower', f'{K}/mix_sub_block.cpp')
lines = [l.split('  //')[0].strip() for l in p.stdout.splitlines()]
expect(p.returncode == 0 and 'core aic : AIC {' in lines and 'core aiv[2] : AIV {' in lines
       and 'cross_core_set_flag(FIX, 2, 3);' in lines
       and lines.count('cross_core_wait_flag(S, 2, 3);') == 2
       and any(l.endswith('<- workspace[0 +: 2048];') for l in lines)
       and any(l.endswith('<- workspace[2048 +: 2048];') for l in lines),
       f'lower mix_sub_block: the two halves: {p.stdout[-1500:]!r}')

# lower: addresses read from a tensor list's table point to memory of their own, one buffer
# per word; the table reads are the scalar unit's, the one at a data-decided offset anywhere in
# the buffer (x[?])
p = run('lower', f'{K}/tensor_list.cpp')
lines = p.stdout.splitlines()
expect(f"buffer x_entry8 : GM[512];  // what the address at 8 bytes into x's table points to "
       f"from {K}/tensor_list.cpp:15:12" in lines, 'lower: a tensor of a list is a buffer: ' + p.stdout[:2000])
expect(f'  S get_value <- x[0 +: 8] as read__1;  // from {K}/tensor_list.cpp:14:23' in lines
       and f'  S get_value <- x[?] as read__2;  // from {K}/tensor_list.cpp:15:45' in lines,
       'lower: the table reads are scalar reads (the entry read anywhere in the buffer)')
# rule 10: the entry's offset is needed to read the entry, and the entry (an address, through a
# cast) by SetGlobalBuffer: a use of each before it
expect(lines[lines.index(f'  S get_value <- x[0 +: 8] as read__1;  // from {K}/tensor_list.cpp:14:23') + 1]
       == f'  use read__1;  // from {K}/tensor_list.cpp:15:45'
       and f'  use read__2;  // from {K}/tensor_list.cpp:27:9' in lines,
       'lower: the values read are used where the address needs them: ' + p.stdout[:3000])
expect(f'  MTE3 copy y_entry16[256 +: 256] <- outQueue_0[0 +: 256];  // from {K}/tensor_list.cpp:38:9'
       in lines, 'lower: the third tensor of y, from its 64th element')

# the copies of one statement a loop unrolled are one finding, also toward --max-errors
p = run('check', '--max-errors', '2', f'{K}/unrolled_findings.cpp')
expect(p.returncode == 1 and 'limit-exceeded' not in p.stdout
       and p.stdout.count('[out-of-bounds]') == 1,
       f'unrolled copies count once toward the cap: {p.returncode} {p.stdout!r}')

# GetDataBlockSizeInBytes() is 32: two blocks of floats are bytes [0, 64)
p = run('check', f'{K}/data_block_size.cpp')
expect('V vadds reads UB_0 bytes [0, 64) while MTE2 copy at line 15' in p.stdout,
       f'GetDataBlockSizeInBytes: {p.stdout!r}')

# tiling read by hand from the last argument: each word a runtime value, -D changes it
p = run('lower', f'{K}/tiling_by_hand.cpp')
lines = p.stdout.splitlines()
expect('// runtime value tiling_at4 = 4: a word of the tiling argument, the default (-D to change)'
       in lines and f'  MTE2 copy UB_0[0 +: 256] <- x[272 +: 256];  // from {K}/tiling_by_hand.cpp:20:9'
       in lines and sum('MTE2 copy' in x for x in lines) == 2,
       'lower: tiling words read by hand are runtime values (2 tiles from element 4): ' + p.stdout[:1500])
p = run('lower', '-D', 'tiling_at4=8', '-D', 'tiling_at0=6', f'{K}/tiling_by_hand.cpp')
lines = p.stdout.splitlines()
expect(f'  MTE2 copy UB_0[0 +: 256] <- x[32 +: 256];  // from {K}/tiling_by_hand.cpp:20:9' in lines
       and sum('MTE2 copy' in x for x in lines) == 3,
       'lower -D tiling_at0=6 -D tiling_at4=8: 3 tiles from element 8: ' + p.stdout[:1500])

# --tiling FILE gives runtime values as -D does; a bad line is an error at its file:line:col
with tempfile.TemporaryDirectory() as d:
    good, bad = os.path.join(d, 'good.tiling'), os.path.join(d, 'bad.tiling')
    open(good, 'w').write('# tiling_by_hand, as the host computed it\ntiling_at0 = 6\n\ntiling_at4=8  # start\n')
    open(bad, 'w').write('tiling_at0 = 6\ntiling_at4 8\n')
    p = run('lower', '--tiling', good, f'{K}/tiling_by_hand.cpp')
    lines = p.stdout.splitlines()
    expect(p.returncode == 0 and sum('MTE2 copy' in x for x in lines) == 3
           and f'  MTE2 copy UB_0[0 +: 256] <- x[32 +: 256];  // from {K}/tiling_by_hand.cpp:20:9' in lines,
           f'lower --tiling FILE: the values of -D tiling_at0=6 -D tiling_at4=8: {p.stderr!r} ' + p.stdout[:800])
    p = run('check', '--tiling', bad, f'{K}/tiling_by_hand.cpp')
    expect(p.returncode == 2 and p.stderr == f'{bad}:2:12: error: expected NAME = VALUE with an '
           'integer VALUE [input-error]\n' and p.stdout == '',
           f'check --tiling with a bad line: exit 2, the line and column: {p.returncode} {p.stderr!r}')
    p = run('check', '--tiling', os.path.join(d, 'missing'), f'{K}/tiling_by_hand.cpp')
    expect(p.returncode == 2 and 'cannot read the tiling file' in p.stderr,
           f'check --tiling with no such file: exit 2: {p.returncode} {p.stderr!r}')

# an array of arrays keeps its elements
p = run('lower', f'{K}/nested_array.cpp')
expect(f'  MTE2 copy UB_0[0 +: 64] <- x[384 +: 64];  // from {K}/nested_array.cpp:26:5'
       in p.stdout.splitlines(), 'lower: shape[1][2] is 6: ' + p.stdout[-800:])

# constant arrays of the source in GM: a buffer each, named after it, of its size
p = run('lower', f'{K}/gm_constant_array.cpp')
lines = p.stdout.splitlines()
expect(any(x.startswith('buffer TABLE : GM[256];  // a constant array of the source, in GM from ')
           for x in lines)
       and any(x.startswith('buffer ROWS : GM[128];  // a constant array of the source, in GM from ')
               for x in lines)
       and f'  MTE2 copy UB_100[0 +: 128] <- ROWS[0 +: 128];  // from {K}/gm_constant_array.cpp:18:9'
       in lines, 'lower: constant GM arrays are buffers: ' + p.stdout[:1500])

# lower -o, and the PIR it writes checks like the source
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'missing_wait.pir')
    p = run('lower', '-o', out, f'{K}/missing_wait.cpp')
    expect(p.returncode == 0 and os.path.exists(out), f'lower -o writes the file: {p.stderr!r}')
    c = run('check', '--format', 'json', out)
    findings = [(f['check'], f['location']['line']) for f in
                json.loads(c.stdout)['files'][0]['kernels'][0]['findings']]
    expect(sorted(findings) == [('raw-hazard', 10), ('raw-hazard', 12), ('unmatched-signal', 9)],
           f'the lowered PIR has the same findings, at PIR lines: {findings}')

# check: findings at source lines, the first access as a note, the message's line mapped
p = run('check', f'{K}/missing_wait.cpp')
expect(p.returncode == 1, f'check missing_wait: exit 1, got {p.returncode}')
expect(p.stdout.startswith(
    f'{K}/missing_wait.cpp:25:5: warning: set_flag(MTE2, V, 0) is never waited for: the flag is '
    'still set when the kernel ends [unmatched-signal]\n'
    '   25 |     SetFlag<HardEvent::MTE2_V>(eventId);\n'
    '      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n'
    f'{K}/missing_wait.cpp:26:5: error: V vmuls reads buf bytes [0, 1024) while MTE2 copy at '
    'line 20 may still be writing them [raw-hazard]\n'
    '   26 |     Muls(yLocal, xLocal, 2.0f, LEN);\n'
    '      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n'
    f'{K}/missing_wait.cpp:20:5: note: first access: MTE2 copy\n'), f'check text: {p.stdout[:900]}')
expect('fix:' not in p.stdout, 'no PIR edit is offered as a fix for a source file')

# witnesses and simulated schedules name source lines too
p = run('check', '--witness', f'{K}/missing_wait.cpp')
expect('note: witness: confirmed by simulation: V vmuls (line 26) starts at t=0, before MTE2 copy '
       '(line 20) ends\n' in p.stdout and
       '      MTE2    25  set_flag(MTE2, V, 0)        [=========]    [0, 1000)\n' in p.stdout,
       f'the witness names source lines: {p.stdout[:900]}')
p = run('simulate', f'{K}/missing_wait.cpp')
expect(p.returncode == 1 and 'while MTE2 copy at line 20 writes them' in p.stdout,
       f'simulate runs a kernel source: {p.stdout[:400]}')

# a finding in a header found with -I is reported in the header
p = run('check', '--auto-sync=off', '-I', f'{K}/include', f'{K}/with_header.cpp')
expect(p.returncode == 1 and p.stdout.startswith(
    f'{K}/include/tile_ops.h:11:5: error: V vmuls reads outQueue bytes [0, 1024) while V '
    'copy_ubuf_to_ubuf at line 26 may still be writing them [raw-hazard]\n'),
    f'header finding: {p.stdout[:300]}')
p = run('check', f'{K}/with_header.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f"{K}/with_header.cpp:8:10: error: 'tile_ops.h' file not found [source-error]\n"),
    f'without -I: a source error, exit 2: {p.stdout[:300]}')

# auto-sync: on by default (said in the lowered header), off on request
p = run('lower', f'{K}/scalar_read_race.cpp')
expect(f'  auto_set_flag(MTE2, S, 7);  // auto-sync, from {K}/scalar_read_race.cpp:21:21' in
       p.stdout.splitlines(), 'auto-sync adds the MTE2->S flag before GetValue, marked')
# out of the issuer the compiler's pair is the order it gives (no flag of its own to overrun)
p = run('lower', f'{K}/auto_sync_rows.cpp')
expect(f'  auto_sync(S, V);  // auto-sync, from {K}/auto_sync_rows.cpp:27:9' in p.stdout.splitlines()
       and 'auto_set_flag(S, V' not in p.stdout,
       'auto-sync writes S -> V as auto_sync(S, V): ' + p.stdout[-1500:])
p = run('lower', '--auto-sync=off', f'{K}/scalar_read_race.cpp')
expect('auto-sync' not in p.stdout.split('model "')[1] and
       '// auto-sync: off (no compiler-inserted sync is assumed)' in p.stdout,
       'auto-sync off: no added sync, and the header says so')
# a model without <auto-sync> (ascend910): checked as written, and the header says why
p = run('check', '--arch', '1001', f'{K}/scalar_read_race.cpp')
expect(p.returncode == 1 and p.stdout.count('[raw-hazard]') == 1 and 'bad-event-id' not in p.stdout,
       f'--arch 1001: the race, and no flag of the tool\'s own with an id the model lacks: {p.stdout!r}')
p = run('lower', '--arch', '1001', f'{K}/scalar_read_race.cpp')
expect('// auto-sync: model ascend910 does not describe the compiler\'s auto-sync, so the source '
       'is checked as written (as with --auto-sync=off)' in p.stdout.splitlines(),
       f'--arch 1001: the header says auto-sync is not modelled there: {p.stdout[:400]!r}')
p = run('check', '--auto-sync=maybe', f'{K}/scalar_read_race.cpp')
expect(p.returncode == 2 and "--auto-sync takes on or off, got 'maybe'" in p.stderr,
       f'a bad --auto-sync is a usage error: {p.stderr!r}')

# unsupported: reported at its line, the kernel is not verified, never clean
p = run('check', f'{K}/unsupported_softmax.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f"{K}/unsupported_softmax.cpp:19:5: error: 'SoftMax' is not modelled by the Ascend C "
    'frontend [unsupported]\n') and 'NOT VERIFIED' in p.stdout, f'unsupported: {p.stdout!r}')
p = run('lower', f'{K}/unsupported_softmax.cpp')
expect(p.returncode == 2 and p.stderr ==
       f"{K}/unsupported_softmax.cpp:19:5: error: 'SoftMax' is not modelled by the Ascend C "
       'frontend [unsupported]\n'
       f'accelsync: {K}/unsupported_softmax.cpp: 1 of 1 kernel not fully lowered; check reports '
       'them as not verified\n' and 'kernel softmax_row {' in p.stdout,
       f'lower writes what was understood and says what was not: {p.stderr!r}')

# runtime values: a kernel argument's default is named; -D sets it
p = run('lower', f'{K}/static_tensors.cpp')
expect("// runtime value rows = 4: kernel argument 'rows', the default (-D to change)" in p.stdout,
       'the default of a kernel argument is named in the lowered header')
p = run('lower', '-D', 'rows=12', f'{K}/static_tensors.cpp')
expect("// runtime value rows = 12: kernel argument 'rows', given by -D" in p.stdout and
       p.stdout.count('V vexp') == 3, '-D rows=12 runs the loop three times')

# build emulation: the tiling structure from ../op_host, its fields as runtime values, one
# kernel per tiling key the code tests
T = f'{K}/tiled_add/op_kernel/tiled_add.cpp'
p = run('lower', T)
expect(p.returncode == 0 and 'kernel tiled_add_key1 guessed(' in p.stdout and
       'kernel tiled_add_key2 guessed(' in p.stdout,
       f'one kernel per tiling key: {p.stderr!r}')
expect('// runtime value tileNum = 2: tiling field, the default (-D to change)' in p.stdout and
       '// runtime value totalLength = 256: tiling field, the default (-D to change)' in p.stdout,
       'tiling fields default by their names, and the header says so')
p = run('lower', '-D', 'splitOffsets[1]=32', '-D', 'tiling_key=2', T)
expect('// runtime value splitOffsets[1] = 32: tiling field, given by -D' in p.stdout and
       'kernel tiled_add guessed("totalLength" = 256, "tileNum" = 2, "splitOffsets[0]" = 0, '
       '"splitOffsets[2]" = 0, "splitOffsets[3]" = 0) {' in p.stdout and
       '_key' not in p.stdout.split('model "')[1],
       '-D sets an array element of the tiling; -D tiling_key checks that key only')

# lower reads within --max-file-size and says why a file cannot be read
p = run('lower', 'nosuch.cpp')
expect(p.returncode == 2 and p.stdout == '' and
       p.stderr == 'nosuch.cpp: error: cannot read nosuch.cpp: No such file or directory [input-error]\n',
       f'lower on a missing file: {p.stderr!r}')
p = run('lower', '--max-file-size', '100', f'{K}/add_custom.cpp')
expect(p.returncode == 2 and p.stderr == f'{K}/add_custom.cpp: error: cannot read {K}/add_custom.cpp: '
       'file is larger than the input size limit (--max-file-size) [limit-exceeded]\n',
       f'lower honours --max-file-size: {p.stderr!r}')

# fix refuses a kernel source; lower refuses PIR
p = run('fix', f'{K}/missing_wait.cpp')
expect(p.returncode == 2 and 'fix repairs PIR files' in p.stderr, f'fix on a source: {p.stderr!r}')
p = run('lower', 'corpus/ascend910b2/add_custom/add_custom.pir')
expect(p.returncode == 2 and 'not a kernel source' in p.stderr, f'lower on PIR: {p.stderr!r}')

# a directory walk picks kernel sources up; suppression comments work in C++
with tempfile.TemporaryDirectory() as tmp:
    shutil.copy(os.path.join(root, K, 'missing_wait.cpp'), tmp)
    src = os.path.join(tmp, 'missing_wait.cpp')
    text = open(src).read().replace('    Muls(yLocal, xLocal, 2.0f, LEN);',
                                    '    Muls(yLocal, xLocal, 2.0f, LEN);  // accelsync: ignore(raw-hazard) reviewed')
    open(src, 'w').write(text)
    p = run('check', '--format', 'json', tmp)
    data = json.loads(p.stdout)
    expect([f['path'] for f in data['files']] == [src], f'the walk finds the .cpp: {p.stdout[:200]}')
    expect(data['summary']['suppressed'] == 1 and data['summary']['errors'] == 1,
           f'one hazard suppressed by its comment, one left: {data["summary"]}')

# a condition on data whose sides leave the Ascend C layer's state alone is one if (?) joined
# in a run; one whose side changes the queues splits the kernel into runs, the sides of if (?),
# and a kernel with more than 64 of them is unsupported, never partly checked and clean
with tempfile.TemporaryDirectory() as tmp:
    p = run('lower', os.path.join(root, K, 'data_condition_api.cpp'))
    body = [l.split('  //')[0] for l in p.stdout.splitlines()]
    at = body.index('kernel copy_if_negative {')
    choice = body.index('  if (?) {', at)
    expect(body[choice + 1:choice + 4] == ['    auto_sync(S, V);',
                                           '    V vmuls inQueue[0 +: 256] <- inQueue[0 +: 256];',
                                           '    MTE3 copy out[0 +: 256] <- inQueue[0 +: 256];'] and
           body[choice + 4] == '  }' and '  else {' not in body and
           sum(l.strip().startswith('MTE2 copy') for l in body) == 1,
           f'lower: one run, the Muls and the copy out in the joined then side: {body!r}')
    notes = [l for l in p.stdout.splitlines() if l.startswith('// conditions on data')]
    expect(notes == ['// conditions on data whose sides call the Ascend C layer (by source '
                     'place): 1 joined, both sides followed in one run; 0 lowered as runs of '
                     'their own after a try (a side changed the layer\'s state, the join would '
                     'make a value one side knows unknown, or the compiler\'s syncs after them '
                     'depended on the side taken)'],
           f'lower: the header counts the joined condition: {notes!r}')
    p = run('lower', os.path.join(root, K, 'data_branch_queue.cpp'))
    body = [l.split('  //')[0] for l in p.stdout.splitlines()]
    at = body.index('kernel data_branch_queue {')
    expect(body[at + 1] == '  if (?) {' and '  else {' in body[at:] and
           sum(l.strip().startswith('MTE2 copy') for l in body) == 3 and
           '1 lowered as runs of their own after a try' in p.stdout,
           f'lower: a side that changes the queues is a run of its own: {body!r}')
    text = open(os.path.join(root, K, 'data_branch_queue.cpp')).read()
    many = os.path.join(tmp, 'many_runs.cpp')
    open(many, 'w').write(text.replace('        if (zGm.GetValue(0) > 0) {',
                                       '        for (int i = 0; i < 7; i++)\n'
                                       '        if (zGm.GetValue(i) > 0) {'))
    p = run('check', many)
    expect(p.returncode == 2 and f'{many}:49:12: error: ' in p.stdout and
           'more than 64 runs: conditions on data split the kernel into more combinations than '
           'are lowered; lowered as runs: the condition at line 38 (a side changes the layer\'s '
           'state: allocates, queues or frees a buffer, sets an atomic mode, or leaves early) '
           '[unsupported]' in p.stdout,
           f'check: 128 combinations of sides are unsupported at the entry, the condition that '
           f'split named: {p.stdout!r}')
    trips = os.path.join(root, K, 'data_trips_runs.cpp')
    p = run('check', trips)
    expect(f'{trips}:10:12: error: more than 64 runs: conditions on data split the kernel into '
           'more combinations than are lowered; lowered as runs: the condition at line 22 (a '
           'loop\'s test on data: a run per trip count) [unsupported]' in p.stdout.splitlines(),
           f'check: a trip count read from memory, named as what split the kernel: {p.stdout!r}')
    # lower writes the 64 runs it lowered as nested if (?) / else, every block closed once
    # (it once closed one more than it opened, past the limit, and wrote out of bounds)
    p = run('lower', many)
    code = [l.split('//')[0] for l in p.stdout.splitlines()]
    expect(p.returncode == 2 and 'more than 64 runs' in p.stderr and
           sum(l.count('{') for l in code) == sum(l.count('}') for l in code) and
           sum(l.strip() == 'else {' for l in code) == 63,
           f'lower past the run limit: 63 else blocks, braces balanced: {p.stderr[-300:]!r}')

# a header of the opbase package, which the op build stages beside the kernels: the error says
# what it is and which -I finds it
with tempfile.TemporaryDirectory() as tmp:
    for header, dir_ in [('op_kernel/platform_util.h', 'include/op_common'),
                         ('atvoss/util/dag.h', 'pkg_inc/op_common')]:
        k = os.path.join(tmp, 'uses_opbase.cpp')
        open(k, 'w').write(f'#include "kernel_operator.h"\n#include "{header}"\n')
        p = run('check', k)
        expect(p.returncode == 2 and p.stdout.splitlines()[0] ==
               f"{k}:2:10: error: '{header}' file not found; it is the opbase package's "
               '(hicann/opbase), which the op build stages under -I <stage>/common: give -I '
               f'OPBASE/{dir_} (in an installed toolkit <arch>-linux/{dir_}) [source-error]',
               f'{header} not found: what it is, where -I should point: {p.stdout!r}')

# a strided write keeps its rows apart up to 4,096 rows each, and up to 131,072 rows in all in a
# run; past that, spans, said in the header (the rows are regions of the PIR and the index)
rows_src = open(os.path.join(root, K, 'interleaved_rows.cpp')).read()
with tempfile.TemporaryDirectory() as tmp:
    for iterations, spans in ((600, False), (700, True)):
        looped = os.path.join(tmp, f'rows_{iterations}.cpp')
        open(looped, 'w').write(rows_src.replace(
            '    DataCopy(yg, e, rows);\n    DataCopy(yg[8], o, rows);\n',
            f'    for (int i = 0; i < {iterations}; i++) {{\n'
            '        DataCopy(yg, e, rows);\n        DataCopy(yg[8], o, rows);\n    }\n'))
        p = run('lower', looped)
        note = ('a strided write of more than 4096 rows, or past 131072 rows of strided writes '
                'in a run, is written as the span from its first row to its last')
        body = [l.split('  //')[0].strip() for l in p.stdout.splitlines()]
        copies = [l for l in body if l.startswith('MTE3 copy')]
        expect(p.returncode == 0 and (note in p.stdout) == spans and len(copies) == 2 * iterations
               and (copies[-1].count('y[') == 1) == spans and copies[0].count('y[') == 100,
               f'lower: {iterations} x 200 rows: {"spans past" if spans else "rows up to"} '
               f'131,072: {p.stdout[:300]!r} {copies[-1][:100]!r}')

# a finding inside helper methods names the calls that reach each statement, innermost first,
# in text, JSON and SARIF
p = run('check', f'{K}/inlined_chain.cpp')
text = [l for l in p.stdout.splitlines() if not l.startswith(' ')]
expect(p.returncode == 1 and text[:6] == [
    f'{K}/inlined_chain.cpp:30:40: error: V vmuls reads buf bytes [0, 1024) while MTE2 copy at line 29 '
    'may still be writing them [raw-hazard]',
    f'{K}/inlined_chain.cpp:24:9: note: in KernelScale::Compute, inlined from here',
    f'{K}/inlined_chain.cpp:48:5: note: in KernelScale::Process, inlined from here',
    f'{K}/inlined_chain.cpp:29:39: note: first access: MTE2 copy',
    f'{K}/inlined_chain.cpp:23:9: note: first access in KernelScale::CopyIn, inlined from here',
    f'{K}/inlined_chain.cpp:48:5: note: first access in KernelScale::Process, inlined from here'],
    f'check: the inlining chains of both statements as notes: {text[:6]!r}')
p = run('check', '--format', 'json', f'{K}/inlined_chain.cpp')
f0 = json.loads(p.stdout)['files'][0]['kernels'][0]['findings'][0]
expect([(n['line'], n['of'], n['message']) for n in f0.get('notes', [])] == [
    (24, 'location', 'in KernelScale::Compute, inlined from here'),
    (48, 'location', 'in KernelScale::Process, inlined from here'),
    (23, 'related', 'first access in KernelScale::CopyIn, inlined from here'),
    (48, 'related', 'first access in KernelScale::Process, inlined from here')],
    f'check --format json: the notes: {f0.get("notes")!r}')
p = run('check', '--format', 'sarif', f'{K}/inlined_chain.cpp')
rel = json.loads(p.stdout)['runs'][0]['results'][0]['relatedLocations']
expect([r['message']['text'] for r in rel] == [
    'first access: MTE2 copy', 'in KernelScale::Compute, inlined from here',
    'in KernelScale::Process, inlined from here',
    'first access in KernelScale::CopyIn, inlined from here',
    'first access in KernelScale::Process, inlined from here'],
    f'check --format sarif: the notes as related locations: {rel!r}')

# guessed tiling values (docs/frontends.md, "Guessed tiling values"): refitted to fit UB,
# listed on the kernel, out-of-bounds under them a note, no fitting guess not verified
G = f'{K}/guessed'
p = run('lower', f'{G}/refit_to_ub.cpp')
expect(f'kernel refit_to_ub guessed("rowLength" = 64, "colLength" = 64) {{  // from {G}/refit_to_ub.cpp:17:12'
       in p.stdout.splitlines() and
       f'buffer outQueue_1 : UB[16384] @ 0xc000;  // TQue VECOUT buffer 1 of 2 from {G}/refit_to_ub.cpp:29:5'
       in p.stdout.splitlines(),
       f'lower: the size guesses halved until the queues fit UB, and listed: {p.stdout[:2000]!r}')
expect('// kernel refit_to_ub: guessed("rowLength" = 64, "colLength" = 64), not the guesses by name, '
       "under which buffer 'outQueue_1' (bytes 786432..1048575) does not fit in UB (196608 bytes)"
       in p.stdout.splitlines(), f'lower: the header says why the guesses are smaller: {p.stdout[:2000]!r}')
p = run('check', f'{G}/refit_to_ub.cpp')
expect(p.returncode == 0 and p.stdout ==
       f"{G}/refit_to_ub.cpp: note: kernel 'refit_to_ub' was checked with guessed values "
       'rowLength = 64, colLength = 64: give the real ones with -D or --tiling FILE\n'
       'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings; 1 kernel checked with guessed values\n',
       f'check: a verdict under guessed values says which: {p.stdout!r}')
p = run('lower', f'{G}/long_guess.cpp')
expect('// kernel long_guess: guessed("tileLength" = 128), not the guesses by name, under which the '
       'kernel runs more than 100000 statements and calls' in p.stdout.splitlines() and
       f'kernel long_guess guessed("tileLength" = 128) {{  // from {G}/long_guess.cpp:20:12'
       in p.stdout.splitlines(),
       f'lower: a guessed lowering past its share of --max-events is tried with smaller sizes: '
       f'{p.stdout[:1500]!r}')
p = run('check', '--max-events', '200000', f'{G}/long_guess.cpp')
expect(p.returncode == 0 and p.stdout.splitlines()[0] ==
       f"{G}/long_guess.cpp: note: kernel 'long_guess' was checked with guessed values "
       'tileLength = 16: give the real ones with -D or --tiling FILE',
       f'check: the share follows --max-events (2,000 statements: 32 x 32 x 4 is 4,096, '
       f'16 x 16 x 4 fits): {p.stdout!r}')
p = run('check', '-D', 'tileLength=256', f'{G}/long_guess.cpp')
expect(p.returncode == 0 and p.stdout == 'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n',
       f'check: a given value runs the whole loop, past the share of guesses: {p.stdout!r}')
p = run('lower', f'{G}/long_own_loop.cpp')
expect(f'kernel long_own_loop guessed("tileLength" = 256) {{  // from {G}/long_own_loop.cpp:18:12'
       in p.stdout.splitlines() and 'not the guesses by name' not in p.stdout,
       f'lower: a kernel long before it reads a size guess keeps the guesses by name: '
       f'{p.stdout[:1500]!r}')
p = run('lower', f'{G}/negative_tail.cpp')
expect('kernel negative_tail guessed("blockLength" = 256, "tileNum" = 1, "tileLength" = 256) {  '
       f'// from {G}/negative_tail.cpp:20:12' in p.stdout.splitlines(),
       f'lower: a count guess that makes a length negative is tried as 1: {p.stdout[:2000]!r}')
p = run('check', f'{G}/oob_under_guesses.cpp')
expect(p.returncode == 0 and p.stdout.splitlines()[0] ==
       f'{G}/oob_under_guesses.cpp:28:5: note: region [0, 2048) is outside buffer \'bind\' (1024 bytes), '
       'under guessed values tileLength = 256, padLength = 256: give the real ones with -D or '
       '--tiling FILE [out-of-bounds]' and p.stdout.splitlines()[-1] ==
       'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings, 2 notes; 1 kernel checked with guessed values',
       f'check: out-of-bounds under guessed values is a note: {p.stdout!r}')
p = run('check', '-D', 'tileLength=64', '-D', 'padLength=16', f'{G}/oob_under_guesses.cpp')
expect(p.returncode == 1 and p.stdout.splitlines()[0] ==
       f'{G}/oob_under_guesses.cpp:28:5: error: region [0, 320) is outside buffer \'bind\' (256 bytes) '
       '[out-of-bounds]' and 'guessed values' not in p.stdout,
       f'check: the same out-of-bounds under given values is an error: {p.stdout!r}')
p = run('check', '--format', 'json', f'{G}/oob_under_guesses.cpp')
doc = json.loads(p.stdout)
kern = doc['files'][0]['kernels'][0]
expect(kern['guessed'] == {'tileLength': 256, 'padLength': 256} and
       [f['severity'] for f in kern['findings']] == ['note', 'note'] and
       doc['summary']['notes'] == 2 and doc['summary']['guessed_kernels'] == 1 and
       doc['summary']['errors'] == 0 and doc['summary']['exit_code'] == 0,
       f'check --format json: the guessed values per kernel, notes counted apart: {kern!r}')
p = run('check', '--format', 'sarif', f'{G}/oob_under_guesses.cpp')
sarif = json.loads(p.stdout)['runs'][0]
expect([r['level'] for r in sarif['results']] == ['note', 'note'] and
       [(n['level'], n['message']['text']) for n in sarif['invocations'][0]['toolExecutionNotifications']] ==
       [('note', "kernel 'oob_under_guesses' was checked with guessed values tileLength = 256, "
                 'padLength = 256: give the real ones with -D or --tiling FILE')],
       f'check --format sarif: note results and a note naming the guesses: {sarif["invocations"]!r}')
p = run('check', f'{G}/no_fitting_guess.cpp')
expect(p.returncode == 2 and p.stdout.splitlines()[0] ==
       f'{G}/no_fitting_guess.cpp:14:12: error: the guessed tiling values do not fit: with every size '
       "field guessed from 256 down to 1, buffer 'bind' (bytes 0..1048575) does not fit in UB "
       '(196608 bytes); give the real values with --tiling FILE or -D NAME=VALUE [unsupported]' and
       p.stdout.splitlines()[-1] == 'accelsync: 1 file, 0 kernels: 1 error, 0 warnings; 1 file NOT VERIFIED',
       f'check: no guess fits: not verified, with the reason: {p.stdout!r}')
p = run('check', f'{G}/no_fitting_count.cpp')
expect(p.returncode == 2 and p.stdout.splitlines()[0] ==
       f'{G}/no_fitting_count.cpp:15:12: error: the guessed tiling values do not fit: with every size '
       'field guessed from 256 down to 1 and every count field as 2 and as 1, buffer \'bind\' (bytes '
       '0..1048575) does not fit in UB (196608 bytes); give the real values with --tiling FILE or '
       '-D NAME=VALUE [unsupported]',
       f'check: no guess fits, counts tried too: not verified, with the reason: {p.stdout!r}')
p = run('lower', f'{G}/no_fitting_guess.cpp')
expect(p.returncode == 2 and f'kernel no_fitting_guess guessed("tileLength" = 1) {{  // from '
       f'{G}/no_fitting_guess.cpp:14:12' in p.stdout.splitlines(),
       f'lower: no guess fits: the last guesses tried are shown: {p.stdout[-1500:]!r}')
p = run('check', '-D', 'tileLength=1', f'{G}/no_fitting_guess.cpp')
expect(p.returncode == 1 and "error: buffer 'bind' (bytes 0..1048575) does not fit in UB (196608 bytes) "
       '[out-of-bounds]' in p.stdout,
       f'check: the same buffer from a given value is an out-of-bounds error: {p.stdout!r}')

# several files on several threads: the same report as one after the other
one = run('check', '-j', '1', '-I', f'{K}/include', K)
two = run('check', '-j', '2', '-I', f'{K}/include', K)
expect(one.returncode == two.returncode == 2 and one.stdout == two.stdout and 'tiled_add' in one.stdout,
       'check -j 2 over the kernel sources prints what -j 1 prints')

# docs/frontends.md shows a real run
doc = open(os.path.join(root, 'docs', 'frontends.md')).read()
shown = doc.split(f'$ accelsync lower {K}/scalar_read_race.cpp\n')[1].split('```')[0]
expect(shown == run('lower', f'{K}/scalar_read_race.cpp').stdout,
       'docs/frontends.md: the lower example is what the tool prints')

# a member through a pointer nothing set, or through nullptr: unsupported, saying which
p = run('check', '--sdk', 'none', '-D', 'useNull=0', f'{K}/member_of_unset_pointer.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{K}/member_of_unset_pointer.cpp:17:9: error: member \'len\' through a pointer never given a '
    'value the frontend knows: an object never set up under the values the kernel was lowered '
    'with, or one data decides [unsupported]'), f'member through an unset pointer: {p.stdout[:300]}')
p = run('check', '--sdk', 'none', '-D', 'useNull=1', f'{K}/member_of_unset_pointer.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{K}/member_of_unset_pointer.cpp:20:9: error: member \'len\' through a null pointer: an object '
    'never set up under the values the kernel was lowered with [unsupported]'),
    f'member through nullptr: {p.stdout[:300]}')

finish()
