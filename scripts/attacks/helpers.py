#!/usr/bin/env python3
"""JSON helpers for run.sh (the script itself stays free of jq).

  helpers.py clock OUT WALL_OFFSET_S EXPECTED_BOOT_NS [BOOT_ID]
      Checks that a `playtime record --json` line shows the clocks the attack meant to give it
      (wall = real + offset, boot clock, boot id; 10 s tolerance). Prints the mismatch and exits 1.
  helpers.py audit FILE          `playtime audit --json` output -> shell assignments (A_*).
  helpers.py server FILE         An upload's answer (the service's Payment) -> shell assignments (S_*).
  helpers.py get FILE KEY        One field of a JSON object, KEY dotted for nested ones ('' when absent).
  helpers.py request SERVER KEY METHOD PATH BODY_FILE OUT [HEADER]
                                 One call of the service (docs/service.md) in the cases' older words: POST /tickets,
                                 /redeem, /grant, /enroll and /anchor with the player in the JSON body, POST /audit
                                 with `X-Player: P` — each sent to its /v1 operation with the player in the path and
                                 the backend's API key; the answer's body goes to OUT; prints the status.
  helpers.py session FILE ID     `credited proof` of one session in `playtime audit --json` output.
  helpers.py payload JOURNAL INDEX FIELD
                                 One payload field of a journal's record (INDEX as in Python: -1 the last
                                 record, 0 the first); '' when absent, `null` for JSON null.
  helpers.py version JOURNAL     The header's version.
  helpers.py privacy DIR [--include-v1]
                                 Checks every DIR/*.jsonl version-2 journal against the raw clocks every `playtime record
                                 --json` output DIR/rec.N showed (deviceBootId, deviceBootNanoseconds) and the
                                 forged ids in DIR/ids: no raw boot id (any spelling), no raw boot-clock reading
                                 (exact, or any integer within 1 s of a reading of 10 min or more;
                                 rebootCredit, derived by design, only whole seconds). Prints a
                                 summary; exits 1 with the leaks. --include-v1 checks version-1 journals too.
"""
import glob, os, re
import json, shlex, sys, time

SUSPICIOUS = {"wallClockJumpedForward", "wallClockJumpedBack", "clockRolledBack", "networkBootDisagreement",
              "bootClockWentBackwards", "networkAheadOfServer", "suspicious-verdict"}

def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]

def assign(prefix, values):
    for key, value in values.items():
        print("%s%s=%s" % (prefix, key, shlex.quote(str(value))))

command = sys.argv[1]
if command == "clock":
    out, wall_offset, expected_boot = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    boot_id = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else open("/proc/sys/kernel/random/boot_id").read().strip()
    record = lines(out)[-1]
    problems = []
    wall = record["wallNanoseconds"] / 1e9
    if abs(wall - (time.time() + wall_offset)) > 10:
        problems.append("wall clock %.0f, meant real%+.0f s" % (wall, wall_offset))
    # The raw clocks the recorder saw (a version-2 journal holds them relative to its boot segment).
    boot_ns = record.get("deviceBootNanoseconds", record["bootNanoseconds"])
    seen_id = record.get("deviceBootId", record["bootId"])
    if abs(boot_ns - expected_boot) > 10e9:
        problems.append("boot clock %.3f s, meant %.3f s" % (boot_ns / 1e9, expected_boot / 1e9))
    if seen_id != boot_id:
        problems.append("boot id %s, meant %s" % (seen_id, boot_id))
    if problems:
        print("the recorder did not see the simulated clocks: " + "; ".join(problems))
        sys.exit(1)
