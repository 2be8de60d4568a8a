#!/usr/bin/env bash
# Starts a real Roughtime server (PyPI package `roughly`) on 127.0.0.1:PORT with a fixed test key.
# Usage: scripts/roughly-loopback.sh start [PORT] [grease] | stop [PORT]
#   grease: every answer is deliberately invalid (--grease-probability 1); otherwise --no-grease.
# Prints "127.0.0.1:PORT=PUBLIC_KEY" (the form `playtime roughtime` takes) once the server answers.
# Install: pip install --ignore-requires-python 'roughly[cli]'. State lives in ${PLAYTIME_ROUGHLY_DIR:-/tmp/playtime-roughly}.
set -euo pipefail
dir=${PLAYTIME_ROUGHLY_DIR:-/tmp/playtime-roughly}
action=${1:-start}
port=${2:-12002}
mode=${3:-honest}
# A fixed test seed (bytes 0..31, the RFC 8032 style test key): never a production key.
seed=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=

stop() {
  if [ -f "$dir/roughly-$1.pid" ]; then
    kill "$(cat "$dir/roughly-$1.pid")" 2>/dev/null || true
    rm -f "$dir/roughly-$1.pid"
  fi
}

case "$action" in
  stop) stop "$port"; exit 0 ;;
  start) ;;
  *) echo "usage: $0 start [PORT] [grease] | stop [PORT]" >&2; exit 2 ;;
esac

command -v roughly >/dev/null || { echo "roughly not found (pip install --ignore-requires-python 'roughly[cli]')" >&2; exit 1; }
stop "$port"
mkdir -p "$dir"
if [ "$mode" = grease ]; then grease=(--grease-probability 1); else grease=(--no-grease); fi
log="$dir/roughly-$port.log"
roughly server run --host 127.0.0.1 --port "$port" --private-key "$seed" --radius 1 "${grease[@]}" >"$log" 2>&1 &
echo $! >"$dir/roughly-$port.pid"
# Ready when it has printed its key and answers a request (any answer: a greasing one is invalid on purpose).
python3 - "$port" "$log" <<'PY' || { echo "roughly did not start on port $1:" >&2; cat "$log" >&2; stop "$port"; exit 1; }
import os, re, socket, struct, sys, time
port, log = int(sys.argv[1]), sys.argv[2]
def message(pairs):
    pairs = sorted(pairs, key=lambda p: struct.unpack('<I', p[0])[0])
    offsets, total = [], 0
    for _, value in pairs[:-1]:
        total += len(value); offsets.append(total)
    return (struct.pack('<I', len(pairs)) + b''.join(struct.pack('<I', o) for o in offsets)
            + b''.join(t for t, _ in pairs) + b''.join(v for _, v in pairs))
body = [(b'VER\0', struct.pack('<I', 1)), (b'NONC', os.urandom(32)), (b'TYPE', struct.pack('<I', 0))]
pad = 1024 - len(message(body + [(b'ZZZZ', b'')]))
packet = message(body + [(b'ZZZZ', bytes(pad))])
packet = b'ROUGHTIM' + struct.pack('<I', len(packet)) + packet
deadline = time.time() + 20
while time.time() < deadline:
    key = re.search(r'public key \(base64\): (\S+)', open(log).read())
    if key:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.settimeout(0.3)
        try:
            s.sendto(packet, ('127.0.0.1', port))
            if s.recv(4096):
                print(f"127.0.0.1:{port}={key.group(1)}")
                sys.exit(0)
        except OSError:
            pass
        finally:
            s.close()
    time.sleep(0.1)
sys.exit(1)
PY
