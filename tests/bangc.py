#!/usr/bin/env python3
"""The BANG C frontend as a user meets it: `lower` writes one IPU for a BLOCK task and clusters
of one MPU and four IPUs for --task-type UNIONn, every line with its source location; check
reports races between clusters at source lines with the cores named; -D moves taskId;
unmodelled intrinsics, untraceable addresses and bad task types are errors with file:line:col
(exit 2), never a clean verdict; a directory walk picks up .mlu files; a condition on data is
`if (?)` (sides written the same once, an empty else dropped, a guard after an early return).

usage: bangc.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import json
import os
import subprocess
import sys
import tempfile
import time
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
K = 'tests/frontend/bangc'


def write(path, text):
    """Writes a test source and returns its path."""
    with open(path, 'w') as out:
        out.write(text)
    return path


def run(*args, cwd=None, stdin=None):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=cwd or root,
                          input=stdin)


# lower, BLOCK: one IPU; on-chip arrays are buffers, kernel pointers GDRAM, taskId a runtime value
p = run('lower', f'{K}/scalar_max.mlu')
lines = p.stdout.splitlines()
expect(p.returncode == 0 and p.stderr == '', f'lower scalar_max: exit 0, quiet: {p.stderr!r}')
expect(lines[0] == f'// {K}/scalar_max.mlu lowered by accelsync 0.1.0 (BANG C frontend); '
       'checked as written here', f'lower: first line names the source: {lines[0]!r}')
expect('// task type BLOCK: one IPU (--task-type UNIONn for clusters)' in lines,
       'lower: the task type is said')
expect('// runtime value taskId = 0: taskId of the BLOCK task checked, the default (-D to change)'
       in lines, 'lower: taskId is a named runtime value')
expect('model "mlu370";' in lines, 'lower: the default model is mlu370')
expect(f'buffer row : NRAM[256];  // an on-chip array of the kernel from {K}/scalar_max.mlu:10:1'
       in lines, 'lower: __nram__ float row[64] is a 256-byte NRAM buffer')
expect(f'  IO memcpy_async row[0 +: 256] <- x[0 +: 256];  // from {K}/scalar_max.mlu:14:3' in lines,
       'lower: __memcpy_async GDRAM2NRAM is an IO memcpy_async')
expect(f'  ALU load_scalar <- row[8 +: 4] as read__3;  // from {K}/scalar_max.mlu:18:15' in lines,
       'lower: row[i] with i = 2 is a 4-byte ALU load at byte 8')
expect(f'  ALU store_scalar out[12 +: 4];  // from {K}/scalar_max.mlu:22:3' in lines,
       'lower: *q with q = out + 3 is a 4-byte ALU store at byte 12')
expect(f'  sync_io();  // from {K}/scalar_max.mlu:15:3' in lines, 'lower: __sync_io()')

# -D taskId moves the task's slice of GDRAM
p = run('lower', '-D', 'taskId=3', f'{K}/scalar_max.mlu')
expect(f'  IO memcpy_async row[0 +: 256] <- x[768 +: 256];  // from {K}/scalar_max.mlu:14:3'
       in p.stdout.splitlines(), 'lower -D taskId=3: the load reads the fourth row')

# strided copies: one region per segment
p = run('lower', f'{K}/strided_copy.mlu')
expect(f'  IO memcpy_async buf[0 +: 256], buf[256 +: 256], buf[512 +: 256] <- mat[0 +: 256], '
       f'mat[1024 +: 256], mat[2048 +: 256];  // from {K}/strided_copy.mlu:11:3'
       in p.stdout.splitlines(), 'lower: a strided __memcpy_async has segnum + 1 segments')
expect(f'  sync();  // from {K}/strided_copy.mlu:18:3' in p.stdout.splitlines(),
       'lower: asm volatile("sync;") is sync()')

# __nramset_async: segnum + 1 segments of n elements, dst_stride apart, on MOVE
p = run('lower', f'{K}/nramset_async.mlu')
expect(f'  MOVE memset_async rows[0 +: 4], rows[64 +: 4], rows[128 +: 4], rows[192 +: 4];  // from '
       f'{K}/nramset_async.mlu:17:3' in p.stdout.splitlines(),
       'lower: __nramset_async writes one element at the start of each of the four rows')

# inline fuse.nram: dst written, [src0] and the bracketed chained operand read, size elements
p = run('lower', f'{K}/asm_fuse.mlu')
expect(f'  COMPUTE bang_fuse mask[0 +: 256] <- src[0 +: 256], bits[0 +: 256];  // from '
       f'{K}/asm_fuse.mlu:16:3' in p.stdout.splitlines(),
       'lower: an inline fuse.nram.s32 is a COMPUTE access of its memory operands')

# __bang_atomic_reduce_add: dst read and written on IO, src read; a value src reads nothing
p = run('lower', f'{K}/atomic_reduce.mlu')
lines = p.stdout.splitlines()
expect(f'  IO atomic_reduce_add grad[0 +: 256] <- grad[0 +: 256], row[0 +: 256];  // from '
       f'{K}/atomic_reduce.mlu:15:3' in lines
       and f'  IO atomic_reduce_add grad[256 +: 4] <- grad[256 +: 4];  // from '
       f'{K}/atomic_reduce.mlu:17:3' in lines,
       'lower: an atomic reduction reads and writes dst, and reads src only from memory')

# __bang_sumpool: src read whole, dst channels x windows
p = run('lower', f'{K}/sumpool.mlu')
expect(f'  COMPUTE bang_sumpool out[0 +: 256] <- in_[0 +: 1024];  // from {K}/sumpool.mlu:15:3'
       in p.stdout.splitlines(), 'lower: a 2 x 2 sum pool of a 4 x 4 x 16 array writes 4 x 16')

# __bang_argmax: 8 bytes of dst (value, then the index as an int), src n elements
p = run('lower', f'{K}/argmax.mlu')
expect(f'  COMPUTE bang_argmax res[0 +: 8] <- src[0 +: 256];  // from {K}/argmax.mlu:14:3'
       in p.stdout.splitlines(), 'lower: __bang_argmax writes the value and its index')

# __gather NRAM2NRAM: on MOVE, one region per piece, src whole, offsets count x 4 bytes
p = run('lower', f'{K}/gather.mlu')
pieces = ', '.join(f'picked[{8 * k} +: 4]' for k in range(8))
expect(f'  MOVE gather {pieces} <- table, offs[0 +: 32];  // whole buffer (an offset or size '
       f'not known before the kernel runs), from {K}/gather.mlu:16:3' in p.stdout.splitlines(),
       'lower: __gather writes count pieces dst_stride apart and reads the offsets')

# strided __bang_move: count pieces, not count + 1; __bang_rem with a value reads only a
p = run('lower', f'{K}/move_strided.mlu')
lines = p.stdout.splitlines()
expect(any(l.startswith('  COMPUTE bang_move inter[0 +: 4], ') and 'inter[120 +: 4] <- a[0 +: 4]'
           in l and 'inter[128' not in l for l in lines)
       and f'  COMPUTE bang_rem a[0 +: 64] <- a[0 +: 64];  // from {K}/move_strided.mlu:15:3'
       in lines, 'lower: a strided __bang_move writes 16 pieces; __bang_rem(a, a, 7.0f) reads a')

# the vector gather in inline assembly: COMPUTE, num pieces, src whole, offsets read
p = run('lower', f'{K}/asm_gather.mlu')
expect(f'  COMPUTE bang_gather out[0 +: 128] <- table, offs[0 +: 128];  // whole buffer (an '
       f'offset or size not known before the kernel runs), from {K}/asm_gather.mlu:14:3'
       in p.stdout.splitlines(), 'lower: gather.vector.nram.nram.nram.u32 is a COMPUTE gather')

# value reductions read n elements; __bang_filter writes all n; __gdramset is an IO memset
p = run('lower', f'{K}/filter_count.mlu')
lines = p.stdout.splitlines()
expect(f'  COMPUTE bang_count <- mask[0 +: 256];  // from {K}/filter_count.mlu:20:11' in lines
       and f'  COMPUTE bang_filter packed[0 +: 256] <- a[0 +: 256], mask[0 +: 256];  // from '
       f'{K}/filter_count.mlu:22:3' in lines
       and f'  IO memset z[0 +: 256];  // from {K}/filter_count.mlu:25:3' in lines,
       'lower: __bang_count reads, __bang_filter writes n, __gdramset is an IO memset')

# an asm template the frontend cannot read (made by a macro) is reported, not skipped
src = write(os.path.join(tempfile.mkdtemp(), 'asm_macro.mlu'),
            '#include <bang.h>\n#define INSN "sync;"\n__nram__ float b[4];\n'
            '__mlu_global__ void k(float *y) {\n  asm volatile(INSN);\n'
            '  __memcpy(y, b, 16, NRAM2GDRAM);\n}\n')
p = run('check', src)
expect(p.returncode == 2 and f"{src}:5:3: error: this asm statement's template or operands are "
       'not read by the frontend [unsupported]' in p.stdout,
       f'check: an asm template from a macro is unsupported at its line: {p.stdout!r}')

# an address read from an argument's memory: a GDRAM buffer per word it is read from
p = run('lower', f'{K}/pointer_table.mlu')
lines = p.stdout.splitlines()
expect(f'buffer outs_at8 : GDRAM[1024];  // what the address at byte 8 of outs points to from '
       f'{K}/pointer_table.mlu:19:18' in lines
       and f'  ALU load_scalar <- outs[8 +: 8] as read__2;  // from {K}/pointer_table.mlu:19:18' in lines
       and f'  IO memcpy_async outs_at8[0 +: 1024] <- res[0 +: 1024];  // from '
       f'{K}/pointer_table.mlu:20:5' in lines,
       'lower: the second row goes where the table\'s second word points: ' + p.stdout[-1500:])

# lower, UNION1: a cluster of the MPU and four IPUs, each with its own coreId and taskId
p = run('lower', '--task-type', 'UNION1', f'{K}/sram_staging.mlu')
lines = p.stdout.splitlines()
expect(p.returncode == 0, f'lower --task-type UNION1: exit 0: {p.stderr!r}')
expect([l.split('  //')[0] for l in lines if l.lstrip().startswith(('cluster', 'core'))] ==
       ['  cluster c0 {', '    core mpu : MPU {', '    core ipu0 : IPU {', '    core ipu1 : IPU {',
        '    core ipu2 : IPU {', '    core ipu3 : IPU {'],
       'lower UNION1: one cluster block, the MPU then four IPUs')
expect(f'      IO memcpy y[3072 +: 1024] <- x_nram[0 +: 1024];  // from {K}/sram_staging.mlu:25:3'
       in lines, 'lower UNION1: IPU 3 stores the fourth slice (taskId 3)')
expect(f'buffer w_sram : SRAM[4096];  // an on-chip array of the kernel from {K}/sram_staging.mlu:10:1'
       in lines, 'lower: __mlu_shared__ is SRAM')

# check, UNION2: the race between clusters at the source line, the cores named
p = run('check', '--task-type', 'UNION2', '--format', 'json', f'{K}/two_cluster_reduce.mlu')
f = json.loads(p.stdout)['files'][0]
found = [(x['check'], x['location']['line'], x['message']) for k in f['kernels'] for x in k['findings']]
expect(p.returncode == 1 and found == [
    ('raw-hazard', 26, 'IO memcpy on c0.ipu0 reads ws bytes [512, 640) while IO memcpy on c1.ipu0 '
     'at line 22 may still be writing them')],
       f'check UNION2: one race between the clusters, at the gather: {found}')
p = run('check', '--task-type', 'UNION2', f'{K}/two_cluster_reduce_sync_all.mlu')
expect(p.returncode == 0, f'check UNION2 with __sync_all(): clean: {p.stdout}')

# an enum kernel argument: one kernel per value the source names, one for all the others (a
# value unlike each named one: comparisons say no, a switch takes its default); the others'
# kernel that accesses nothing is not a kernel of its own, and a note says so
p = run('lower', '--task-type', 'UNION1', f'{K}/enum_dtype_per_launch.mlu')
kernels = [line.split()[1] for line in p.stdout.splitlines() if line.startswith('kernel ')]
expect(kernels == ['by_type_DT_HALF', 'by_type_DT_FLOAT'],
       f'lower: one kernel per enumerator the source names: {kernels}')
expect("// entry by_type: with 'dtype' one of the values the source does not name, it accesses "
       "no memory: not a kernel of its own" in p.stdout.splitlines(),
       f'lower: the others make no kernel, and a note says so: {p.stdout[:600]!r}')
expect("// runtime value dtype: kernel argument 'dtype': one kernel per value the source names "
       "(DT_HALF, DT_FLOAT), and one for all the others" in p.stdout.splitlines(),
       f'lower: the header says which value a kernel has: {p.stdout[:900]!r}')
p = run('check', '--format', 'json', '--task-type', 'UNION1', f'{K}/enum_dtype_per_launch_race.mlu')
found = {k['name']: [x['check'] for x in k['findings']] for f in json.loads(p.stdout)['files']
         for k in f['kernels']}
expect(found == {'by_type_DT_HALF': [], 'by_type_DT_FLOAT': [],
                 'by_type_dtype_other': ['waw-hazard']},
       f'check: the others take the last else, where the race is: {found}')
with tempfile.TemporaryDirectory() as tmp:
    many = write(os.path.join(tmp, 'many_enums.mlu'),
                 '#include <bang.h>\nenum m_t { A = 0, B = 1 };\n__nram__ char b[64];\n'
                 '__mlu_global__ void k(char *g, m_t p, m_t q, m_t r, m_t s, m_t t) {\n'
                 '  if (p == A && q == B && r == A && s == B && t == A) {\n'
                 '    __memcpy(b, g, 64, GDRAM2NRAM);\n  }\n}\n')
    p = run('lower', many)
    expect('// entry k: its enum arguments take 32 combinations of the values the source names, '
           'past 16: each stays unknown, a choice of its own on every core (-D NAME=VALUE fixes '
           'one)' in p.stdout.splitlines() and 'kernel k {' in p.stdout,
           f'lower: past 16 combinations the enum arguments stay unknown, said: {p.stdout[:700]!r}')
    segs = write(os.path.join(tmp, 'no_segment.mlu'),
                 '#include <bang.h>\n__nram__ char b[64];\n'
                 '__mlu_global__ void k(char *g, int n) {\n'
                 '  __memcpy(b, g, 4, GDRAM2NRAM, 4, 4, n - 5);\n}\n')
    p = run('check', segs)
    expect(p.returncode == 2 and p.stdout.startswith(
        f'{segs}:4:3: error: the destination has segnum -1 under the values the kernel was '
        'lowered with (segnum + 1 segments: none) [unsupported]'),
        f'check: a segment count below one under the default values is said so: {p.stdout!r}')
    stacked = write(os.path.join(tmp, 'stacked_default.mlu'),
                    '#include <bang.h>\n__nram__ int b[16];\n__mlu_global__ void k(int *g) {\n'
                    '  __memcpy(b, g, 64, GDRAM2NRAM);\n  switch (b[0]) {\n    case 0:\n'
                    '    default:\n      __memcpy(g + 16, b, 64, NRAM2GDRAM);\n  }\n}\n')
    p = run('lower', stacked)
    expect(p.returncode == 0 and 'if (?)' not in p.stdout
           and 'IO memcpy g[64 +: 64] <- b[0 +: 64];' in p.stdout,
           f'lower: a default stacked under `case 0:` is the default: no value ends the switch '
           f'unmatched: {p.stdout!r}')
    unnamed = write(os.path.join(tmp, 'unnamed_enum.mlu'),
                    '#include <bang.h>\nenum m_t { A = 0, B = 1 };\n'
                    '__mlu_global__ void k(char *g, m_t mode) {\n}\n')
    p = run('check', unnamed)
    expect(p.returncode == 2 and p.stdout.startswith(
        f"{unnamed}:3:1: warning: kernel 'k' accesses no memory as it was read"),
        f'check: an entry whose one kernel is the values not named is still a kernel, and an '
        f'empty one is said: {p.stdout!r}')
    p = run('lower', '-D', 'p=0', '-D', 'q=1', many)
    kernels = [line.split()[1] for line in p.stdout.splitlines() if line.startswith('kernel ')]
    expect(kernels == ['k_A_A_A', 'k_A_A_B', 'k_A_B_A', 'k_A_B_B', 'k_B_A_A', 'k_B_A_B',
                       'k_B_B_A', 'k_B_B_B'],
           f'lower: -D fixes an enum argument, the others vary: {kernels}')

# not modelled: exit 2, the construct's line, never clean
p = run('check', f'{K}/unsupported_intrinsic.mlu')
expect(p.returncode == 2 and p.stdout.startswith(
    f"{K}/unsupported_intrinsic.mlu:11:3: error: '__bang_mlp' is not modelled by the BANG C "
    "frontend [unsupported]\n"), f'check: an unmodelled intrinsic is unsupported: {p.stdout!r}')
expect('1 file NOT VERIFIED' in p.stdout, 'check: the file is not verified')
with tempfile.TemporaryDirectory() as tmp:
    src = write(os.path.join(tmp, 'runtime_dir.mlu'),
                '#include <bang.h>\n__nram__ char b[64];\n'
                '__mlu_global__ void k(char *g, mluMemcpyDirection_t dir) {\n'
                '  __memcpy(b, g, 64, dir);\n}\n')
    p = run('check', src)
    expect(p.returncode == 2 and p.stdout.startswith(
        f'{src}:4:3: error: the copy direction is not known before the kernel runs'),
        f'check: a direction given at run time is unsupported at the call: {p.stdout!r}')
    bad = write(os.path.join(tmp, 'bad.mlu'),
                '#include <bang.h>\n__mlu_global__ void k(float *g) {\n  __bang_add(g)\n}\n')
    p = run('check', bad)
    expect(p.returncode == 2 and f'{bad}:3:16: error: expected \';\' after expression '
           '[source-error]' in p.stdout, f'check: a C++ error is a source-error: {p.stdout!r}')
    macro = write(os.path.join(tmp, 'macro_op.mlu'),
                  '#include <bang.h>\n#define MUL(a, b) a * b\n#define N 256\n'
                  '#define CEIL_ALIGN(x, a) (((x) + (a) - 1) / (a) * (a))\n'
                  '#define OFF(x) (sizeof(float *) * (x))\n'
                  '#define OFF2(x) (static_cast<int>(x) * 8)\n'
                  'template <bool B> struct Sel { static const int v = B ? 2 : 3; };\n'
                  '#define OFF3(x) ((x) * Sel<1 < 2>::v)\n__nram__ char b[4096];\n'
                  '__mlu_global__ void k(char *g, int n) {\n'
                  '  __memcpy(b, g + n * N, 16, GDRAM2NRAM);\n'
                  '  __memcpy(b, g, MUL(n, 2), GDRAM2NRAM);\n'
                  '  __memcpy(b, g, CEIL_ALIGN(n * 5, 8), GDRAM2NRAM);\n'
                  '  __memcpy(b, g, OFF2(n), GDRAM2NRAM);\n'
                  '  __memcpy(b, g, OFF(n), GDRAM2NRAM);\n'
                  '  __memcpy(b, g, OFF3(n), GDRAM2NRAM);\n}\n')
    p = run('lower', macro)
    lines = p.stdout.splitlines()
    expect(f'  IO memcpy b[0 +: 16] <- g[1024 +: 16];  // from {macro}:11:3' in lines,
           f'lower: n * N with N a macro is 4 * 256: {p.stdout!r}')
    expect(f'  IO memcpy b[0 +: 8] <- g[0 +: 8];  // from {macro}:12:3' in lines,
           'lower: MUL(n, 2), its operator written in the definition, is 8 (not the argument comma)')
    expect(f'  IO memcpy b[0 +: 24] <- g[0 +: 24];  // from {macro}:13:3' in lines,
           'lower: CEIL_ALIGN(n * 5, 8) expands to 24')
    expect(f'  IO memcpy b[0 +: 32] <- g[0 +: 32];  // from {macro}:14:3' in lines,
           f'lower: the < > of a cast are its template argument list, not comparisons: '
           f'static_cast<int>(n) * 8 is 32: {p.stdout!r}')
    expect(f'  IO memcpy b[0 +: 32] <- g[0 +: 32];  // from {macro}:15:3' in lines,
           f'lower: the * of the type in sizeof(float *) is not an operator: 8 * 4: {p.stdout!r}')
    expect(f'  IO memcpy b <- g;  // whole buffer (an offset or size not known before the kernel '
           f'runs), from {macro}:16:3' in lines,
           f'lower: a macro whose operators cannot be matched (a comparison inside a template '
           f'argument list) is an unknown size, never a guess: the copy is taken to touch both '
           f'whole buffers: {p.stdout!r}')
    scalar_io = write(os.path.join(tmp, 'load_store.mlu'),
                      '#include <bang.h>\n__nram__ float v[16];\n__mlu_global__ void k(float *g) {\n'
                      '  float a = __load_gdram(g + 3);\n  __store_nram(v + 2, a);\n'
                      '  __memcpy(g, v, 64, NRAM2GDRAM);\n}\n')
    p = run('lower', scalar_io)
    lines = p.stdout.splitlines()
    expect(f'  ALU load_scalar <- g[12 +: 4] as read__1;  // from {scalar_io}:4:13' in lines and
           f'  ALU store_scalar v[8 +: 4];  // from {scalar_io}:5:3' in lines,
           f'lower: __load_gdram / __store_nram are 4-byte ALU accesses: {p.stdout!r}')
    os.mkdir(os.path.join(tmp, 'tree'))
    write(os.path.join(tmp, 'tree', 'k.mlu'),
          '#include <bang.h>\n__nram__ float a[8];\n'
          '__mlu_global__ void k(float *g) {\n  __memcpy(a, g, 32, GDRAM2NRAM);\n}\n')
    p = run('check', os.path.join(tmp, 'tree'))
    expect(p.returncode == 0 and 'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings' in p.stdout,
           f'check DIR: .mlu files are found by the walk: {p.stdout!r}')

    # conditions on data: sides written the same are one; an early exit guards what follows
    same = write(os.path.join(tmp, 'same_sides.mlu'),
                 '#include <bang.h>\n__nram__ float a[8];\n__mlu_global__ void k(float *g) {\n'
                 '  if (a[0] > 0) { a[1] = 1; } else { a[1] = 2; }\n}\n')
    p = run('lower', same)
    body = [l.split('  //')[0] for l in p.stdout.splitlines()[p.stdout.splitlines().index(
        next(l for l in p.stdout.splitlines() if l.startswith('kernel'))):]]
    expect(p.returncode == 0 and body == ['kernel k {', '  ALU load_scalar <- a[0 +: 4] as read__1;',
                                          '  use read__1;', '  ALU store_scalar a[4 +: 4];', '}'],
           f'lower: two sides that store the same bytes are written once, no choice: {body!r}')
    tmpl = write(os.path.join(tmp, 'template_macro.mlu'),
                 '#include <bang.h>\n#define MAXV(a, b) ((a) > (b) ? (a) : (b))\n'
                 '__nram__ float row[8];\ntemplate <typename T>\n'
                 '__mlu_func__ void f(T *x, int n) {\n  int m = MAXV(n - 2, 0);\n'
                 '  for (int i = 0; i < m; i++) __memcpy(row, x + i, 4, GDRAM2NRAM);\n}\n'
                 '__mlu_global__ void k(float *x, int n) { f(x, n); }\n')
    p = run('lower', '-D', 'n=5', tmpl)
    copies = [l.split('  //')[0].strip() for l in p.stdout.splitlines() if 'IO memcpy' in l]
    expect(p.returncode == 0 and copies == [f'IO memcpy row[0 +: 4] <- x[{4 * i} +: 4];' for i in range(3)],
           f'lower: an operator in a macro definition is read in a template instantiation too: {p.stdout!r}')
    two = write(os.path.join(tmp, 'two_unsupported.mlu'),
                '#include <bang.h>\n__nram__ float a[64];\n__mlu_global__ void k(float *g) {\n'
                '  __bang_mlp(a, a, a, 4, 4);\n  __bang_conv(a, a, a, 4, 4);\n}\n')
    c, l = run('check', two), run('lower', two)
    expect(c.returncode == 2 and c.stdout.count('[unsupported]') == 1 and
           f'{two}:4:3: error: \'__bang_mlp\' is not modelled' in c.stdout,
           f'check: the lowering of a kernel ends at its first unsupported construct: {c.stdout!r}')
    expect(l.stderr.count('[unsupported]') + l.stdout.count('[unsupported]') == 2,
           f'lower: every unsupported construct is reported: {l.stdout!r} {l.stderr!r}')
    neg = write(os.path.join(tmp, 'negative_size.mlu'),
                '#include <bang.h>\n__nram__ float a[64];\n__mlu_global__ void k(float *g, int n) {\n'
                '  __memcpy(a, g, n - 8, GDRAM2NRAM);\n}\n')
    p = run('check', '-D', 'n=7', neg)
    expect(p.returncode == 2 and p.stdout.startswith(
        f'{neg}:4:3: error: the destination has a negative offset or size under the values the '
        'kernel was lowered with [unsupported]'),
        f'check: a known size of -1 is a negative size, not one data decides: {p.stdout!r}')
    budget = run('check', '--max-events', '40', f'{K}/data_branch.mlu')
    expect(budget.returncode == 2 and 'statements and calls under the values it was lowered with '
           '(a condition on data counts the values it copies)' in budget.stdout,
           f'check: the copies at conditions on data count toward the budget: {budget.stdout!r}')

# the copies taken at conditions on data are of what the kernel reaches: 511 steps with a
# condition each, over half values whose temporaries pile up, fit in 100000 statements (when
# every object ever made was copied, they took more than 10^6)
p = run('check', '--max-events', '100000', f'{K}/half_temporaries.mlu')
expect(p.returncode == 0 and p.stdout.endswith('1 kernel: 0 errors, 0 warnings\n'),
       f'check: temporaries nothing reaches are not copied at conditions on data: {p.stdout!r}')

p = run('lower', f'{K}/early_return.mlu')
lines = p.stdout.splitlines()
at = lines.index(f'  ALU load_scalar <- res[0 +: 4] as read__1;  // from {K}/early_return.mlu:16:7')
expect(lines[at + 1:at + 5] == [f'  use read__1;  // from {K}/early_return.mlu:16:7',
                                f'  if (?) {{  // from {K}/early_return.mlu:16:3',
                                f'    sync_io();  // from {K}/early_return.mlu:17:3', '  }'],
       f'lower: after a return taken on data the rest of the function is a choice: {lines!r}')
p = run('lower', f'{K}/data_branch.mlu')
lines = [l.split('  //')[0] for l in p.stdout.splitlines()]
at = lines.index('    if (?) {') if '    if (?) {' in lines else lines.index('  if (?) {')
expect(lines[at + 1].strip().startswith('IO memcpy_async y[') and lines[at + 2].strip() == '}'
       and 'else' not in ''.join(lines),
       f'lower: a condition on data is if (?) around its side, an empty else dropped: {lines!r}')

p = run('check', '--task-type', 'UNION3', f'{K}/sram_staging.mlu')
expect(p.returncode == 2 and p.stderr.startswith(
    "accelsync: --task-type takes BLOCK, UNION1, UNION2, UNION4, UNION8 or UNION16, got 'UNION3'"),
    f'check: an unknown task type is a usage error: {p.stderr!r}')

# the child a source is read in ends with its parent: a CI job or bench that kills accelsync
# on its own timeout leaves no lowering running on to its CPU cap
def children(pid):
    kids = []
    for entry in os.listdir('/proc'):
        try:
            with open(f'/proc/{entry}/stat') as f:
                fields = f.read().rsplit(')', 1)[1].split()
            if entry.isdigit() and int(fields[1]) == pid:
                kids.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return kids


with tempfile.TemporaryDirectory() as tmp:
    spin = os.path.join(tmp, 'spin.mlu')
    with open(spin, 'w') as f:
        f.write('#include <bang.h>\n__nram__ float a[64];\n__mlu_global__ void k(float *x) {\n'
                '  for (long i = 0; i < 4000000000L; i++) { __memcpy(a, x, 4, GDRAM2NRAM); }\n}\n')
    parent = subprocess.Popen([binary, 'check', '--no-config', '--max-events', '100000000000', spin],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    kids = []
    for _ in range(200):
        kids = children(parent.pid)
        if kids:
            break
        time.sleep(0.05)
    parent.kill()
    parent.wait()
    left = kids
    for _ in range(100):
        left = [k for k in kids if os.path.exists(f'/proc/{k}')
                and open(f'/proc/{k}/stat').read().rsplit(')', 1)[1].split()[0] != 'Z']
        if not left:
            break
        time.sleep(0.05)
    for k in left:
        os.kill(k, 9)
    expect(kids and not left, f'check: the lowering child ends with a killed parent: children {kids}, left {left}')

# the task types the host code beside a kernel launches it with (issue #40)
M = f'{K}/mpu_only_sync'
p = run('check', '--format', 'json', M)
doc = json.loads(p.stdout)
kernels = [k for f in doc['files'] for k in f['kernels']]
expect(p.returncode == 1 and [k['name'] for k in kernels] == ['scale_rows'] and
       [(f['check'], f['location']['line']) for f in kernels[0]['findings']] == [('deadlock', 13)]
       and doc['summary']['skipped'] == 1,
       f'check DIR: the host program launches the kernel as UNION1, where only the MPU calls '
       f'__sync_cluster(): {p.stdout!r}')
p = run('lower', f'{M}/mpu_only_sync.mlu')
expect(f'// kernel scale_rows: task type UNION1 (1 cluster of one MPU and four IPUs), from the '
       f'launch at {M}/mpu_only_sync_demo.mlu:13 (cnrtFuncTypeUnion1 at '
       f'{M}/mpu_only_sync_demo.mlu:12)' in p.stdout.splitlines()
       and 'task type BLOCK' not in p.stdout,
       f'lower: the note says which launch gave the type: {p.stdout!r}')
p = run('lower', '--task-type', 'BLOCK', f'{M}/mpu_only_sync.mlu')
expect('// task type BLOCK: one IPU (--task-type UNIONn for clusters)' in p.stdout.splitlines()
       and 'from the launch' not in p.stdout and 'cluster c0' not in p.stdout,
       f'lower --task-type BLOCK: the option decides, not the host: {p.stdout!r}')

P = f'{K}/policy_types'
p = run('check', '--format', 'json', f'{P}/partial_sums.mlu')
kernels = [k for f in json.loads(p.stdout)['files'] for k in f['kernels']]
expect(p.returncode == 1 and
       [(k['name'], k['entry'], [f['check'] for f in k['findings']]) for k in kernels] ==
       [('partial_sums_block', 'partial_sums', []),
        ('partial_sums_union2', 'partial_sums', ['raw-hazard'])],
       f'check: the policy function sets BLOCK or UNION2, so the kernel is checked for both: '
       f'{kernels!r}')
lines = run('lower', f'{P}/partial_sums.mlu').stdout.splitlines()
expect(f'// kernel partial_sums_block: task type BLOCK (one IPU), from the launch at '
       f'{P}/partial_sums.mlu:36 (cnrtFuncTypeBlock at {P}/partial_sums.cpp:10)' in lines and
       f'// kernel partial_sums_union2: task type UNION2 (2 clusters of one MPU and four IPUs), '
       f'from the launch at {P}/partial_sums.mlu:36 (CNRT_FUNC_TYPE_UNION2 at '
       f'{P}/partial_sums.cpp:6)' in lines,
       f'lower: each type found through the wrapper and the policy function is noted: {lines!r}')
p = run('check', '--format', 'json', '--task-type', 'UNION1', f'{P}/partial_sums.mlu')
expect(p.returncode == 0 and [k['name'] for f in json.loads(p.stdout)['files']
                              for k in f['kernels']] == ['partial_sums'],
       f'check --task-type UNION1: one kernel, of its own name: {p.stdout!r}')

R = f'{K}/runtime_type'
p = run('check', f'{R}/gather_rows.mlu')
lines = run('lower', f'{R}/gather_rows.mlu').stdout.splitlines()
expect(p.returncode == 0 and
       '// task type BLOCK: one IPU (--task-type UNIONn for clusters)' in lines and
       f'// entry gather_rows: a task type not resolved from the host code, not checked: the launch at '
       f'{R}/gather_rows.mlu:23: `deviceUnionType(queue)` at {R}/gather_rows_host.cpp:10 '
       '(checked as BLOCK, --task-type UNIONn for clusters)' in lines,
       f'lower: a type asked of the device at run time is said, and the kernel is BLOCK: {lines!r}')

S = f'{K}/shared_policy'
lines = run('lower', f'{S}/op/copy_rows.mlu').stdout.splitlines()
expect(f'// kernel copy_rows: task type UNION4 (4 clusters of one MPU and four IPUs), from the '
       f'launch at {S}/op/copy_rows.mlu:18 (cnrtFuncTypeUnion4 at '
       f'{S}/common/policy.cpp:8)' in lines,
       f'lower: a policy function of another directory is found through the header the host '
       f'code includes: {lines!r}')

C = f'{K}/caller_elsewhere'
lines = run('lower', f'{C}/kernels/scale_rows.mlu').stdout.splitlines()
expect(f'// kernel scale_rows: task type UNION2 (2 clusters of one MPU and four IPUs), from the '
       f'launch at {C}/kernels/scale_rows.mlu:23 (cnrtFuncTypeUnion2 at '
       f'{C}/binding/scale_rows_binding.cpp:9)' in lines,
       f'lower: a launcher no file beside the kernel calls is followed to its callers elsewhere '
       f'in the tree: {lines!r}')

with tempfile.TemporaryDirectory() as tmp:
    # a host file that is a link out of the checked tree is never read
    os.mkdir(os.path.join(tmp, 'tree'))
    os.mkdir(os.path.join(tmp, 'elsewhere'))
    kernel = write(os.path.join(tmp, 'tree', 'k.mlu'),
                   '#include <bang.h>\n__nram__ float a[8];\n'
                   '__mlu_global__ void k(float *g) {\n  __memcpy(a, g, 32, GDRAM2NRAM);\n}\n')
    write(os.path.join(tmp, 'elsewhere', 'host.cpp'),
          '#include <cnrt.h>\nvoid go(cnrtDim3_t d, cnrtQueue_t q, float *g) {\n'
          '  k<<<d, cnrtFuncTypeUnion4, q>>>(g);\n}\n')
    os.symlink(os.path.join(tmp, 'elsewhere', 'host.cpp'), os.path.join(tmp, 'tree', 'host.cpp'))
    p = run('lower', kernel)
    expect('// task type BLOCK: one IPU (--task-type UNIONn for clusters)' in p.stdout.splitlines()
           and 'UNION4' not in p.stdout,
           f'lower: a link to host code outside the tree is not read: {p.stdout!r}')
    os.remove(os.path.join(tmp, 'tree', 'host.cpp'))
    # a launcher that nothing in the tree calls: said, checked as BLOCK
    lonely = write(os.path.join(tmp, 'tree', 'lonely.mlu'),
                   '#include <bang.h>\n#include <cnrt.h>\n__nram__ float a[8];\n'
                   '__mlu_global__ void k2(float *g) {\n  __memcpy(a, g, 32, GDRAM2NRAM);\n}\n'
                   'void Launch(cnrtDim3_t d, cnrtFunctionType_t t, cnrtQueue_t q, float *g) {\n'
                   '  k2<<<d, t, q>>>(g);\n}\n')
    p = run('lower', lonely)
    expect(f'// entry k2: a task type not resolved from the host code, not checked: the launch at '
           f'{lonely}:8: t is a parameter of Launch ({lonely}:7), which no file of the directory '
           'or of the tree calls (checked as BLOCK, --task-type UNIONn for clusters)'
           in p.stdout.splitlines(),
           f'lower: a launcher called nowhere is said, and the kernel is BLOCK: {p.stdout[:900]!r}')
    os.remove(lonely)
    # the launch in the kernel's own file, the driver's spelling, a choice of two
    write(os.path.join(tmp, 'tree', 'host.cpp'),
          '#include <cn_api.h>\n#include <cnrt.h>\n'
          'void go(cnrtDim3_t d, cnrtQueue_t q, float *g, bool big) {\n'
          '  KernelClass c = big ? CN_KERNEL_CLASS_UNION4 : CN_KERNEL_CLASS_BLOCK;\n'
          '  k<<<d, (cnrtFunctionType_t)c, q>>>(g);\n}\n')
    p = run('check', '--format', 'json', kernel)
    expect([k['name'] for f in json.loads(p.stdout)['files'] for k in f['kernels']] ==
           ['k_block', 'k_union4'],
           f'check: both sides of a choice, through a cast, are types of the launch: {p.stdout!r}')
    # a C++ reference given to a policy function; a wrapper that sets its parameter itself
    write(os.path.join(tmp, 'tree', 'host.cpp'),
          '#include <cnrt.h>\n'
          'static void policy(int n, cnrtFunctionType_t &t) { t = CNRT_FUNC_TYPE_UNION8; }\n'
          'void launch(cnrtDim3_t d, cnrtFunctionType_t t, cnrtQueue_t q, float *g) {\n'
          '  if (d.y > 4)\n    t = cnrtFuncTypeUnion16;\n  k<<<d, t, q>>>(g);\n}\n'
          'void go(cnrtDim3_t d, cnrtQueue_t q, float *g) {\n'
          '  cnrtFunctionType_t t;\n  policy(4, t);\n  launch(d, t, q, g);\n}\n')
    p = run('check', '--format', 'json', kernel)
    expect([k['name'] for f in json.loads(p.stdout)['files'] for k in f['kernels']] ==
           ['k_union8', 'k_union16'],
           f'check: a reference a policy function sets, a parameter its function sets: '
           f'{p.stdout!r}')


# --explain says which types the host's launches give each entry, and where they come from,
# and prints no --task-type then (the check would not be given one either)
p = run('check', '--explain', P)
want = (f"accelsync check --arch 372 {P}/partial_sums.mlu  # task types from the host's "
        f"launches: partial_sums BLOCK from the launch at {P}/partial_sums.mlu:36 "
        f"(cnrtFuncTypeBlock at {P}/partial_sums.cpp:10), UNION2 from the launch at "
        f"{P}/partial_sums.mlu:36 (CNRT_FUNC_TYPE_UNION2 at {P}/partial_sums.cpp:6)\n")
expect(p.returncode == 0 and p.stdout == want, f'check --explain: the host\'s task types: {p.stdout!r}')
p = run('check', '--explain', '--task-type', 'UNION4', P)
expect(p.returncode == 0 and p.stdout == f'accelsync check --arch 372 --task-type UNION4 {P}/partial_sums.mlu\n',
       f'check --explain: --task-type given decides alone: {p.stdout!r}')

# the report says which launch a kernel was checked as: a note beside its findings in text,
# `launch` in JSON
p = run('check', M)
expect(p.returncode == 1 and f"{M}/mpu_only_sync.mlu: note: kernel 'scale_rows' was checked as a "
       f"UNION1 task: the launch at {M}/mpu_only_sync_demo.mlu:13 (cnrtFuncTypeUnion1 at "
       f"{M}/mpu_only_sync_demo.mlu:12)\n" in p.stdout, f'check: the launch beside the findings: {p.stdout!r}')
p = run('check', '--format', 'json', M)
launches = [k.get('launch') for f in json.loads(p.stdout)['files'] for k in f['kernels']]
expect(launches == [f'a UNION1 task: the launch at {M}/mpu_only_sync_demo.mlu:13 (cnrtFuncTypeUnion1 '
                    f'at {M}/mpu_only_sync_demo.mlu:12)'], f'check --format json: launch: {launches}')
p = run('check', '--format', 'json', f'{K}/relun.mlu')
expect(all('launch' not in k for f in json.loads(p.stdout)['files'] for k in f['kernels']),
       'check --format json: no launch where the host code said nothing')

# a pooling or convolution whose window count leaves 64 bits is refused, never wrapped
with tempfile.TemporaryDirectory() as tmp:
    huge = os.path.join(tmp, 'huge_windows.mlu')
    with open(huge, 'w') as f:
        f.write('#include <bang.h>\n__nram__ float a[64];\n__nram__ float b[64];\n'
                '__mlu_global__ void k(float *x) {\n'
                '  __bang_sumpool(b, a, 1, 4611686018427387903L, 4611686018427387903L, 1, 1, 1, 1);\n'
                '  __bang_conv(b, a, a, 1, 4611686018427387903L, 4611686018427387903L, 1, 1, 1, 1, 1);\n}\n')
    p = run('lower', huge)
    said = p.stdout + p.stderr
    expect(p.returncode == 2 and
           f'{huge}:5:3: error: __bang_sumpool over 4611686018427387903 x 4611686018427387903 is '
           'not modelled [unsupported]' in said and
           f'{huge}:6:3: error: __bang_conv over 4611686018427387903 x 4611686018427387903 is '
           'not modelled [unsupported]' in said, f'lower: window counts past 64 bits: {said!r}')

# a kernel past --max-paths names the first choice explored as paths and why it was not
# merged, at the source's lines
p = run('check', f'{K}/paths_sync_in_side.mlu')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{K}/paths_sync_in_side.mlu:12:1: error: kernel \'store_positive_rows\' has more than 4096 '
    'paths (parameter values x if (?) choices; the first choice explored as paths, not merged: '
    'the if (?) at line 16: a side holds a call of sync_io at line 18 (a barrier orders what '
    'follows it on its side only)); raise the limit with --max-paths [limit-exceeded]'),
    f'check: the path limit names the choice not merged at source lines: {p.stdout[:500]}')

finish()
