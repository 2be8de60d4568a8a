// SHA-256 compression with the x86-64 SHA extensions (docs/crypto.md, "Hashing on the CPU's instructions").
//
// SHA256RNDS2 runs two rounds on the state split as {A,B,E,F} and {C,D,G,H} (most significant lane first),
// taking W+K for those rounds from the low half of its third operand; four rounds are two calls, the second on the
// upper half moved down. SHA256MSG1 and SHA256MSG2 compute the σ0 and σ1 parts of the message schedule
// (FIPS 180-4 §6.2.2 step 1), four words at a time; the W[t-7] term is added in between.
#include "CPlaytimeSHA.h"
#include "sha_targets.h"

#if defined(PLAYTIME_SHA_X86)
#include <immintrin.h>

#include "sha256_constants.h"

#define PLAYTIME_SHA_X86_TARGET __attribute__((target("sha,ssse3,sse4.1")))

/// Four rounds from `words` (W[t..t+3]) and the constants K[t..t+3].
#define FOUR_ROUNDS(words, t)                                                                   \
    do {                                                                                        \
        __m128i sum = _mm_add_epi32((words), _mm_load_si128((const __m128i *)&playtime_sha256_k[(t)])); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, sum);                                          \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(sum, 0x0e));                 \
    } while (0)

/// W[t..t+3] into `oldest` (which held W[t-16..t-13]), from the three groups after it.
#define SCHEDULE(oldest, second, third, newest)                                                 \
    do {                                                                                        \
        __m128i partial = _mm_sha256msg1_epu32((oldest), (second));                            \
        partial = _mm_add_epi32(partial, _mm_alignr_epi8((newest), (third), 4));               \
        (oldest) = _mm_sha256msg2_epu32(partial, (newest));                                     \
    } while (0)

PLAYTIME_SHA_X86_TARGET
void playtime_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t count) {
    // Each 32-bit word of the block is big-endian: reverse the bytes within each lane.
    const __m128i byteSwap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    // state[0..3] = A..D and state[4..7] = E..H, lowest lane first, rearranged to {A,B,E,F} and {C,D,G,H}.
    __m128i low = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xb1);  // B A D C
    __m128i high = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1b); // H G F E
    __m128i abef = _mm_alignr_epi8(low, high, 8);                                          // F E B A
    __m128i cdgh = _mm_blend_epi16(high, low, 0xf0);                                       // H G D C
    const unsigned char *block = (const unsigned char *)blocks;
    for (size_t index = 0; index < count; index++, block += 64) {
        const __m128i savedABEF = abef, savedCDGH = cdgh;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 0)), byteSwap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16)), byteSwap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 32)), byteSwap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 48)), byteSwap);
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
        abef = _mm_add_epi32(abef, savedABEF);
        cdgh = _mm_add_epi32(cdgh, savedCDGH);
    }
    // Back to A..D and E..H.
    low = _mm_shuffle_epi32(abef, 0x1b);                    // A B E F (lowest lane first)
    high = _mm_shuffle_epi32(cdgh, 0xb1);                   // G H C D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(low, high, 0xf0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(high, low, 8));     // E F G H
}

#endif
