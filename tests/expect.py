"""The pass/fail tally the Python test programs share: `expect` records one assertion and
prints what failed; `finish` prints the totals and exits non-zero if anything failed."""
import sys

passed = failed = 0


def expect(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAIL', what)


def finish():
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed else 0)