elif command == "audit":
    try:
        records = lines(sys.argv[2])
    except (OSError, ValueError) as error:
        assign("A_", {"OK": 0, "ERROR": "unreadable audit output: %s" % error})
        sys.exit(0)
    sessions = [r for r in records if "sessionId" in r]
    summary = next((r["summary"] for r in records if "summary" in r), None)
    if summary is None:
        assign("A_", {"OK": 0, "ERROR": "no summary in the audit output"})
        sys.exit(0)
    flags = sorted({flag for s in sessions for flag in s["flags"]})
    kinds = sorted({f["kind"] for f in summary["findings"]})
    details = [f["kind"] + ": " + f["detail"] for f in summary["findings"]]
    last = sessions[-1] if sessions else {}
    assign("A_", {
        "OK": 1, "SESSIONS": len(sessions), "CREDITED": summary["creditedSeconds"], "GOLD": summary["recomputedGold"],
        "CLAIMED": summary["claimedGold"], "FLAGS": ",".join(flags), "KINDS": ",".join(kinds),
        "DETAILS": " | ".join(details), "PROOF": ",".join(sorted({s["proof"] for s in sessions})),
        "METHOD": ",".join(sorted({s["method"] for s in sessions})),
        "SUSPICIOUS": ",".join(sorted(set(flags + kinds) & SUSPICIOUS)),
        "LAST_CREDITED": last.get("creditedSeconds", 0), "LAST_GOLD": last.get("gold", 0),
    })
elif command == "server":
    try:
        answer = json.load(open(sys.argv[2], encoding="utf-8"))
        upload = answer["upload"]
        assign("S_", {"OK": 1, "CREDITED": upload["creditedSeconds"], "GOLD": upload["recomputedGold"],
                      "PAID": answer.get("gold", 0) if not answer.get("repeated") else 0, "OUTCOME": upload.get("outcome", ""),
                      "CLEAN": int(bool(upload["clean"])),
                      "FINDINGS": " | ".join("%s: %s" % (f["kind"], f["detail"]) for f in answer["findings"])})
    except (OSError, ValueError, KeyError, TypeError) as error:
        assign("S_", {"OK": 0, "ERROR": "unexpected upload answer: %s" % error})
elif command == "get":
    try:
        value = json.load(open(sys.argv[2], encoding="utf-8"))
        for part in sys.argv[3].split("."):
            value = value.get(part, "")
    except (OSError, ValueError, AttributeError):
        value = ""
    print("" if value is None else value)
