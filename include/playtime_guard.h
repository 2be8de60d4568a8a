/*
 * playtime_guard.h: PlaytimeGuard's offline earnings for C, C++, Godot (GDExtension) and Unity (C#).
 *
 * The C interface over the Swift facade OfflineEarnings (docs/facades.md): one handle per save directory, the
 * app's lifecycle as calls, the payouts as UTF-8 JSON. docs/c.md is the guide (which call belongs to which
 * engine callback, the JSON of every result, what was tested where); docs/unity.md covers the C# binding.
 *
 * Libraries: libplaytime_guard.so (SwiftPM product `playtime_guard`, dynamic) or libPlaytimeGuardC.a (product
 * `PlaytimeGuardC`, static: an iOS plugin, or a static link with the Swift runtime). Declarations are checked
 * against the Swift sources (scripts/c-interface.sh).
 *
 * Rules that hold for every function below:
 *
 * Results and errors. Every function returns a status: PTG_OK (0), or one of the PTG_* errors below. A function
 *   taking `char **out_json` writes a fresh NUL-terminated UTF-8 JSON text there on every outcome except
 *   PTG_NULL_ARGUMENT for out_json itself: on PTG_OK the result described at the function, otherwise
 *   {"code": "<stable code>", "message": "<one line for logs>"}. The code of PTG_FAILED is the facade's own
 *   (EarningsError.Code: "storage", "recorder", "journal", "invalid-policy", "unknown-policy", "anchor", and any a
 *   later version adds: compare it and keep a default); the others' codes are fixed below. With out_json NULL the
 *   function does nothing and returns PTG_NULL_ARGUMENT.
 *
 * Ownership. A string written to *out_json belongs to the caller: free it exactly once with ptg_free (never with
 *   free()). Strings passed in are read during the call only; the library keeps no pointer to them. The JSON a
 *   callback receives belongs to the library and lives until the callback returns.
 *
 * Text. Every `const char *` is NUL-terminated UTF-8 (PTG_INVALID_UTF8 otherwise), read up to its limit and no
 *   further (PTG_INVALID_ARGUMENT beyond it): 4 096 bytes for a directory, 1 MiB for the configuration, 64 KiB for
 *   the others. A required pointer that is NULL is PTG_NULL_ARGUMENT.
 *
 * Handles. A handle is a number, not a pointer: ptg_open returns a new one (never 0, never reused within the
 *   process). Any call with a handle that is 0, was never returned, or is closed answers PTG_CLOSED_HANDLE without
 *   touching memory. Open one handle per save directory: a second open of the same directory while the first
 *   is open fails (PTG_FAILED, code "recorder": the journal is locked).
 *
 * Threads. Every function may be called from any thread, at any time, also on one handle from several threads at
 *   once: the facade is built for it (a background written while a foreground waits for the network, a return
 *   paid once, one settlement at a time), and the C layer keeps its own state consistent. ptg_close waits for the
 *   calls in progress on the handle, then refuses new ones. No function traps or aborts on any input.
 *
 * Blocking. ptg_launch, ptg_foreground, ptg_settle and ptg_stamp_departure wait for network time (NTP, Roughtime)
 *   within the recorder's budget of 1.5 s, and so block the calling thread for up to about that (not at all when
 *   offline or without servers); every call that writes also waits for its fsync. ptg_background and
 *   ptg_heartbeat never touch the network. Engines that must not block their main thread use the *_async forms.
 *
 * Callbacks. An *_async function returns PTG_OK and calls `callback` exactly once, on a thread of the library
 *   (never the caller's), with `user_data`, the status and the JSON the blocking form would have written; or it
 *   returns PTG_NULL_ARGUMENT for a NULL callback and never calls it. Every other failure (a closed handle, a bad
 *   argument) arrives through the callback. Text arguments are copied before the function returns. The callback
 *   may call any function of this header, the blocking forms included; it must not free the JSON. ptg_close waits
 *   for the asynchronous calls made before it on that handle, and for their callbacks to return.
 *
 * Payout JSON (docs/c.md, "Results and errors"):
 *   {"sessionID": "…", "goldNow": 20, "goldInEscrow": 0, "goldPendingGrant": 20,
 *    "pendingMultipliers": [{"name": "ad", "gold": 20}],
 *    "messages": [{"key": "paid", "values": {"gold": "20"}, "text": "You earned 20 gold while away."}, …],
 *    "explanation": "…"}
 *   goldNow is what to credit now; goldInEscrow waits for proof (a later ptg_settle pays what it proves);
 *   goldPendingGrant waits for the game's server to grant the multipliers asked for. messages are for the player,
 *   headline first (docs/player-messages.md); explanation is for support staff. Gold is a 64-bit integer.
 */
