#!/usr/bin/env bash
# The service's whole exchange from other languages, against the built binary (docs/service.md): the Python client
# (standard library only) and the Node.js 20 client (fetch), each with the `playtime` CLI as the player's device, on
# the file store and on PostgreSQL (a throwaway server from scripts/postgres-loopback.sh, when installed; required
# with PLAYTIME_REQUIRE_POSTGRES=1). Exit 0 when every client ran clean on every store.
# Usage: scripts/service-clients.sh [--files-only]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/service-common.sh
run=$(mktemp -d "${TMPDIR:-/tmp}/playtime-service-clients.XXXXXX")
chmod 755 "$run"   # the postgres user keeps its data below it
postgres_dir=
cleanup() {
  service_stop || true
  [ -n "$postgres_dir" ] && scripts/postgres-loopback.sh stop "$postgres_dir" >/dev/null 2>&1 || true
  rm -rf "$run"
}
trap cleanup EXIT
started=$SECONDS
for binary in playtime playtime-server; do
  [ -x "$BIN/$binary" ] || { echo "service-clients: $BIN/$binary is not built (swift build)" >&2; exit 2; }
done
command -v node >/dev/null || { echo "service-clients: node is not installed" >&2; exit 2; }

# metrics: the exposition parsed by Prometheus's own Python parser (PyPI prometheus_client), the counters the exchange
# moved checked: requests by operation and status, gold paid, sessions by status.
metrics() {
  curl -s -H "Authorization: Bearer $SERVICE_KEY" "$SERVICE_URL/v1/metrics" > "$run/metrics.txt"
  python3 - "$run/metrics.txt" <<'PY'
import sys
from prometheus_client.parser import text_string_to_metric_families
families = {family.name: family for family in text_string_to_metric_families(open(sys.argv[1]).read())}
def value(name, **labels):
    for sample in families[name].samples:
        if all(sample.labels.get(k) == v for k, v in labels.items()) and sample.name == name + ("_total" if families[name].type == "counter" else ""):
            return sample.value
    return None
assert families["playtime_http_requests"].type == "counter", families.keys()
assert value("playtime_http_requests", operation="redeemTicket", status="200") >= 4, "redemptions counted"
assert value("playtime_gold_paid", operation="redeemTicket") > 0, "gold counted"
assert families["playtime_http_request_duration_seconds"].type == "histogram"
assert value("playtime_refusals", code="unauthorized") >= 2, "refusals by code"
print("service-clients: metrics parse with prometheus_client (%d families)" % len(families))
PY
}

clients() {
  local store=$1
  python3 scripts/clients/python/playtime_client.py --url "$SERVICE_URL" --api-key "$SERVICE_KEY" --playtime "$BIN/playtime" \
    --work "$run/$store-python" --ad-secret "$SERVICE_AD_SECRET" --player "python-$store" &
  local python=$!
  node scripts/clients/node/playtime-client.mjs --url "$SERVICE_URL" --api-key "$SERVICE_KEY" --playtime "$BIN/playtime" \
    --work "$run/$store-node" --ad-secret "$SERVICE_AD_SECRET" --player "node-$store"
  wait "$python"
}

mkdir -p "$run/files-python" "$run/files-node"
service_start "$run/files" --policy demo
echo "service-clients: files at $SERVICE_URL"
clients files
metrics
service_stop

if [ "${1:-}" != "--files-only" ]; then
  if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    postgres_dir=$run/postgres
    eval "$(scripts/postgres-loopback.sh start "$postgres_dir" 26432)"
    head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$run/fleet.secret"
    mkdir -p "$run/postgres-python" "$run/postgres-node"
    service_start "$run/pg" --policy demo --store "$PLAYTIME_POSTGRES_URL" --secret-file "$run/fleet.secret"
    echo "service-clients: PostgreSQL at $SERVICE_URL"
    clients postgres
    metrics
    service_stop
  elif [ "${PLAYTIME_REQUIRE_POSTGRES:-0}" = 1 ]; then
    echo "service-clients: PLAYTIME_REQUIRE_POSTGRES=1 but PostgreSQL is not installed" >&2
    exit 1
  else
    echo "service-clients: PostgreSQL not installed; the clients ran on the file store only"
  fi
fi
echo "service-clients: passed in $((SECONDS - started)) s"
