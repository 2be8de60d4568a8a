#!/usr/bin/env bash
# PlaytimeGuard attack script (issue 8, part 10): cheats tried for real against the BUILT binaries with real
# tools (libfaketime, an LD_PRELOAD boot-clock shim, mount namespaces with a forged boot id, lying NTP
# servers and a real chronyd on loopback, the service playtime-server). Each case asserts that a cheat is paid
# no more than the honest run of the same true time away, and that honest cases stay unflagged and are
# credited >= 99 %. Every case that talks to the service is also held to time conservation (issue 17,
# docs/anchors.md): its account is paid at most an honest player away for the whole server time the case used,
# plus one provisional cap; journals are anchored and enrolled as a client does it (anchor.py). See
# scripts/attacks/README.md.
#
# Usage: scripts/attacks/run.sh [BIN_DIR]        (default .build/debug)
# Exit status: 0 every case passed (or skipped: a tool is missing and PLAYTIME_REQUIRE_ATTACKS is not 1);
#              1 some case failed; 2 the binaries are missing or the harness itself broke.
#
# Simulated time never sleeps. The return (and every audit) happens at the real "now"; earlier events are
# back-dated: their wall clock by `faketime -f -Ns`, and the boot clock of the return is the departure's
# plus the time away (the shim adds nanoseconds to CLOCK_BOOTTIME). An honest reboot is a new boot id
# (bind-mounted over /proc/sys/kernel/random/boot_id in a private mount namespace) plus a boot clock that
# restarted (the shim subtracts); a forged one keeps the boot clock counting. Network time at back-dated
# events comes from an honest loopback server on the simulated timeline (fakentp.py with the same offset);
# at the real now it comes from chronyd.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BIN_ARG=${1:-.build/debug}
REQUIRE=${PLAYTIME_REQUIRE_ATTACKS:-0}
STARTED=$SECONDS

if ! BIN=$(cd "$BIN_ARG" 2>/dev/null && pwd); then
  echo "attacks: no binaries directory '$BIN_ARG' (run 'swift build' first, or pass the directory)" >&2
  exit 2
fi
for binary in playtime playtime-server; do
  [ -x "$BIN/$binary" ] || { echo "attacks: $BIN/$binary is missing (run 'swift build' first)" >&2; exit 2; }
done
PT=$BIN/playtime

skip() {
  if [ "$REQUIRE" = 1 ]; then
    echo "attacks: FAIL: $1 (PLAYTIME_REQUIRE_ATTACKS=1)" >&2
    exit 1
  fi
  echo "attacks: SKIP: $1 (set PLAYTIME_REQUIRE_ATTACKS=1 to make this a failure)"
  exit 0
}

# --- tools ------------------------------------------------------------------------------------------------
for tool in faketime gcc python3 unshare mount curl timeout; do
  command -v "$tool" >/dev/null 2>&1 || skip "'$tool' is not installed"
done
# The interpreter itself, once: a version-manager shim (pyenv) costs a shell script per call, and the
# script calls Python a few hundred times.
PY=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
[ -x "$PY" ] || PY=$(command -v python3)
CHRONYD=$(command -v chronyd || echo /usr/sbin/chronyd)
[ -x "$CHRONYD" ] || skip "chronyd is not installed (apt-get install chrony)"

