#!/usr/bin/env python3
"""Server anchors and enrollment for run.sh, the way a real client does them (docs/anchors.md), against the
service, playtime-server (its enroll, anchor, issueTicket, redeemTicket and uploadJournal operations, docs/service.md;
the backend's key in PLAYTIME_ATTACKS_KEY). Records are written with the key per
docs/journal-format.md §1-2; the anchor payload is
{"v":1,"token":"<token>","sent":<int>,"received":<int>,"bootId":<string|null>,"wall":<int>}.
The boot values of an anchor record are the latest session record's (boot and bootId in the journal's own
representation; the server only checks the token); wall is that record's, or the real clock + WALL_OFFSET_S
when the journal has no session record yet.

  anchor.py anchor SERVER PLAYER KEY_FILE JOURNAL [WALL_OFFSET_S]
      The anchor operation for the journal's head (its last record, or head 0), then appends the anchor record.
      Prints the server's time (Unix ns).
  anchor.py enroll SERVER PLAYER JOURNAL KEY_OUT [WALL_OFFSET_S]
      The enroll operation; writes the journal key (hex, 0600) to KEY_OUT and creates JOURNAL: a version-2 header
      with the enrollment's journal id (format §1, §13.1) and the enrollment anchor (head 0) as record 1.
      Prints the enrollment's server time (from the token).
  anchor.py enroll-many SERVER PLAYER DIR COUNT
      COUNT enrollments as above, DIR/1.jsonl + DIR/1.key … (one save directory each). Prints the server
      time of the first and of the last.
  anchor.py upload SERVER PLAYER JOURNAL...
      The uploadJournal operation for each journal. Prints `<paid> <recomputed> <credited> <statuses>
      <finding kinds>` summed over the uploads (kinds comma-separated, `-` when none).
  anchor.py tickets SERVER PLAYER_JSON COUNT PREFIX OUT
      issueTicket COUNT times, sessions PREFIX1..PREFIXn; writes the tickets to OUT, one a line. Prints
      how many were issued.
  anchor.py redeem SERVER PLAYER_JSON FILE
      redeemTicket for every ticket in FILE (a repeat counts once). Prints `<total gold> <count 200> <statuses>`.
"""
import hashlib, hmac, json, os, re, sys, time, urllib.error, urllib.parse, urllib.request

SUFFIX = 74  # ,"mac":"<64 hex>"}  (format §1; lines are split without their LF)


