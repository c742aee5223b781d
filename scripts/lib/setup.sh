# shellcheck shell=bash
# Shared by scripts/accelsync and scripts/test: make sure the packages a build needs are
# installed (Debian 12, apt-get as root) and that a build directory is configured.
# Source it; it defines as_root, as_build (the build scripts/accelsync runs), as_packages,
# as_test_packages and the functions below.

as_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck disable=SC2034  # used by the scripts that source this file
as_build="$as_root/build"

# Debian packages the tool needs to build and run, and the command or pkg-config module that
# tells each is there.
as_packages=(
  "meson:cmd:meson" "ninja-build:cmd:ninja" "flex:cmd:flex" "bison:cmd:bison"
  "pkg-config:cmd:pkg-config" "gcc:cmd:cc" "python3:cmd:python3"
  "libxml2-dev:pc:libxml-2.0" "libjansson-dev:pc:jansson" "libinih-dev:pc:inih"
  "libclang-dev:glob:/usr/lib/llvm-*/include/clang-c/Index.h"
)
# What only the test suite needs (scripts/test): CUnit, valgrind's memcheck, shellcheck,
# jsonschema for the SARIF test and chromium for the HTML report's browser test.
# shellcheck disable=SC2034  # used by scripts/test
as_test_packages=(
  "libcunit1-dev:pc:cunit" "valgrind:cmd:valgrind" "shellcheck:cmd:shellcheck"
  "python3-jsonschema:dpkg:python3-jsonschema" "chromium:cmd:chromium"
)

as_missing_packages() {
  local entry pkg kind what missing=()
  for entry in "${as_packages[@]}" "$@"; do
    IFS=: read -r pkg kind what <<<"$entry"
    case $kind in
      cmd) command -v "$what" >/dev/null 2>&1 || missing+=("$pkg") ;;
      pc) pkg-config --exists "$what" 2>/dev/null || missing+=("$pkg") ;;
      dpkg) dpkg -s "$what" >/dev/null 2>&1 || missing+=("$pkg") ;;
      glob) compgen -G "$what" >/dev/null || missing+=("$pkg") ;;
    esac
  done
  echo "${missing[@]}"
}

# as_install_packages [extra "pkg:kind:what" entries]: as_packages and these.
as_install_packages() {
  local missing
  missing=$(as_missing_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "accelsync: missing packages: $missing (install them with apt-get as root)" >&2
    exit 2
  fi
  echo "accelsync: installing $missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # shellcheck disable=SC2086
  apt-get install -y -qq $missing >&2
}

# as_configure DIR [meson options...]: configure DIR once.
as_configure() {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$as_root" "$@" >&2
  fi
}

# True when a source file is newer than the binary (or there is no binary).
as_stale() {
  local bin=$1
  [ -x "$bin" ] || return 0
  [ -n "$(find "$as_root/src" "$as_root/grammar" "$as_root/hwmodels" "$as_root/include" \
          "$as_root/meson.build" "$as_root/meson_options.txt" -newer "$bin" -print -quit 2>/dev/null)" ]
}
