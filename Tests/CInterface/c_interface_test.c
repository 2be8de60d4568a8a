/*
 * The C interface tested from C (include/playtime_guard.h, docs/c.md), against the built libplaytime_guard.so (or
 * libPlaytimeGuardC.a), on the real clocks of this machine. scripts/c-interface.sh builds and runs it; built with
 * gcc -Wall -Wextra -Werror, and once with AddressSanitizer/LeakSanitizer.
 *
 *   c_interface_test lifecycle DIR POLICY NTP_SERVERS_JSON   the scripted case (docs/c.md, "What was compiled and run here"): a cold
 *                                                    start, a 2.5 s absence paid 20 gold (the policy's 2 s cap at
 *                                                    36 000 gold/h) with the ad pending, then a departure the
 *                                                    process leaves open, paid 20 by the next launch. Prints one
 *                                                    "payouts:" line the Mono program must print too.
 *   c_interface_test hostile DIR POLICY               NULLs, invalid UTF-8, malformed JSON, closed and made-up
 *                                                    handles, foreign and twice-freed pointers, refused values:
 *                                                    each answered with its error code.
 *   c_interface_test leak DIR POLICY                  keeps one result string unfreed on purpose: the sanitizer run
 *                                                    must report it (the leak checker sees the library's strings).
 *   c_interface_test threads DIR POLICY               8 threads on one handle at once, closed under them; a
 *                                                    background while a foreground waits for a silent NTP server.
 *
 * Exit status 0 when every check held; each failed check is printed.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "playtime_guard.h"

static int failures = 0;

#define CHECK(condition, ...)                                                                                       \
    do {                                                                                                            \
        if (!(condition)) {                                                                                         \
            failures++;                                                                                             \
            fprintf(stderr, "FAILED %s:%d: %s: ", __FILE__, __LINE__, #condition);                                 \
            fprintf(stderr, __VA_ARGS__);                                                                           \
            fputc('\n', stderr);                                                                                    \
        }                                                                                                           \
    } while (0)

/* The scripted case's policy (Tests/CInterface/scripted-policy.json, read by main): a 2 s cap, no minimum, 36 000
   gold/h at 100 %: any absence of 2 s or more pays 20 gold. */
#define CONFIG_SIZE 16384
static char policy_json[8192];

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void sleep_seconds(double seconds) {
    struct timespec t = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&t, &t) != 0) {
    }
}

/* The value of the first "key": in json after `from`, as an integer (0 and *found = 0 when absent). */
static long long json_integer(const char *json, const char *key, int *found) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *at = json ? strstr(json, pattern) : NULL;
    if (found) *found = at != NULL;
    if (!at) return 0;
    at += strlen(pattern);
    while (*at == ' ' || *at == ':') at++;
    return strtoll(at, NULL, 10);
}

/* The first string value of "key" in json, copied to out (empty when absent). */
static void json_string(const char *json, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    out[0] = 0;
    const char *at = json ? strstr(json, pattern) : NULL;
    if (!at) return;
    at += strlen(pattern);
    while (*at == ' ' || *at == ':') at++;
    if (*at != '"') return;
    at++;
    size_t n = 0;
    while (at[n] && at[n] != '"' && n + 1 < size) n++;
    memcpy(out, at, n);
    out[n] = 0;
}

/* How many payouts a {"payouts": [...]} result holds (each has one "sessionID"). */
static int payout_count(const char *json) {
    int count = 0;
    for (const char *at = json; at && (at = strstr(at, "\"sessionID\"")); at++) count++;
    return count;
}

/* Checks an error reply: the status, and the JSON's code (and that it has a message). Frees the JSON. */
static void expect_error(int32_t status, char *json, int32_t expected, const char *code, const char *what) {
    char found[128];
    CHECK(status == expected, "%s: status %d, expected %d (%s)", what, status, expected, json ? json : "no JSON");
    json_string(json, "code", found, sizeof found);
    CHECK(strcmp(found, code) == 0, "%s: code \"%s\", expected \"%s\" (%s)", what, found, code, json ? json : "no JSON");
    CHECK(json && strstr(json, "\"message\""), "%s: no message in %s", what, json ? json : "no JSON");
    CHECK(ptg_free(json) == PTG_OK, "%s: the error JSON could not be freed", what);
}

