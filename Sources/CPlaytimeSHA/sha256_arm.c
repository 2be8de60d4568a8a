// SHA-256 compression with the ARMv8 SHA2 instructions (docs/crypto.md, "Hashing on the CPU's instructions").
//
// SHA256H and SHA256H2 run four rounds on the state as {A,B,C,D} and {E,F,G,H} (lowest lane first), each
// producing one half; both take the other half as it was before the four rounds. SHA256SU0 and SHA256SU1 compute
// the message schedule (FIPS 180-4 §6.2.2 step 1) four words at a time.
#include "CPlaytimeSHA.h"
#include "sha_targets.h"

#if defined(PLAYTIME_SHA_ARM)
#include <arm_neon.h>

#include "sha256_constants.h"

/// Four rounds from `words` (W[t..t+3]) and the constants K[t..t+3].
#define FOUR_ROUNDS(words, t)                                                  \
    do {                                                                       \
        const uint32x4_t sum = vaddq_u32((words), vld1q_u32(&playtime_sha256_k[(t)])); \
        const uint32x4_t before = abcd;                                        \
        abcd = vsha256hq_u32(abcd, efgh, sum);                                 \
        efgh = vsha256h2q_u32(efgh, before, sum);                              \
    } while (0)

/// W[t..t+3] into `oldest` (which held W[t-16..t-13]), from the three groups after it.
#define SCHEDULE(oldest, second, third, newest) \
    (oldest) = vsha256su1q_u32(vsha256su0q_u32((oldest), (second)), (third), (newest))

PLAYTIME_SHA_ARM_SHA2_TARGET
void playtime_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t count) {
    uint32x4_t abcd = vld1q_u32(&state[0]);
    uint32x4_t efgh = vld1q_u32(&state[4]);
    const uint8_t *block = (const uint8_t *)blocks;
    for (size_t index = 0; index < count; index++, block += 64) {
        const uint32x4_t savedABCD = abcd, savedEFGH = efgh;
        // Each 32-bit word of the block is big-endian: reverse the bytes within each lane.
        uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 0)));
        uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16)));
        uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 32)));
        uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 48)));
        FOUR_ROUNDS(w0, 0);
        FOUR_ROUNDS(w1, 4);
        FOUR_ROUNDS(w2, 8);
        FOUR_ROUNDS(w3, 12);
        // Rounds 16..63: each group of four words is computed from the four groups before it.
        for (int t = 16; t < 64; t += 16) {
            SCHEDULE(w0, w1, w2, w3);
            FOUR_ROUNDS(w0, t);
            SCHEDULE(w1, w2, w3, w0);
            FOUR_ROUNDS(w1, t + 4);
            SCHEDULE(w2, w3, w0, w1);
            FOUR_ROUNDS(w2, t + 8);
            SCHEDULE(w3, w0, w1, w2);
            FOUR_ROUNDS(w3, t + 12);
        }
        abcd = vaddq_u32(abcd, savedABCD);
        efgh = vaddq_u32(efgh, savedEFGH);
    }
    vst1q_u32(&state[0], abcd);
    vst1q_u32(&state[4], efgh);
}

#endif