elif command == "request":
    import urllib.error, urllib.parse, urllib.request
    server, key, method, path, body_file, out = sys.argv[2:8]
    header = sys.argv[8] if len(sys.argv) > 8 else ""
    body = open(body_file, "rb").read()
    headers = {"Authorization": "Bearer " + key}
    if header:
        name, _, value = header.partition(":")
        headers[name.strip()] = value.strip()
    operation = {"/tickets": "tickets", "/redeem": "redemptions", "/grant": "grants", "/enroll": "enrollments",
                 "/anchor": "anchors", "/audit": "uploads"}.get(path)
    if operation == "uploads":
        player = headers.pop("X-Player", "")
        headers["Content-Type"] = "application/octet-stream"
    elif operation:
        headers["Content-Type"] = "application/json"
        try:
            pairs = json.loads(body, object_pairs_hook=list)
        except ValueError:
            pairs = None
        if isinstance(pairs, list):
            players = [v for k, v in pairs if k == "player"]
            player = players[0] if players and isinstance(players[0], str) else ""
            # The player moves to the path; a body that names it twice keeps both, and the service refuses the body.
            rest = [(k, v) for k, v in pairs if k != "player" or len(players) > 1]
            if operation == "anchors" and all(k in dict(rest) for k in ("journal", "seq", "mac")):
                fields = dict(rest)
                rest = [("request", "pr1.%s.%d.%s" % (fields["journal"], fields["seq"], fields["mac"] or "-"))]
            body = ("{" + ",".join("%s:%s" % (json.dumps(k), json.dumps(v, ensure_ascii=False)) for k, v in rest) + "}").encode()
            if operation == "enrollments" and not rest:
                body = b""
        else:
            player = ""
    else:
        player = ""
    target = "/v1/players/%s/%s" % (urllib.parse.quote(player or "-", safe=""), operation) if operation else path
    request = urllib.request.Request("http://" + server + target, data=body if method != "GET" else None, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            status, data = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, data = error.code, error.read()
    except OSError:
        status, data = 0, b""
    open(out, "wb").write(data)
    print("%03d" % status)
elif command == "session":
    for record in lines(sys.argv[2]):
        if record.get("sessionId") == sys.argv[3]:
            print(record["creditedSeconds"], record["proof"])
            break
elif command == "payload":
    records = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8").read().splitlines()[1:]]
    try:
        value = records[int(sys.argv[3])]["payload"].get(sys.argv[4], "")
    except (IndexError, KeyError, AttributeError):
        value = ""
    print("null" if value is None else value)
elif command == "version":
    print(json.loads(open(sys.argv[2], encoding="utf-8").readline())["version"])
elif command == "privacy":
    directory = sys.argv[2]
    ids, readings, source = set(), set(), {}
    for path in glob.glob(os.path.join(directory, "rec.*")):
        if not re.fullmatch(r"rec\.\d+", os.path.basename(path)):
            continue
        for record in lines(path):
            for raw in [record] + ([record["departure"]] if record.get("departure") else []):
                if raw.get("deviceBootId"):
                    ids.add(raw["deviceBootId"].lower())
                if isinstance(raw.get("deviceBootNanoseconds"), int):
                    readings.add(raw["deviceBootNanoseconds"])
                    source.setdefault(raw["deviceBootNanoseconds"], os.path.basename(path))
    for path in glob.glob(os.path.join(directory, "ids", "*")):
        ids.add(open(path).read().strip().lower())
    ids.add(open("/proc/sys/kernel/random/boot_id").read().strip().lower())
    journals = sorted(glob.glob(os.path.join(directory, "*.jsonl")))
    leaks, integers = [], 0
    big = sorted(r for r in readings if r >= 600 * 10**9)
    skipped = [p for p in journals if json.loads(open(p, encoding="utf-8").readline())["version"] == 1]
    if "--include-v1" in sys.argv[3:]:
        skipped = []           # the harness's self-check: a version-1 journal must be caught
    journals = [p for p in journals if p not in skipped]   # version-1 controls hold raw readings by design
    for path in journals:
        text = open(path, encoding="utf-8").read().lower()
        for raw_id in ids:
            for spelling in (raw_id, raw_id.replace("-", "")):
                if spelling in text:
                    leaks.append("%s holds the raw boot id %s" % (os.path.basename(path), raw_id))
        # rebootCredit is by design derived from boot time (format §13.4, §13.6): the new boot's uptime less
        # drift, whole seconds. It must not be the exact reading; nearness is not checked for it.
        for credit in re.findall(r'"rebootcredit":(\d+)', text):
            if int(credit) in readings or int(credit) % 10**9:
                leaks.append("%s: rebootCredit %s is not whole seconds below a reading" % (os.path.basename(path), credit))
        text = re.sub(r'"rebootcredit":\d+', '"rebootcredit":_', text)
        for number in re.findall(r"(?<![0-9a-f])-?\d+(?![0-9a-f])", text):
            value = int(number)
            integers += 1
            near = [r for r in big if abs(value - r) < 10**9] or ([value] if value in readings else [])
            if near:
                leaks.append("%s holds %s, a raw boot-clock reading (or within 1 s of one: %d, read by %s)"
                             % (os.path.basename(path), number, near[0], source.get(near[0], "?")))
    print("%d journals (%d version-1 controls skipped), %d integers checked against %d raw boot ids and %d raw"
          " boot-clock readings" % (len(journals), len(skipped), integers, len(ids), len(readings)))
    if not journals or not readings or len(ids) < 2:
        print("harness: nothing to compare")
        sys.exit(1)
    if leaks:
        print("; ".join(sorted(set(leaks))[:8]))
        sys.exit(1)
else:
    sys.exit("unknown command " + command)
