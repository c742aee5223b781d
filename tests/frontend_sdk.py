#!/usr/bin/env python3
"""Reading Ascend C through an SDK (--sdk) as a user meets it, on the SDK-shaped fixture
tests/frontend/sdk/fixture (no vendor SDK is needed): which SDK is used and how it is
named (--sdk, the environment, a configuration, --sdk none), what a bad one says, and what
`lower` shows of a kernel read through it.

usage: frontend_sdk.py ACCELSYNC SOURCE_ROOT (run from SOURCE_ROOT)"""
import os
import subprocess
import sys
from expect import expect, finish

binary, root = sys.argv[1], sys.argv[2]
S = 'tests/frontend/sdk'
FIXTURE = f'{S}/fixture'
KERNEL = f'{S}/add_double_buffer.cpp'
BASE_ENV = {k: v for k, v in os.environ.items()
            if k not in ('ASCEND_HOME_PATH', 'ASCEND_TOOLKIT_HOME')}


def run(*args, env=None):
    e = dict(BASE_ENV)
    e.update(env or {})
    return subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=root, env=e)


# lower: the header names the SDK; statements are placed at the kernel's calls into the SDK,
# the SDK's own line in the comment
p = run('lower', '--sdk', FIXTURE, KERNEL)
lines = p.stdout.splitlines()
expect(p.returncode == 0, f'lower --sdk: exit 0, got {p.returncode}: {p.stderr[:300]}')
expect(f'// read through the Ascend C SDK at {FIXTURE} (--sdk): every API call as the SDK '
       'implements it, down to the compiler\'s intrinsics' in lines,
       f'lower --sdk: the header names the SDK: {lines[:3]}')
expect(any(l.startswith('  V vadd ub[') and
           l.endswith(f'// from {KERNEL}:31:9, in the SDK at impl/fixture_compute.h:28')
           for l in lines),
       'lower --sdk: the vadd is placed at the kernel\'s Add call, the SDK line in its comment')
expect('  wait_flag(MTE2, V, 0);  // from ' + KERNEL + ':28:33, in the SDK at '
       'impl/fixture_sync.h:25' in lines,
       'lower --sdk: DeQue\'s wait, from the fixture\'s WaitFlag, at the kernel\'s DeQue')

# the environment names the SDK when no option does; --sdk none reads the built-in declarations
p = run('lower', KERNEL, env={'ASCEND_HOME_PATH': FIXTURE})
expect(f'// read through the Ascend C SDK at {FIXTURE} (ASCEND_HOME_PATH): every API call as '
       'the SDK implements it, down to the compiler\'s intrinsics' in p.stdout.splitlines(),
       'ASCEND_HOME_PATH names the SDK')
p = run('lower', KERNEL, env={'ASCEND_TOOLKIT_HOME': FIXTURE})
expect('(ASCEND_TOOLKIT_HOME)' in p.stdout, 'ASCEND_TOOLKIT_HOME names the SDK')
p = run('lower', '--sdk', 'none', KERNEL, env={'ASCEND_HOME_PATH': FIXTURE})
expect(p.stdout.startswith(f'// {KERNEL} lowered by accelsync 0.1.0 (Ascend C frontend)') and
       'read through the Ascend C SDK' not in p.stdout,
       '--sdk none: the built-in declarations, whatever the environment says')

# the configuration beside the kernels (sdk = fixture) is used by check, and --sdk wins
p = run('check', KERNEL)
expect(p.returncode == 0 and 'accelsync: 1 file, 1 kernel: 0 errors, 0 warnings' in p.stdout,
       f'check with the configuration\'s SDK: clean, got {p.returncode}: {p.stdout[-300:]}')
p = run('check', '--sdk', '/nonexistent/sdk', KERNEL)
expect(p.returncode == 2 and p.stdout.startswith(
    f'{KERNEL}: error: --sdk names /nonexistent/sdk, which is not an Ascend C SDK (no '
    'include/kernel_operator.h; an asc-devkit checkout is; --sdk none reads the source with '
    'the built-in declarations) [input-error]'),
    f'--sdk that is not an SDK: an input-error at the file, exit 2: {p.stdout[:400]}')
p = run('check', '--no-config', KERNEL, env={'ASCEND_HOME_PATH': '/nonexistent/sdk'})
expect(p.returncode == 2 and 'ASCEND_HOME_PATH names /nonexistent/sdk, which is not an Ascend '
       'C SDK' in p.stdout, 'a bad ASCEND_HOME_PATH is named as such')

