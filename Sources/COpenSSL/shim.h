// OpenSSL's libcrypto, for HMAC-SHA256, a constant-time compare and its CSPRNG.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