# --- temp dir, processes, cleanup -------------------------------------------------------------------------
T=$(mktemp -d "${TMPDIR:-/tmp}/playtime-attacks.XXXXXX") || { echo "attacks: mktemp failed" >&2; exit 2; }
PIDS=()
SERVER_WRAPPER=
cleanup() {
  local pid k
  # The game server's faketime wrapper is not killed: it exits when the server does and then removes its
  # semaphore (a killed wrapper leaves it in /dev/shm, see run_clocked).
  for pid in "${PIDS[@]}"; do [ "$pid" = "$SERVER_WRAPPER" ] || kill "$pid" 2>/dev/null; done
  if [ -n "$SERVER_WRAPPER" ]; then
    for k in $(seq 1 30); do kill -0 "$SERVER_WRAPPER" 2>/dev/null || break; sleep 0.1; done
    kill "$SERVER_WRAPPER" 2>/dev/null
  fi
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  PLAYTIME_CHRONY_DIR=$T/chrony "$ROOT/scripts/chronyd-loopback.sh" stop >/dev/null 2>&1
  [ -n "${ROUGHTIME_PORT:-}" ] && PLAYTIME_ROUGHLY_DIR=$T/roughly "$ROOT/scripts/roughly-loopback.sh" stop "$ROUGHTIME_PORT" >/dev/null 2>&1
  # Mount namespaces live only as long as their (finished) processes; nothing is mounted outside them.
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

HELP=$HERE/helpers.py
KEY=$T/player.key
"$PY" -c 'import os; print(os.urandom(32).hex())' > "$KEY" && chmod 600 "$KEY"
mkdir -p "$T/ids" "$T/ntp" "$T/http"

SHIM=$T/bootshim.so
gcc -shared -fPIC -O2 -o "$SHIM" "$HERE/bootshim.c" -ldl 2>"$T/gcc.log" || skip "gcc cannot build the LD_PRELOAD shim: $(head -c 300 "$T/gcc.log")"

# The tools must do what the cases rely on; otherwise every assertion below would be meaningless.
probe=$(PT_BOOT_DELTA_NS=3600000000000 LD_PRELOAD=$SHIM FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f -7200 \
        "$PY" -c 'import time; print(int(time.clock_gettime(time.CLOCK_BOOTTIME)), int(time.time()))' 2>/dev/null)
real_boot=$("$PY" -c 'import time; print(int(time.clock_gettime(time.CLOCK_BOOTTIME)))')
real_wall=$(date +%s)
read -r probe_boot probe_wall <<<"$probe"
if [ -z "${probe_boot:-}" ] || (( probe_boot - real_boot < 3590 || probe_boot - real_boot > 3610 )); then
  skip "the LD_PRELOAD boot-clock shim does not take effect (got '${probe_boot:-}' vs real $real_boot)"
fi
if (( real_wall - probe_wall < 7190 || real_wall - probe_wall > 7210 )); then
  skip "faketime does not move the wall clock (got '${probe_wall:-}' vs real $real_wall)"
fi
# PLAYTIME_ATTACKS_UPTIME=S: every process the script starts (recorders, audits, the game server) sees a boot
# clock that read S seconds when the script began, whatever the host's uptime, so a host that booted minutes
# ago is shown on any host. Unset: the host's own boot clock. Cases simulate earlier boots by shifting the
# boot clock forward or by the new boot's own small reading, never by reading below zero (the shim aborts).
real_boot_ns() { local up; read -r up _ < /proc/uptime; echo $(( ${up%.*} * 1000000000 + 10#${up#*.} * 10000000 )); }
BOOT_BASE_NS=0
if [ -n "${PLAYTIME_ATTACKS_UPTIME:-}" ]; then
  [[ "$PLAYTIME_ATTACKS_UPTIME" =~ ^[0-9]+$ ]] || { echo "attacks: PLAYTIME_ATTACKS_UPTIME must be whole seconds" >&2; exit 2; }
  BOOT_BASE_NS=$(( PLAYTIME_ATTACKS_UPTIME * 1000000000 - $(real_boot_ns) ))
  seen=$(PT_BOOT_DELTA_NS=$BOOT_BASE_NS LD_PRELOAD=$SHIM "$PY" -c 'import time; print(int(time.clock_gettime(time.CLOCK_BOOTTIME)))')
  (( seen >= PLAYTIME_ATTACKS_UPTIME && seen <= PLAYTIME_ATTACKS_UPTIME + 10 )) \
    || { echo "attacks: the shim did not give the simulated uptime (read ${seen:-nothing} s, meant $PLAYTIME_ATTACKS_UPTIME s)" >&2; exit 2; }
  echo "attacks: every process sees a boot clock of $PLAYTIME_ATTACKS_UPTIME s at the start (the host's: $(( $(real_boot_ns) / 1000000000 )) s)"
fi
cat /proc/sys/kernel/random/uuid > "$T/ids/probe"
seen=$(unshare -m sh -c 'mount --bind "$1" /proc/sys/kernel/random/boot_id && cat /proc/sys/kernel/random/boot_id' sh "$T/ids/probe" 2>"$T/unshare.log")
[ "$seen" = "$(cat "$T/ids/probe")" ] || skip "cannot forge a boot id with unshare -m + mount --bind (needs root or CAP_SYS_ADMIN): $(head -c 200 "$T/unshare.log")"
[ "$(cat /proc/sys/kernel/random/boot_id)" != "$seen" ] || { echo "attacks: the forged boot id leaked out of its mount namespace" >&2; exit 2; }

# --- servers on loopback ----------------------------------------------------------------------------------
# fakentp.py: 4 ports; offsets (seconds from the real time) are read per request from $T/ntp/offset.PORT.
"$PY" "$HERE/fakentp.py" "$T/ntp" 4 >"$T/fakentp.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 100); do [ -s "$T/ntp/ports" ] && break; sleep 0.05; done
[ -s "$T/ntp/ports" ] || { echo "attacks: fakentp.py did not start: $(cat "$T/fakentp.log")" >&2; exit 2; }
read -r P_HONEST P_LIAR1 P_LIAR2 P_SPOOF < "$T/ntp/ports"
HONEST=127.0.0.1:$P_HONEST LIAR1=127.0.0.1:$P_LIAR1 LIAR2=127.0.0.1:$P_LIAR2 SPOOF=127.0.0.1:$P_SPOOF
ntp_offset() { printf '%s\n' "$2" > "$T/ntp/offset.$1.tmp" && mv "$T/ntp/offset.$1.tmp" "$T/ntp/offset.$1"; }

CHRONY_PORT=$("$PY" -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
CHRONY=$(PLAYTIME_CHRONY_DIR=$T/chrony timeout 30 "$ROOT/scripts/chronyd-loopback.sh" start "$CHRONY_PORT" 2>"$T/chrony.err") \
  || skip "chronyd cannot serve on loopback: $(head -c 300 "$T/chrony.err")"

# A real Roughtime server (PyPI `roughly`) on loopback, for the signed-time case (r1).
ROUGHTIME=
if command -v roughly >/dev/null 2>&1; then
  ROUGHTIME_PORT=$("$PY" -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  ROUGHTIME=$(PLAYTIME_ROUGHLY_DIR=$T/roughly timeout 40 "$ROOT/scripts/roughly-loopback.sh" start "$ROUGHTIME_PORT" 2>"$T/roughly.err") \
    || skip "roughly cannot serve on loopback: $(head -c 300 "$T/roughly.err")"
  printf '%s\n' "${ROUGHTIME#*=}" > "$T/roughtime.keys"
elif [ "$REQUIRE" = 1 ]; then
  skip "roughly is not installed (pip install --ignore-requires-python 'roughly[cli]')"
fi

# The service (playtime-server, docs/service.md) as the game's server; its wall clock is libfaketime's, read from a
# file at every call, so tickets can age by hours in an instant. The boot clock (its deadlines) is real. The cases'
# journals are under the one key the script made (KEY): the service takes them in its legacy shared-key mode.
SERVER_OFFSET=0
# The ad network's secret for grants (issue 18): the server knows it, the cheating player does not.
AD_NETWORK_SECRET=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
server_clock() { SERVER_OFFSET=$1; printf '%+d\n' "$1" > "$T/server-clock.tmp" && mv "$T/server-clock.tmp" "$T/server-clock"; }
server_clock 0
mkdir -p "$T/state"
# The backend's API key (docs/service.md, "API keys"): the service keeps its digest.
SERVICE_KEY=ptk_$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
printf 'attacks sha256:%s\n' "$(printf '%s' "$SERVICE_KEY" | sha256sum | cut -d' ' -f1)" > "$T/state/api-keys"
printf '%s\n' "$AD_NETWORK_SECRET" > "$T/ad.secret"
chmod 600 "$T/state/api-keys" "$T/ad.secret"
export PLAYTIME_ATTACKS_KEY=$SERVICE_KEY
# (The faketime wrapper sets up libfaketime; `env -u FAKETIME` lets the server's libfaketime read the file.
# Preloading libfaketime without the wrapper loses a Swift program's arguments.) The wrapper forks: its
# child is the server, and both are killed at exit.
server_boot=(env)
[ "$BOOT_BASE_NS" = 0 ] || server_boot+=("PT_BOOT_DELTA_NS=$BOOT_BASE_NS" "LD_PRELOAD=$SHIM")
"${server_boot[@]}" FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f +0 env -u FAKETIME FAKETIME_TIMESTAMP_FILE="$T/server-clock" FAKETIME_NO_CACHE=1 \
  "$BIN/playtime-server" --listen 127.0.0.1:0 --state "$T/state" --policy default --retain-policy "demo=$(( $(date +%s) - 30 * 86400 ))" \
  --legacy-journal-key "$KEY" --ad-network-secret-file "$T/ad.secret" --access-log "$T/access.log" --max-connections-per-client 0 \
  ${ROUGHTIME:+--roughtime-keys "$T/roughtime.keys"} \
  >"$T/server.log" 2>&1 &
wrapper=$!
SERVER=
for _ in $(seq 1 200); do
  grep -q '^serving: ' "$T/server.log" 2>/dev/null && SERVER=$(sed -n 's/^playtime-server .* listening on \(127\.0\.0\.1:[0-9]*\)$/\1/p' "$T/server.log" | head -n 1)
  [ -n "$SERVER" ] && break
  sleep 0.05
done
for child in $(ps -o pid= --ppid "$wrapper" 2>/dev/null); do PIDS+=("$child"); done
PIDS+=("$wrapper")
SERVER_WRAPPER=$wrapper
[ -n "$SERVER" ] || { echo "attacks: playtime-server did not start: $(head -c 500 "$T/server.log")" >&2; exit 2; }
grep -q 'policy default-1' "$T/server.log" || { echo "attacks: playtime-server is not on the default policy: $(head -c 500 "$T/server.log")" >&2; exit 2; }

# --- helpers ----------------------------------------------------------------------------------------------
# The boot clock every process of a case sees: the host's plus BOOT_BASE_NS (0 unless PLAYTIME_ATTACKS_UPTIME).
boot_now_ns() { echo $(( $(real_boot_ns) + BOOT_BASE_NS )); }
real_ns() { date +%s%N; }
new_boot_id() { cat /proc/sys/kernel/random/uuid > "$T/ids/$1"; echo "$T/ids/$1"; }

# run_clocked WALL_OFFSET_S BOOT_DELTA_NS BOOT_ID_FILE CMD...: CMD with its wall clock moved by faketime, its
# boot clock moved by the shim, and (when a file is named) a forged boot id in a private mount namespace.
run_clocked() {
  local wall=$1 delta=$(( $2 + BOOT_BASE_NS )) id=$3
  shift 3
  local cmd=(env)
  if [ "$delta" != 0 ]; then cmd+=("PT_BOOT_DELTA_NS=$delta" "LD_PRELOAD=$SHIM"); fi
  if [ "$wall" != 0 ]; then cmd+=(FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$(printf '%+d' "$wall")"); fi
  cmd+=("$@")
  # The faketime wrapper names a semaphore after its own process id; one left behind by a wrapper that was
  # killed (here or by anyone on the host) makes a wrapper that gets the same id fail before it starts the
  # command ("sem_open: File exists"). Nothing ran then, so it is tried again under a new process id.
  local attempt rc err=$T/clocked.$BASHPID.err
  for attempt in 1 2 3; do
    if [ -n "$id" ]; then
      timeout -k 2 30 unshare -m sh -c 'mount --bind "$1" /proc/sys/kernel/random/boot_id && shift && exec "$@"' sh "$id" "${cmd[@]}" 2>"$err"
    else
      timeout -k 2 30 "${cmd[@]}" 2>"$err"
    fi
    rc=$?
    [ "$rc" != 0 ] && grep -q 'faketime: sem_open' "$err" 2>/dev/null || break
  done
  cat "$err" >&2
  rm -f "$err"
  return "$rc"
}

# rec JOURNAL WALL_OFFSET_S BOOT_DELTA_NS BOOT_ID_FILE EVENT [playtime record options]: one real `playtime
# record` (under REC_KEY when set, else the player's key), then a check that it saw the intended clocks. Sets
# LAST_OUT; on failure sets TOOLERR, returns 1.
NREC=0
rec() {
  local journal=$1 wall=$2 delta=$3 id=$4 event=$5
  shift 5
  NREC=$((NREC + 1))
  LAST_OUT=$T/rec.$NREC
  local before
  before=$(boot_now_ns)
  if ! run_clocked "$wall" "$delta" "$id" "$PT" record "$event" --journal "$journal" --key-file "${REC_KEY:-$KEY}" --json "$@" \
       >"$LAST_OUT" 2>"$LAST_OUT.err"; then
    TOOLERR="playtime record $event failed: $(tr '\n' ' ' < "$LAST_OUT.err" | head -c 300)"
    return 1
  fi
  local check
  if ! check=$(clock_check "$LAST_OUT" "$wall" "$((before + delta))" "$([ -n "$id" ] && cat "$id")"); then
    TOOLERR="$event: $check"
    return 1
  fi
}

# clock_check OUT WALL_OFFSET_S EXPECTED_BOOT_NS [BOOT_ID]: `helpers.py clock` in bash (no interpreter to start
# per record): the last `playtime record --json` line shows the intended wall clock (real + offset), raw boot
# clock and boot id, within 10 s. Prints the mismatch and returns 1.
clock_check() {
  local line wall boot id want_id=${4:-} problems=""
  line=$(tail -n 1 "$1")
  line=${line%%'"departure":'*}          # the record's own fields, not its departure's
  [ -n "$want_id" ] || want_id=$(< /proc/sys/kernel/random/boot_id)
  [[ $line =~ \"wallNanoseconds\":(-?[0-9]+) ]] || { echo "no wallNanoseconds in the recorder's output"; return 1; }
  wall=${BASH_REMATCH[1]}
  if [[ $line =~ \"deviceBootNanoseconds\":(-?[0-9]+) ]] || [[ $line =~ \"bootNanoseconds\":(-?[0-9]+) ]]; then
    boot=${BASH_REMATCH[1]}
  else
    echo "no boot clock in the recorder's output"; return 1
  fi
  if [[ $line =~ \"deviceBootId\":\"([^\"]*)\" ]] || [[ $line =~ \"bootId\":\"([^\"]*)\" ]]; then id=${BASH_REMATCH[1]}; else id=null; fi
  local now=$(( ${EPOCHREALTIME/./} * 1000 )) ten=10000000000
  local dw=$(( wall - now - $2 * 1000000000 )) db=$(( boot - $3 ))
  (( dw > -ten && dw < ten )) || problems+="wall clock $(( wall / 1000000000 )), meant real$(printf '%+d' "$2") s; "
  (( db > -ten && db < ten )) || problems+="boot clock $(( boot / 1000000 )) ms, meant $(( $3 / 1000000 )) ms; "
  [ "$id" = "$want_id" ] || problems+="boot id $id, meant $want_id; "
  [ -z "$problems" ] || { echo "the recorder did not see the simulated clocks: ${problems%; }"; return 1; }
}

# recq JOURNAL KEY_FILE WALL_OFFSET_S BOOT_DELTA_NS BOOT_ID_FILE EVENT [options]: one `playtime record` under the
# given clocks and key, for the bulk cases (each checks its first journal with rec). Sets TOOLERR, returns 1.
recq() {
  local journal=$1 key=$2 wall=$3 delta=$4 id=$5 event=$6
  shift 6
  run_clocked "$wall" "$delta" "$id" "$PT" record "$event" --journal "$journal" --key-file "$key" --json "$@" \
    >"$journal.out" 2>"$journal.err" \
    || { TOOLERR="playtime record $event ($(basename "$journal")) failed: $(tr '\n' ' ' < "$journal.err" | head -c 300)"; return 1; }
}

# jget FILE KEY: one top-level scalar member of the one-line JSON objects the binaries and the server print,
# as `helpers.py get` gives it ('' when absent or null), without starting an interpreter. A record's
# departure object is not looked at; a string with escapes goes to helpers.py.
jget() {
  local text re
  text=$(< "$1") || { echo ""; return; }
  if [[ $text == *'"departure":{'* ]]; then                 # drop the (flat) departure object
    local after=${text#*'"departure":{'}
    text=${text%%'"departure":{'*}${after#*\}}
  fi
  re="\"$2\":(null|\"([^\"\\]*)\"|-?[0-9]+|true|false)"
  if [[ $text =~ $re ]]; then
    case ${BASH_REMATCH[1]} in
      null) echo "" ;;
      \"*) echo "${BASH_REMATCH[2]}" ;;
      *) echo "${BASH_REMATCH[1]}" ;;
    esac
  elif [[ $text == *"\"$2\":"* ]]; then
    "$PY" "$HELP" get "$1" "$2"
  else
    echo ""
  fi
}

# need_net WHAT: the last record must carry network time (else the case would not test what it says).
need_net() {
  local net
  net=$(jget "$LAST_OUT" networkNanoseconds)
  [ -n "$net" ] || { TOOLERR="$1 has no network time (connectivity $(jget "$LAST_OUT" connectivityReason))"; return 1; }
}

# net_near OFFSET_S WHAT: the last record's network time must be the real time + OFFSET_S (within 60 s):
# the liar or spoofer was really heard, so the case tests what it says.
net_near() {
  local net
  net=$(jget "$LAST_OUT" networkNanoseconds)
  [ -n "$net" ] || { TOOLERR="$2 has no network time: the lying server was not believed, so nothing was attacked"; return 1; }
  local off=$(( net / 1000000000 - $(date +%s) - $1 ))
  (( off > -60 && off < 60 )) || { TOOLERR="$2: network time is real$(( net / 1000000000 - $(date +%s) )) s, meant real$1 s"; return 1; }
}

# audit JOURNAL [SERVER_CLOCK_OFFSET_S]: `playtime audit --json` (under AUDIT_KEY when set) by the real clock (the server's clock of
# judging is now) or, for the harness's own checks, by a clock moved with faketime; sets A_*.
audit() {
  NREC=$((NREC + 1))
  run_clocked "${2:-0}" 0 "" "$PT" audit --key-file "${AUDIT_KEY:-$KEY}" --json "${@:3}" "$1" >"$T/audit.$NREC" 2>"$T/audit.$NREC.err"
  A_RC=$?
  eval "$("$PY" "$HELP" audit "$T/audit.$NREC")"
  [ "$A_OK" = 1 ] || A_ERROR="${A_ERROR:-} (exit $A_RC: $(head -c 200 "$T/audit.$NREC.err"))"
}

declare -A GOLD_CACHE
# honest_gold SECONDS [STATUS]: what the policy pays for that proven time (verified unless named).
honest_gold() {
  local key="$1/${2:-verified}"
  if [ -z "${GOLD_CACHE[$key]:-}" ]; then
    "$PT" reward --away "$1" --status "${2:-verified}" --json > "$T/reward.json" 2>/dev/null || { echo -1; return; }
    GOLD_CACHE[$key]=$(jget "$T/reward.json" paidNow)
  fi
  echo "${GOLD_CACHE[$key]}"
}

# http METHOD PATH BODY_FILE [HEADER]: sets H_STATUS, H_BODY (file). The cases name the calls in their older words
# (POST /tickets with the player in the body, POST /audit with X-Player); helpers.py request sends each to the
# service's /v1 operation with the player in the path and the API key (docs/service.md).
NHTTP=0
http() {
  NHTTP=$((NHTTP + 1))
  H_BODY=$T/http/$NHTTP
  H_STATUS=$("$PY" "$HELP" request "$SERVER" "$SERVICE_KEY" "$1" "$2" "$3" "$H_BODY" "${4:-}") || H_STATUS=000
}
body() { NHTTP=$((NHTTP + 1)); printf '%s' "$1" > "$T/http/body.$NHTTP"; echo "$T/http/body.$NHTTP"; }

# The table.
ROWS=$T/rows
LAST_REPORT=$SECONDS
FAILED=0
PASSED=0
KNOWN=0
: > "$ROWS"
# report CASE TRUE_AWAY CREDITED PAID HONEST VERDICT RESULT [WHY]
report() {
  local why=${8:-} field k
  local fields=("$@")
  # A field is one line of the table: tabs and line ends (a reason that quotes a tool's output) become spaces.
  for k in "${!fields[@]}"; do field=${fields[$k]}; fields[$k]=${field//[$'\t\r\n']/ }; done
  set -- "${fields[@]}"
  why=${why//[$'\t\r\n']/ }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$why" >> "$ROWS"
  case $7 in
    PASS) PASSED=$((PASSED + 1)) ;;
    KNOWN) KNOWN=$((KNOWN + 1)) ;;       # a known library failure, named in the report; not a failed run
    *) FAILED=$((FAILED + 1)) ;;
  esac
  printf '%-5s %s%s (%d s)\n' "$7" "$1" "${why:+ — $why}" $(( SECONDS - LAST_REPORT ))
  LAST_REPORT=$SECONDS
}
tool_failure() { report "$1" - - - - "harness: $TOOLERR" FAIL "the case could not be played: $TOOLERR"; }
secs() { local ns=$1; echo "$(( ns / 1000000000 )).$(printf '%01d' $(( ns % 1000000000 / 100000000 )))"; }
verdict_text() {
  local text="exit $A_RC ${A_METHOD:-}/${A_PROOF:-}"
  [ -n "${A_FLAGS:-}" ] && text+=" flags=${A_FLAGS}"
  [ -n "${A_KINDS:-}" ] && text+=" findings=${A_KINDS}"
  echo "$text"
}
SLACK=3                                    # seconds a cheat may be credited beyond the true time away
CAP_GOLD=$(honest_gold 3600)               # provisionalCapSeconds (default 3600 s) at the verified rate: 300
BUDGET=$("$PT" reward --away 60 --json | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["dailyBudgetGold"])')
HOUR2=7200
S2=$((HOUR2 * 1000000000))

# --- time conservation (issue 17, docs/anchors.md) --------------------------------------------------------
# Every case that talks to the server notes the server's clock at each contact (anchors, enrollments,
# uploads, tickets). Its bound: an honest player away for the whole server time the case used (first contact
# to last) at the policy's top rate (a verified session of up to 2 h pays 300 gold/h; longer ones less, so no
# split of that time into sessions of at most the 8 h cap pays more), plus one provisional cap (300 gold) per
# account. The daily budget is not counted (it only lowers what is paid).
ANCHOR=$HERE/anchor.py
FORGE=$HERE/forge.py
TOP_GOLD_PER_HOUR=$CAP_GOLD                # 1 h verified, all in the first tier: 300
H8=28800
S8=$((H8 * 1000000000))
CONS=$T/conservation
: > "$CONS"
srv_now_ns() { echo $(( $(real_ns) + SERVER_OFFSET * 1000000000 )); }
srv_mark() { local t=${1:-$(srv_now_ns)}; [ -n "$SRV_FIRST" ] || SRV_FIRST=$t; SRV_LAST=$t; }
cons_begin() { SRV_FIRST="" SRV_LAST="" CONS_T0=$(real_ns); }
always_away_gold() { echo $(( ($1 * TOP_GOLD_PER_HOUR + 3599) / 3600 )); }

# anchor JOURNAL PLAYER [KEY_FILE]: POST /anchor for the journal's head and the anchor record appended, as the
# client does at launch, return and before an upload (anchor.py). Sets TOOLERR, returns 1.
anchor() {
  local t
  t=$("$PY" "$ANCHOR" anchor "$SERVER" "$2" "${3:-$KEY}" "$1" 2>"$T/anchor.err") \
    || { TOOLERR="anchor: $(head -c 300 "$T/anchor.err")"; return 1; }
  srv_mark "$t"
}
# enroll JOURNAL PLAYER KEY_OUT: POST /enroll; the journal created with its id, key and enrollment anchor.
enroll() {
  local t
  t=$("$PY" "$ANCHOR" enroll "$SERVER" "$2" "$1" "$3" 2>"$T/anchor.err") \
    || { TOOLERR="enroll: $(head -c 300 "$T/anchor.err")"; return 1; }
  srv_mark "$t"
}
# upload PLAYER JOURNAL...: POST /audit of each; sets U_PAID U_GOLD U_CREDITED U_STATUS U_KINDS (sums).
upload() {
  local out
  srv_mark
  out=$("$PY" "$ANCHOR" upload "$SERVER" "$@" 2>"$T/upload.err") || { TOOLERR="upload: $(head -c 300 "$T/upload.err")"; return 1; }
  read -r U_PAID U_GOLD U_CREDITED U_STATUS U_KINDS <<<"$out"
  srv_mark
}

# cons_report NAME PAID NOTE WHY [KNOWN_FAILURE]: the case's row in the conservation table and in the main
# one. Fails when PAID exceeds the bound (or WHY says why); KNOWN_FAILURE (a library bug being fixed) turns an
# otherwise passing row into KNOWN, which is reported but does not fail the run.
cons_report() {
  local name=$1 paid=$2 note=$3 why=$4 known=${5:-} result=PASS
  local server_s=$(( (SRV_LAST - SRV_FIRST + 999999999) / 1000000000 ))
  local real_s; real_s=$(secs $(( $(real_ns) - CONS_T0 )))
  local bound=$(( $(always_away_gold "$server_s") + CAP_GOLD ))
  (( ${paid:-0} <= bound )) || why+="paid $paid > $bound (an honest player away all ${server_s} s of server time + one provisional cap); "
  [ -z "$why" ] || result=FAIL
  if [ "$result" = PASS ] && [ -n "$known" ]; then result=KNOWN; why="known failure: $known; "; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$real_s" "$server_s" "$paid" "$bound" "${note//[$'\t\r\n']/ }" "$result" >> "$CONS"
  report "$name" "real $real_s" "server $server_s s" "$paid" "bound $bound" "$note" "$result" "${why%; }"
}

echo "attacks: binaries $BIN; NTP: chronyd $CHRONY, fakentp ports $P_HONEST (honest on the simulated timeline)," \
     "$P_LIAR1 $P_LIAR2 (liars) $P_SPOOF (spoofer); playtime-server $SERVER"
echo "attacks: default policy: 2 h verified = $(honest_gold $HOUR2) gold, provisional cap = $CAP_GOLD gold, daily budget = $BUDGET gold"
echo

# =========================================================================================================
# Honest baselines
# =========================================================================================================

# honest_why SECONDS HONEST_GOLD: what is wrong with the audit just run (A_*) for an honest case of SECONDS
# away: it must verify, exit 0 (nothing flagged) and credit at least 99 % of the time and of the gold.
honest_why() {
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "$A_RC" = 0 ] || why+="audit exit $A_RC (flagged: ${A_KINDS:-?} ${A_DETAILS:-}); "
  (( ${A_CREDITED:-0} * 100 >= 99 * $1 )) || why+="credited ${A_CREDITED:-0} s < 99 % of $1 s; "
  (( ${A_GOLD:-0} * 100 >= 99 * $2 )) || why+="gold ${A_GOLD:-0} < 99 % of $2; "
  echo "$why"
}

# H1. Same boot, 2 h away: network at the departure (honest, back-dated) and from chronyd at the return.
case_honest_same_boot() {
  local name="honest: same boot, 2 h away, chronyd" j=$T/honest-same-boot.jsonl t0
  t0=$(real_ns)
  ntp_offset "$P_HONEST" -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }   # the game starts: a fix
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }   # network projected from it
  need_net "the departure" || { tool_failure "$name"; return; }
  rec "$j" 0 $S2 "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  local true_ns=$(( S2 + $(real_ns) - t0 ))
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  local why; why=$(honest_why $HOUR2 "$honest")
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# H2. Reboot while away (new boot id, boot clock restarted 30 min before the return), network at both ends.
#     Also uploaded to the game server's POST /audit, judged by its clock.
HONEST_REBOOT_JOURNAL=
case_honest_reboot() {
  local name="honest: reboot while away, network both ends" j=$T/honest-reboot.jsonl t0 id c
  t0=$(real_ns)
  cons_begin
  ntp_offset "$P_HONEST" -$HOUR2
  server_clock -$HOUR2                    # the game server's clock follows the simulated timeline
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }   # the game starts: a fix
  anchor "$j" honest-reboot || { tool_failure "$name"; return; }    # ... and the server's anchor
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }   # network projected from it
  need_net "the departure" || { tool_failure "$name"; return; }
  server_clock 0
  id=$(new_boot_id honest-reboot)
  c=$(( 1800000000000 - $(boot_now_ns) ))
  rec "$j" 0 "$c" "$id" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  need_net "the return" || { tool_failure "$name"; return; }
  anchor "$j" honest-reboot || { tool_failure "$name"; return; }
  local true_ns=$(( S2 + $(real_ns) - t0 ))
  HONEST_REBOOT_JOURNAL=$j
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  local why; why=$(honest_why $HOUR2 "$honest")
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# H2 through the example server: POST /audit, judged by the server's clock (now).
case_honest_reboot_server() {
  local name="honest: reboot while away, POST /audit"
  [ -n "$HONEST_REBOOT_JOURNAL" ] || { TOOLERR="no journal from the previous case"; tool_failure "$name"; return; }
  server_clock 0
  anchor "$HONEST_REBOOT_JOURNAL" honest-reboot || { tool_failure "$name"; return; }   # before the upload
  http POST /audit "$HONEST_REBOOT_JOURNAL" "X-Player: honest-reboot"
  srv_mark
  eval "$("$PY" "$HELP" server "$H_BODY")"
  local honest; honest=$(honest_gold $HOUR2)
  local why=""
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="HTTP $H_STATUS ${S_ERROR:-}; "
  [ "${S_CLEAN:-0}" = 1 ] || why+="not clean: ${S_FINDINGS:-}; "
  (( ${S_CREDITED:-0} * 100 >= 99 * HOUR2 )) || why+="credited ${S_CREDITED:-0} s < 99 % of $HOUR2 s; "
  (( ${S_PAID:-0} * 100 >= 99 * honest )) || why+="paid ${S_PAID:-0} < 99 % of $honest; "
  cons_report "$name (anchored)" "${S_PAID:-0}" "honest 2 h, reboot: credited ${S_CREDITED:-?} s of 7200, paid ${S_PAID:-?} of $honest" "$why"
}

# =========================================================================================================
# Attack 1: 5 s away across an honest-looking reboot, network time (and wall clock) ahead at the return.
# =========================================================================================================
A1_JOURNAL=
# a1_why TRUE_S HONEST_GOLD: what is wrong with the audit just run (A_*), empty when nothing.
a1_why() {
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_CREDITED:-0} <= $1 + SLACK )) || why+="credited ${A_CREDITED:-0} s > true $1 s + ${SLACK} s; "
  (( ${A_GOLD:-0} <= $2 )) || why+="gold ${A_GOLD:-0} > honest $2; "
  case "${A_FLAGS:-},${A_DETAILS:-}" in
    *[Aa]head*) ;;
    *) why+="no flag or finding names network time ahead of the server's clock; " ;;
  esac
  echo "$why"
}

# case_a1 NAME LIE_SECONDS SERVERS...: departure 5 s ago with honest network; return now in a new boot whose
# clock reads 3 s, the wall clock moved ahead by LIE_SECONDS and network time from SERVERS (liars at +LIE).
case_a1() {
  local name=$1 lie=$2 j t0 id c
  shift 2
  j=$T/a1-$NREC.jsonl
  t0=$(real_ns)
  ntp_offset "$P_HONEST" -5
  rec "$j" -5 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }   # the game starts: a fix
  rec "$j" -5 0 "" background || { tool_failure "$name"; return; }   # network projected from it
  need_net "the departure" || { tool_failure "$name"; return; }
  ntp_offset "$P_LIAR1" "$lie"
  ntp_offset "$P_LIAR2" "$lie"
  id=$(new_boot_id "a1-$NREC")
  c=$(( 3000000000 - $(boot_now_ns) ))
  local servers=() s
  for s in "$@"; do servers+=(--ntp "$s"); done
  rec "$j" "$lie" "$c" "$id" foreground "${servers[@]}" || { tool_failure "$name"; return; }
  net_near "$lie" "the return" || { tool_failure "$name"; return; }
  local true_ns=$(( 5000000000 + $(real_ns) - t0 ))
  local true_s=$(( (true_ns + 999999999) / 1000000000 ))
  [ -z "$A1_JOURNAL" ] && A1_JOURNAL=$j A1_TRUE=$true_ns
  local honest; honest=$(honest_gold "$true_s")
  # The assertion must be able to fail: a server whose own clock is as far ahead as the liar has no way to
  # tell, so judged by such a clock the same journal must fail the very checks below.
  audit "$j" "$lie"
  local live; live=$(a1_why "$true_s" "$honest"); [ -n "${PLAYTIME_ATTACKS_DEBUG:-}" ] && echo "  (self-check, server clock +$lie s: ${live:-passes})"
  audit "$j"
  local why; why=$(a1_why "$true_s" "$honest")
  [ -n "$live" ] || why+="harness: the checks also pass when the server's clock is wrong, so they prove nothing; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# The first attack-1 journal through the example server's POST /audit.
case_a1_server() {
  local name="a1: reboot, NTP +5 h, POST /audit"
  [ -n "$A1_JOURNAL" ] || { TOOLERR="no journal from the previous case"; tool_failure "$name"; return; }
  server_clock 0
  http POST /audit "$A1_JOURNAL" "X-Player: a1-cheat"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  local true_s=$(( (A1_TRUE + 999999999) / 1000000000 + 1 ))   # +1: the upload came later
  local honest; honest=$(honest_gold "$true_s")
  local why=""
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="HTTP $H_STATUS ${S_ERROR:-}; "
  (( ${S_CREDITED:-0} <= true_s + SLACK )) || why+="credited ${S_CREDITED:-0} s > true $true_s s + ${SLACK} s; "
  (( ${S_GOLD:-0} <= honest )) || why+="gold ${S_GOLD:-0} > honest $honest; "
  case "${S_FINDINGS:-}" in
    *[Aa]head*) ;;
    *) why+="no finding names network time ahead of the server's clock; " ;;
  esac
  report "$name" "$(secs "$A1_TRUE")" "${S_CREDITED:-?}" "${S_GOLD:-?}" "$honest" \
         "HTTP $H_STATUS clean=${S_CLEAN:-?} ${S_FINDINGS:-}" "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# a1 again, later: the same bytes uploaded 5 h after the first upload, when the liar's time is no longer
# "ahead" of the server's clock. The server judges each record as of when it first saw it: nothing more.
case_a1_reupload() {
  local name="a1: the same upload again 5 h later"
  [ -n "$A1_JOURNAL" ] || { TOOLERR="no journal from the previous case"; tool_failure "$name"; return; }
  server_clock 0
  http POST /audit "$A1_JOURNAL" "X-Player: a1-reupload"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  local first=${S_PAID:-0} why=""
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="first upload: HTTP $H_STATUS ${S_ERROR:-}; "
  server_clock 18060
  http POST /audit "$A1_JOURNAL" "X-Player: a1-reupload"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  server_clock 0
  local total=$(( first + ${S_PAID:-0} ))
  local true_s=$(( (A1_TRUE + 999999999) / 1000000000 + 1 ))
  local honest; honest=$(honest_gold "$true_s")
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="second upload: HTTP $H_STATUS ${S_ERROR:-}; "
  (( total <= honest )) || why+="paid $total over both uploads > honest $honest; "
  report "$name" "$(secs "$A1_TRUE")" "${S_CREDITED:-?}" "$total" "$honest" "second upload: ${S_OUTCOME:-?}, paid ${S_PAID:-?}" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# Two devices of one account away during the same 2 h (two journals, honest clocks): paid once.
case_a6_two_devices() {
  local name="a6: two devices of one account, same 2 h" k why="" total=0 outcomes=""
  cons_begin
  for k in 1 2; do
    local j=$T/a6-device-$k.jsonl
    ntp_offset "$P_HONEST" -$HOUR2
    server_clock -$HOUR2
    rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
    anchor "$j" a6-two-devices || { tool_failure "$name"; return; }
    rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
    need_net "the departure" || { tool_failure "$name"; return; }
    server_clock 0
    rec "$j" 0 $S2 "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
    anchor "$j" a6-two-devices || { tool_failure "$name"; return; }
    http POST /audit "$j" "X-Player: a6-two-devices"
    srv_mark
    eval "$("$PY" "$HELP" server "$H_BODY")"
    [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="device $k: HTTP $H_STATUS ${S_ERROR:-}; "
    total=$(( total + ${S_PAID:-0} ))
    outcomes+="device $k paid ${S_PAID:-?}; "
  done
  local honest; honest=$(honest_gold $HOUR2)
  (( total <= honest )) || why+="paid $total for one 2 h away > honest $honest; "
  (( total * 100 >= 99 * honest )) || why+="paid $total < 99 % of honest $honest (the first device is honest); "
  cons_report "$name" "$total" "${outcomes%; }" "$why"
}

# =========================================================================================================
# Attack 2: forged reboot (new boot id, the boot clock keeps counting: it reads 5 days at both ends).
# =========================================================================================================
FIVE_DAYS_NS=$(( 5 * 86400 * 1000000000 ))
case_a2_forged() {
  local name="a2: forged reboot, boot clock counting" j=$T/a2.jsonl t0 id
  t0=$(real_ns)
  rec "$j" 0 $FIVE_DAYS_NS "" background || { tool_failure "$name"; return; }
  id=$(new_boot_id a2)
  rec "$j" 0 $FIVE_DAYS_NS "$id" foreground || { tool_failure "$name"; return; }
  v_check_v2 "$j" || { tool_failure "$name"; return; }
  local true_ns=$(( $(real_ns) - t0 ))
  audit "$j"
  local honest; honest=$(honest_gold $(( (true_ns + 999999999) / 1000000000 )))
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_GOLD:-0} <= CAP_GOLD )) || why+="gold ${A_GOLD:-0} > $CAP_GOLD (provisional cap); "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest (cap $CAP_GOLD)" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# Repeated: eight forged reboots in a row, all within a few seconds. The unproven time they claim is one
# and the same stretch of the (still counting) boot clock: in total at most one provisional cap is audited.
FORGED_REPEATS=8
case_a2_repeated() {
  local name="a2: $FORGED_REPEATS forged reboots in a row" j=$T/a2-repeated.jsonl t0 id="" k
  t0=$(real_ns)
  for k in $(seq 1 $FORGED_REPEATS); do
    rec "$j" 0 $FIVE_DAYS_NS "$id" background || { tool_failure "$name"; return; }
    id=$(new_boot_id "a2-$k")
    rec "$j" 0 $FIVE_DAYS_NS "$id" foreground || { tool_failure "$name"; return; }
  done
  v_check_v2 "$j" || { tool_failure "$name"; return; }
  local true_ns=$(( $(real_ns) - t0 ))
  audit "$j"
  local honest; honest=$(honest_gold $(( (true_ns + 999999999) / 1000000000 )))
  local bound=${PLAYTIME_ATTACK_FORGED_TOTAL:-$CAP_GOLD}
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "${A_SESSIONS:-0}" = "$FORGED_REPEATS" ] || why+="audited ${A_SESSIONS:-0} sessions, recorded $FORGED_REPEATS; "
  (( ${A_GOLD:-0} <= bound )) || why+="total gold ${A_GOLD:-0} > $bound (one provisional cap); "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest (cap $bound)" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# =========================================================================================================
# Attack 3: offline farming. Twelve 2 h sessions in one boot, offline, each claimed in full.
# =========================================================================================================
CLAIM_VIA=
# claim JOURNAL SESSION WALL DELTA: the game pays the session in full and records the claim.
claim() {
  local j=$1 session=$2 wall=$3 delta=$4
  if "$PT" record --help 2>&1 | grep -Eq '[<|]claim[|>]'; then
    # Assumed interface: `playtime record claim` judges the latest returned session as the game would and
    # records the claim (docs/journal-format.md §8).
    CLAIM_VIA="playtime record claim"
    run_clocked "$wall" "$delta" "" "$PT" record claim --journal "$j" --key-file "$KEY" --json >"$T/claim.out" 2>&1 \
      || { TOOLERR="playtime record claim failed: $(head -c 300 "$T/claim.out")"; return 1; }
    return 0
  fi
  # Today: the claim record the way the game writes it (RewardCalculator on the verdict), appended with the
  # key per docs/journal-format.md §2 and §8. The verdict is the audit's; the gold is `playtime reward`'s.
  CLAIM_VIA="journal_append.py (no 'playtime record claim')"
  timeout -k 2 60 "$PT" audit --key-file "$KEY" --json "$j" >"$T/claim-audit.json" 2>/dev/null
  local credited proof
  read -r credited proof < <("$PY" "$HELP" session "$T/claim-audit.json" "$session")
  [ -n "${credited:-}" ] || { TOOLERR="the audit does not list session $session"; return 1; }
  "$PT" reward --away "$credited" --status "$proof" --json > "$T/claim-reward.json" 2>/dev/null \
    || { TOOLERR="playtime reward --away $credited --status $proof failed"; return 1; }
  local paid escrow
  paid=$(jget "$T/claim-reward.json" paidNow)
  escrow=$(jget "$T/claim-reward.json" escrowed)
  "$PY" "$HERE/journal_append.py" "$KEY" "$j" claim \
    "{\"v\":1,\"session\":\"$session\",\"credited\":$credited,\"status\":\"$proof\",\"paid\":$paid,\"escrow\":$escrow,\"multipliers\":[],\"rate\":600,\"policy\":\"default-1\"}" \
    || { TOOLERR="journal_append.py failed"; return 1; }
}

case_a3_farming() {
  local name="a3: offline farming, 12 x 2 h in one boot" j=$T/a3.jsonl k n=12 period=$((HOUR2 + 60))
  local span=$(( n * period )) dep ret session
  for k in $(seq 0 $((n - 1))); do
    dep=$(( k * period - span ))          # seconds before now; the last return is 60 s ago
    ret=$(( dep + HOUR2 ))
    rec "$j" "$dep" $(( (dep + span) * 1000000000 )) "" background || { tool_failure "$name"; return; }
    rec "$j" "$ret" $(( (ret + span) * 1000000000 )) "" foreground || { tool_failure "$name"; return; }
    session=$(jget "$LAST_OUT" sessionId)
    claim "$j" "$session" "$ret" $(( (ret + span) * 1000000000 )) || { tool_failure "$name"; return; }
  done
  audit "$j"
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "${A_SESSIONS:-0}" = "$n" ] || why+="audited ${A_SESSIONS:-0} sessions, recorded $n; "
  case ",${A_KINDS:-}," in *,daily-budget-exceeded,*) ;; *) why+="no daily-budget-exceeded finding; " ;; esac
  [ "$A_RC" = 1 ] || why+="audit exit $A_RC, not 1; "
  (( ${A_CLAIMED:-0} > BUDGET )) || why+="harness: claims total ${A_CLAIMED:-0}, not above the budget $BUDGET, so this proves nothing; "
  report "$name" "$(( n * HOUR2 )).0" "${A_CREDITED:-?}" "claimed ${A_CLAIMED:-?}" "budget $BUDGET" "$(verdict_text) claims: $CLAIM_VIA" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# =========================================================================================================
# Attack 4: departure tickets against the running playtime-server (its clock moved with libfaketime).
# =========================================================================================================
LEGACY=0         # 1 when the server still needs the old {"player","session","rate"} body
# issue PLAYER_JSON SESSION: POST /tickets in the new shape (falling back to the legacy one, marked); sets
# TICKET, I_STATUS.
issue() {
  http POST /tickets "$(body "{\"player\":$1,\"session\":\"$2\"}")"
  if [ "$H_STATUS" = 400 ] && [ "$LEGACY" = 1 ]; then
    http POST /tickets "$(body "{\"player\":$1,\"session\":\"$2\",\"rate\":600}")"
  fi
  I_STATUS=$H_STATUS
  TICKET=$(jget "$H_BODY" ticket)
}
# redeem PLAYER_JSON [EXTRA_JSON_MEMBERS]: POST /redeem for $TICKET; sets R_STATUS, R_GOLD, R_ELAPSED.
redeem() {
  http POST /redeem "$(body "{\"ticket\":\"$TICKET\",\"player\":$1${2:+,$2}}")"
  R_STATUS=$H_STATUS
  R_GOLD=$(jget "$H_BODY" gold)
  R_ELAPSED=$(jget "$H_BODY" elapsedSeconds)   # the Payment's redemption.elapsedSeconds (the only one)
  [ "$R_STATUS" = 200 ] || R_GOLD=0
}
advance() { server_clock $(( SERVER_OFFSET + $1 )); }
legacy_note() { [ "$LEGACY" = 1 ] && echo " (legacy body with rate 600)"; }

case_a4_shape() {
  local name="a4: honest ticket {player,session}, 2 h"
  http POST /tickets "$(body '{"player":"honest-t","session":"h1"}')"
  local why="" shape=$H_STATUS
  if [ "$H_STATUS" != 200 ]; then
    why+="POST /tickets {player,session} answered $H_STATUS: $(head -c 160 "$H_BODY"); "
    LEGACY=1
    issue '"honest-t"' h1
  else
    TICKET=$(jget "$H_BODY" ticket)
    I_STATUS=200
  fi
  local honest; honest=$(honest_gold $HOUR2)
  if [ "$I_STATUS" = 200 ]; then
    advance $HOUR2
    redeem '"honest-t"'
    [ "$R_STATUS" = 200 ] || why+="redeem answered $R_STATUS: $(head -c 160 "$H_BODY"); "
    if [ "$R_STATUS" = 200 ] && (( ${R_ELAPSED:-0} < HOUR2 - 10 || ${R_ELAPSED:-0} > HOUR2 + 10 )); then
      why+="harness: the server's clock did not move 2 h (elapsed ${R_ELAPSED:-?} s); "
    fi
    (( ${R_GOLD:-0} * 100 >= 99 * honest )) || why+="paid ${R_GOLD:-0} < 99 % of $honest; "
  else
    why+="no ticket could be issued at all; "
  fi
  report "$name" "7200.0" "${R_ELAPSED:-?}" "${R_GOLD:-?}" "$honest" "tickets $shape, redeem ${R_STATUS:-?}$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a4_rate() {
  local name="a4: rate in POST /tickets refused"
  http POST /tickets "$(body '{"player":"rate-p","session":"r1","rate":999999}')"
  local status=$H_STATUS why="" paid=0
  [ "$status" = 400 ] || why+="answered $status, not 400; "
  if [ "$status" = 200 ]; then                # show what the client-chosen rate would have been paid
    TICKET=$(jget "$H_BODY" ticket)
    advance $HOUR2
    redeem '"rate-p"'
    paid=$R_GOLD
  fi
  report "$name" "7200.0" "${R_ELAPSED:-0}" "$paid" "$(honest_gold $HOUR2)" "tickets $status" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a4_multiplier() {
  local name="a4: multipliers in POST /redeem refused"
  issue '"mult-p"' m1
  [ "$I_STATUS" = 200 ] || { TOOLERR="no ticket (tickets $I_STATUS)"; tool_failure "$name"; return; }
  advance $HOUR2
  redeem '"mult-p"' '"multipliers":["ad"]'
  local first=$R_STATUS paid=$R_GOLD why=""
  [ "$first" = 400 ] || why+="redeem with multipliers answered $first (paid $paid), not 400; "
  if [ "$first" = 400 ]; then                 # refused without spending the ticket: the plain redeem pays
    redeem '"mult-p"'
    paid=$R_GOLD
    [ "$R_STATUS" = 200 ] || why+="the plain redeem afterwards answered $R_STATUS; "
  fi
  local honest; honest=$(honest_gold $HOUR2)
  (( paid <= honest )) || why+="paid $paid > honest $honest; "
  report "$name" "7200.0" "${R_ELAPSED:-?}" "$paid" "$honest" "redeem+ad $first$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# Attack 13 (issue 18, docs/reward-policy.md "Multipliers are the server's"): the ad the server never granted. An
# honest 2 h in one boot; the cheater's claim applies the policy's "ad" itself (its paid figure is the policy's for
# that claim, so the claim check cannot tell), and he sends the ad network's callback for his own session, once
# without its secret and once with a wrong one. Both must be refused (403), and the session paid as if no ad was
# watched: at least 99 % of the honest 2 h, and no more.
case_a13_self_granted_ad() {
  local name="a13: the player applies and grants his own ad" j=$T/a13.jsonl session
  cons_begin
  ntp_offset "$P_HONEST" -$HOUR2
  server_clock -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" a13 || { tool_failure "$name"; return; }
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  server_clock 0
  rec "$j" 0 $S2 "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  session=$(jget "$LAST_OUT" sessionId)
  timeout -k 2 60 "$PT" audit --key-file "$KEY" --json "$j" >"$T/a13-audit.json" 2>/dev/null
  local credited proof
  read -r credited proof < <("$PY" "$HELP" session "$T/a13-audit.json" "$session")
  [ -n "${credited:-}" ] || { TOOLERR="the audit does not list session $session"; tool_failure "$name"; return; }
  "$PT" reward --away "$credited" --status "$proof" --multiplier ad --json > "$T/a13-reward.json" 2>/dev/null \
    || { TOOLERR="playtime reward --multiplier ad failed"; tool_failure "$name"; return; }
  local paid escrow
  paid=$(jget "$T/a13-reward.json" paidNow)
  escrow=$(jget "$T/a13-reward.json" escrowed)
  "$PY" "$HERE/journal_append.py" "$KEY" "$j" claim \
    "{\"v\":1,\"session\":\"$session\",\"credited\":$credited,\"status\":\"$proof\",\"paid\":$paid,\"escrow\":$escrow,\"multipliers\":[\"ad\"],\"rate\":600,\"policy\":\"default-1\"}" \
    || { TOOLERR="journal_append.py failed"; tool_failure "$name"; return; }
  local grant s1 s2 why=""
  grant=$(body "{\"player\":\"a13\",\"session\":\"$session\",\"multiplier\":\"ad\"}")
  http POST /grant "$grant"; s1=$H_STATUS
  http POST /grant "$grant" "X-Ad-Network-Secret: 00000000000000000000000000000000"; s2=$H_STATUS
  [ "$s1" = 403 ] || why+="POST /grant without the secret answered $s1, not 403; "
  [ "$s2" = 403 ] || why+="POST /grant with a wrong secret answered $s2, not 403; "
  anchor "$j" a13 || { tool_failure "$name"; return; }
  http POST /audit "$j" "X-Player: a13"
  srv_mark
  eval "$("$PY" "$HELP" server "$H_BODY")"
  local honest; honest=$(honest_gold $HOUR2)
  (( paid > honest )) || why+="harness: the forged claim pays $paid, not above the honest $honest, so this proves nothing; "
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="HTTP $H_STATUS ${S_ERROR:-}; "
  (( ${S_PAID:-0} <= honest )) || why+="paid ${S_PAID:-0} > honest $honest: the ad nobody granted was paid; "
  (( ${S_PAID:-0} * 100 >= 99 * honest )) || why+="paid ${S_PAID:-0} < 99 % of $honest: the session itself must still pay; "
  cons_report "$name" "${S_PAID:-0}" "claim with the ad $paid; /grant $s1, $s2; paid ${S_PAID:-?} of honest $honest" "$why"
}

case_a4_duplicate_keys() {
  local name="a4: duplicate JSON keys refused" why="" rate=""
  [ "$LEGACY" = 1 ] && rate=',"rate":600'
  # A control with the same shape and no duplicate must be accepted, or a 400 below would prove nothing.
  issue '"dup-a"' d1
  [ "$I_STATUS" = 200 ] || { TOOLERR="control ticket refused ($I_STATUS)"; tool_failure "$name"; return; }
  http POST /tickets "$(body "{\"player\":\"dup-b\",\"session\":\"d2\"$rate,\"player\":\"dup-a\"}")"
  local t_status=$H_STATUS
  [ "$t_status" = 400 ] || why+="POST /tickets with 'player' twice answered $t_status; "
  advance $HOUR2
  redeem '"dup-b"' '"player":"dup-a"'
  local r_status=$R_STATUS paid=$R_GOLD
  [ "$r_status" = 400 ] || why+="POST /redeem with 'player' twice answered $r_status; "
  report "$name" "7200.0" "-" "$paid" "-" "tickets $t_status, redeem $r_status$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a4_two_tickets() {
  local name="a4: two tickets for one session" why=""
  issue '"twice-p"' s1
  local first=$I_STATUS ticket1=$TICKET
  issue '"twice-p"' s1
  local second=$I_STATUS ticket2=$TICKET
  [ "$first" = 200 ] || { TOOLERR="first ticket refused ($first)"; tool_failure "$name"; return; }
  advance $HOUR2
  TICKET=$ticket1; redeem '"twice-p"'
  local r1=$R_STATUS paid=$R_GOLD r2="-"
  if [ "$second" = 200 ]; then
    TICKET=$ticket2; redeem '"twice-p"'
    r2=$R_STATUS
    paid=$(( paid + R_GOLD ))
    [ "$r2" = 409 ] || why+="the second ticket of the session redeemed with $r2, not 409; "
  elif [ "$second" != 409 ]; then
    why+="the second ticket request answered $second (neither issued nor 409); "
  fi
  [ "$r1" = 200 ] || why+="the first ticket redeemed with $r1; "
  local honest; honest=$(honest_gold $HOUR2)
  (( paid <= honest )) || why+="paid $paid > honest $honest; "
  report "$name" "7200.0" "${R_ELAPSED:-?}" "$paid" "$honest" "tickets $first/$second, redeem $r1/$r2$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a4_nfd() {
  local name="a4: NFD player id vs NFC ticket" why=""
  local nfc=$'"caf\xc3\xa9"' nfd=$'"cafe\xcc\x81"'  # U+00E9 vs e + U+0301 (canonically equivalent)
  issue "$nfc" n1
  [ "$I_STATUS" = 200 ] || { TOOLERR="no ticket for the NFC id ($I_STATUS)"; tool_failure "$name"; return; }
  advance $HOUR2
  redeem "$nfd"
  local impostor=$R_STATUS paid=$R_GOLD
  [ "$impostor" != 200 ] || why+="the NFD id redeemed the NFC id's ticket (paid $paid); "
  redeem "$nfc"
  local owner=$R_STATUS
  [ "$owner" = 200 ] || why+="the NFC owner then got $owner, not 200; "
  report "$name" "7200.0" "${R_ELAPSED:-?}" "NFD $paid" "$(honest_gold $HOUR2)" "redeem NFD $impostor, NFC $owner$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a4_budget() {
  local name="a4: 12 tickets x 2 h within 24 h" k total=0 statuses="" why=""
  for k in $(seq 1 12); do
    issue '"budget-p"' "b$k"
    [ "$I_STATUS" = 200 ] || { TOOLERR="ticket $k refused ($I_STATUS)"; tool_failure "$name"; return; }
    advance $(( HOUR2 - 1 ))               # 12 redemptions within 24 h of server time
    redeem '"budget-p"'
    total=$(( total + ${R_GOLD:-0} ))
    statuses+="$R_STATUS "
  done
  (( total <= BUDGET )) || why+="paid $total in 24 h > daily budget $BUDGET; "
  report "$name" "$(( 12 * (HOUR2 - 1) )).0" "-" "$total" "budget $BUDGET" "redeems: $(echo "$statuses" | tr ' ' '\n' | sort | uniq -c | awk '{printf "%sx%s ", $1, $2}')$(legacy_note)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# =========================================================================================================
# Attack 5 (fairness): an NTP spoofer on an honest player's path; an honest reboot settled later.
# =========================================================================================================
case_a5_spoofer() {
  local name="a5: spoofer 5 h behind, same boot, 2 h" j=$T/a5-spoof.jsonl t0
  t0=$(real_ns)
  ntp_offset "$P_HONEST" -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }   # the game starts: a fix
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }   # network projected from it
  need_net "the departure" || { tool_failure "$name"; return; }
  ntp_offset "$P_SPOOF" -18000
  rec "$j" 0 $S2 "" foreground --ntp "$SPOOF" || { tool_failure "$name"; return; }
  net_near -18000 "the return" || { tool_failure "$name"; return; }
  audit "$j"
  local honest held_cap why="" before
  honest=$(honest_gold $HOUR2)
  held_cap=$(honest_gold 3600)   # while unproven, at most the provisional cap (1 h) is worth gold, in escrow
  before="before: exit $A_RC ${A_PROOF:-} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "${A_PROOF:-}" = provisional ] || why+="the spoofed return was ${A_PROOF:-?}, not provisional; "
  # Delayed, not erased: what the boot clock shows waits in escrow (up to the provisional cap's worth).
  (( ${A_GOLD:-0} * 100 >= 99 * held_cap )) || why+="paid + escrow ${A_GOLD:-0} < 99 % of the provisional cap's $held_cap; "
  (( ${A_GOLD:-0} <= honest )) || why+="paid + escrow ${A_GOLD:-0} > honest $honest; "
  # The spoofer leaves the path: the next fix of the same boot agrees with the boot clock and settles it.
  rec "$j" 0 $S2 "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }
  local true_ns=$(( S2 + $(real_ns) - t0 ))
  audit "$j"
  [ "${A_PROOF:-}" = verified ] || why+="still ${A_PROOF:-?} after an honest fix; "
  (( ${A_CREDITED:-0} * 100 >= 99 * HOUR2 )) || why+="credited ${A_CREDITED:-0} s < 99 % of $HOUR2 s after an honest fix; "
  (( ${A_GOLD:-0} * 100 >= 99 * honest )) || why+="gold ${A_GOLD:-0} < 99 % of honest $honest after an honest fix; "
  (( ${A_GOLD:-0} <= honest )) || why+="gold ${A_GOLD:-0} > honest $honest after an honest fix; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$before; after: $(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

case_a5_reboot_settled() {
  local name="a5: honest reboot, no network, settled" j=$T/a5-reboot.jsonl t0 id c away=$((HOUR2 + 60))
  t0=$(real_ns)
  ntp_offset "$P_HONEST" -$away
  rec "$j" -$away 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }   # the game starts: a fix
  rec "$j" -$away 0 "" background || { tool_failure "$name"; return; }   # network projected from it
  need_net "the departure" || { tool_failure "$name"; return; }
  id=$(new_boot_id a5)
  c=$(( 1800000000000 - $(boot_now_ns) ))   # the new boot is 30 min old at the return, 1 min before now
  rec "$j" -60 "$c" "$id" foreground || { tool_failure "$name"; return; }
  audit "$j"
  local why="" before="exit $A_RC ${A_PROOF:-} ${A_CREDITED:-?} s"
  [ -z "${A_SUSPICIOUS:-}" ] || why+="flagged as suspicious before settlement: $A_SUSPICIOUS; "
  rec "$j" 0 $(( c + 60000000000 )) "$id" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }
  local true_ns=$(( S2 + $(real_ns) - t0 ))
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "$A_RC" = 0 ] || why+="settled audit exit $A_RC (${A_KINDS:-} ${A_DETAILS:-}); "
  [ "${A_PROOF:-}" = verified ] || why+="still ${A_PROOF:-?} after the settlement; "
  (( ${A_CREDITED:-0} * 100 >= 99 * HOUR2 )) || why+="credited ${A_CREDITED:-0} s < 99 % of $HOUR2 s; "
  (( ${A_GOLD:-0} * 100 >= 99 * honest )) || why+="gold ${A_GOLD:-0} < 99 % of $honest; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "before: $before; after: $(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# Signed time (issue 9): r1 is a1 with Roughtime at both ends. The departure is real (now, honest NTP, a
# signed stamp from a real `roughly`); 4 s of real time pass (signed servers count real time, so this one
# case waits instead of back-dating); the return is in a new boot whose clock reads 3 s, with the wall clock
# and the answering NTP server both 5 h ahead, and a fresh signed answer. Audited with the operator's key
# file, the signed bound is paid — verified, method signedTime, within the radii (1 s each) of the truth.
case_r1_signed() {
  local name="r1: reboot, NTP +5 h, wall +5 h, Roughtime at both ends"
  [ -n "$ROUGHTIME" ] || { echo "SKIP $name — roughly is not installed (set PLAYTIME_REQUIRE_ATTACKS=1 to make this a failure)"; return; }
  local j=$T/r1.jsonl lie=18000 t0 id c
  t0=$(real_ns)
  rec "$j" 0 0 "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }
  rec "$j" 0 0 "" background --roughtime "$ROUGHTIME" || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  grep -q '"proves":"departure"' "$j" || { TOOLERR="no signed stamp was written: $(head -c 300 "$LAST_OUT.err")"; tool_failure "$name"; return; }
  sleep 4
  ntp_offset "$P_LIAR1" "$lie"
  id=$(new_boot_id "r1")
  c=$(( 3000000000 - $(boot_now_ns) ))
  rec "$j" "$lie" "$c" "$id" foreground --ntp "$LIAR1" --roughtime "$ROUGHTIME" || { tool_failure "$name"; return; }
  net_near "$lie" "the return" || { tool_failure "$name"; return; }
  grep -q '"proves":"return"' "$j" || { TOOLERR="no signed answer at the return"; tool_failure "$name"; return; }
  local true_ns=$(( $(real_ns) - t0 ))
  local true_s=$(( true_ns / 1000000000 ))
  local honest; honest=$(honest_gold "$(( true_s + 1 ))")
  # Self-check: without the operator's keys the same journal must not be credited by signed time.
  audit "$j" 0
  local unsigned_method=${A_METHOD:-}
  audit "$j" 0 --roughtime-keys "$T/roughtime.keys"
  local why=""
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "${A_METHOD:-}" = signedTime ] || why+="method ${A_METHOD:-?}, not signedTime; "
  [ "${A_PROOF:-}" = verified ] || why+="proof ${A_PROOF:-?}, not verified; "
  (( ${A_CREDITED:-0} <= true_s + SLACK )) || why+="credited ${A_CREDITED:-0} s > true ${true_s} s + ${SLACK} s; "
  (( ${A_CREDITED:-0} >= true_s - 4 )) || why+="credited ${A_CREDITED:-0} s < true ${true_s} s − 2 radii − 2 s; "
  (( ${A_GOLD:-0} <= honest )) || why+="gold ${A_GOLD:-0} > honest $honest; "
  [ "$unsigned_method" != signedTime ] || why+="harness: signed time was used without the operator's keys; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text)" \
         "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
  R1_JOURNAL=$j R1_TRUE=$true_ns R1_CREDITED=${A_CREDITED:-0}
}

# The r1 journal through the example server's POST /audit (started with the operator's Roughtime keys):
# the upload gate credits what the signatures prove, the same as the CLI, and not a second more.
R1_JOURNAL=
case_r1_server() {
  local name="r1: the same journal, POST /audit"
  [ -n "$ROUGHTIME" ] || { echo "SKIP $name — roughly is not installed"; return; }
  [ -n "$R1_JOURNAL" ] || { TOOLERR="no journal from the previous case"; tool_failure "$name"; return; }
  server_clock 0
  http POST /audit "$R1_JOURNAL" "X-Player: r1-cheat"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  local true_s=$(( R1_TRUE / 1000000000 ))
  local honest; honest=$(honest_gold "$(( true_s + 1 ))")
  local why=""
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="HTTP $H_STATUS ${S_ERROR:-}; "
  [ "${S_CREDITED:-x}" = "$R1_CREDITED" ] || why+="credited ${S_CREDITED:-?} s, the CLI's signed audit ${R1_CREDITED} s; "
  (( ${S_CREDITED:-0} >= 1 )) || why+="nothing credited: signed time was not used; "
  (( ${S_CREDITED:-0} <= true_s + SLACK )) || why+="credited ${S_CREDITED:-0} s > true $true_s s + ${SLACK} s; "
  (( ${S_GOLD:-0} <= honest )) || why+="gold ${S_GOLD:-0} > honest $honest; "
  report "$name" "$(secs "$R1_TRUE")" "${S_CREDITED:-?}" "${S_GOLD:-?}" "$honest" \
         "HTTP $H_STATUS clean=${S_CLEAN:-?} ${S_FINDINGS:-}" "$([ -z "$why" ] && echo PASS || echo FAIL)" "${why%; }"
}

# =========================================================================================================
# Version 2 (issue 11, format §13): boot segments, keyed pseudonyms, the device-local sidecar <journal>.boot,
# and rebootCredit asserted by the device (always provisional, at most the provisional cap's gold).
# =========================================================================================================
# v_field JOURNAL INDEX FIELD: one payload field of a record (-1 the last).
v_field() { "$PY" "$HELP" payload "$1" "$2" "$3"; }
# v_check_v2 JOURNAL: the journal must be version 2, or the case tests version 1 (sets TOOLERR).
v_check_v2() {
  local version; version=$("$PY" "$HELP" version "$1" 2>/dev/null)
  [ "$version" = 2 ] || { TOOLERR="$(basename "$1") is version ${version:-?}, not 2: playtime record did not write version 2"; return 1; }
}
# v_flag FLAG: the audit just run (A_*) raised FLAG on some session.
v_flag() { case ",${A_FLAGS:-}," in *,"$1",*) return 0 ;; esac; return 1; }
v_result() { [ -z "$1" ] && echo PASS || echo FAIL; }

# v1. The sidecar deleted between background and foreground in one boot (the boot clock moved 2 h by the
#     shim, network at the departure only). The return begins a new generation of the same raw boot: no
#     same-boot credit, and the device must not assert uptime for its own raw boot (rebootCredit null).
case_v1_sidecar_deleted() {
  local name="v1: sidecar deleted while away, same boot, 2 h" j=$T/v1.jsonl
  ntp_offset "$P_HONEST" -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  v_check_v2 "$j" || { tool_failure "$name"; return; }
  [ -f "$j.boot" ] || { TOOLERR="no sidecar $j.boot was written"; tool_failure "$name"; return; }
  local mode; mode=$(stat -c %a "$j.boot")
  rm -f "$j.boot"
  rec "$j" 0 $S2 "" foreground || { tool_failure "$name"; return; }
  local dep_id ret_id credit why="" device
  dep_id=$(v_field "$j" -2 bootId) ret_id=$(v_field "$j" -1 bootId) credit=$(v_field "$j" -1 rebootCredit)
  device=$(jget "$LAST_OUT" creditedSeconds)
  [ "$dep_id" != "$ret_id" ] || why+="harness: the return continued the departure's segment (${ret_id}) without a sidecar; "
  [ "${dep_id:0:16}" = "${ret_id:0:16}" ] && why+="harness: the new generation has the old tag; "
  [ "$credit" = null ] || why+="the device asserted rebootCredit $credit for its own raw boot; "
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_CREDITED:-0} <= HOUR2 + SLACK )) || why+="credited ${A_CREDITED:-0} s > $HOUR2 s + $SLACK s; "
  (( ${A_GOLD:-0} <= honest )) || why+="gold ${A_GOLD:-0} > honest $honest; "
  v_flag uptimeAssertedByDevice && why+="uptimeAssertedByDevice on a same-boot session; "
  [ "$mode" = 600 ] || why+="the sidecar has mode $mode, not 600 (format §13.3); "
  report "$name" "7200.0" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text) device ${device:-?} s, rebootCredit $credit" \
         "$(v_result "$why")" "${why%; }"
}

