/* Each unit-test file defines this: it adds its suites to the CUnit registry. */
#ifndef AS_TESTS_CUNIT_MAIN_H
#define AS_TESTS_CUNIT_MAIN_H

void register_suites(void);

#endif
