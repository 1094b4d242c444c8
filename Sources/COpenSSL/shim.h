// OpenSSL's libcrypto, for HMAC-SHA256 and a constant-time compare.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