# v2. A copy of the sidecar kept, the sidecar deleted, a record (a new generation), the copy restored, a
#     record: the restored generation is older than the journal's latest one, so it is refused and another
#     generation begins; no stretch of the boot clock is counted across two origins.
case_v2_sidecar_restored() {
  local name="v2: sidecar kept, deleted, restored, same boot" j=$T/v2.jsonl
  local half=$((HOUR2 / 2)) why=""
  ntp_offset "$P_HONEST" -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
  cp "$j.boot" "$T/v2.boot.copy"
  rm -f "$j.boot"
  rec "$j" -$half $(( half * 1000000000 )) "" foreground || { tool_failure "$name"; return; }
  rec "$j" -$half $(( half * 1000000000 )) "" background || { tool_failure "$name"; return; }
  cp "$T/v2.boot.copy" "$j.boot"
  rec "$j" 0 $S2 "" foreground || { tool_failure "$name"; return; }
  local ids; ids=$(for k in 0 1 2 3 4; do v_field "$j" $k bootId; done | sort -u | wc -l)
  [ "$ids" = 3 ] || why+="harness: $ids segments, meant 3 (generation 0, 1 and a refused restore: 2); "
  [ "$(v_field "$j" -1 bootId)" != "$(v_field "$j" 0 bootId)" ] || why+="the restored older sidecar was continued; "
  [ "$(v_field "$j" -1 rebootCredit)" = null ] || why+="rebootCredit $(v_field "$j" -1 rebootCredit) on a same raw boot; "
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_CREDITED:-0} <= HOUR2 + SLACK )) || why+="credited ${A_CREDITED:-0} s in total > $HOUR2 s + $SLACK s; "
  (( ${A_GOLD:-0} <= honest )) || why+="gold ${A_GOLD:-0} in total > honest $honest; "
  report "$name" "7200.0" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text) segments $ids" \
         "$(v_result "$why")" "${why%; }"
}