/* The calls write json through &json: it is read only after the call returned (argument order is unspecified). */
#define EXPECT_ERROR(call, expected, code, what)                                                                    \
    do {                                                                                                            \
        json = NULL;                                                                                                \
        int32_t status_ = (call);                                                                                   \
        expect_error(status_, json, expected, code, what);                                                          \
    } while (0)

#define EXPECT_NO_PAYOUT(call, what)                                                                                \
    do {                                                                                                            \
        json = NULL;                                                                                                \
        int32_t status_ = (call);                                                                                   \
        expect_no_payout(status_, json, what);                                                                      \
    } while (0)

static char *configuration(const char *ntp_servers) {
    static char text[CONFIG_SIZE];
    snprintf(text, sizeof text, "{\"policy\":%s,\"ntpServers\":%s}", policy_json, ntp_servers);
    return text;
}

static uint64_t open_or_fail(const char *directory, const char *config) {
    uint64_t handle = 0;
    char *json = NULL;
    int32_t status = ptg_open(directory, config, &handle, &json);
    CHECK(status == PTG_OK && handle != 0, "ptg_open(%s): %d %s", directory, status, json ? json : "");
    ptg_free(json);
    return handle;
}

/* ---- callbacks ---- */

struct waiter {
    pthread_mutex_t mutex;
    pthread_cond_t done;
    int calls;
    int32_t status;
    char json[16384];
    pthread_t caller;
    int on_caller_thread;
};

static void waiter_init(struct waiter *w) {
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mutex, NULL);
    pthread_cond_init(&w->done, NULL);
    w->caller = pthread_self();
}

static void waiter_callback(void *user_data, int32_t status, const char *json) {
    struct waiter *w = user_data;
    pthread_mutex_lock(&w->mutex);
    w->calls++;
    w->status = status;
    w->on_caller_thread = pthread_equal(pthread_self(), w->caller);
    snprintf(w->json, sizeof w->json, "%s", json ? json : "(null)");
    pthread_cond_broadcast(&w->done);
    pthread_mutex_unlock(&w->mutex);
}

/* Waits for the callback (at most 10 s), then a little longer to see that it is not called twice. */
static void waiter_wait(struct waiter *w, const char *what) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 10;
    pthread_mutex_lock(&w->mutex);
    while (w->calls == 0 && pthread_cond_timedwait(&w->done, &w->mutex, &deadline) == 0) {
    }
    pthread_mutex_unlock(&w->mutex);
    sleep_seconds(0.05);
    pthread_mutex_lock(&w->mutex);
    CHECK(w->calls == 1, "%s: the callback was called %d times", what, w->calls);
    CHECK(!w->on_caller_thread, "%s: the callback ran on the caller's thread", what);
    pthread_mutex_unlock(&w->mutex);
}

static void waiter_destroy(struct waiter *w) {
    pthread_mutex_destroy(&w->mutex);
    pthread_cond_destroy(&w->done);
}

/* ---- lifecycle ---- */

struct paid {
    long long gold_now, pending, escrow;
    char headline[64];
};

static struct paid one_payout(int32_t status, const char *json, const char *what) {
    struct paid paid = {0, 0, 0, ""};
    CHECK(status == PTG_OK, "%s: status %d: %s", what, status, json);
    CHECK(payout_count(json) == 1, "%s: expected one payout: %s", what, json);
    paid.gold_now = json_integer(json, "goldNow", NULL);
    paid.pending = json_integer(json, "goldPendingGrant", NULL);
    paid.escrow = json_integer(json, "goldInEscrow", NULL);
    const char *messages = strstr(json, "\"messages\"");
    json_string(messages, "key", paid.headline, sizeof paid.headline);
    return paid;
}