#ifndef PLAYTIME_GUARD_H
#define PLAYTIME_GUARD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Statuses (and the error JSON's "code" of each). */
#define PTG_OK 0                     /* success ("ok" is never an error code) */
#define PTG_FAILED 1                 /* the facade refused or failed: "code" is the facade's own (see above) */
#define PTG_NULL_ARGUMENT 2          /* "null-argument": a required pointer was NULL */
#define PTG_INVALID_UTF8 3           /* "invalid-utf8": a text argument is not well-formed UTF-8 */
#define PTG_MALFORMED_JSON 4         /* "malformed-json": a JSON argument does not parse */
#define PTG_INVALID_ARGUMENT 5       /* "invalid-argument": JSON of the wrong shape, an unknown key, too long a text,
                                        a pointer ptg_free did not hand out */
#define PTG_CLOSED_HANDLE 6          /* "closed-handle": 0, never opened, or closed */
#define PTG_UNKNOWN_ANCHOR_REQUEST 7 /* "unknown-anchor-request": not among the handle's last 16 anchor requests */
#define PTG_INTERNAL 8               /* "internal": the library could not encode its own result (never expected) */

/* The callback of the *_async forms: user_data as given, the status, and the JSON (the library's, valid until the
   callback returns; never NULL). Called once, on a thread of the library. */
typedef void (*ptg_callback)(void *user_data, int32_t status, const char *json);

/* ptg_open: opens the save directory (created if missing: the journal key and the journal live there) with
 * configuration_json, an object whose keys are all optional and none other allowed (PTG_INVALID_ARGUMENT):
 *   {"policy": {…}, "retainedPolicies": [{…}], "ntpServers": ["host", "host:port", "[v6]:port"],
 *    "roughtimeServers": ["host:port=BASE64KEY"], "enrollment": "pe1.…"}
 * policy is docs/reward-policy.md's JSON (default: the library's default policy; invalid values fail with code
 * "invalid-policy"); ntpServers default to public pool servers, [] means the boot clock alone; enrollment is the
 * text the game's server gave this device (docs/anchors.md §2). "{}" is every default.
 * On PTG_OK *out_handle is the new handle and *out_json {"journalPath": "…"} (the journal to upload to the game's
 * server); on failure *out_handle is 0 (when out_handle is not NULL: it is required). Reads and verifies the
 * journal: takes time in proportion to its size, never waits for the network. Close the handle with ptg_close. */
int32_t ptg_open(const char *directory, const char *configuration_json, uint64_t *out_handle, char **out_json);

/* ptg_close: closes the handle: new calls on it answer PTG_CLOSED_HANDLE at once; blocks until the calls already
 * in progress on it have returned (asynchronous ones: until their callbacks returned, except the callback ptg_close
 * is called from), then releases the journal, so the directory can be opened again. PTG_CLOSED_HANDLE when it was
 * not open (closing twice included). */
int32_t ptg_close(uint64_t handle);

/* ptg_free: frees a string this library wrote to an out_json. NULL: nothing, PTG_OK. A pointer this library did
 * not hand out, or already freed: PTG_INVALID_ARGUMENT, and nothing is freed. Any thread. */
int32_t ptg_free(char *json);

/* ptg_launch: the app's cold start (call it once the handle is open). With a departure an earlier process left
 * open (killed while away, or in the foreground after a heartbeat), it is the return: judged and paid as
 * ptg_foreground pays, with the multipliers named by multipliers_json (a JSON array of names such as ["ad"], or
 * NULL for none). *out_json: {"payouts": [payout]} then, else {"payouts": []}. Blocks (network, <= ~1.5 s). */
int32_t ptg_launch(uint64_t handle, const char *multipliers_json, char **out_json);
/* ptg_launch_async: ptg_launch, its reply delivered to callback on a library thread (see "Callbacks"). */
int32_t ptg_launch_async(uint64_t handle, const char *multipliers_json, ptg_callback callback, void *user_data);