# v3. A forged reboot in version 2: a new boot id, the boot clock kept counting (5 days more), the
#     departure's wall clock back-dated by the whole asserted uptime so that rule 3d withholds nothing. The
#     device asserts days of uptime; the audit must hold it to the provisional cap (also POST /audit).
V3_JOURNAL=
case_v3_forged() {
  local name="v3: forged reboot, uptime asserted, wall fitted" j=$T/v3.jsonl t0 id up why=""
  t0=$(real_ns)
  up=$(( ($(boot_now_ns) + FIVE_DAYS_NS) / 1000000000 ))      # what the return's boot clock will read, s
  rec "$j" -$up $FIVE_DAYS_NS "" background || { tool_failure "$name"; return; }
  id=$(new_boot_id v3)
  rec "$j" 0 $FIVE_DAYS_NS "$id" foreground || { tool_failure "$name"; return; }
  v_check_v2 "$j" || { tool_failure "$name"; return; }
  local true_ns=$(( $(real_ns) - t0 )) credit
  credit=$(v_field "$j" -1 rebootCredit)
  [ "$credit" != null ] && (( credit >= 5 * 86400 * 1000000000 )) || why+="harness: rebootCredit $credit, meant ≥ 5 days (the device's assertion); "
  audit "$j"
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_GOLD:-0} <= CAP_GOLD )) || why+="gold ${A_GOLD:-0} > $CAP_GOLD (provisional cap); "
  [ "${A_PROOF:-}" = provisional ] || why+="proof ${A_PROOF:-?}, not provisional; "
  v_flag uptimeAssertedByDevice || why+="no uptimeAssertedByDevice flag; "
  local cli="$(verdict_text)"
  server_clock 0
  http POST /audit "$j" "X-Player: v3-forged"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="POST /audit: HTTP $H_STATUS ${S_ERROR:-}; "
  (( ${S_GOLD:-0} <= CAP_GOLD )) || why+="POST /audit gold ${S_GOLD:-0} > $CAP_GOLD; "
  (( ${S_PAID:-0} <= CAP_GOLD )) || why+="POST /audit paid ${S_PAID:-0} > $CAP_GOLD; "
  V3_JOURNAL=$j
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}; server ${S_GOLD:-?}/${S_PAID:-?}" "0 (cap $CAP_GOLD)" \
         "$cli; server clean=${S_CLEAN:-?}" "$(v_result "$why")" "${why%; }"
}

