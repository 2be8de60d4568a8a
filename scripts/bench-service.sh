#!/usr/bin/env bash
# The service's throughput on loopback (docs/service.md): wrk (Debian) with keep-alive against playtime-server's
# health, anchor and redeemTicket, on the file store and on PostgreSQL, beside nginx (Debian) answering a static 200 on
# the same machine in the same run — the floor any HTTP server here is measured against. Each figure is the median of
# ROUNDS runs of SECONDS, the servers taking turns; requests per second, p50 and p99 latency, and the ratio to nginx.
# Goals (issue 28): health >= 0.5x nginx's requests/s, anchor >= 0.3x.
#
# Usage: scripts/bench-service.sh [SECONDS] [ROUNDS] [CONNECTIONS]   (default 5 s, 3 rounds, 32 connections, wrk -t2)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
rounds=${2:-3}
connections=${3:-32}
for tool in wrk nginx; do command -v "$tool" >/dev/null || { echo "bench-service: $tool is not installed (apt-get install $tool)" >&2; exit 2; }; done
swift build -c release --product playtime-server >/dev/null
BIN=.build/release
. scripts/service-common.sh
run=$(mktemp -d "${TMPDIR:-/tmp}/playtime-bench-service.XXXXXX")
chmod 755 "$run"
nginx_pid=
postgres_dir=
cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  service_stop || true
  [ -n "$postgres_dir" ] && scripts/postgres-loopback.sh stop "$postgres_dir" >/dev/null 2>&1 || true
  rm -rf "$run"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
nginx_port=$(free_port)
mkdir -p "$run/nginx/logs"
cat > "$run/nginx.conf" <<CONF
daemon off;
worker_processes auto;
error_log $run/nginx/logs/error.log;
pid $run/nginx/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $run/nginx/body;
  proxy_temp_path $run/nginx/proxy;
  fastcgi_temp_path $run/nginx/fastcgi;
  uwsgi_temp_path $run/nginx/uwsgi;
  scgi_temp_path $run/nginx/scgi;
  server { listen 127.0.0.1:$nginx_port; location / { return 200 "ok"; } }
}
CONF
nginx -p "$run/nginx" -c "$run/nginx.conf" &
nginx_pid=$!
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$nginx_port") 2>/dev/null && break; sleep 0.05; done

# wrk_figure URL [LUA] -> "requests/s p50 p99" (latencies in ms)
wrk_figure() {
  local script=()
  [ -n "${2:-}" ] && script=(-s "$2")
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "${script[@]}" "$1" 2>/dev/null | awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
    /Non-2xx/ { bad = $NF } END { printf "%.0f %.2f %.2f %s\n", rps, p50, p99, (bad == "" ? 0 : bad) }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# tickets COUNT FILE: issues COUNT tickets (one player each: independent players, no shared hours) into FILE.
tickets() {
  python3 - "$SERVICE_URL" "$SERVICE_KEY" "$1" "$2" <<'PY'
import http.client, json, sys, urllib.parse
url, key, count, path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
host = urllib.parse.urlparse(url)
connection = http.client.HTTPConnection(host.hostname, host.port)
with open(path, "w") as out:
    for index in range(count):
        connection.request("POST", "/v1/players/bench-%d/tickets" % index, body=json.dumps({"session": "s"}),
                           headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 200:
            sys.exit("issueTicket answered %d: %s" % (answer.status, body[:200]))
        out.write("bench-%d %s\n" % (index, json.loads(body)["ticket"]))
PY
}

# measure STORE_NAME: the three operations on the running service, beside nginx, ROUNDS times each.
measure() {
  local store=$1
  local enrollment journal
  enrollment=$(curl -s -X POST -H "Authorization: Bearer $SERVICE_KEY" "$SERVICE_URL/v1/players/bench/enrollments")
  journal=$(printf '%s' "$enrollment" | python3 -c 'import json,sys; print(json.load(sys.stdin)["journal"])')
  cat > "$run/anchor.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"request":"pr1.$journal.0.-"}'
wrk.headers["Authorization"] = "Bearer $SERVICE_KEY"
wrk.headers["Content-Type"] = "application/json"
LUA
  # Enough tickets that no redemption repeats one: issued before the clock starts.
  tickets "${PLAYTIME_BENCH_TICKETS:-30000}" "$run/tickets-$store"
  cat > "$run/redeem.lua" <<LUA
local tickets = {}
for line in io.lines("$run/tickets-$store") do tickets[#tickets + 1] = line end
local counter = 0
function setup(thread) thread:set("offset", counter); counter = counter + 1 end
function init(args) next_ticket = offset + 1 end
function request()
  local line = tickets[next_ticket] or tickets[#tickets]
  next_ticket = next_ticket + 2
  local player, ticket = line:match("^(%S+) (%S+)$")
  return wrk.format("POST", "/v1/players/" .. player .. "/redemptions",
                    { ["Authorization"] = "Bearer $SERVICE_KEY", ["Content-Type"] = "application/json" },
                    '{"ticket":"' .. ticket .. '"}')
end
LUA
  for operation in nginx health anchor redeemTicket; do : > "$run/$store-$operation"; done
  for _ in $(seq 1 "$rounds"); do
    wrk_figure "http://127.0.0.1:$nginx_port/" >> "$run/$store-nginx"
    wrk_figure "$SERVICE_URL/v1/health" >> "$run/$store-health"
    wrk_figure "$SERVICE_URL/v1/players/bench/anchors" "$run/anchor.lua" >> "$run/$store-anchor"
  done
  # Redemptions consume tickets: one round (a second would redeem them again, the repeat path).
  wrk_figure "$SERVICE_URL/v1/players/x/redemptions" "$run/redeem.lua" >> "$run/$store-redeemTicket"
  local floor
  floor=$(cut -d' ' -f1 "$run/$store-nginx" | median)
  printf '%-10s %-13s %10s %9s %9s %8s %s\n' store operation "requests/s" "p50 ms" "p99 ms" "x nginx" "non-2xx"
  for operation in nginx health anchor redeemTicket; do
    local rps p50 p99 bad
    rps=$(cut -d' ' -f1 "$run/$store-$operation" | median)
    p50=$(cut -d' ' -f2 "$run/$store-$operation" | median)
    p99=$(cut -d' ' -f3 "$run/$store-$operation" | median)
    bad=$(cut -d' ' -f4 "$run/$store-$operation" | sort -n | tail -n 1)
    printf '%-10s %-13s %10s %9s %9s %8s %s\n' "$store" "$operation" "$rps" "$p50" "$p99" \
      "$(awk -v a="$rps" -v b="$floor" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" "$bad"
  done
}

echo "bench-service: wrk -t2 -c$connections, ${seconds} s a figure, median of $rounds (redeemTicket: 1 round of new tickets); load $(cut -d' ' -f1-3 /proc/loadavg)"
service_start "$run/files" --access-log off --max-connections-per-client 0
measure files
service_stop
if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  postgres_dir=$run/postgres
  eval "$(scripts/postgres-loopback.sh start "$postgres_dir" 28432)"
  head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$run/fleet.secret"
  service_start "$run/pg" --access-log off --max-connections-per-client 0 --store "$PLAYTIME_POSTGRES_URL" --secret-file "$run/fleet.secret" \
    --database-connections 8
  measure postgres
  service_stop
fi
