/* Shared main for the CUnit suites: each test file defines register_suites(), this runs
 * them and turns failures into a non-zero exit code for meson test. */
#include <CUnit/Basic.h>
#include <stdlib.h>

#include "cunit_main.h"

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    register_suites();
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}