# v4. Eight forged reboots (boot clock counting), each departure's wall clock back-dated so that each asserted
#     uptime fits the wall clock (rule 3d withholds nothing). This is the documented limit of
#     docs/guarantees.md "What no journal can prove" (a never-online device hiding forged reboots from its own
#     wall clock earns up to the provisional cap per session, within the daily budget at upload time), so the
#     case checks exactly that bound: no session verified, each worth at most one provisional cap, the total at
#     most N caps. VERSION 1 runs the same cheat in a version-1 journal (raw boot clock and ids), the control
#     for what version 2 changes. (Eight in a row with nothing back-dated are a2: 0 gold.)
case_v4_repeated() {
  local version=$1 name="v4: $FORGED_REPEATS forged reboots, wall fitted (known limit)" j=$T/v4-fit-$1.jsonl t0 id="" k why="" up wall
  if [ "$version" = 1 ]; then
    name+=" (version-1 control)"
    "$PY" "$FORGE" v1 "$KEY" "$j" || { TOOLERR="forge.py v1 failed"; tool_failure "$name"; return; }
  fi
  t0=$(real_ns)
  up=$(( ($(boot_now_ns) + FIVE_DAYS_NS) / 1000000000 + 60 ))   # each session's wall advance, s
  for k in $(seq 1 $FORGED_REPEATS); do
    wall=$(( -(FORGED_REPEATS - k + 1) * up ))
    rec "$j" "$wall" $FIVE_DAYS_NS "$id" background || { tool_failure "$name"; return; }
    id=$(new_boot_id "v4-$version-$k")
    wall=$(( -(FORGED_REPEATS - k) * up ))
    rec "$j" "$wall" $FIVE_DAYS_NS "$id" foreground || { tool_failure "$name"; return; }
  done
  [ "$version" = 1 ] || v_check_v2 "$j" || { tool_failure "$name"; return; }
  local true_ns=$(( $(real_ns) - t0 ))
  audit "$j"
  local bound=${PLAYTIME_ATTACK_FORGED_TOTAL:-$(( FORGED_REPEATS * CAP_GOLD ))}
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  [ "${A_SESSIONS:-0}" = "$FORGED_REPEATS" ] || why+="audited ${A_SESSIONS:-0} sessions, recorded $FORGED_REPEATS; "
  (( ${A_GOLD:-0} <= bound )) || why+="total gold ${A_GOLD:-0} > $bound (one provisional cap per session); "
  local cli="$(verdict_text)"
  case "$cli" in *verified*) why+="a forged reboot was verified: $cli; " ;; esac
  server_clock 0
  http POST /audit "$j" "X-Player: v4-forged-$version"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="POST /audit: HTTP $H_STATUS ${S_ERROR:-}; "
  (( ${S_PAID:-0} <= bound )) || why+="POST /audit paid ${S_PAID:-0} > $bound; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}; server ${S_GOLD:-?}/${S_PAID:-?}" "0 (cap $bound)" \
         "$cli" "$(v_result "$why")" "${why%; }"
}