static void expect_no_payout(int32_t status, char *json, const char *what) {
    CHECK(status == PTG_OK && payout_count(json) == 0, "%s: expected no payout: %d %s", what, status, json);
    ptg_free(json);
}

static int lifecycle(const char *directory, const char *ntp_servers) {
    const char *config = configuration(ntp_servers);
    char *json = NULL;
    uint64_t handle = open_or_fail(directory, config);

    EXPECT_NO_PAYOUT(ptg_launch(handle, NULL, &json), "a first launch");
    EXPECT_NO_PAYOUT(ptg_settle(handle, &json), "a first settle");
    CHECK(ptg_anchor_request(handle, &json) == PTG_OK, "anchor request");
    char text[512];
    json_string(json, "text", text, sizeof text);
    CHECK(strncmp(text, "pr1.", 4) == 0, "an anchor request's text starts with pr1.: %s", json);
    ptg_free(json);

    CHECK(ptg_background(handle, 36000, &json) == PTG_OK && strcmp(json, "{}") == 0, "background: %s", json);
    ptg_free(json);
    CHECK(ptg_stamp_departure(handle, &json) == PTG_OK && strstr(json, "\"stamped\":false"),
          "no Roughtime server: no stamp: %s", json);
    ptg_free(json);
    sleep_seconds(2.5);
    /* The player returns, asking for the ad multiplier: 20 now, +20 once the server grants the ad. */
    int32_t status = ptg_foreground(handle, "[\"ad\"]", &json);
    struct paid back = one_payout(status, json, "the return");
    CHECK(strstr(json, "{\"gold\":20,\"name\":\"ad\"}") != NULL, "the ad is pending with 20 gold: %s", json);
    ptg_free(json);
    EXPECT_NO_PAYOUT(ptg_foreground(handle, "[\"ad\"]", &json), "a repeated foreground");
    EXPECT_NO_PAYOUT(ptg_settle(handle, &json), "a settle after a proven return");
    CHECK(ptg_heartbeat(handle, 36000, &json) == PTG_OK, "heartbeat: %s", json);
    ptg_free(json);

    /* The player leaves and the process ends while away: the next process's launch (asynchronous) is the return. */
    CHECK(ptg_background(handle, 36000, &json) == PTG_OK, "second background: %s", json);
    ptg_free(json);
    CHECK(ptg_close(handle) == PTG_OK, "close while away");
    sleep_seconds(2.5);
    handle = open_or_fail(directory, config);
    struct waiter launched;
    waiter_init(&launched);
    CHECK(ptg_launch_async(handle, NULL, waiter_callback, &launched) == PTG_OK, "launch_async accepted");
    waiter_wait(&launched, "launch_async");
    struct paid cold = one_payout(launched.status, launched.json, "the cold start");
    waiter_destroy(&launched);
    struct waiter settled;
    waiter_init(&settled);
    CHECK(ptg_settle_async(handle, waiter_callback, &settled) == PTG_OK, "settle_async accepted");
    waiter_wait(&settled, "settle_async");
    CHECK(settled.status == PTG_OK && payout_count(settled.json) == 0, "nothing to settle: %s", settled.json);
    waiter_destroy(&settled);
    CHECK(ptg_close(handle) == PTG_OK, "close");

    CHECK(back.gold_now == 20 && back.pending == 20 && back.escrow == 0, "the return: %lld now, %lld pending, %lld held",
          back.gold_now, back.pending, back.escrow);
    CHECK(cold.gold_now == 20 && cold.pending == 0, "the cold start: %lld now, %lld pending", cold.gold_now, cold.pending);
    printf("payouts: foreground %lld now, %lld pending, %lld held, headline %s; launch %lld now, %lld pending, %lld held, "
           "headline %s\n",
           back.gold_now, back.pending, back.escrow, back.headline, cold.gold_now, cold.pending, cold.escrow, cold.headline);
    printf("paid in all: %lld\n", back.gold_now + cold.gold_now);
    return failures == 0 ? 0 : 1;
}

/* ---- hostile inputs ---- */

