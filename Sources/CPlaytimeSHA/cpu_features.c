// Which SHA-2 instructions the CPU has and the operating system lets a process use (docs/crypto.md).
//
// x86-64 (Linux, macOS): CPUID. Leaf 7, sub-leaf 0, EBX bit 29 is SHA; leaf 1, ECX bits 9 and 19 are SSSE3 and
// SSE4.1, which the SHA-256 code also uses. The SHA extensions only use XMM registers, whose state every x86-64
// operating system saves, so no XGETBV check is needed. Intel's SHA-512 instructions (VSHA512*) are not used.
// AArch64 Linux: the kernel's hardware capabilities (getauxval(AT_HWCAP): HWCAP_SHA2 bit 6, HWCAP_SHA512 bit 21).
// AArch64 Apple: SHA2 is in every Apple arm64 CPU (the compiler defines __ARM_FEATURE_SHA2 for all of them);
// SHA512 is asked of the kernel (sysctl hw.optional.arm.FEAT_SHA512, hw.optional.armv8_2_sha512 before it).
// Anything else (32-bit ARM, other operating systems): nothing, and the portable code runs.
#include "CPlaytimeSHA.h"
#include "sha_targets.h"

#include <stdlib.h>

#if defined(PLAYTIME_SHA_X86)
#include <cpuid.h>
#elif defined(PLAYTIME_SHA_ARM) && defined(__linux__)
#include <sys/auxv.h>
#elif defined(PLAYTIME_SHA_ARM) && defined(__APPLE__)
#include <sys/sysctl.h>
#endif

#if defined(PLAYTIME_SHA_ARM) && defined(__APPLE__)
/// True when the sysctl `name` exists and reads as a non-zero integer.
static int apple_feature(const char *name) {
    int value = 0;
    size_t size = sizeof(value);
    if (sysctlbyname(name, &value, &size, NULL, 0) != 0) return 0;
    return value != 0;
}
#endif

unsigned playtime_sha_hardware_present(void) {
    unsigned found = 0;
#if defined(PLAYTIME_SHA_X86)
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid(1, eax, ebx, ecx, edx);
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    if (ssse3 && sse41 && ((ebx >> 29) & 1)) found |= PLAYTIME_SHA_HARDWARE_SHA256;
#elif defined(PLAYTIME_SHA_ARM) && defined(__linux__)
    const unsigned long capabilities = getauxval(AT_HWCAP);
    if (capabilities & (1ul << 6)) found |= PLAYTIME_SHA_HARDWARE_SHA256;
    if (capabilities & (1ul << 21)) found |= PLAYTIME_SHA_HARDWARE_SHA512;
#elif defined(PLAYTIME_SHA_ARM) && defined(__APPLE__)
#if defined(__ARM_FEATURE_SHA2)
    found |= PLAYTIME_SHA_HARDWARE_SHA256;
#else
    if (apple_feature("hw.optional.arm.FEAT_SHA256")) found |= PLAYTIME_SHA_HARDWARE_SHA256;
#endif
    if (apple_feature("hw.optional.arm.FEAT_SHA512") || apple_feature("hw.optional.armv8_2_sha512")) {
        found |= PLAYTIME_SHA_HARDWARE_SHA512;
    }
#endif
    return found;
}

unsigned playtime_sha_hardware_given(const char *setting) {
    const int forced = setting != NULL && setting[0] != '\0' && !(setting[0] == '0' && setting[1] == '\0');
    return forced ? 0 : playtime_sha_hardware_present();
}

unsigned playtime_sha_hardware(void) {
    return playtime_sha_hardware_given(getenv(PLAYTIME_SHA_FALLBACK_VARIABLE));
}