# v5. The honest reboot (network at both ends) in version 2: the device asserts the new boot's uptime, the
#     network proves the time away, and nothing is flagged (CLI and POST /audit).
case_v5_honest_reboot() {
  local name="v5: honest reboot in v2, network both ends" j=$T/v5.jsonl t0 id c why=""
  t0=$(real_ns)
  cons_begin
  ntp_offset "$P_HONEST" -$HOUR2
  server_clock -$HOUR2
  rec "$j" -$HOUR2 0 "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" v5-honest || { tool_failure "$name"; return; }
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  server_clock 0
  id=$(new_boot_id v5)
  c=$(( 1800000000000 - $(boot_now_ns) ))
  rec "$j" 0 "$c" "$id" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  need_net "the return" || { tool_failure "$name"; return; }
  v_check_v2 "$j" || { tool_failure "$name"; return; }
  local true_ns=$(( S2 + $(real_ns) - t0 )) credit
  credit=$(v_field "$j" -1 rebootCredit)
  anchor "$j" v5-honest || { tool_failure "$name"; return; }
  [ "$credit" != null ] && (( credit >= 1790 * 1000000000 && credit <= 1800 * 1000000000 )) \
    || why+="rebootCredit $credit, meant the new boot's 30 min less drift; "
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  why+=$(honest_why $HOUR2 "$honest")
  [ "${A_PROOF:-}" = verified ] || why+="proof ${A_PROOF:-?}, not verified; "
  local cli="$(verdict_text)"
  server_clock 0
  http POST /audit "$j" "X-Player: v5-honest"
  srv_mark
  eval "$("$PY" "$HELP" server "$H_BODY")"
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="POST /audit: HTTP $H_STATUS ${S_ERROR:-}; "
  [ "${S_CLEAN:-0}" = 1 ] || why+="POST /audit not clean: ${S_FINDINGS:-}; "
  (( ${S_PAID:-0} * 100 >= 99 * honest )) || why+="POST /audit paid ${S_PAID:-0} < 99 % of $honest; "
  report "$name" "$(secs $true_ns)" "${A_CREDITED:-?}" "${A_GOLD:-?}; server ${S_GOLD:-?}" "$honest" \
         "$cli; server clean=${S_CLEAN:-?}" "$(v_result "$why")" "${why%; }"
  cons_report "v5: honest reboot in v2, POST /audit (anchored)" "${S_PAID:-0}" "honest 2 h, reboot, v2: paid ${S_PAID:-?} of $honest" \
              "$( (( ${S_PAID:-0} * 100 >= 99 * honest )) || echo "paid ${S_PAID:-0} < 99 % of $honest; ")"
}

# v6. Edit rebootCredit without the key: the chain breaks at that record and the session is not paid.
#     With the key (re-chained), rebootCredit raised to 30 days and the departure's wall clock and network
#     time rewritten to fit: still at most the provisional cap (CLI and POST /audit).
case_v6_edit_credit() {
  local name="v6: rebootCredit edited without the key" why=""
  [ -n "$V3_JOURNAL" ] || { TOOLERR="no journal from v3"; tool_failure "$name"; return; }
  local j=$T/v6-nokey.jsonl last
  cp "$V3_JOURNAL" "$j"
  last=$(( $(wc -l < "$j") - 1 ))
  "$PY" "$FORGE" record - "$j" "$last" rebootCredit=$(( 30 * 86400 * 1000000000 )) || { TOOLERR="forge.py failed"; tool_failure "$name"; return; }
  audit "$j"
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  case ",${A_KINDS:-}," in *,chain-broken,*) ;; *) why+="no chain-broken finding; " ;; esac
  (( ${A_GOLD:-0} == 0 )) || why+="gold ${A_GOLD:-0} paid for a broken chain; "
  [ "$A_RC" != 0 ] || why+="audit exit 0; "
  local cli="$(verdict_text)"
  server_clock 0
  http POST /audit "$j" "X-Player: v6-nokey"
  S_PAID=0
  eval "$("$PY" "$HELP" server "$H_BODY")" 2>/dev/null
  local paid=${S_PAID:-0}
  [ "$H_STATUS" = 200 ] || paid=0
  (( paid == 0 )) || why+="POST /audit paid $paid for a broken chain; "
  report "$name" "-" "${A_CREDITED:-?}" "${A_GOLD:-?}; server HTTP $H_STATUS paid $paid" "0" "$cli" "$(v_result "$why")" "${why%; }"

  name="v6: rebootCredit 30 d forged with the key"; why=""
  j=$T/v6-key.jsonl
  local id t0 month=$(( 30 * 86400 ))
  t0=$(real_ns)
  rec "$j" -$HOUR2 0 "" background || { tool_failure "$name"; return; }
  id=$(new_boot_id v6)
  rec "$j" 0 $(( 1800000000000 - $(boot_now_ns) )) "$id" foreground || { tool_failure "$name"; return; }
  local wall; wall=$(v_field "$j" 0 wall)
  "$PY" "$FORGE" record "$KEY" "$j" 1 wall=$(( wall - month * 1000000000 )) \
    && "$PY" "$FORGE" record "$KEY" "$j" 2 rebootCredit=$(( month * 1000000000 )) \
    || { TOOLERR="forge.py failed"; tool_failure "$name"; return; }
  audit "$j"
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  case ",${A_KINDS:-}," in *,chain-broken,*) why+="harness: the re-chained journal does not verify; " ;; esac
  (( ${A_GOLD:-0} <= CAP_GOLD )) || why+="gold ${A_GOLD:-0} > $CAP_GOLD (provisional cap); "
  [ "${A_PROOF:-}" = provisional ] || why+="proof ${A_PROOF:-?}, not provisional; "
  v_flag uptimeAssertedByDevice || why+="no uptimeAssertedByDevice flag; "
  cli="$(verdict_text)"
  http POST /audit "$j" "X-Player: v6-key"
  eval "$("$PY" "$HELP" server "$H_BODY")"
  [ "$H_STATUS" = 200 ] && [ "$S_OK" = 1 ] || why+="POST /audit: HTTP $H_STATUS ${S_ERROR:-}; "
  (( ${S_PAID:-0} <= CAP_GOLD )) || why+="POST /audit paid ${S_PAID:-0} > $CAP_GOLD; "
  report "$name" "$(secs $(( S2 + $(real_ns) - t0 )))" "${A_CREDITED:-?}" "${A_GOLD:-?}; server ${S_GOLD:-?}/${S_PAID:-?}" "$(honest_gold $HOUR2) (cap $CAP_GOLD)" \
         "$cli" "$(v_result "$why")" "${why%; }"
}

