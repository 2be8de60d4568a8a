// The CPU's SHA-2 instructions for PlaytimeCrypto (docs/crypto.md, "Hashing on the CPU's instructions").
//
// Each compression function here updates the eight chaining words of FIPS 180-4 in place over `count`
// consecutive blocks at `blocks` (64 bytes each for SHA-256, 128 for SHA-512; any alignment). Call one only when
// playtime_sha_hardware() says its instructions are usable: on a CPU without them it would fault. On a target
// where this file has no code for them (32-bit ARM, for one), the functions exist and do nothing, and
// playtime_sha_hardware() never reports them.
#ifndef CPLAYTIME_SHA_H
#define CPLAYTIME_SHA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// SHA-256 instructions are usable: x86-64 SHA extensions (with SSSE3 and SSE4.1), or ARMv8 SHA2.
#define PLAYTIME_SHA_HARDWARE_SHA256 1u
/// SHA-512 instructions are usable: ARMv8.2 SHA512.
#define PLAYTIME_SHA_HARDWARE_SHA512 2u

/// The environment variable that, set to anything but an empty string or "0", makes playtime_sha_hardware()
/// report nothing, so that every hash runs the portable Swift code.
#define PLAYTIME_SHA_FALLBACK_VARIABLE "PLAYTIME_SHA_FALLBACK"

/// Which of the instructions above this process may use (PLAYTIME_SHA_HARDWARE_* bits), read from the CPU's
/// feature bits and the operating system's report of them, and PLAYTIME_SHA_FALLBACK. Reads them on every
/// call: callers keep the answer.
unsigned playtime_sha_hardware(void);

/// What the CPU reports, ignoring PLAYTIME_SHA_FALLBACK (for benchmarks and tests that name the path taken).
unsigned playtime_sha_hardware_present(void);

/// What playtime_sha_hardware() answers when PLAYTIME_SHA_FALLBACK is `setting` (NULL: not set).
unsigned playtime_sha_hardware_given(const char *setting);

/// SHA-256 compression of `count` 64-byte blocks with the CPU's instructions.
void playtime_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t count);

/// SHA-512 compression of `count` 128-byte blocks with the CPU's instructions.
void playtime_sha512_compress_hardware(uint64_t state[8], const void *blocks, size_t count);

#ifdef __cplusplus
}
#endif

#endif
