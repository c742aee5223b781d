// Function qualifiers of a header-only kernel library, written as catlass writes them: the
// device compiler's execution-space lists after a qualifier, which are not C++.
#ifndef TILELIB_DETAIL_MACROS_HPP
#define TILELIB_DETAIL_MACROS_HPP
#define TILELIB_DEVICE __forceinline__[aicore]
#if defined(__CCE__)
#define TILELIB_HOST_DEVICE __forceinline__[host, aicore]
#else
#define TILELIB_HOST_DEVICE
#endif
#define TILELIB_GLOBAL __global__[aicore]
#endif
