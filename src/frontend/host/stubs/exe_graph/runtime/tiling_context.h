// Forwards to accelsync's declarations of the host API (accelsync_host.h).
#include <accelsync_host.h>