static void every_call_on(uint64_t handle, int32_t expected, const char *code, const char *what) {
    char *json = NULL;
    char label[160];
#define ON(call, name)                                                                                              \
    snprintf(label, sizeof label, "%s: %s", what, name);                                                            \
    EXPECT_ERROR(call, expected, code, label)
    (void)json;
    ON(ptg_launch(handle, NULL, &json), "launch");
    ON(ptg_background(handle, 600, &json), "background");
    ON(ptg_stamp_departure(handle, &json), "stamp_departure");
    ON(ptg_heartbeat(handle, 600, &json), "heartbeat");
    ON(ptg_foreground(handle, "[]", &json), "foreground");
    ON(ptg_settle(handle, &json), "settle");
    ON(ptg_anchor_request(handle, &json), "anchor_request");
    ON(ptg_record_anchor(handle, "pr1.x", "pa1.y", &json), "record_anchor");
#undef ON
    struct waiter w;
    waiter_init(&w);
    CHECK(ptg_foreground_async(handle, NULL, waiter_callback, &w) == PTG_OK, "%s: foreground_async accepted", what);
    waiter_wait(&w, "foreground_async on a closed handle");
    CHECK(w.status == expected && strstr(w.json, code), "%s: foreground_async: %d %s", what, w.status, w.json);
    waiter_destroy(&w);
    CHECK(ptg_close(handle) == PTG_CLOSED_HANDLE, "%s: close", what);
}

