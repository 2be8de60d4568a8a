#!/usr/bin/env bash
# Runs the README's service block (the sh block after the "readme-service" marker) as a reader would paste it,
# from the repository's root, with three substitutions only: a free loopback port for 8080 and a scratch folder
# for demo-state and demo-save. Then checks what the reader is promised: the upload pays the enrolled session
# (outcome accepted, gold > 0), and the same upload sent again answers the same payment, repeated, paid once.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d "${TMPDIR:-/tmp}/playtime-readme-service.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$scratch"' EXIT

block=$(awk '/<!-- readme-service/ { marked = 1; next }
             marked && /^```sh$/ { inside = 1; next }
             inside && /^```$/ { exit }
             inside { print }' README.md)
[ -n "$block" ] || { echo "readme-service: no sh block after the readme-service marker in README.md" >&2; exit 1; }
case $block in *"--listen 127.0.0.1:8080"*) ;; *) echo "readme-service: the block must start the server with --listen 127.0.0.1:8080 (the port this script moves)" >&2; exit 1 ;; esac
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
script=$(printf '%s\n' "$block" | sed -e "s/127\.0\.0\.1:8080/127.0.0.1:$port/g" \
  -e "s#demo-state#$scratch/state#g" -e "s#demo-save#$scratch/save#g")
# The block's last promise, checked by the script (not part of the block): the same upload sent again before the
# server stops answers the same payment, repeated.
again="curl -s -H \"Authorization: Bearer \$PLAYTIME_API_KEY\" -H 'Content-Type: application/octet-stream' --data-binary @$scratch/save/journal 127.0.0.1:$port/v1/players/p42/uploads; echo"
script=$(printf '%s\n' "$script" | awk -v again="$again" '/^kill \$SERVER$/ { print again } { print }')
case $script in *8080*) echo "readme-service: the block names port 8080 in a way this script does not substitute" >&2; exit 1 ;; esac

output=$(timeout 600 bash -euo pipefail -c "$script" 2>&1) || { printf '%s\n' "$output" >&2; echo "readme-service: the block failed" >&2; exit 1; }
uploads=$(printf '%s\n' "$output" | grep '"kind":"upload"' || true)
python3 - "$uploads" <<'PY'
import json, sys
answers = [json.loads(line) for line in sys.argv[1].splitlines()]
assert len(answers) == 2, f"expected the block's upload and the script's repeat, got {len(answers)} answers"
first, again = answers
assert first["upload"]["outcome"] == "accepted", first["upload"]
assert first["gold"] > 0 and first["repeated"] is False, (first["gold"], first["repeated"])
assert again["repeated"] is True and again["id"] == first["id"] and again["gold"] == first["gold"], again
print(f"readme-service: the README's block paid {first['gold']} gold once for session {first['sessions'][0]['session']}; "
      f"the same upload again answered payment {again['id'][:8]}… repeated")
PY

