// The CPU-instruction SHA-256 / SHA-512 code of Sources/CPlaytimeSHA, outside Swift: built for another
// architecture and run under user-mode emulation by scripts/sha-cross.sh (docs/crypto.md, "Hashing on the CPU's
// instructions"). It pins the FIPS 180-4 examples and checks the instructions against a plain C reference written
// from FIPS 180-4 §6.2 and §6.4 (sharing only the round constants, which the examples pin) over messages of many
// lengths, compressed in runs of 1..4 blocks.
// Exit status 0 when every check passed; 77 when this CPU has neither instruction set (nothing to test).
#include "CPlaytimeSHA.h"
#include "sha256_constants.h"
#include "sha512_constants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

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
            uint32_t t1 = hh + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + playtime_sha256_k[t] + w[t];
            uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
}

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
            uint64_t t1 = hh + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) + ((e & f) ^ (~e & g)) + playtime_sha512_k[t] + w[t];
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
