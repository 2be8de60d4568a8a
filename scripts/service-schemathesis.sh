#!/usr/bin/env bash
# schemathesis (PyPI) against the built playtime-server from its own contract, docs/openapi.json: every operation,
# with the backend's key and without one, every check schemathesis has — no 5xx, every status, content type, header
# and body as documented, invalid input refused, valid input accepted — bounded by --max-examples and a seed (a
# failure prints the request that shows it). Usage: scripts/service-schemathesis.sh [MAX_EXAMPLES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/service-common.sh
examples=${1:-25}
seed=${2:-20261204}
command -v st >/dev/null || { echo "service-schemathesis: st (pip install schemathesis) is not installed" >&2; exit 2; }
run=$(mktemp -d "${TMPDIR:-/tmp}/playtime-schemathesis.XXXXXX")
trap 'service_stop || true; rm -rf "$run"' EXIT
started=$SECONDS
# An operator key of the support console, known before the start (the console's look-ups take no backend key).
mkdir -p "$run/state"
operator_key=pto_$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
printf 'fuzz sha256:%s\n' "$(printf '%s' "$operator_key" | sha256sum | cut -d' ' -f1)" > "$run/state/operator-keys"
chmod 600 "$run/state/operator-keys"
service_start "$run/state" --policy demo
echo "service-schemathesis: $SERVICE_URL, $examples examples an operation, seed $seed"
common=(--url "$SERVICE_URL" --max-examples "$examples" --seed "$seed" --workers 1 --generation-deterministic
        --suppress-health-check all --report-dir "$run/report" --warnings off)
# With the key: the whole contract. positive_data_acceptance asks valid-looking input to succeed, which cannot hold
# where the schema cannot say "a ticket this server signed" or "a journal it enrolled": those operations' documented
# 4xx answers are what it then gets (422 malformed-ticket, not-enrolled, bad-anchor-request), so that one check is
# left to the operations whose every schema-valid input is accepted (health, ready, enroll, issueTicket, listPayments).
st run docs/openapi.json "${common[@]}" -H "Authorization: Bearer $SERVICE_KEY" --checks all --exclude-checks positive_data_acceptance
st run docs/openapi.json "${common[@]}" -H "Authorization: Bearer $SERVICE_KEY" --checks positive_data_acceptance \
   --include-operation-id health --include-operation-id ready --include-operation-id enroll --include-operation-id issueTicket \
   --include-operation-id listPayments
# With the operator key: the console's look-ups, every check (any schema-valid player or session id is looked up: 200).
st run docs/openapi.json "${common[@]}" -H "Authorization: Bearer $operator_key" --checks all \
   --include-operation-id consolePlayer --include-operation-id consoleExport --include-operation-id consoleSession
# Without a key: every operation but the probes must refuse (401), documented.
st run docs/openapi.json "${common[@]}" --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,ignored_auth
echo "service-schemathesis: passed in $((SECONDS - started)) s"