static int hostile(const char *directory) {
    char *json = NULL;
    uint64_t handle = 12345;
    char config[CONFIG_SIZE];
    snprintf(config, sizeof config, "{\"policy\":%s,\"ntpServers\":[]}", policy_json);

    /* NULLs. */
    EXPECT_ERROR(ptg_open(NULL, config, &handle, &json), PTG_NULL_ARGUMENT, "null-argument", "open(NULL directory)");
    CHECK(handle == 0, "a failed open writes handle 0");
    EXPECT_ERROR(ptg_open(directory, NULL, &handle, &json), PTG_NULL_ARGUMENT, "null-argument", "open(NULL config)");
    EXPECT_ERROR(ptg_open(directory, config, NULL, &json), PTG_NULL_ARGUMENT, "null-argument", "open(NULL out_handle)");
    CHECK(ptg_open(directory, config, &handle, NULL) == PTG_NULL_ARGUMENT, "open(NULL out_json) does nothing");
    CHECK(ptg_free(NULL) == PTG_OK, "free(NULL)");
    CHECK(ptg_launch_async(1, NULL, NULL, NULL) == PTG_NULL_ARGUMENT, "an async call without a callback");

    /* Invalid UTF-8, malformed JSON, wrong shapes, too long a text. */
    EXPECT_ERROR(ptg_open("/tmp/\xff\xfe", config, &handle, &json), PTG_INVALID_UTF8, "invalid-utf8", "directory");
    EXPECT_ERROR(ptg_open(directory, "{\"enrollment\":\"\xc3\x28\"}", &handle, &json), PTG_INVALID_UTF8, "invalid-utf8",
                 "configuration");
    EXPECT_ERROR(ptg_open(directory, "{\"enrollment\":\"\xed\xa0\x80\"}", &handle, &json), PTG_INVALID_UTF8,
                 "invalid-utf8", "an encoded surrogate");
    const char *malformed[] = {"", "{", "[1,", "{\"policy\":}", "nul", "{\"ntpServers\":[\"a\"]} x", "{'a':1}"};
    for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++) {
        EXPECT_ERROR(ptg_open(directory, malformed[i], &handle, &json), PTG_MALFORMED_JSON, "malformed-json", malformed[i]);
    }
    size_t depth = 200000;
    char *deep = malloc(depth + 1);
    memset(deep, '[', depth);
    deep[depth] = 0;
    EXPECT_ERROR(ptg_open(directory, deep, &handle, &json), PTG_MALFORMED_JSON, "malformed-json", "200 000 nested arrays");
    free(deep);
    size_t huge = 1048577;
    char *spaces = malloc(huge + 3);
    spaces[0] = '{';
    memset(spaces + 1, ' ', huge);
    spaces[huge + 1] = '}';
    spaces[huge + 2] = 0;
    EXPECT_ERROR(ptg_open(directory, spaces, &handle, &json), PTG_INVALID_ARGUMENT, "invalid-argument", "a 1 MiB configuration");
    free(spaces);
    const char *wrong[] = {"[]", "5", "\"text\"", "{\"polcy\":{}}", "{\"ntpServers\":\"pool.ntp.org\"}",
                           "{\"ntpServers\":[\"bad host!\"]}", "{\"ntpServers\":[\"127.0.0.1:0\"]}",
                           "{\"roughtimeServers\":[\"nokey\"]}", "{\"enrollment\":\"pe1.nope\"}", "{\"policy\":{\"version\":5}}"};
    for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
        EXPECT_ERROR(ptg_open(directory, wrong[i], &handle, &json), PTG_INVALID_ARGUMENT, "invalid-argument", wrong[i]);
    }
    const char *bad_policy =
        "{\"policy\":{\"version\":\"no-cap\",\"goldPerHour\":600,\"minimumAwaySeconds\":0,\"capSeconds\":0,"
        "\"tiers\":[{\"upToSeconds\":null,\"percent\":100}],\"efficiencyPercent\":50,\"multipliers\":[],"
        "\"dailyBudgetGold\":0,\"statusSharePercent\":{\"verified\":100,\"provisional\":50,\"rejected\":0},"
        "\"escrowExpirySeconds\":1}}";
    EXPECT_ERROR(ptg_open(directory, bad_policy, &handle, &json), PTG_FAILED, "invalid-policy", "a cap of 0 s");
    EXPECT_ERROR(ptg_open(directory, "{\"ntpServers\":[],\"ntpServers\":[]}", &handle, &json), PTG_INVALID_ARGUMENT,
                 "invalid-argument", "a key twice");
    EXPECT_ERROR(ptg_open(directory, "{\"ntpServers\":[\"a\",]}", &handle, &json), PTG_MALFORMED_JSON, "malformed-json",
                 "a trailing comma");

    /* An open handle: bad arguments to its calls. */
    handle = open_or_fail(directory, config);
    uint64_t second = 0;
    EXPECT_ERROR(ptg_open(directory, config, &second, &json), PTG_FAILED, "recorder", "a second open of one directory");
    CHECK(second == 0, "no second handle");
    EXPECT_ERROR(ptg_foreground(handle, "[\"\xff\"]", &json), PTG_INVALID_UTF8, "invalid-utf8", "multipliers");
    EXPECT_ERROR(ptg_foreground(handle, "[\"ad\"", &json), PTG_MALFORMED_JSON, "malformed-json", "multipliers");
    EXPECT_ERROR(ptg_foreground(handle, "{\"ad\":1}", &json), PTG_INVALID_ARGUMENT, "invalid-argument", "multipliers object");
    EXPECT_ERROR(ptg_foreground(handle, "[1]", &json), PTG_INVALID_ARGUMENT, "invalid-argument", "multiplier numbers");
    char many[1024] = "[";
    for (int i = 0; i < 33; i++) strcat(many, i ? ",\"m\"" : "\"m\"");
    strcat(many, "]");
    EXPECT_ERROR(ptg_foreground(handle, many, &json), PTG_INVALID_ARGUMENT, "invalid-argument", "33 multipliers");
    EXPECT_ERROR(ptg_background(handle, -1, &json), PTG_FAILED, "recorder", "a negative rate");
    CHECK(ptg_launch(handle, NULL, NULL) == PTG_NULL_ARGUMENT, "launch(NULL out_json) does nothing");
    CHECK(ptg_anchor_request(handle, NULL) == PTG_NULL_ARGUMENT, "anchor_request(NULL out_json) does nothing");
    EXPECT_ERROR(ptg_record_anchor(handle, NULL, "pa1.x", &json), PTG_NULL_ARGUMENT, "null-argument", "record_anchor(NULL request)");
    EXPECT_ERROR(ptg_record_anchor(handle, "pr1.x", NULL, &json), PTG_NULL_ARGUMENT, "null-argument", "record_anchor(NULL token)");
    EXPECT_ERROR(ptg_record_anchor(handle, "pr1.never-made", "pa1.x", &json), PTG_UNKNOWN_ANCHOR_REQUEST,
                 "unknown-anchor-request", "a request this handle did not make");
    CHECK(ptg_anchor_request(handle, &json) == PTG_OK, "anchor request");
    char request[512];
    json_string(json, "text", request, sizeof request);
    ptg_free(json);
    EXPECT_ERROR(ptg_record_anchor(handle, request, "pa1.not-a-token", &json), PTG_FAILED, "anchor", "a malformed token");
    EXPECT_ERROR(ptg_record_anchor(handle, request, "\xff", &json), PTG_INVALID_UTF8, "invalid-utf8", "a token");
    struct waiter w;
    waiter_init(&w);
    CHECK(ptg_record_anchor_async(handle, request, "pa1.bad", waiter_callback, &w) == PTG_OK, "record_anchor_async accepted");
    waiter_wait(&w, "record_anchor_async");
    CHECK(w.status == PTG_FAILED && strstr(w.json, "\"anchor\""), "record_anchor_async of a bad token: %d %s", w.status, w.json);
    waiter_destroy(&w);
    waiter_init(&w);
    CHECK(ptg_foreground_async(handle, "[", waiter_callback, &w) == PTG_OK, "foreground_async accepted");
    waiter_wait(&w, "foreground_async of malformed multipliers");
    CHECK(w.status == PTG_MALFORMED_JSON, "foreground_async of malformed multipliers: %d %s", w.status, w.json);
    waiter_destroy(&w);

    /* Pointers ptg_free never handed out, or already freed. */
    CHECK(ptg_anchor_request(handle, &json) == PTG_OK, "anchor request");
    CHECK(ptg_free(json) == PTG_OK, "free");
    CHECK(ptg_free(json) == PTG_INVALID_ARGUMENT, "a second free is refused");
    char local[16] = "not the library";
    CHECK(ptg_free(local) == PTG_INVALID_ARGUMENT, "a pointer the library did not hand out is refused");

    /* Closed, never opened, made-up handles. */
    CHECK(ptg_close(handle) == PTG_OK, "close");
    every_call_on(handle, PTG_CLOSED_HANDLE, "closed-handle", "a closed handle");
    every_call_on(0, PTG_CLOSED_HANDLE, "closed-handle", "handle 0");
    every_call_on(0xdeadbeefcafeULL, PTG_CLOSED_HANDLE, "closed-handle", "a made-up handle");
    /* The directory opens again at once. */
    handle = open_or_fail(directory, config);
    CHECK(ptg_close(handle) == PTG_OK, "close the reopened handle");
    return failures == 0 ? 0 : 1;
}

