// SHA-512 compression with the ARMv8.2 SHA512 instructions (docs/crypto.md, "Hashing on the CPU's instructions").
//
// The state lives in four registers of two words each, lowest lane first: {A,B}, {C,D}, {E,F}, {G,H}. Two rounds
// t and t+1 (FIPS 180-4 §6.4.2 step 3) are:
//   SHA512H  ({G + K[t+1] + W[t+1], H + K[t] + W[t]}, {F,G}, {D,E}) -> {T1 of round t+1, T1 of round t}
//   SHA512H2 (those, {C,D}, {A,B}) -> the new {A,B}
//   the new {E,F} is {C,D} plus the T1 pair: {C + T1(t+1), D + T1(t)}
// and the old {A,B} and {E,F} become the new {C,D} and {G,H}. SHA512SU0 and SHA512SU1 compute the message
// schedule two words at a time: W[t..t+1] = σ1(W[t-2..t-1]) + W[t-7..t-6] + σ0(W[t-15..t-14]) + W[t-16..t-15].
#include "CPlaytimeSHA.h"
#include "sha_targets.h"

#if defined(PLAYTIME_SHA_ARM)
#include <arm_neon.h>

#include "sha512_constants.h"

/// Two rounds from `words` (W[t..t+1]). `ab`, `cd`, `ef`, `gh` name the registers holding those pairs now; after
/// the step `gh` holds the new {A,B} and `cd` the new {E,F}, so the next step names them (gh, ab, cd, ef).
#define TWO_ROUNDS(words, t, ab, cd, ef, gh)                                                          \
    do {                                                                                              \
        const uint64x2_t sum = vaddq_u64((words), vld1q_u64(&playtime_sha512_k[(t)]));                \
        const uint64x2_t accumulator = vaddq_u64(vextq_u64(sum, sum, 1), (gh));                       \
        const uint64x2_t t1 = vsha512hq_u64(accumulator, vextq_u64((ef), (gh), 1), vextq_u64((cd), (ef), 1)); \
        (gh) = vsha512h2q_u64(t1, (cd), (ab));                                                        \
        (cd) = vaddq_u64((cd), t1);                                                                   \
    } while (0)

/// W[t..t+1] into w[j] (which held W[t-16..t-15]), from the pairs after it (indices modulo 8).
#define SCHEDULE(j) \
    w[(j)] = vsha512su1q_u64(vsha512su0q_u64(w[(j)], w[((j) + 1) % 8]), w[((j) + 7) % 8], vextq_u64(w[((j) + 4) % 8], w[((j) + 5) % 8], 1))

PLAYTIME_SHA_ARM_SHA512_TARGET
void playtime_sha512_compress_hardware(uint64_t state[8], const void *blocks, size_t count) {
    uint64x2_t s0 = vld1q_u64(&state[0]), s1 = vld1q_u64(&state[2]);
    uint64x2_t s2 = vld1q_u64(&state[4]), s3 = vld1q_u64(&state[6]);
    const uint8_t *block = (const uint8_t *)blocks;
    for (size_t index = 0; index < count; index++, block += 128) {
        uint64x2_t ab = s0, cd = s1, ef = s2, gh = s3;
        uint64x2_t w[8];
        // Each 64-bit word of the block is big-endian: reverse the bytes within each lane.
        for (int pair = 0; pair < 8; pair++) w[pair] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(block + 16 * pair)));
        // Sixteen rounds a pass; the register names rotate every two rounds and are back in place after eight.
        for (int t = 0; t < 80; t += 16) {
            if (t > 0) SCHEDULE(0);
            TWO_ROUNDS(w[0], t + 0, ab, cd, ef, gh);
            if (t > 0) SCHEDULE(1);
            TWO_ROUNDS(w[1], t + 2, gh, ab, cd, ef);
            if (t > 0) SCHEDULE(2);
            TWO_ROUNDS(w[2], t + 4, ef, gh, ab, cd);
            if (t > 0) SCHEDULE(3);
            TWO_ROUNDS(w[3], t + 6, cd, ef, gh, ab);
            if (t > 0) SCHEDULE(4);
            TWO_ROUNDS(w[4], t + 8, ab, cd, ef, gh);
            if (t > 0) SCHEDULE(5);
            TWO_ROUNDS(w[5], t + 10, gh, ab, cd, ef);
            if (t > 0) SCHEDULE(6);
            TWO_ROUNDS(w[6], t + 12, ef, gh, ab, cd);
            if (t > 0) SCHEDULE(7);
            TWO_ROUNDS(w[7], t + 14, cd, ef, gh, ab);
        }
        s0 = vaddq_u64(s0, ab);
        s1 = vaddq_u64(s1, cd);
        s2 = vaddq_u64(s2, ef);
        s3 = vaddq_u64(s3, gh);
    }
    vst1q_u64(&state[0], s0);
    vst1q_u64(&state[2], s1);
    vst1q_u64(&state[4], s2);
    vst1q_u64(&state[6], s3);
}

#endif
