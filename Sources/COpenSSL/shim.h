// OpenSSL's libcrypto, for HMAC-SHA256, a constant-time compare and its CSPRNG.
// SHA-256's own functions are deprecated in OpenSSL 3.0 in favour of EVP,
// whose context copies allocate; `HMACKey` copies plain SHA-256 states
// instead, so they are declared here without the deprecation.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
