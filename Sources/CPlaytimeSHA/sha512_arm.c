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

/// The 80 SHA-512 round constants of FIPS 180-4 §4.2.3.
static const uint64_t playtime_sha512_k[80] __attribute__((aligned(16))) = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

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
