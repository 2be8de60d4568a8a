// Which instruction sets this build has code for; cpu_features.c and the compression files agree on it.
#ifndef CPLAYTIME_SHA_TARGETS_H
#define CPLAYTIME_SHA_TARGETS_H

// x86-64 with GCC or Clang (function-level `target` attributes, <immintrin.h>, <cpuid.h>): Linux and Intel Macs.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PLAYTIME_SHA_X86 1
#endif

// Little-endian AArch64 with NEON on Linux (getauxval) or Apple platforms (sysctl), including arm64_32 watches.
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ \
    && (defined(__linux__) || defined(__APPLE__))
#define PLAYTIME_SHA_ARM 1
#endif

// The ARM code is compiled for the SHA2 (and SHA512) instructions function by function, whatever the target's
// baseline (Apple arm64 targets include SHA2, Linux's armv8-a does not): Clang names the features "sha2" and
// "sha3" (which brings SHA512); GCC wants "+crypto" for SHA2 and the architecture "armv8.2-a+sha3" for SHA512.
#if defined(PLAYTIME_SHA_ARM)
#if defined(__clang__)
#define PLAYTIME_SHA_ARM_SHA2_TARGET __attribute__((target("sha2")))
#define PLAYTIME_SHA_ARM_SHA512_TARGET __attribute__((target("sha2,sha3")))
#else
#define PLAYTIME_SHA_ARM_SHA2_TARGET __attribute__((target("+crypto")))
#define PLAYTIME_SHA_ARM_SHA512_TARGET __attribute__((target("arch=armv8.2-a+sha3")))
#endif
#endif

#endif