def call(server, player, operation, body, content_type="application/json"):
    """One operation of the service (docs/service.md) for `player`, with the backend's key from the environment."""
    path = "/v1/players/%s/%s" % (urllib.parse.quote(player, safe=""), operation)
    request = urllib.request.Request("http://%s%s" % (server, path), data=body if isinstance(body, bytes) else body.encode(),
                                     headers={"Content-Type": content_type, "Authorization": "Bearer " + os.environ["PLAYTIME_ATTACKS_KEY"]},
                                     method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def player_of(player_json):
    """The player a case names as a JSON string (`"alice"`)."""
    return json.loads(player_json)


def key_of(path):
    return bytes.fromhex(open(path).read().strip())


def journal_lines(path):
    data = open(path, "rb").read()
    assert data.endswith(b"\n"), "torn tail in %s" % path
    return data[:-1].split(b"\n")


def head(lines):
    """(journal id, head sequence, head MAC hex or '') of a journal's lines."""
    journal_id = re.search(rb'"journal_id":"([0-9a-f]{32})"', lines[0]).group(1).decode()
    if len(lines) == 1:
        return journal_id, 0, ""
    last = lines[-1]
    sequence = int(re.match(rb'\{"seq":(\d+),', last).group(1))
    return journal_id, sequence, last[-(SUFFIX - 8):-2].decode()


def boot_values(lines, wall_offset):
    """(boot, bootId JSON text, wall) of the latest session record, else (0, null, real + offset)."""
    for line in reversed(lines[1:]):
        record = json.loads(line)
        if record["type"].startswith("session."):
            payload = record["payload"]
            return payload["boot"], json.dumps(payload["bootId"]), payload["wall"]
    return 0, "null", time.time_ns() + int(wall_offset * 1e9)


def append(key, path, record_type, payload):
    lines = journal_lines(path)
    previous = bytes.fromhex(lines[-1][-(SUFFIX - 8):-2].decode())
    sequence = int(re.match(rb'\{"seq":(\d+),', lines[-1]).group(1)) + 1 if len(lines) > 1 else 1
    body = b'{"seq":%d,"type":"%s","payload":%s' % (sequence, record_type.encode(), payload.encode())
    mac = hmac.new(key, previous + body, hashlib.sha256).hexdigest().encode()
    with open(path, "ab") as f:
        f.write(body + b',"mac":"' + mac + b'"}\n')
        f.flush()
        os.fsync(f.fileno())


def anchor_payload(token, lines, wall_offset):
    boot, boot_id, wall = boot_values(lines, wall_offset)
    return '{"v":1,"token":%s,"sent":%d,"received":%d,"bootId":%s,"wall":%d}' % (json.dumps(token), boot, boot, boot_id, wall)


def enroll(server, player, journal, key_out, wall_offset):
    """One enrollment: the key file and the journal with its enrollment anchor; returns the server time."""
    status, answer = call(server, player, "enrollments", b"")
    if status != 200:
        fail("enroll answered %d: %s" % (status, answer[:300].decode(errors="replace")))
    # The enrollment text: pe1.<journal id>.<key hex>.<enrollment anchor> (docs/anchors.md, "Enrollment").
    _, journal_id, key_hex, token = json.loads(answer)["enrollment"].split(".", 3)
    reply = {"journal": journal_id, "key": key_hex, "anchor": token}
    key = bytes.fromhex(reply["key"])
    descriptor = os.open(key_out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as f:
        f.write(reply["key"] + "\n")
    key_id = hmac.new(key, b"playtime-key-id", hashlib.sha256).hexdigest()[:16]
    body = b'{"journal":"playtime","version":2,"key_id":"%s","journal_id":"%s"' % (key_id.encode(), reply["journal"].encode())
    mac = hmac.new(key, body, hashlib.sha256).hexdigest()
    with open(journal, "xb") as f:
        f.write(body + b',"mac":"' + mac.encode() + b'"}\n')
    append(key, journal, "anchor", anchor_payload(reply["anchor"], journal_lines(journal), wall_offset))
    return token_time(reply["anchor"])


def token_time(token):
    return int(token.split(".")[1])


def fail(message):
    sys.exit("anchor.py: " + message)


command = sys.argv[1]
if command == "anchor":
    server, player, key_path, journal = sys.argv[2:6]
    wall_offset = float(sys.argv[6]) if len(sys.argv) > 6 else 0
    lines = journal_lines(journal)
    journal_id, sequence, mac = head(lines)
    status, answer = call(server, player, "anchors", json.dumps({"request": "pr1.%s.%d.%s" % (journal_id, sequence, mac or "-")}))
    if status != 200:
        fail("anchor answered %d: %s" % (status, answer[:300].decode(errors="replace")))
    reply = json.loads(answer)
    append(key_of(key_path), journal, "anchor", anchor_payload(reply["anchor"], lines, wall_offset))
    print(reply["serverTime"])
elif command == "enroll":
    server, player, journal, key_out = sys.argv[2:6]
    print(enroll(server, player, journal, key_out, float(sys.argv[6]) if len(sys.argv) > 6 else 0))
elif command == "enroll-many":
    server, player, directory, count = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    times = [enroll(server, player, os.path.join(directory, "%d.jsonl" % k), os.path.join(directory, "%d.key" % k), 0)
             for k in range(1, count + 1)]
    print(times[0], times[-1])
elif command == "upload":
    server, player = sys.argv[2:4]
    paid = recomputed = credited = 0
    statuses, kinds = {}, set()
    for journal in sys.argv[4:]:
        status, answer = call(server, player, "uploads", open(journal, "rb").read(), "application/octet-stream")
        reply = json.loads(answer) if status == 200 else {}
        statuses[status] = statuses.get(status, 0) + 1
        # A repeat (the same bytes again) is the first payment: credited once.
        paid += 0 if reply.get("repeated") else reply.get("gold", 0)
        recomputed += reply.get("upload", {}).get("recomputedGold", 0)
        credited += reply.get("upload", {}).get("creditedSeconds", 0)
        kinds.update(finding["kind"] for finding in reply.get("findings", []))
    print(paid, recomputed, credited, ",".join("%dx%d" % (n, s) for s, n in sorted(statuses.items())),
          ",".join(sorted(kinds)) or "-")
elif command == "tickets":
    server, player, count, prefix, out = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
    tickets = []
    for k in range(1, count + 1):
        status, answer = call(server, player_of(player), "tickets", '{"session":"%s%d"}' % (prefix, k))
        if status == 200:
            tickets.append(json.loads(answer)["ticket"])
    open(out, "w").write("".join(t + "\n" for t in tickets))
    print(len(tickets))
elif command == "redeem":
    server, player, path = sys.argv[2:5]
    total, paid, statuses = 0, 0, {}
    for ticket in open(path).read().split():
        status, answer = call(server, player_of(player), "redemptions", '{"ticket":"%s"}' % ticket)
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200 and not json.loads(answer).get("repeated"):
            total += json.loads(answer)["gold"]
            paid += 1
    print(total, paid, ",".join("%dx%d" % (n, s) for s, n in sorted(statuses.items())))
else:
    fail("unknown command " + command)