# v7. Sidecars from elsewhere, same boot, 2 h away, no network at the return:
#     a. the sidecar of another journal (same key, same boot, whose segment began 2 h earlier) copied in;
#     b. the journal's own sidecar, its origin moved 2 h earlier and re-MACed with the key (the pseudonym
#        binds the origin, so the sidecar no longer matches its bootId).
#     Either is refused; the return begins a new generation: no more than the honest 2 h, no reboot credit.
#     The boot clock is shifted 2 h forward for the whole case (the other journal begins at the real reading),
#     so the earlier segment never needs a reading below zero on a host that booted minutes ago.
case_v7_foreign_sidecar() {
  local how=$1 name j other why=""
  j=$T/v7-$how.jsonl
  if [ "$how" = copy ]; then
    name="v7: sidecar copied from another journal"
    other=$T/v7-other.jsonl
    rec "$other" -$(( 2 * HOUR2 )) 0 "" launch || { tool_failure "$name"; return; }   # began 2 h earlier
  else
    name="v7: sidecar origin moved 2 h back (key)"
  fi
  rec "$j" -$HOUR2 $S2 "" background || { tool_failure "$name"; return; }
  if [ "$how" = copy ]; then
    cp "$other.boot" "$j.boot"
  else
    local origin; origin=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["origin"])' "$j.boot")
    "$PY" "$FORGE" sidecar "$KEY" "$j.boot" origin=$(( origin - S2 )) || { TOOLERR="forge.py failed"; tool_failure "$name"; return; }
  fi
  rec "$j" 0 $(( 2 * S2 )) "" foreground || { tool_failure "$name"; return; }
  local dep_id ret_id credit
  dep_id=$(v_field "$j" 0 bootId) ret_id=$(v_field "$j" -1 bootId) credit=$(v_field "$j" -1 rebootCredit)
  audit "$j"
  local honest; honest=$(honest_gold $HOUR2)
  [ "$A_OK" = 1 ] || why+="audit unreadable: $A_ERROR; "
  (( ${A_CREDITED:-0} <= HOUR2 + SLACK )) || why+="credited ${A_CREDITED:-0} s > $HOUR2 s + $SLACK s; "
  (( ${A_GOLD:-0} <= honest )) || why+="gold ${A_GOLD:-0} > honest $honest; "
  [ "$credit" = null ] || why+="rebootCredit $credit asserted for the device's own boot; "
  [ "$dep_id" != "$ret_id" ] || why+="the foreign sidecar was continued (segment $ret_id); "
  report "$name" "7200.0" "${A_CREDITED:-?}" "${A_GOLD:-?}" "$honest" "$(verdict_text)" "$(v_result "$why")" "${why%; }"
}

# v8. What leaves the device: no journal of this run holds a raw boot id or a raw boot-clock reading of any
#     event (the readings `playtime record --json` showed, the real and every forged boot id). Run last.
case_v8_privacy() {
  local name="v8: no raw boot id or boot clock in journals" out why=""
  out=$("$PY" "$HELP" privacy "$T") || why="$out"
  # Self-check: the version-1 control of v4 holds raw readings; the same check must catch it.
  if [ -f "$T/v4-fit-1.jsonl" ]; then
    "$PY" "$HELP" privacy "$T" --include-v1 >/dev/null && why+="harness: the check also passes a version-1 journal, so it proves nothing; "
  else
    why+="harness: no version-1 control journal to check the check; "
  fi
  report "$name" "-" "-" "-" "-" "$(echo "$out" | head -n 1)" "$(v_result "$why")" "${why%; }"
}

# =========================================================================================================
# Time conservation (issue 17, docs/anchors.md §3-4): each row of the issue's table, scaled to seconds,
# through the example server with the anchors a client records. Each asserts (cons_report) that the account
# is paid at most an honest player away for the whole server time the case used, plus one provisional cap.
# =========================================================================================================
C_TICKETS=${PLAYTIME_ATTACKS_TICKETS:-60}       # the issue's 1 250 overlapping tickets, scaled
C_SAVES=${PLAYTIME_ATTACKS_SAVE_DIRS:-40}       # the issue's 1 250 save directories, scaled
C_REBOOTS=${PLAYTIME_ATTACKS_REBOOTS:-40}       # forged reboots, as in the issue
# The boot clock of these cases starts 5 days further on: their raw readings (which v8 checks every journal
# against, within 1 s) then stay clear of the other cases' durations of hours.
C_BOOT=$FIVE_DAYS_NS

