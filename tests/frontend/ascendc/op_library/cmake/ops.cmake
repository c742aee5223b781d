# Marks the library's top level, as a hicann op library's cmake/ does. Its build would stage
# every operator's op_kernel/ as <stage>/<operator>/ and common/inc/op_kernel/ as <stage>/inc/
# (docs/frontends.md, "The op build's layout").
