#!/usr/bin/env bash
# The service the way it is deployed (docs/service.md, "TLS"): plain HTTP on loopback behind nginx (Debian), which
# terminates TLS with a self-signed certificate made here. The Python client speaks HTTPS to nginx, trusting only that
# certificate, and runs the whole exchange (enroll, anchors, a ticket redeemed, an upload, a grant, the payments): it
# is paid through the proxy. Usage: scripts/service-tls.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/service-common.sh
command -v nginx >/dev/null || { echo "service-tls: nginx is not installed (apt-get install nginx)" >&2; exit 2; }
run=$(mktemp -d "${TMPDIR:-/tmp}/playtime-service-tls.XXXXXX")
nginx_pid=
cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  service_stop || true
  rm -rf "$run"
}
trap cleanup EXIT
started=$SECONDS
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -days 2 \
  -keyout "$run/tls.key" -out "$run/tls.crt" 2>/dev/null
# The service behind a proxy: every connection is the proxy's, so no per-client limit of the service's own.
service_start "$run/state" --policy demo --max-connections-per-client 0
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
mkdir -p "$run/nginx/logs"
cat > "$run/nginx.conf" <<CONF
daemon off;
worker_processes 1;
error_log $run/nginx/logs/error.log;
pid $run/nginx/nginx.pid;
events { worker_connections 256; }
http {
  access_log $run/nginx/logs/access.log;
  client_body_temp_path $run/nginx/body;
  proxy_temp_path $run/nginx/proxy;
  fastcgi_temp_path $run/nginx/fastcgi;
  uwsgi_temp_path $run/nginx/uwsgi;
  scgi_temp_path $run/nginx/scgi;
  upstream playtime { server ${SERVICE_URL#http://}; keepalive 16; }
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $run/tls.crt;
    ssl_certificate_key $run/tls.key;
    client_max_body_size 32m;
    location /v1/ {
      proxy_pass http://playtime;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
CONF
nginx -p "$run/nginx" -c "$run/nginx.conf" &
nginx_pid=$!
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
echo "service-tls: nginx on https://127.0.0.1:$port in front of $SERVICE_URL"
python3 scripts/clients/python/playtime_client.py --url "https://127.0.0.1:$port" --cafile "$run/tls.crt" --api-key "$SERVICE_KEY" \
  --playtime "$BIN/playtime" --work "$run/device" --ad-secret "$SERVICE_AD_SECRET" --player tls-player
# The answers really came through the proxy.
grep -q '"POST /v1/players/tls-player/redemptions HTTP/1.1" 200' "$run/nginx/logs/access.log" \
  || { echo "service-tls: nginx's log shows no redemption" >&2; exit 1; }
echo "service-tls: passed in $((SECONDS - started)) s"
