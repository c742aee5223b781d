# Marks the library's top level, as a hicann op library's cmake/ does (docs/frontends.md,
# "The op build's layout").