# parallel_dirs DIR COUNT FUNCTION: FUNCTION DIR K for K = 2..COUNT, two at a time (journals of different
# save directories are independent); returns 1 with TOOLERR when any failed.
parallel_dirs() {
  local dir=$1 count=$2 fn=$3 k pids=()
  rm -f "$dir/failed"
  for k in $(seq 2 "$count"); do
    ( "$fn" "$dir" "$k" || printf '%s\n' "$TOOLERR" >> "$dir/failed" ) &
    pids+=($!)
    if (( ${#pids[@]} >= 2 )); then wait "${pids[@]}"; pids=(); fi
  done
  [ ${#pids[@]} = 0 ] || wait "${pids[@]}"
  [ ! -s "$dir/failed" ] || { TOOLERR=$(head -n 1 "$dir/failed"); return 1; }
}

# c1. Overlapping tickets under fresh session ids: C_TICKETS tickets issued at once, all redeemed 2 h later.
case_c1_tickets() {
  local name="c1: $C_TICKETS overlapping tickets, fresh session ids" n gold count statuses why=""
  cons_begin
  server_clock 0
  srv_mark
  n=$("$PY" "$ANCHOR" tickets "$SERVER" '"c1-tickets"' "$C_TICKETS" c1- "$T/c1.tickets") \
    || { TOOLERR="anchor.py tickets failed"; tool_failure "$name"; return; }
  [ "$n" = "$C_TICKETS" ] || { TOOLERR="issued $n of $C_TICKETS tickets"; tool_failure "$name"; return; }
  advance $HOUR2
  read -r gold count statuses < <("$PY" "$ANCHOR" redeem "$SERVER" '"c1-tickets"' "$T/c1.tickets")
  srv_mark
  server_clock 0
  local honest; honest=$(honest_gold $HOUR2)
  (( ${gold:-0} <= honest )) || why+="paid $gold for one 2 h of server time > $honest: overlapping tickets paid more than once; "
  (( ${gold:-0} * 100 >= 99 * honest )) || why+="paid $gold < 99 % of $honest: the first ticket is honest; "
  cons_report "$name" "${gold:-0}" "$count of $C_TICKETS redeemed ($statuses), 2 h each on the server's clock" "$why"
}

# c2. Save directories recorded offline, one 8 h session each (same boot, boot clock and wall moved 8 h, no
#     network, no contact with the server), all uploaded for one player. JOURNAL_KEY: under the server's
#     journal key (legacy, nothing places them: one provisional allowance); enrolled: one POST /enroll per
#     directory (each placed between its enrollment and its upload).
c2_record() {
  local dir=$1 k=$2 key=$1/$2.key
  [ -f "$key" ] || key=$KEY
  recq "$dir/$k.jsonl" "$key" -$H8 $C_BOOT "" background && recq "$dir/$k.jsonl" "$key" 0 $(( C_BOOT + S8 )) "" foreground
}
case_c2_save_dirs() {
  local how=$1 name dir=$T/c2-$1 player=c2-saves-$1 k first_key why=""
  mkdir -p "$dir"
  cons_begin
  if [ "$how" = enrolled ]; then
    name="c2: $C_SAVES save directories offline, one player (enrolled)"
    local times
    times=$("$PY" "$ANCHOR" enroll-many "$SERVER" "$player" "$dir" "$C_SAVES" 2>"$T/anchor.err") \
      || { TOOLERR="enroll-many: $(head -c 300 "$T/anchor.err")"; tool_failure "$name"; return; }
    srv_mark "${times% *}"
    first_key=$dir/1.key
  else
    name="c2: $C_SAVES save directories offline, one player (journal key)"
    first_key=$KEY
  fi
  REC_KEY=$first_key rec "$dir/1.jsonl" -$H8 $C_BOOT "" background || { tool_failure "$name"; return; }
  REC_KEY=$first_key rec "$dir/1.jsonl" 0 $(( C_BOOT + S8 )) "" foreground || { tool_failure "$name"; return; }
  parallel_dirs "$dir" "$C_SAVES" c2_record || { tool_failure "$name"; return; }
  upload "$player" $(for k in $(seq 1 "$C_SAVES"); do echo "$dir/$k.jsonl"; done) || { tool_failure "$name"; return; }
  [ "$U_STATUS" = "${C_SAVES}x200" ] || why+="uploads answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$C_SAVES × 8 h; server credited $U_CREDITED s, gold $U_GOLD, paid $U_PAID; findings $U_KINDS" "$why"
}

# c3. The client names a retained policy (demo-1: 1 s minimum, 100 % efficiency) at its departure; its twin
#     names the server's. 10 min away, anchored at the launch and the return. The server (which retired
#     demo-1 30 days ago, --retired) decides the policy: the cheat is paid no more than its twin.
C3_TWIN_PAID=
case_c3_policy() {
  local label=$1 name j=$T/c3-$1.jsonl player=c3-$1 away=600 why=""
  if [ "$label" = demo-1 ]; then name="c3: client names policy demo-1, 10 min"; else name="honest: 10 min, server's policy (c3 twin)"; fi
  cons_begin
  ntp_offset "$P_HONEST" -$away
  server_clock -$away
  rec "$j" -$away $C_BOOT "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" "$player" || { tool_failure "$name"; return; }
  rec "$j" -$away $C_BOOT "" background --rate 600 --policy-version "$label" || { tool_failure "$name"; return; }
  server_clock 0
  rec "$j" 0 $(( C_BOOT + away * 1000000000 )) "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  anchor "$j" "$player" || { tool_failure "$name"; return; }
  upload "$player" "$j" || { tool_failure "$name"; return; }
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  local honest; honest=$(honest_gold $away) known=""
  if [ "$label" = demo-1 ]; then
    (( U_PAID <= ${C3_TWIN_PAID:-$honest} )) \
      || why+="the client's policy label decided: paid $U_PAID > its twin's ${C3_TWIN_PAID:-$honest} under the server's policy; "
  else
    C3_TWIN_PAID=$U_PAID
    local floor; floor=$(honest_gold $(( away * 99 / 100 )))    # gold is whole: the gold of 99 % of the time
    (( U_CREDITED * 100 >= 99 * away )) || why+="credited $U_CREDITED s < 99 % of $away s; "
    (( U_PAID >= floor )) || why+="paid $U_PAID < $floor, the gold of 99 % of $away s; "
  fi
  cons_report "$name" "$U_PAID" "policy $label, rate 600 in the journal; credited $U_CREDITED s; honest $honest" "$why" "$known"
}

# c4. The player's own NTP server lags 8 h for the departure's boot, the wall clock set back 8 h by hand, a
#     real reboot (new boot id, boot clock restarted), honest network (chronyd) at the return; four times.
#     The game anchors at every launch and return, as it does. (That the lie was heard is checked at each
#     launch; the device's own audit may see through it, since an anchor is also a fix of the server's time.)
case_c4_ntp_lag() {
  local name="c4: own NTP 8 h behind + wall back + reboot, x4" j=$T/c4.jsonl player=c4-ntp-lag r idl idh cl ch
  cons_begin
  server_clock 0
  ntp_offset "$P_LIAR1" -$H8
  for r in 1 2 3 4; do
    idl=$(new_boot_id "c4-lag-$r") cl=$(( C_BOOT + 1200000000000 - $(boot_now_ns) ))
    rec "$j" -$H8 "$cl" "$idl" launch --ntp "$LIAR1" || { tool_failure "$name"; return; }
    net_near -$H8 "the launch" || { tool_failure "$name"; return; }
    anchor "$j" $player || { tool_failure "$name"; return; }
    rec "$j" -$H8 "$cl" "$idl" background || { tool_failure "$name"; return; }
    idh=$(new_boot_id "c4-ret-$r") ch=$(( 60000000000 - $(boot_now_ns) ))
    rec "$j" 0 "$ch" "$idh" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
    need_net "the return" || { tool_failure "$name"; return; }
    anchor "$j" $player || { tool_failure "$name"; return; }
  done
  audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c5. CLOCK_BOOTTIME shifted within one boot (root), no network, five 8 h sessions, the wall clock moved
#     forward to match; the journal enrolled first, uploaded at the end.
case_c5_boot_shift() {
  local name="c5: boot clock shifted 5 x 8 h in one boot, wall to match" j=$T/c5.jsonl key=$T/c5.key player=c5-boot-shift k at
  cons_begin
  server_clock 0
  enroll "$j" $player "$key" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $C_BOOT "" launch || { tool_failure "$name"; return; }    # the recorder continues it
  for k in 0 1 2 3 4; do
    at=$(( k * (H8 + 60) + 60 ))
    REC_KEY=$key rec "$j" $at $(( C_BOOT + at * 1000000000 )) "" background || { tool_failure "$name"; return; }
    REC_KEY=$key rec "$j" $(( at + H8 )) $(( C_BOOT + (at + H8) * 1000000000 )) "" foreground || { tool_failure "$name"; return; }
  done
  AUDIT_KEY=$key audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  anchor "$j" $player "$key" || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c6. C_REBOOTS forged reboots (root: a new boot id, the boot clock keeps counting), each departure's wall clock
#     back-dated so each asserted uptime fits (v4 at scale); never online, uploaded under the journal key.
case_c6_forged_reboots() {
  local name="c6: $C_REBOOTS forged reboots, wall back-dated" j=$T/c6.jsonl player=c6-forged k id="" up wall
  cons_begin
  server_clock 0
  up=$(( ($(boot_now_ns) + FIVE_DAYS_NS) / 1000000000 + 60 ))
  for k in $(seq 1 "$C_REBOOTS"); do
    wall=$(( -(C_REBOOTS - k + 1) * up ))
    recq "$j" "$KEY" "$wall" $FIVE_DAYS_NS "$id" background || { tool_failure "$name"; return; }
    id=$(new_boot_id "c6-$k")
    wall=$(( -(C_REBOOTS - k) * up ))
    recq "$j" "$KEY" "$wall" $FIVE_DAYS_NS "$id" foreground || { tool_failure "$name"; return; }
    if [ "$k" = 1 ]; then
      clock_check "$j.out" "$wall" $(( $(boot_now_ns) + FIVE_DAYS_NS )) "$(cat "$id")" >"$T/c6.check" \
        || { TOOLERR=$(cat "$T/c6.check"); tool_failure "$name"; return; }
    fi
  done
  audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c7. A journal forged with its (enrolled) key: ten 8 h sessions at 10^9 gold/h, every one "proven" by
#     network time written by the forger (forge.py sessions), back to back, ending now.
case_c7_key_forged() {
  local name="c7: journal forged with the key, 10 x 8 h at 1e9 gold/h" j=$T/c7.jsonl key=$T/c7.key player=c7-forged
  cons_begin
  server_clock 0
  enroll "$j" $player "$key" || { tool_failure "$name"; return; }
  "$PY" "$FORGE" sessions "$key" "$j" 10 $H8 1000000000 2>"$T/forge.err" || { TOOLERR="forge.py sessions: $(head -c 300 "$T/forge.err")"; tool_failure "$name"; return; }
  AUDIT_KEY=$key audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  (( ${A_CREDITED:-0} >= 10 * H8 - 60 )) || why+="harness: the CLI credits ${A_CREDITED:-0} s, not the forged 10 × 8 h; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c9. Network time ahead of the server's clock within the clock-step tolerance (rule 0 uses it since issue 33,
#     as it must for an honest NTP server a minute fast): an enrolled journal departs with chronyd's time and
#     returns in a new boot whose clock reads 3 s, answered by a liar 100 s fast (the wall clock moved to match).
#     The verdict credits the lie (CLI); the server places the session only in server time its anchors saw
#     pass, so the account stays within the bound.
case_c9_ntp_within_tolerance() {
  local name="c9: reboot, NTP +100 s at the return (within T), enrolled" j=$T/c9.jsonl key=$T/c9.key player=c9-ntp-ahead id c
  cons_begin
  server_clock 0
  enroll "$j" $player "$key" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 0 "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }   # the game starts: a fix
  REC_KEY=$key rec "$j" 0 0 "" background || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  ntp_offset "$P_LIAR1" 100
  id=$(new_boot_id c9)
  c=$(( 3000000000 - $(boot_now_ns) ))
  REC_KEY=$key rec "$j" 100 "$c" "$id" foreground --ntp "$LIAR1" || { tool_failure "$name"; return; }
  net_near 100 "the return" || { tool_failure "$name"; return; }
  AUDIT_KEY=$key audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  anchor "$j" $player "$key" || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  (( ${A_CREDITED:-0} >= 90 )) || why+="harness: the CLI credits ${A_CREDITED:-0} s, not the lie's 100 s (is rule 0's slack T?); "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c10. The boot clock shifted 8 h forward between two back-to-back sessions of one boot (root: the shim), honest
#      network time at every event: the second session's certainly-away interval would be placed after the first
#      by the boot clock between their departures (docs/journal-format.md §10c, issue 33), 8 h in the future. It
#      is never moved past the server's clock; nothing is gained.
case_c10_boot_shift_between() {
  local name="c10: boot clock shifted 8 h between two sessions, network at every event" j=$T/c10.jsonl key=$T/c10.key player=c10-between
  local shifted=$(( C_BOOT + H8 * 1000000000 ))
  cons_begin
  server_clock 0
  enroll "$j" $player "$key" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $C_BOOT "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $C_BOOT "" background || { tool_failure "$name"; return; }
  need_net "the first departure" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $C_BOOT "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $shifted "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }   # a fresh fix after the shift
  REC_KEY=$key rec "$j" 0 $shifted "" background || { tool_failure "$name"; return; }
  need_net "the second departure" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" 0 $shifted "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  AUDIT_KEY=$key audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold"
  anchor "$j" $player "$key" || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  local why=""
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# c8. A key holder's "settling" fix: 2 h away in one boot whose boot clock was shifted to read 10 h; the
#     return's honest network time disagrees (provisional); a later record of the same boot gets netErr =
#     Int64.max with the key (forge.py); by rule 2c it must not settle the boot clock's 10 h (CLI), and the
#     server is held to the bound either way.
case_c8_settling_fix() {
  local name="c8: settling fix with netErr = Int64.max, 2 h" j=$T/c8.jsonl player=c8-settle shift=$(( 10 * 3600 ))
  cons_begin
  ntp_offset "$P_HONEST" -$HOUR2
  server_clock -$HOUR2
  rec "$j" -$HOUR2 $C_BOOT "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" $player || { tool_failure "$name"; return; }
  rec "$j" -$HOUR2 $C_BOOT "" background || { tool_failure "$name"; return; }
  need_net "the departure" || { tool_failure "$name"; return; }
  server_clock 0
  rec "$j" $(( shift - HOUR2 )) $(( C_BOOT + shift * 1000000000 )) "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  need_net "the return" || { tool_failure "$name"; return; }
  anchor "$j" $player || { tool_failure "$name"; return; }
  rec "$j" $(( shift - HOUR2 )) $(( C_BOOT + shift * 1000000000 )) "" heartbeat --ntp "$CHRONY" || { tool_failure "$name"; return; }
  need_net "the later fix" || { tool_failure "$name"; return; }
  "$PY" "$FORGE" record "$KEY" "$j" $(( $(wc -l < "$j") - 1 )) netErr=9223372036854775807 \
    || { TOOLERR="forge.py failed"; tool_failure "$name"; return; }
  audit "$j"
  local cli="CLI: ${A_PROOF:-?} ${A_CREDITED:-?} s, ${A_GOLD:-?} gold${A_FLAGS:+ ($A_FLAGS)}" why=""
  # Rule 2c (docs/journal-format.md §10): a fix settles only when its error bound is smaller than the
  # disagreement it settles, so the device's own audit must not release the shifted figure either.
  if [[ ",${A_PROOF:-}," == *,verified,* ]] && (( ${A_CREDITED:-0} > HOUR2 + 60 )); then
    why+="rule 2c: the CLI audit settles the shifted boot clock's ${A_CREDITED} s as verified on a fix with netErr = Int64.max; "
  fi
  anchor "$j" $player || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  cons_report "$name" "$U_PAID" "$cli; server credited $U_CREDITED s, findings $U_KINDS" "$why"
}

# Honest rows. h1: an offline stretch — the departure anchored (network at the launch), the return offline in
# the same boot, the app online again later (anchor before the upload). h2: two devices of one account whose
# away periods follow each other. h3: an enrolled journal, 2 h away, anchored at the launch and the return.
case_h1_offline_return() {
  local name="honest: anchored departure, offline return, upload later" j=$T/h1.jsonl player=h1-offline
  local dep=$(( HOUR2 + 600 )) why=""
  cons_begin
  ntp_offset "$P_HONEST" -$dep
  server_clock -$dep
  rec "$j" -$dep $C_BOOT "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" $player || { tool_failure "$name"; return; }
  rec "$j" -$dep $C_BOOT "" background || { tool_failure "$name"; return; }
  rec "$j" -600 $(( C_BOOT + S2 )) "" foreground || { tool_failure "$name"; return; }   # no network, no server
  server_clock 0
  rec "$j" 0 $(( C_BOOT + dep * 1000000000 )) "" launch --ntp "$CHRONY" || { tool_failure "$name"; return; }
  anchor "$j" $player || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  local honest; honest=$(honest_gold $HOUR2)
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  (( U_CREDITED * 100 >= 99 * HOUR2 )) || why+="credited $U_CREDITED s < 99 % of $HOUR2 s; "
  (( U_PAID * 100 >= 99 * honest )) || why+="paid $U_PAID < 99 % of $honest; "
  [ "$U_KINDS" = - ] || why+="findings $U_KINDS; "
  cons_report "$name" "$U_PAID" "2 h; credited $U_CREDITED s, paid $U_PAID of $honest" "$why"
}

case_h2_two_devices() {
  local name="honest: two devices, away one after the other, 2 h each" player=h2-devices d j id c why="" total=0 credited=0
  cons_begin
  for d in 1 2; do
    j=$T/h2-device-$d.jsonl
    local dep=$(( (3 - d) * HOUR2 )) ret=$(( (2 - d) * HOUR2 ))
    id=$(new_boot_id "h2-$d")
    c=$(( C_BOOT + d * 1000000000000 - $(boot_now_ns) ))       # each device its own boot
    ntp_offset "$P_HONEST" -$dep
    server_clock -$dep
    rec "$j" -$dep "$c" "$id" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
    anchor "$j" $player || { tool_failure "$name"; return; }
    rec "$j" -$dep "$c" "$id" background || { tool_failure "$name"; return; }
    ntp_offset "$P_HONEST" -$ret
    server_clock -$ret
    rec "$j" -$ret $(( c + S2 )) "$id" foreground --ntp "$HONEST" || { tool_failure "$name"; return; }
    need_net "the return" || { tool_failure "$name"; return; }
    anchor "$j" $player || { tool_failure "$name"; return; }
  done
  server_clock 0
  upload $player "$T/h2-device-1.jsonl" "$T/h2-device-2.jsonl" || { tool_failure "$name"; return; }
  local honest; honest=$(( 2 * $(honest_gold $HOUR2) ))
  [ "$U_STATUS" = 2x200 ] || why+="uploads answered $U_STATUS; "
  (( U_CREDITED * 100 >= 99 * 2 * HOUR2 )) || why+="credited $U_CREDITED s < 99 % of $(( 2 * HOUR2 )) s; "
  (( U_PAID * 100 >= 99 * honest )) || why+="paid $U_PAID < 99 % of $honest; "
  [ "$U_KINDS" = - ] || why+="findings $U_KINDS; "
  cons_report "$name" "$U_PAID" "2 × 2 h; credited $U_CREDITED s, paid $U_PAID of $honest" "$why"
}

case_h3_enrolled() {
  local name="honest: enrolled journal, 2 h away" j=$T/h3.jsonl key=$T/h3.key player=h3-enrolled why=""
  cons_begin
  ntp_offset "$P_HONEST" -$HOUR2
  server_clock -$HOUR2
  enroll "$j" $player "$key" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" -$HOUR2 $C_BOOT "" launch --ntp "$HONEST" || { tool_failure "$name"; return; }
  anchor "$j" $player "$key" || { tool_failure "$name"; return; }
  REC_KEY=$key rec "$j" -$HOUR2 $C_BOOT "" background || { tool_failure "$name"; return; }
  server_clock 0
  REC_KEY=$key rec "$j" 0 $(( C_BOOT + S2 )) "" foreground --ntp "$CHRONY" || { tool_failure "$name"; return; }
  anchor "$j" $player "$key" || { tool_failure "$name"; return; }
  upload $player "$j" || { tool_failure "$name"; return; }
  local honest; honest=$(honest_gold $HOUR2)
  [ "$U_STATUS" = 1x200 ] || why+="upload answered $U_STATUS; "
  (( U_CREDITED * 100 >= 99 * HOUR2 )) || why+="credited $U_CREDITED s < 99 % of $HOUR2 s; "
  (( U_PAID * 100 >= 99 * honest )) || why+="paid $U_PAID < 99 % of $honest; "
  [ "$U_KINDS" = - ] || why+="findings $U_KINDS; "
  cons_report "$name" "$U_PAID" "2 h; credited $U_CREDITED s, paid $U_PAID of $honest" "$why"
}

# run_case CASE [ARGS]: plays one case; PLAYTIME_ATTACKS_ONLY=REGEX plays only the cases whose function name
# matches (for working on the script; a case that needs an earlier one's journal then fails as a harness error).
run_case() { [[ -z "${PLAYTIME_ATTACKS_ONLY:-}" || "$1" =~ $PLAYTIME_ATTACKS_ONLY ]] && "$@"; }
# =========================================================================================================
run_case case_honest_same_boot
run_case case_honest_reboot
run_case case_honest_reboot_server
run_case case_a1 "a1: reboot, 5 s away, NTP +5 h" 18000 "$LIAR1"
run_case case_a1_server
run_case case_a1_reupload
run_case case_a1 "a1: reboot, 5 s away, 2 of 3 NTP +5 h" 18000 "$LIAR1" "$LIAR2" "$CHRONY"
run_case case_a1 "a1: reboot, 5 s away, NTP +30 y" $(( 30 * 365 * 86400 )) "$LIAR1"
run_case case_a2_forged
run_case case_a2_repeated
run_case case_a3_farming
run_case case_a4_shape
run_case case_a4_rate
run_case case_a4_multiplier
run_case case_a13_self_granted_ad
run_case case_a4_duplicate_keys
run_case case_a4_two_tickets
run_case case_a4_nfd
run_case case_a4_budget
run_case case_a5_spoofer
run_case case_a5_reboot_settled
run_case case_a6_two_devices
run_case case_r1_signed
run_case case_r1_server
run_case case_v1_sidecar_deleted
run_case case_v2_sidecar_restored
run_case case_v3_forged
run_case case_v4_repeated 2
run_case case_v4_repeated 1
run_case case_v5_honest_reboot
run_case case_v6_edit_credit
run_case case_v7_foreign_sidecar copy
run_case case_v7_foreign_sidecar origin
run_case case_c1_tickets
run_case case_c2_save_dirs journal-key
run_case case_c2_save_dirs enrolled
run_case case_c3_policy default-1
run_case case_c3_policy demo-1
run_case case_c4_ntp_lag
run_case case_c5_boot_shift
run_case case_c6_forged_reboots
run_case case_c7_key_forged
run_case case_c8_settling_fix
run_case case_c9_ntp_within_tolerance
run_case case_c10_boot_shift_between
run_case case_h1_offline_return
run_case case_h2_two_devices
run_case case_h3_enrolled
run_case case_v8_privacy

echo
"$PY" - "$ROWS" <<'PY'
import sys
rows = [(line.rstrip("\n").split("\t") + [""] * 8)[:8] for line in open(sys.argv[1], encoding="utf-8")]
head = ["CASE", "TRUE AWAY s", "CREDITED s", "PAID(+ESCROW)", "HONEST GOLD", "VERDICT / FINDINGS", "RESULT"]
cut = lambda text, n: text if len(text) <= n else text[: n - 1] + "…"
widths = [max(len(head[i]), *(len(r[i]) for r in rows)) if rows else len(head[i]) for i in range(5)]
widths = [min(w, 44) for w in widths] + [70, 6]
print("  ".join(cut(h, w).ljust(w) for h, w in zip(head, widths)))
for r in rows:
    print("  ".join(cut(c, w).ljust(w) for c, w in zip(r[:7], widths)))
failed = [r for r in rows if r[6] != "PASS"]
if failed:
    print("\nwhy:")
    for r in failed:
        print("  %s: %s" % (r[0], r[7]))
PY
echo
echo "Time conservation (paid to the account <= an honest player away for the whole server time + one provisional cap):"
"$PY" - "$CONS" <<'PY'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
print("| case | real time s | server time s | paid | bound | result | notes |")
print("|---|---|---|---|---|---|---|")
for name, real, server, paid, bound, note, result in rows:
    print("| %s | %s | %s | %s | %s | %s | %s |" % (name, real, server, paid, bound, result, note.replace("|", "/")))
PY
echo
echo "attacks: $PASSED passed, $FAILED failed, $KNOWN known failures in $((SECONDS - STARTED)) s"
[ "$FAILED" = 0 ]
