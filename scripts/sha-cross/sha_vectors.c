// The CPU-instruction SHA-256 / SHA-512 code of Sources/CPlaytimeSHA, outside Swift: built for another
// architecture and run under user-mode emulation by scripts/sha-cross.sh (docs/crypto.md, "Hashing on the CPU's
// instructions"). It pins the FIPS 180-4 examples and checks the instructions against a plain C reference written
// from FIPS 180-4 §6.2 and §6.4 over messages of many lengths, compressed in runs of 1..4 blocks.
// Exit status 0 when every check passed; 77 when this CPU has neither instruction set (nothing to test).
#include "CPlaytimeSHA.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static const uint32_t k256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/// FIPS 180-4 §6.2.2, one block at a time.
static void reference256(uint32_t h[8], const void *data, size_t count) {
    const uint8_t *blocks = data;
    for (size_t block = 0; block < count; block++, blocks += 64) {
        uint32_t w[64];
        for (int t = 0; t < 16; t++) {
            w[t] = (uint32_t)blocks[4 * t] << 24 | (uint32_t)blocks[4 * t + 1] << 16 | (uint32_t)blocks[4 * t + 2] << 8 | blocks[4 * t + 3];
        }
        for (int t = 16; t < 64; t++) {
            uint32_t s0 = ror32(w[t - 15], 7) ^ ror32(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint32_t s1 = ror32(w[t - 2], 17) ^ ror32(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        for (int t = 0; t < 64; t++) {
            uint32_t t1 = hh + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + k256[t] + w[t];
            uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
}

static const uint64_t k512[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

/// FIPS 180-4 §6.4.2, one block at a time.
static void reference512(uint64_t h[8], const void *data, size_t count) {
    const uint8_t *blocks = data;
    for (size_t block = 0; block < count; block++, blocks += 128) {
        uint64_t w[80];
        for (int t = 0; t < 16; t++) {
            w[t] = 0;
            for (int i = 0; i < 8; i++) w[t] = w[t] << 8 | blocks[8 * t + i];
        }
        for (int t = 16; t < 80; t++) {
            uint64_t s0 = ror64(w[t - 15], 1) ^ ror64(w[t - 15], 8) ^ (w[t - 15] >> 7);
            uint64_t s1 = ror64(w[t - 2], 19) ^ ror64(w[t - 2], 61) ^ (w[t - 2] >> 6);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        for (int t = 0; t < 80; t++) {
            uint64_t t1 = hh + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) + ((e & f) ^ (~e & g)) + k512[t] + w[t];
            uint64_t t2 = (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
            hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
}

typedef void (*compress256)(uint32_t[8], const void *, size_t);
typedef void (*compress512)(uint64_t[8], const void *, size_t);

/// The digest of `length` bytes: padded (FIPS 180-4 §5.1), then compressed in runs of `run` blocks.
static void digest256(compress256 compress, const uint8_t *message, size_t length, size_t run, uint8_t out[32]) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t padded = (length + 9 + 63) / 64 * 64;
    uint8_t *buffer = calloc(padded, 1);
    memcpy(buffer, message, length);
    buffer[length] = 0x80;
    for (int i = 0; i < 8; i++) buffer[padded - 1 - i] = (uint8_t)(((uint64_t)length * 8) >> (8 * i));
    for (size_t done = 0; done < padded / 64;) {
        size_t take = padded / 64 - done < run ? padded / 64 - done : run;
        compress(h, buffer + 64 * done, take);
        done += take;
    }
    free(buffer);
    for (int i = 0; i < 8; i++) for (int j = 0; j < 4; j++) out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
}

static void digest512(compress512 compress, const uint8_t *message, size_t length, size_t run, uint8_t out[64]) {
    uint64_t h[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                     0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
    size_t padded = (length + 17 + 127) / 128 * 128;
    uint8_t *buffer = calloc(padded, 1);
    memcpy(buffer, message, length);
    buffer[length] = 0x80;
    for (int i = 0; i < 8; i++) buffer[padded - 1 - i] = (uint8_t)(((uint64_t)length * 8) >> (8 * i));
    for (size_t done = 0; done < padded / 128;) {
        size_t take = padded / 128 - done < run ? padded / 128 - done : run;
        compress(h, buffer + 128 * done, take);
        done += take;
    }
    free(buffer);
    for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) out[8 * i + j] = (uint8_t)(h[i] >> (56 - 8 * j));
}

static int failures = 0;

static void expect_hex(const char *what, const uint8_t *digest, size_t count, const char *expected) {
    char text[129];
    for (size_t i = 0; i < count; i++) snprintf(text + 2 * i, 3, "%02x", digest[i]);
    if (strcmp(text, expected) != 0) {
        printf("FAIL %s: %s, expected %s\n", what, text, expected);
        failures++;
    }
}

int main(void) {
    const unsigned present = playtime_sha_hardware_present();
    printf("sha_vectors: CPU reports%s%s\n", present & PLAYTIME_SHA_HARDWARE_SHA256 ? " SHA-256" : "",
           present & PLAYTIME_SHA_HARDWARE_SHA512 ? " SHA-512" : (present ? "" : " neither instruction set"));
    if (playtime_sha_hardware_given("1") != 0) { printf("FAIL: PLAYTIME_SHA_FALLBACK=1 does not force the fallback\n"); failures++; }
    const char *examples[] = {"", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                              "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"};
    const char *expected256[] = {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                                 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                                 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                                 "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"};
    const char *expected512[] = {
        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"};
    uint8_t digest[64], reference[64];
    int checked256 = 0, checked512 = 0;
    // The reference itself is pinned to the vectors first, so that agreeing with it means something.
    for (int i = 0; i < 4; i++) {
        digest256(reference256, (const uint8_t *)examples[i], strlen(examples[i]), 1, digest);
        expect_hex("reference SHA-256", digest, 32, expected256[i]);
        digest512(reference512, (const uint8_t *)examples[i], strlen(examples[i]), 1, digest);
        expect_hex("reference SHA-512", digest, 64, expected512[i]);
    }
    uint8_t *message = malloc(2048);
    uint64_t state = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < 2048; i++) { state = state * 6364136223846793005ull + 1442695040888963407ull; message[i] = (uint8_t)(state >> 56); }
    if (present & PLAYTIME_SHA_HARDWARE_SHA256) {
        for (int i = 0; i < 4; i++) {
            for (size_t run = 1; run <= 4; run++) {
                digest256(playtime_sha256_compress_hardware, (const uint8_t *)examples[i], strlen(examples[i]), run, digest);
                expect_hex("SHA-256 instructions", digest, 32, expected256[i]);
            }
        }
        for (size_t length = 0; length <= 2048; length += (length < 300 ? 1 : 37)) {
            digest256(reference256, message, length, 1, reference);
            digest256(playtime_sha256_compress_hardware, message, length, 1 + length % 4, digest);
            if (memcmp(digest, reference, 32) != 0) { printf("FAIL SHA-256 instructions vs reference at length %zu\n", length); failures++; }
            checked256++;
        }
    }
    if (present & PLAYTIME_SHA_HARDWARE_SHA512) {
        for (int i = 0; i < 4; i++) {
            for (size_t run = 1; run <= 4; run++) {
                digest512(playtime_sha512_compress_hardware, (const uint8_t *)examples[i], strlen(examples[i]), run, digest);
                expect_hex("SHA-512 instructions", digest, 64, expected512[i]);
            }
        }
        for (size_t length = 0; length <= 2048; length += (length < 300 ? 1 : 37)) {
            digest512(reference512, message, length, 1, reference);
            digest512(playtime_sha512_compress_hardware, message, length, 1 + length % 4, digest);
            if (memcmp(digest, reference, 64) != 0) { printf("FAIL SHA-512 instructions vs reference at length %zu\n", length); failures++; }
            checked512++;
        }
    }
    free(message);
    printf("sha_vectors: %d failures; SHA-256 instructions: %s (%d lengths), SHA-512 instructions: %s (%d lengths)\n", failures,
           checked256 ? "vectors and reference agree" : "not run", checked256, checked512 ? "vectors and reference agree" : "not run", checked512);
    if (failures) return 1;
    return present ? 0 : 77;
}
