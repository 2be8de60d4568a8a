#!/usr/bin/env bash
# Starts a real chronyd serving NTP on 127.0.0.1:PORT (default 11123) without touching the system clock.
# Usage: scripts/chronyd-loopback.sh start [PORT] | stop
# Prints "127.0.0.1:PORT" on success. State lives in ${PLAYTIME_CHRONY_DIR:-/tmp/playtime-chrony}.
set -euo pipefail
dir=${PLAYTIME_CHRONY_DIR:-/tmp/playtime-chrony}
action=${1:-start}
port=${2:-11123}
chronyd=$(command -v chronyd || echo /usr/sbin/chronyd)

stop() {
  if [ -f "$dir/chronyd.pid" ]; then
    kill "$(cat "$dir/chronyd.pid")" 2>/dev/null || true
    rm -f "$dir/chronyd.pid"
  fi
}

case "$action" in
  stop) stop; exit 0 ;;
  start) ;;
  *) echo "usage: $0 start [PORT] | stop" >&2; exit 2 ;;
esac

[ -x "$chronyd" ] || { echo "chronyd not found (apt-get install -y chrony)" >&2; exit 1; }
stop
mkdir -p "$dir"
cat > "$dir/chrony.conf" <<CONF
port $port
bindaddress 127.0.0.1
allow 127.0.0.1
local stratum 8
cmdport 0
pidfile $dir/chronyd.pid
driftfile $dir/drift
CONF
# -x: never adjust the system clock; -f: our config; -u root keeps the pid/drift files writable in $dir.
"$chronyd" -x -f "$dir/chrony.conf" -u root >"$dir/chronyd.log" 2>&1 || {
  # Some builds refuse -u when not compiled with privilege dropping; retry without it.
  "$chronyd" -x -f "$dir/chrony.conf" >"$dir/chronyd.log" 2>&1
}
for _ in $(seq 1 50); do
  [ -s "$dir/chronyd.pid" ] && break
  sleep 0.1
done
[ -s "$dir/chronyd.pid" ] || { echo "chronyd did not start:" >&2; cat "$dir/chronyd.log" >&2; exit 1; }
# Ready when it answers a client request with a synchronized (LI != 3) reply.
if command -v python3 >/dev/null; then
  python3 - "$port" <<'PY' || { echo "chronyd started but never answered on port $port" >&2; cat "$dir/chronyd.log" >&2; exit 1; }
import socket, sys, time
port = int(sys.argv[1])
deadline = time.time() + 10
while time.time() < deadline:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(0.2)
    try:
        s.sendto(b"\x23" + b"\0" * 47, ("127.0.0.1", port))
        data = s.recv(512)
        if len(data) >= 48 and data[0] >> 6 != 3 and data[1] != 0:
            sys.exit(0)
    except OSError:
        pass
    finally:
        s.close()
    time.sleep(0.1)
sys.exit(1)
PY
fi
echo "127.0.0.1:$port"