/* ptg_background: the app leaves the foreground (Unity OnApplicationPause(true), iOS didEnterBackground,
 * Android onPause). Records the departure with gold_per_hour (snapshotted: the payout uses it, not the rate at
 * the return); durable (fsync'd) before it returns; never waits for the network. A repeat while away writes
 * nothing. *out_json: {}. A negative rate fails (code "recorder") with nothing written. */
int32_t ptg_background(uint64_t handle, int64_t gold_per_hour, char **out_json);

/* ptg_stamp_departure: right after ptg_background, inside the platform's background window: stamps the open
 * departure with signed time from the configured Roughtime servers. *out_json: {"stamped": true|false} (false
 * without Roughtime servers, offline, nothing to stamp, or too late; the departure is durable either way).
 * Blocks (network, <= ~1.5 s). */
int32_t ptg_stamp_departure(uint64_t handle, char **out_json);
/* ptg_stamp_departure_async: ptg_stamp_departure, its reply delivered to callback on a library thread. */
int32_t ptg_stamp_departure_async(uint64_t handle, ptg_callback callback, void *user_data);

/* ptg_heartbeat: a proof of life now and then in the foreground, with the current rate: if the app is killed in
 * the foreground, the next ptg_launch departs the player at the last heartbeat. No network. *out_json: {}. */
int32_t ptg_heartbeat(uint64_t handle, int64_t gold_per_hour, char **out_json);

/* ptg_foreground: the player returns (Unity OnApplicationPause(false), iOS willEnterForeground). Records the
 * return (network and signed time within the 1.5 s budget, at once when offline), judges the time away, pays it
 * with the multipliers multipliers_json names (a JSON array of names, or NULL for none; they wait for the game's
 * server's grant: goldPendingGrant) and records the claim. *out_json: {"payouts": [payout]}, or {"payouts": []}
 * when nothing was open (a repeated call included). Blocks (network, <= ~1.5 s). */
int32_t ptg_foreground(uint64_t handle, const char *multipliers_json, char **out_json);
/* ptg_foreground_async: ptg_foreground, its reply delivered to callback on a library thread. */
int32_t ptg_foreground_async(uint64_t handle, const char *multipliers_json, ptg_callback callback, void *user_data);

/* ptg_settle: when the network is back (cheap: call it after every launch and return): pays what proof added to
 * earlier sessions (a reboot while away, a return recorded whose claim was not). *out_json: {"payouts": [...]},
 * each payout's goldNow the top-up (possibly 0). Blocks (network, <= ~1.5 s). */
int32_t ptg_settle(uint64_t handle, char **out_json);
/* ptg_settle_async: ptg_settle, its reply delivered to callback on a library thread. */
int32_t ptg_settle_async(uint64_t handle, ptg_callback callback, void *user_data);

/* ptg_anchor_request: where the journal stands now, to send to the game's server at every contact (launch, a
 * ticket, an upload). *out_json: {"text": "pr1.<journal id>.<head sequence>.<head MAC or ->"}: send text to the
 * server (EarningsServer.anchor reads it, docs/anchors.md §1) and pass its answer to ptg_record_anchor with this
 * text. Reads the clock (the round trip starts here), writes nothing; the handle remembers its last 16 requests. */
int32_t ptg_anchor_request(uint64_t handle, char **out_json);

/* ptg_record_anchor: records the server's anchor token (the "pa1." text it answered) for the request whose text
 * is request_text (one this handle made with ptg_anchor_request; PTG_UNKNOWN_ANCHOR_REQUEST otherwise). Durable
 * before it returns; takes the token as a fix of the server's time, so sessions of this boot waiting for proof
 * are settled and paid: *out_json {"payouts": [...]}. A token that is malformed, for another journal or another
 * head fails with code "anchor" and nothing written (ask the server again). The same token twice writes once.
 * Never waits for the network. */
int32_t ptg_record_anchor(uint64_t handle, const char *request_text, const char *token, char **out_json);
/* ptg_record_anchor_async: ptg_record_anchor, its reply delivered to callback on a library thread. */
int32_t ptg_record_anchor_async(uint64_t handle, const char *request_text, const char *token, ptg_callback callback,
                                void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* PLAYTIME_GUARD_H */
