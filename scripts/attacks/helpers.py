#!/usr/bin/env python3
"""JSON helpers for run.sh (the script itself stays free of jq).

  helpers.py clock OUT WALL_OFFSET_S EXPECTED_BOOT_NS [BOOT_ID]
      Checks that a `playtime record --json` line shows the clocks the attack meant to give it
      (wall = real + offset, boot clock, boot id; 10 s tolerance). Prints the mismatch and exits 1.
  helpers.py audit FILE          `playtime audit --json` output -> shell assignments (A_*).
  helpers.py server FILE         POST /audit answer -> shell assignments (S_*).
  helpers.py get FILE KEY        One top-level field of a JSON object ('' when absent).
  helpers.py session FILE ID     `credited proof` of one session in `playtime audit --json` output.
"""
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
        assign("S_", {"OK": 1, "CREDITED": answer["creditedSeconds"], "GOLD": answer["recomputedGold"],
                      "PAID": answer.get("paidGold", 0), "OUTCOME": answer.get("outcome", ""),
                      "CLEAN": int(bool(answer["clean"])), "FINDINGS": " | ".join(answer["findings"])})
    except (OSError, ValueError, KeyError, TypeError) as error:
        assign("S_", {"OK": 0, "ERROR": "unexpected POST /audit answer: %s" % error})
elif command == "get":
    try:
        value = json.load(open(sys.argv[2], encoding="utf-8")).get(sys.argv[3], "")
    except (OSError, ValueError, AttributeError):
        value = ""
    print("" if value is None else value)
elif command == "session":
    for record in lines(sys.argv[2]):
        if record.get("sessionId") == sys.argv[3]:
            print(record["creditedSeconds"], record["proof"])
            break
else:
    sys.exit("unknown command " + command)