/* ---- threads ---- */

struct shared {
    uint64_t handle;
    pthread_barrier_t start;
    int paid;
    int unexpected;
    int closed_seen;
    int async_started;
    int async_answered;
    pthread_mutex_t mutex;
};

static void *return_at_once(void *argument) {
    struct shared *s = argument;
    char *json = NULL;
    pthread_barrier_wait(&s->start);
    int32_t status = ptg_foreground(s->handle, "[\"ad\"]", &json);
    pthread_mutex_lock(&s->mutex);
    if (status != PTG_OK) s->unexpected++;
    s->paid += payout_count(json);
    pthread_mutex_unlock(&s->mutex);
    ptg_free(json);
    return NULL;
}

static void count_async(void *user_data, int32_t status, const char *json) {
    struct shared *s = user_data;
    (void)json;
    pthread_mutex_lock(&s->mutex);
    s->async_answered++;
    if (status == PTG_CLOSED_HANDLE) s->closed_seen++;
    else if (status != PTG_OK) s->unexpected++;
    pthread_mutex_unlock(&s->mutex);
}

static void *mixed_calls(void *argument) {
    struct shared *s = argument;
    char *json = NULL;
    pthread_barrier_wait(&s->start);
    for (int i = 0; i < 400; i++) {
        int32_t status;
        switch (i % 6) {
        case 0: status = ptg_background(s->handle, 36000, &json); break;
        case 1: status = ptg_heartbeat(s->handle, 36000, &json); break;
        case 2: status = ptg_anchor_request(s->handle, &json); break;
        case 3: status = ptg_foreground(s->handle, NULL, &json); break;
        case 4: status = ptg_settle(s->handle, &json); break;
        default:
            json = NULL;
            status = ptg_foreground_async(s->handle, "[\"ad\"]", count_async, s);
            break;
        }
        pthread_mutex_lock(&s->mutex);
        if (json == NULL && status == PTG_OK) s->async_started++;
        if (status == PTG_CLOSED_HANDLE) s->closed_seen++;
        else if (status != PTG_OK) {
            s->unexpected++;
            fprintf(stderr, "unexpected status %d: %s\n", status, json ? json : "");
        }
        pthread_mutex_unlock(&s->mutex);
        ptg_free(json);
        json = NULL;
    }
    return NULL;
}

