// The compression functions on targets this package has no instructions for: never called, since
// playtime_sha_hardware() reports nothing there, but present so that every target links the same symbols.
#include "CPlaytimeSHA.h"
#include "sha_targets.h"

#if !defined(PLAYTIME_SHA_X86) && !defined(PLAYTIME_SHA_ARM)
void playtime_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t count) {
    (void)state, (void)blocks, (void)count;
}
#endif

#if !defined(PLAYTIME_SHA_ARM)
void playtime_sha512_compress_hardware(uint64_t state[8], const void *blocks, size_t count) {
    (void)state, (void)blocks, (void)count;
}
#endif
