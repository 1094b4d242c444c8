// libpq, PostgreSQL's client library (Debian: libpq-dev builds, libpq5 runs).
// By its folder, so the include works with or without pkg-config's -I.
#include <postgresql/libpq-fe.h>