/* A UDP socket on loopback that never answers: an NTP server the foreground waits for until its budget ends. */
static int silent_server(int *port) {
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof address) != 0 ||
        getsockname(fd, (struct sockaddr *)&address, &length) != 0) {
        return -1;
    }
    *port = ntohs(address.sin_port);
    return fd;
}

struct timed {
    uint64_t handle;
    double began, ended;
    int paid;
};

static void *slow_return(void *argument) {
    struct timed *t = argument;
    char *json = NULL;
    t->began = now_seconds();
    int32_t status = ptg_foreground(t->handle, NULL, &json);
    t->ended = now_seconds();
    t->paid = status == PTG_OK ? payout_count(json) : -1;
    ptg_free(json);
    return NULL;
}

static int threads(const char *directory) {
    enum { count = 8 };
    char config[CONFIG_SIZE];
    snprintf(config, sizeof config, "{\"policy\":%s,\"ntpServers\":[]}", policy_json);
    struct shared s;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.mutex, NULL);
    pthread_t workers[count];
    char *json = NULL;

    /* Eight returns at once from one departure: one payout. */
    s.handle = open_or_fail(directory, config);
    CHECK(ptg_background(s.handle, 36000, &json) == PTG_OK, "background");
    ptg_free(json);
    pthread_barrier_init(&s.start, NULL, count);
    for (int i = 0; i < count; i++) pthread_create(&workers[i], NULL, return_at_once, &s);
    for (int i = 0; i < count; i++) pthread_join(workers[i], NULL);
    pthread_barrier_destroy(&s.start);
    CHECK(s.paid == 1 && s.unexpected == 0, "8 returns at once: %d payouts, %d failures", s.paid, s.unexpected);

    /* Eight threads of mixed calls, the handle closed under them: each call succeeds or finds the handle closed. */
    pthread_barrier_init(&s.start, NULL, count + 1);
    for (int i = 0; i < count; i++) pthread_create(&workers[i], NULL, mixed_calls, &s);
    pthread_barrier_wait(&s.start);
    sleep_seconds(0.3);
    CHECK(ptg_close(s.handle) == PTG_OK, "close under 8 threads");
    for (int i = 0; i < count; i++) pthread_join(workers[i], NULL);
    pthread_barrier_destroy(&s.start);
    /* Every asynchronous call is answered once (those begun before the close were waited for by it). */
    for (int waited = 0; waited < 1000; waited++) {
        pthread_mutex_lock(&s.mutex);
        int answered = s.async_answered == s.async_started;
        pthread_mutex_unlock(&s.mutex);
        if (answered) break;
        sleep_seconds(0.01);
    }
    CHECK(s.async_answered == s.async_started, "%d asynchronous calls, %d answers", s.async_started, s.async_answered);
    CHECK(s.unexpected == 0, "8 threads of mixed calls: %d unexpected statuses", s.unexpected);
    CHECK(s.closed_seen > 0, "the threads were still calling when the handle closed (%d closed answers)", s.closed_seen);
    fprintf(stderr, "threads: %d calls found the handle closed\n", s.closed_seen);

    /* A background while a foreground waits for a silent NTP server: written at once, not after the wait. */
    int port = 0;
    int silent = silent_server(&port);
    CHECK(silent >= 0, "a silent UDP socket on loopback");
    char slow_config[CONFIG_SIZE];
    snprintf(slow_config, sizeof slow_config, "{\"policy\":%s,\"ntpServers\":[\"127.0.0.1:%d\"]}", policy_json, port);
    struct timed t = {open_or_fail(directory, slow_config), 0, 0, 0};
    CHECK(ptg_foreground(t.handle, NULL, &json) == PTG_OK, "close what the mixed calls left open");
    ptg_free(json);
    CHECK(ptg_background(t.handle, 36000, &json) == PTG_OK, "background");
    ptg_free(json);
    pthread_t waiting;
    pthread_create(&waiting, NULL, slow_return, &t);
    sleep_seconds(0.2);
    double began = now_seconds();
    int32_t status = ptg_background(t.handle, 36000, &json);
    double took = now_seconds() - began;
    ptg_free(json);
    pthread_join(waiting, NULL);
    CHECK(status == PTG_OK, "background during a return: %d", status);
    CHECK(t.ended - t.began > 1.0, "the return waited for the silent server (%.2f s)", t.ended - t.began);
    CHECK(took < 0.5, "the background did not wait for the return's network time (%.3f s)", took);
    fprintf(stderr, "threads: the return waited %.2f s for the silent server, a background meanwhile took %.3f s\n",
            t.ended - t.began, took);
    CHECK(ptg_close(t.handle) == PTG_OK, "close");
    close(silent);
    pthread_mutex_destroy(&s.mutex);
    return failures == 0 ? 0 : 1;
}

