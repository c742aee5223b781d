#!/usr/bin/env python3
"""Host tiling as a user meets it: with --shape, an operator's own host tiling function
(op_host/) computes the tiling fields, key and block dim the kernel is checked with, each
noted in the lowered header with the line that set it and the inputs; a -D still wins; what
the host code does that cannot be run is a host-tiling warning at its construct, and the
kernel keeps the guessed values, which the header says; bad --shape, --dtype, --attr are
errors. The ops are under tests/frontend/host/.

usage: frontend_host.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import json
import subprocess
import sys
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
ADD = 'tests/frontend/host/host_add/op_kernel/host_add.cpp'
REFUSED = 'tests/frontend/host/host_refused/op_kernel/host_refused.cpp'
HOST_TILING = 'tests/frontend/host/host_refused/op_host/host_refused_tiling.cpp'


def run(*args):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=root)


def header(p):
    return [l for l in p.stdout.splitlines() if l.startswith('// ')]


# fields from the shape, the key and the block dim the host set, each with its line
p = run('lower', '--shape', 'x=8,1024', ADD)
h = header(p)
expect(p.returncode == 0 and p.stderr == '', f'lower --shape: exit 0, quiet: {p.returncode} {p.stderr!r}')
expect(h[1] == '// tiling: computed by the host tiling TilingFunc in op_host/host_add_tiling.cpp '
       'for x=8,1024 float16 on ascend910b2 (48 vector cores): 3 fields set, tiling key 1, '
       'block dim 2', f'lower --shape: the tiling note: {h[1]!r}')
for line in ['// runtime value blockLength = 4096: tiling field, computed by op_host/host_add_tiling.cpp:38 for x=8,1024 float16',
             '// runtime value tileNum = 1: tiling field, computed by op_host/host_add_tiling.cpp:39 for x=8,1024 float16',
             '// runtime value tileLength = 4096: tiling field, computed by op_host/host_add_tiling.cpp:40 for x=8,1024 float16',
             '// runtime value reserved = 0: tiling field, not set by TilingFunc in op_host/host_add_tiling.cpp for x=8,1024 float16, 0 as in the zeroed tiling buffer',
             '// runtime value block_num = 2: GetBlockNum(), set by SetBlockDim at op_host/host_add_tiling.cpp:41 for x=8,1024 float16',
             '// runtime value tiling_key = 1: TILING_KEY_IS(), one run per key, set by SetTilingKey at op_host/host_add_tiling.cpp:42 for x=8,1024 float16']:
    expect(line in h, f'lower --shape: {line}')
expect(any(l.startswith('  core aiv[2] : AIV {') for l in p.stdout.splitlines()),
       'lower --shape: the block dim the host set is the number of cores')
expect(any(l.startswith('kernel host_add {') for l in p.stdout.splitlines())
       and 'host_add_key' not in p.stdout,
       'lower --shape: only the key the host set is lowered (no kernel per key)')
p = run('lower', ADD)
expect(any(l.startswith('kernel host_add_key1 ') for l in p.stdout.splitlines()) and
       any(l.startswith('kernel host_add_key2 ') for l in p.stdout.splitlines()),
       'lower without --shape: a kernel per key')

# the data type decides a field: 8 KiB tiles of 4-byte floats
p = run('lower', '--shape', 'x=8,1024', '--dtype', 'x=float', ADD)
h = header(p)
expect('// runtime value tileLength = 2048: tiling field, computed by op_host/host_add_tiling.cpp:40 for x=8,1024 float' in h
       and '// runtime value tileNum = 2: tiling field, computed by op_host/host_add_tiling.cpp:39 for x=8,1024 float' in h,
       f'lower --dtype x=float: tileLength 2048, 2 tiles: {h[3:6]}')

# a larger shape selects key 2, whose branch forgets a flag; -D tiling_key wins over it
p = run('check', '--auto-sync=off', '--shape', 'x=64,1024', ADD)
expect(p.returncode == 1 and '[raw-hazard]' in p.stdout and 'host_add.cpp:30:' in p.stdout,
       f'check --shape x=64,1024: key 2 is checked, its hazard found: {p.stdout[:300]!r}')
expect(f'{ADD}: note: tiling computed by the host tiling TilingFunc in op_host/host_add_tiling.cpp '
       'for x=64,1024 float16 on ascend910b2 (48 vector cores): 3 fields set, tiling key 2, '
       'block dim 16' in p.stdout.splitlines(), 'check: the report says which shape the verdict is for')
p = run('lower', '--shape', '0=64,1024', '-D', 'tiling_key=1', '-D', 'tileLength=1024', ADD)
h = header(p)
expect('// runtime value tiling_key = 1: TILING_KEY_IS(), one run per key, given by -D' in h,
       f'-D tiling_key over the host key: {[l for l in h if "tiling_key" in l]}')
expect('// runtime value tileLength = 1024: tiling field, given by -D' in h and
       '// runtime value blockLength = 4096: tiling field, computed by op_host/host_add_tiling.cpp:38 for x=64,1024 float16' in h,
       f'-D tileLength over the host value, the other fields still the host\'s: {h[2:6]}')
expect('core aiv[16] : AIV' in p.stdout, 'the host block dim for 65536 elements: 16 cores')

# without --shape the host code is not run, and the header says the tiling is guessed
p = run('lower', ADD)
h = header(p)
expect(h[1] == '// tiling: guessed by field name (-D to change): the host tiling in op_host/ '
       'was not run (no --shape)', f'lower without --shape: {h[1]!r}')
expect('// runtime value tileLength = 256: tiling field, the default (-D to change)' in h,
       'lower without --shape: the guessed tileLength')

# what cannot be run: a warning at the construct, the guesses kept (and said)
refusals = {
    '1': f"{HOST_TILING}:16:9: warning: the host tiling TilingFunc in op_host/host_refused_tiling.cpp could not be run for x=4,16 float, mode=1, ratio=0.5: tiling field 'length' is set to a value not known (a float, data, or the result of a call the frontend does not model); the kernel is checked with guessed tiling values [host-tiling]",
    '2': f"{HOST_TILING}:18:9: warning: the host tiling TilingFunc in op_host/host_refused_tiling.cpp could not be run for x=4,16 float, mode=2, ratio=0.5: a condition on a value not known (data, a float, or the result of a call the frontend does not model); the kernel is checked with guessed tiling values [host-tiling]",
    '3': f"{HOST_TILING}:23:27: warning: the host tiling TilingFunc in op_host/host_refused_tiling.cpp could not be run for x=4,16 float, mode=3, ratio=0.5: 'TilingContext::GetOutputShape' is not modelled by the host tiling frontend; the kernel is checked with guessed tiling values [host-tiling]",
    '4': f"{HOST_TILING}:25:27: warning: the host tiling TilingFunc in op_host/host_refused_tiling.cpp could not be run for x=4,16 float, mode=4, ratio=0.5: input 1 (bias) has no shape (give it with --shape bias=D0,D1,...); the kernel is checked with guessed tiling values [host-tiling]",
}
for mode, message in refusals.items():
    p = run('check', '--shape', 'x=4,16', '--attr', 'ratio=0.5', '--attr', f'mode={mode}', REFUSED)
    expect(message in p.stdout.splitlines(), f'mode {mode}: the exact warning: {p.stdout[:600]!r}')
    p = run('lower', '--shape', 'x=4,16', '--attr', 'ratio=0.5', '--attr', f'mode={mode}', REFUSED)
    h = header(p)
    expect(h[1].startswith('// tiling: guessed by field name (-D to change): the host tiling '
                           'TilingFunc in op_host/host_refused_tiling.cpp could not be run'),
           f'mode {mode}: the header says the tiling is guessed: {h[1]!r}')
    expect('// runtime value length = 256: tiling field, the default (-D to change)' in h,
           f'mode {mode}: the kernel keeps the guess')
p = run('check', '--format', 'json', '--shape', 'x=4,16', '--attr', 'ratio=0.5', '--attr', 'mode=3', REFUSED)
doc = json.loads(p.stdout)
warned = [d for d in doc['files'][0]['diagnostics'] if d['check'] == 'host-tiling']
expect(len(warned) == 1 and warned[0]['code'] == 'AS0109' and warned[0]['severity'] == 'warning'
       and warned[0]['location']['line'] == 23, f'JSON: one host-tiling warning, AS0109: {warned}')
p = run('check', '--shape', 'x=4,16', '--attr', 'mode=0', REFUSED)
expect(f"{HOST_TILING}:13:26: warning: the host tiling TilingFunc in op_host/host_refused_tiling.cpp could not be run for x=4,16 float, mode=0: attribute 1 (ratio) has no value (give it with --attr ratio=VALUE); the kernel is checked with guessed tiling values [host-tiling]"
       in p.stdout.splitlines(), f'an attribute the host reads and no --attr gives: {p.stdout[:400]!r}')
p = run('check', '--shape', 'x=4,16', '--attr', 'mode=0', '--attr', '1=0.5', REFUSED)
expect(p.returncode == 0 and p.stdout == f'{REFUSED}: note: tiling computed by the host tiling '
       'TilingFunc in op_host/host_refused_tiling.cpp for x=4,16 float, mode=0, ratio=0.5 on '
       'ascend910b2 (48 vector cores): 1 field set, no tiling key (0), block dim 1\n'
       f'{REFUSED}: note: data types: the one variant host_refused/op_host/host_refused_def.cpp '
       'registers (X float, BIAS float, Y float)\n'
       'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings\n',
       f'mode 0 runs: the length the host computed fits, clean; the report says for which '
       f'inputs: {p.stdout!r}')
p = run('check', '--format', 'json', '--shape', 'x=4,16', '--attr', 'mode=0', '--attr', '1=0.5', REFUSED)
expect(json.loads(p.stdout)['files'][0]['tiling'].startswith('computed by the host tiling TilingFunc'),
       'JSON: the file says where its tiling comes from')
expect(json.loads(p.stdout)['files'][0]['data_types'] == 'the one variant '
       'host_refused/op_host/host_refused_def.cpp registers (X float, BIAS float, Y float)',
       'JSON: and which data types')

# bad inputs: errors, nothing checked
p = run('check', '--shape', 'z=4', REFUSED)
expect(p.returncode == 2 and p.stdout.splitlines()[0] == f'{REFUSED}: error: --shape z=4: the operator has no input z (its definition names x, bias) [input-error]',
       f'--shape of an input the op does not have: {p.stdout!r}')
p = run('check', '--shape', 'x=4', '--dtype', 'x=float17', REFUSED)
expect(p.returncode == 2 and p.stdout.splitlines()[0] == f'{REFUSED}: error: --dtype x=float17: not a data type (float, float16, bfloat16, int8, int16, int32, int64, uint8, uint16, uint32, uint64, double, bool) [input-error]',
       f'--dtype of an unknown type: {p.stdout!r}')
p = run('check', '--shape', 'x=1,2,3,4,5,6,7,8,9', REFUSED)
expect(p.returncode == 2 and p.stdout.splitlines()[0] == f'{REFUSED}: error: --shape x=1,2,3,4,5,6,7,8,9: more than 8 dimensions [input-error]',
       f'--shape of more dimensions than a shape holds: {p.stdout!r}')
p = run('check', '--shape', 'x=4,a', REFUSED)
expect(p.returncode == 2 and "--shape takes NAME=D0,D1,... with dimensions 0 or more, got 'x=4,a'" in p.stderr,
       f'--shape with a dimension that is not a number: {p.stderr!r}')
p = run('check', '--attr', 'mode', REFUSED)
expect(p.returncode == 2 and "--attr takes NAME=VALUE, got 'mode'" in p.stderr, f'--attr without =: {p.stderr!r}')

# the other readings: the tensor's origin shape, GetAttrPointer, the platform singleton and its
# L1, a helper of the source's, std::min; inputs and attributes by index without a definition
ROWS = 'tests/frontend/host/host_rows/op_kernel/host_rows.cpp'
p = run('lower', '--shape', 'x0=2,3,32', '--attr', '0=8', ROWS)
h = header(p)
expect(h[1] == '// tiling: computed by the host tiling RowsTiling in op_host/host_rows_tiling.cpp for '
       'x0=2,3,32 float16, 0=8 on ascend910b2 (48 vector cores): 4 fields set, tiling key 2, block dim 6',
       f'host_rows: the tiling note: {h[1]!r}')
for name, value, line in [('rows', 6, 33), ('cols', 32, 34), ('rowsPerCore', 1, 35), ('stride', 40, 36)]:
    expect(f'// runtime value {name} = {value}: tiling field, computed by op_host/host_rows_tiling.cpp:{line} '
           'for x0=2,3,32 float16, 0=8' in h, f'host_rows: {name} = {value}')
p = run('check', '--shape', 'x=2,3,32', ROWS)
expect(p.returncode == 2 and p.stdout.splitlines()[0] == f'{ROWS}: error: --shape x=2,3,32: the operator has no input x (no op definition names them: give the index, 0, 1, ... or x0, x1, ...) [input-error]',
       f'a name without an op definition: {p.stdout!r}')

# a model that does not describe the chip for host code
p = run('check', '--arch', '1001', '--shape', 'x0=2,3,32', '--attr', '0=8', ROWS)
expect(f"{ROWS}: warning: model ascend910 does not describe the chip as host code sees it (no <host> in its <source>); the kernel is checked with guessed tiling values [host-tiling]"
       in p.stdout.splitlines(), f'a model without <host>: {p.stdout[:400]!r}')

# --shape for a kernel outside an operator's layout: said, not ignored
p = run('check', '--shape', 'x=4', 'tests/frontend/ascendc/add_custom.cpp')
expect("tests/frontend/ascendc/add_custom.cpp: warning: --shape is given, but the kernel is not in an operator's op_kernel/ directory, so there is no host tiling to run; the kernel is checked with guessed tiling values [host-tiling]"
       in p.stdout.splitlines(), f'--shape outside an op: {p.stdout!r}')

# the data types of the op's definition: the build compiles one kernel per variant; the first
# is read unless --dtype chooses one, and the host tiling computes for the same types
DTYPES = 'tests/frontend/host/host_dtypes/op_kernel/host_dtypes.cpp'
NOTE = (f'{DTYPES}: note: data types: the first of the 2 variants '
        'host_dtypes/op_host/host_dtypes_def.cpp registers (X float16, Y float16); the other 1 '
        'is not checked (--dtype chooses one)')
p = run('check', '--shape', 'x=4,16', DTYPES)
expect(p.returncode == 0 and NOTE in p.stdout.splitlines()
       and 'host_dtypes_tiling.cpp for x=4,16 float16 on' in p.stdout,
       f'the first variant, the host for its types: {p.stdout!r}')
p = run('check', DTYPES)
expect(NOTE in p.stdout.splitlines(), f'also without --shape: {p.stdout!r}')
p = run('check', '--shape', 'x=4,16', '--dtype', 'x=bf16', DTYPES)
expect(p.returncode == 1 and 'for x=4,16 bf16 on' in p.stdout
       and f'{DTYPES}: note: data types: the one --dtype gives of the 2 variants '
           'host_dtypes/op_host/host_dtypes_def.cpp registers (X bfloat16, Y bfloat16); the other '
           '1 is not checked (--dtype chooses one)' in p.stdout.splitlines(),
       f'--dtype chooses the variant: {p.stdout!r}')
p = run('check', '--dtype', 'x=int8', DTYPES)
expect(p.returncode == 2 and p.stdout.splitlines()[0] == f'{DTYPES}: error: --dtype x=int8: no '
       'variant host_dtypes/op_host/host_dtypes_def.cpp registers has these data types (X float16 '
       'or bfloat16) [input-error]', f'a variant the op does not register: {p.stdout!r}')

# the chips the definition builds the kernel for decide the model it is read as
CHIPS = 'tests/frontend/ascendc/op_chip'
ONLY_950 = f'{CHIPS}/chip_950_only/op_kernel/chip_950_only.cpp'
p = run('check', '--format', 'json', ONLY_950)
doc = json.loads(p.stdout)
d = doc['files'][0]['diagnostics']
expect(p.returncode == 2 and len(d) == 1 and d[0]['check'] == 'unsupported'
       and d[0]['location']['line'] is None
       and d[0]['message'] == "the operator's definition (chip_950_only/op_host/chip_950_only_def.cpp:16) "
       'builds this kernel only for ascend950, and model ascend950 describes that chip but does not '
       'read Ascend C sources (no <source dialect="ascendc">); --model ascend910b2 reads it as that '
       "model's anyway, a build the vendor never makes",
       f'an op built only for a chip no Ascend C model reads: unsupported, not verified: {d}')
p = run('check', '--format', 'json', '--model', 'ascend910b2', ONLY_950)
f = json.loads(p.stdout)['files'][0]
expect(p.returncode == 0 and f['chip'] == 'chip_950_only/op_host/chip_950_only_def.cpp builds this '
       'kernel for ascend950 (line 16), not for a chip of model ascend910b2: read as that model, as asked',
       f'asked for the A2, read as one, and the report says the build does not exist: {f.get("chip")!r}')
p = run('lower', f'{CHIPS}/chip_910_only/op_kernel/chip_910_only.cpp')
expect(p.returncode == 0 and header(p)[1] == '// chip: chip_910_only/op_host/chip_910_only_def.cpp '
       'builds this kernel for ascend910 (line 11), not for a chip of the default model ascend910b2: '
       'read as model ascend910, which describes ascend910' and 'model "ascend910";' in p.stdout,
       f'an op built only for the first 910: read as its model: {header(p)[:2]}')
p = run('check', f'{CHIPS}/chip_kirin_only/op_kernel/chip_kirin_only.cpp')
expect(p.returncode == 2 and 'builds this kernel only for kirinx90, and no hardware model describes '
       'that chip;' in p.stdout, f'a chip no model describes: {p.stdout!r}')
p = run('check', '--format', 'json', f'{CHIPS}/chip_config_lists/op_kernel/chip_config_lists.cpp')
expect(json.loads(p.stdout)['files'][0]['data_types'] == 'the first of the 2 variants '
       'chip_config_lists/op_host/chip_config_lists_def.cpp (the lists of a2_config, the config it '
       "passes for the model's chip) registers (X float, Y float); the other 1 is not checked "
       '(--dtype chooses one)', 'the data types of the config the definition passes for the A2')
p = run('check', '--format', 'json', '--shape', 'x=4,16', '--attr', 'mode=0', '--attr', '1=0.5', REFUSED)
expect(json.loads(p.stdout)['files'][0]['chip'] is None,
       'an op built for the default model\'s chip: no chip line')

finish()
