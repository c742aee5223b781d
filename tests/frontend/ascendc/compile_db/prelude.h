// Forced into the parse by the build's `-include ../prelude.h` (compile_commands.json).
#ifndef DB_PRELUDE_H
#define DB_PRELUDE_H
#define DB_PRELUDE_SEEN 1
#endif