/* A result the caller never frees: the one leak the sanitizer must find. */
static int leak(const char *directory) {
    char config[CONFIG_SIZE];
    snprintf(config, sizeof config, "{\"policy\":%s,\"ntpServers\":[]}", policy_json);
    uint64_t handle = open_or_fail(directory, config);
    char *kept = NULL;
    CHECK(ptg_anchor_request(handle, &kept) == PTG_OK, "anchor request");
    fprintf(stderr, "leak: not freeing %p on purpose\n", (void *)kept);
    kept = NULL;
    CHECK(ptg_close(handle) == PTG_OK, "close");
    return failures == 0 ? 0 : 1;
}

/* The policy file's text (POLICY, the scripted case's policy JSON) into policy_json. */
static int read_policy(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    size_t length = fread(policy_json, 1, sizeof policy_json - 1, file);
    int complete = feof(file) && !ferror(file);
    fclose(file);
    policy_json[length] = 0;
    while (length > 0 && (policy_json[length - 1] == '\n' || policy_json[length - 1] == ' ')) policy_json[--length] = 0;
    return complete && length > 0;
}

int main(int argc, char **argv) {
    if (argc >= 4 && !read_policy(argv[3])) {
        fprintf(stderr, "%s: cannot read the policy %s\n", argv[0], argv[3]);
        return 2;
    }
    if (argc >= 5 && strcmp(argv[1], "lifecycle") == 0) return lifecycle(argv[2], argv[4]);
    if (argc >= 4 && strcmp(argv[1], "hostile") == 0) return hostile(argv[2]);
    if (argc >= 4 && strcmp(argv[1], "threads") == 0) return threads(argv[2]);
    if (argc >= 4 && strcmp(argv[1], "leak") == 0) return leak(argv[2]);
    fprintf(stderr, "usage: %s lifecycle DIR POLICY NTP_SERVERS_JSON | hostile|threads|leak DIR POLICY\n", argv[0]);
    return 2;
}
