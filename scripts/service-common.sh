# Shared by the service's scripts (source it): start a built playtime-server on loopback with a key the script knows.
#
#   service_start DIR [ARGS...]   starts it on a port the kernel chooses with state in DIR and an API key of its own;
#                                 sets SERVICE_URL, SERVICE_KEY, SERVICE_PID, SERVICE_AD_SECRET; ARGS go to the server
#   service_stop                  SIGTERM, and waits for its exit status (0 expected)
#
# BIN (default .build/debug) holds the binaries.
BIN=${BIN:-.build/debug}

service_start() {
  local dir=$1
  shift
  mkdir -p "$dir"
  SERVICE_KEY=ptk_$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
  SERVICE_AD_SECRET=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  printf 'scripts sha256:%s\n' "$(printf '%s' "$SERVICE_KEY" | sha256sum | cut -d' ' -f1)" > "$dir/api-keys"
  printf '%s\n' "$SERVICE_AD_SECRET" > "$dir/ad.secret"
  chmod 600 "$dir/api-keys" "$dir/ad.secret"
  "$BIN/playtime-server" --listen 127.0.0.1:0 --state "$dir" --ad-network-secret-file "$dir/ad.secret" \
    --access-log "$dir/access.log" "$@" > "$dir/server.log" 2>&1 &
  SERVICE_PID=$!
  local address=
  for _ in $(seq 1 300); do
    grep -q '^serving: ' "$dir/server.log" 2>/dev/null && break
    kill -0 "$SERVICE_PID" 2>/dev/null || break
    sleep 0.05
  done
  address=$(sed -n 's/^playtime-server .* listening on \(127\.0\.0\.1:[0-9]*\)$/\1/p' "$dir/server.log" | head -n 1)
  if [ -z "$address" ] || ! grep -q '^serving: ' "$dir/server.log"; then
    echo "playtime-server did not start:" >&2
    cat "$dir/server.log" >&2
    return 1
  fi
  SERVICE_URL=http://$address
  SERVICE_DIR=$dir
}

service_stop() {
  [ -n "${SERVICE_PID:-}" ] || return 0
  kill -TERM "$SERVICE_PID" 2>/dev/null || true
  local status=0
  wait "$SERVICE_PID" || status=$?
  SERVICE_PID=
  if [ "$status" != 0 ]; then
    echo "playtime-server exited $status after SIGTERM:" >&2
    tail -n 5 "$SERVICE_DIR/server.log" >&2
    return 1
  fi
}