# an intrinsic the prelude does not declare: declared from the parse's errors inside the SDK,
# then reported at the kernel's call into the SDK, the SDK's line named, and the kernel is not
# verified
p = run('check', f'{S}/exotic.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{S}/exotic.cpp:14:5: error: \'vexotic\' is not modelled by the Ascend C ISA frontend; '
    'in the SDK at impl/fixture_compute.h:54, inside Exotic [unsupported]\n'
    '   14 |     Exotic(a);'),
    f'an unmodelled intrinsic: unsupported at the kernel\'s call, the SDK line named, exit 2: '
    f'{p.stdout[:300]}')
expect('1 file NOT VERIFIED' in p.stdout, 'an unmodelled intrinsic: the file is not verified')

# a cross-core flag to the cube core (mode 2): only the vector cores run through the SDK, so
# the kernel is not verified, never a deadlock of a flag no core would see
p = run('check', f'{S}/cube_link_flag.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{S}/cube_link_flag.cpp:23:5: error: a cross-core flag in mode 2 links the '
    'vector cores with the cube core: read through the SDK, only the vector cores of a kernel '
    'run (MIX kernels are not read yet), so the flag would reach no core; in the SDK at '
    'impl/fixture_sync.h:44, inside CrossCoreSetFlag [unsupported]') and
    'deadlock' not in p.stdout and '1 file NOT VERIFIED' in p.stdout,
    f'a mode-2 cross-core flag through the SDK: unsupported, exit 2: {p.stdout[:400]}')

# the accumulator register is the model's (space ACC): on a model without it, get_acc_val is
# unsupported at the kernel's call that reads it, never a read of nothing
p = run('check', '--model', 'ascend910', f'{S}/acc_register.cpp')
expect(p.returncode == 2 and p.stdout.startswith(
    f'{S}/acc_register.cpp:24:5: error: \'get_acc_val\' reads the vector '
    'unit\'s accumulator register, which the model does not declare (space ACC); in the SDK '
    'at impl/fixture_registers.h:79, inside ReduceSum [unsupported]'),
    f'get_acc_val without ACC in the model: unsupported, exit 2: {p.stdout[:300]}')

# guessed tiling through the SDK: the guesses are searched until what the kernel addresses
# fits UB, and the kernel says it was checked under them
p = run('check', f'{S}/refit_to_ub.cpp')
expect(f"{S}/refit_to_ub.cpp: note: kernel 'refit_to_ub' was checked with guessed values "
       'rowLength = 128, colLength = 128: give the real ones with -D or --tiling FILE'
       in p.stdout.splitlines() and 'out-of-bounds' not in p.stdout,
       f'guesses refit to UB through the SDK, and said: {p.stdout[-500:]}')
p = run('lower', '--sdk', FIXTURE, f'{S}/refit_to_ub.cpp')
expect('// kernel refit_to_ub: guessed("rowLength" = 128, "colLength" = 128), not the guesses '
       "by name, under which buffer 'ub' (bytes 0..524287) does not fit in UB (196608 bytes)"
       in p.stdout.splitlines() and 'buffer ub : UB[131072];' in p.stdout,
       f'lower --sdk: the header says why the guesses are not the first, and the memory is '
       f'the kept guess\'s extent: {p.stdout[:900]}')

# the sort and gather instructions, with the regions their pages give (sort_regions.cpp)
p = run('lower', '--sdk', FIXTURE, f'{S}/sort_regions.cpp')
lines = [l.split('  //')[0].strip() for l in p.stdout.splitlines()]
for want in ('V vbitsort ub[1024 +: 1024] <- ub[0 +: 512], ub[512 +: 512];',
             'V vmrgsort4 ub[2048 +: 1024] <- ub[1024 +: 256], ub[1280 +: 256], '
             'ub[1536 +: 256], ub[1792 +: 256];',
             'V vgathermask ub[3200 +: 256] <- ub[2048 +: 256], ub[3072 +: 8];'):
    expect(want in lines, f'lower --sdk sort_regions.cpp: {want!r} in {lines[-12:]}')

# the workspace as the operator build's wrapper passes it: the user's part past the reserve
p = run('lower', '--sdk', FIXTURE, f'{S}/user_workspace.cpp')
lines = [l.split('  //')[0].strip() for l in p.stdout.splitlines()]
expect('MTE3 copy workspace[16777216 +: 256] <- ub[0 +: 256];' in lines and
       'MTE2 copy ub[256 +: 256] <- workspace[16777472 +: 256];' in lines,
       f'lower --sdk user_workspace.cpp: the copies 16 MiB into the workspace: {lines[-14:]}')

# an array the source keeps in GM (`const __gm__ T table[] = {...}`) is a GM buffer of its
# own: a copy reads it, the scalar unit reads its elements with the initializer's values
p = run('lower', '--sdk', FIXTURE, f'{S}/gm_constant_table.cpp')
lines = p.stdout.splitlines()
expect(p.returncode == 0 and
       f'buffer table : GM[256];  // an array the source keeps in GM from {S}/gm_constant_table.cpp:10:1'
       in lines and any(l.startswith('  MTE2 copy ub[0 +: 256] <- table[0 +: 256];') for l in lines),
       f'a GM table under a GlobalTensor: its own GM buffer, which the copy reads: {p.stdout[-600:]}')
p = run('lower', '--sdk', FIXTURE, f'{S}/gm_constant_offsets.cpp')
lines = p.stdout.splitlines()
expect(p.returncode == 0 and
       any(l.startswith('  S get_value <- offsets[8 +: 4] as ') for l in lines) and
       any(l.startswith('  MTE2 copy ub[0 +: 256] <- x[512 +: 256];') for l in lines),
       f'a constant GM table read by the scalar unit: its reads written, the offset the '
       f'initializer gives (element 2 is 128, element 3 past the list 0): {p.stdout[-700:]}')
p = run('lower', '--sdk', FIXTURE, '-D', 'block_num=2', f'{S}/gm_constant_offsets.cpp')
copies = [l.split('//')[0].strip() for l in p.stdout.splitlines() if 'MTE2 copy' in l]
expect(copies == ['MTE2 copy ub[0 +: 256] <- x[512 +: 256];', 'MTE2 copy ub[0 +: 256] <- x[768 +: 256];'],
       f'a constant GM table on every core: each core\'s run knows its elements: {copies}')

# a scalar in braces starts at its item (`int64_t count{0}` as a member, `int64_t second{1}`
# as a local): the list index is known and the copy reads y
p = run('lower', '--sdk', FIXTURE, f'{S}/brace_initialized.cpp')
expect(p.returncode == 0 and any(l.startswith('  MTE2 copy ub[0 +: 256] <- y[0 +: 256];')
                                 for l in p.stdout.splitlines()),
       f'brace-initialized counts: the copy reads the second list, y: {p.stdout[-500:]} {p.stderr[-300:]}')

# the entry's own REGISTER_TILING_DEFAULT(T) names the structure GET_TILING_DATA reads, though
# the SDK's macro only marks a section; the device compiler's unqualified min is there
p = run('lower', '--sdk', FIXTURE, f'{S}/own_tiling_default.cpp')
expect(p.returncode == 0 and
       'kernel own_tiling_default guessed("totalLength" = 256) {' in p.stdout and
       any(l.startswith('  MTE2 copy ub[0 +: 256] <- x[0 +: 256];') for l in p.stdout.splitlines()),
       f'an entry\'s own default tiling through the SDK: {p.stdout[-600:]} {p.stderr[-300:]}')

# GetValue of a bfloat16_t: the SDK's copy of a value in UB parses, and is the scalar read
p = run('lower', '--sdk', FIXTURE, f'{S}/bfloat16_value.cpp')
expect(p.returncode == 0 and
       any(l.startswith('  S get_value <- ub[0 +: 2] as ') for l in p.stdout.splitlines()),
       f'GetValue of a bfloat16_t: a scalar read of 2 bytes: {p.stdout[-500:]} {p.stderr[-300:]}')

# GET_TILING_DATA_MEMBER and GET_TILING_DATA_PTR_WITH_STRUCT read the structure's fields (a
# member's by its path); a CTRL bit set in what get_ctrl reads is a value not known, not an
# unsupported construct
p = run('lower', '--sdk', FIXTURE, f'{S}/tiling_forms.cpp')
expect(p.returncode == 0 and 'kernel tiling_forms guessed("coreNum" = 2, "copy.tileLength" = 256) {'
       in p.stdout and 'unsupported' not in p.stderr,
       f'the build\'s member and pointer tiling forms through the SDK: {p.stdout[-500:]} {p.stderr[-300:]}')

finish()
