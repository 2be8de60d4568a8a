#!/usr/bin/env python3
"""What a player can do to a version-2 journal and its sidecar with (or without) the key
(docs/journal-format.md §1-2, §13.3). Used by the v-cases of run.sh.

  forge.py record KEY_FILE|- JOURNAL SEQ FIELD=JSON...
      Replaces `"FIELD":<value>` in the payload of record SEQ with the raw JSON text given (e.g.
      rebootCredit=2592000000000000, wall=1793000000000000000, net=null). With a key file, the MAC chain is
      recomputed from that record on (a player who extracted the key); with `-` the MACs are left as they
      were (a player without the key). Rewrites JOURNAL in place.
  forge.py sidecar KEY_FILE SIDECAR FIELD=INT...
      Rewrites integer fields (origin, generation) of a sidecar line and recomputes its MAC with the key
      (bootId and journal_id kept as they are).
  forge.py sessions KEY_FILE JOURNAL COUNT SECONDS RATE
      Appends COUNT sessions of SECONDS each, back to back and ending now, to a version-2 journal with the key
      (a key holder's forgery, format §7, §13): one boot segment, boot clock and wall clock advancing
      together, network time at every record equal to the wall clock with a 1 ms error bound, and RATE
      gold per hour snapshotted at each departure.
  forge.py v1 KEY_FILE JOURNAL
      Creates an empty version-1 journal (the header of format §1 with a random journal id), which
      `playtime record` continues in version 1 (§13.1): the control for what version 2 changes.
"""
import hashlib, hmac, os, re, sys

SUFFIX = 75  # ,"mac":"<64 hex>"}\n  (format §1)

def key_of(path):
    return bytes.fromhex(open(path).read().strip())

def set_fields(text, assignments, what):
    for assignment in assignments:
        field, value = assignment.split("=", 1)
        pattern = re.compile(rb'"%s":(null|-?\d+|"[^"]*")' % re.escape(field.encode()))
        text, count = pattern.subn(lambda _: b'"%s":%s' % (field.encode(), value.encode()), text, count=1)
        if count != 1:
            sys.exit("forge.py: no field %s in %s" % (field, what))
    return text

command = sys.argv[1]
if command == "record":
    key_path, journal, seq = sys.argv[2], sys.argv[3], int(sys.argv[4])
    lines = open(journal, "rb").read().split(b"\n")
    assert lines[-1] == b"", "torn tail"
    lines = [line + b"\n" for line in lines[:-1]]
    key = key_of(key_path) if key_path != "-" else None
    previous = bytes.fromhex(lines[seq - 1][-SUFFIX + 8:-3].decode()) if key else None
    for index in range(seq, len(lines)):
        body = lines[index][:-SUFFIX]
        if index == seq:
            if not body.startswith(b'{"seq":%d,' % seq):
                sys.exit("forge.py: line %d is not record %d" % (index + 1, seq))
            body = set_fields(body, sys.argv[5:], "record %d" % seq)
        if key:
            mac = hmac.new(key, previous + body, hashlib.sha256).digest()
            previous = mac
            lines[index] = body + b',"mac":"' + mac.hex().encode() + b'"}\n'
        else:
            lines[index] = body + lines[index][-SUFFIX:]
    open(journal, "wb").write(b"".join(lines))
elif command == "sidecar":
    key, path = key_of(sys.argv[2]), sys.argv[3]
    line = open(path, "rb").read()
    body = set_fields(line[:-SUFFIX], sys.argv[4:], "the sidecar")
    mac = hmac.new(key, b"PlaytimeGuard boot sidecar v2\x00" + body, hashlib.sha256).hexdigest()
    open(path, "wb").write(body + b',"mac":"' + mac.encode() + b'"}\n')
elif command == "sessions":
    import time
    key, path = key_of(sys.argv[2]), sys.argv[3]
    count, seconds, rate = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
    lines = open(path, "rb").read().split(b"\n")
    assert lines[-1] == b"", "torn tail"
    previous = bytes.fromhex(lines[-2][-66:-2].decode())
    match = re.match(rb'\{"seq":(\d+),', lines[-2])
    seq = int(match.group(1)) if match else 0
    boot_id = os.urandom(16).hex()
    step = (seconds + 60) * 10**9
    start = time.time_ns() - count * step
    out = []
    for k in range(count):
        session = os.urandom(8).hex()
        for event, at, r, policy in (("background", k * step, rate, "default-1"), ("foreground", k * step + seconds * 10**9, 0, "")):
            wall = start + at
            payload = ('{"v":2,"session":"%s","event":"%s","origin":"lifecycle","wall":%d,"boot":%d,"bootId":"%s","net":%d,'
                       '"netErr":1000000,"conn":"online","connReason":"ntp-ok","rate":%d,"policy":"%s","rebootCredit":null}'
                       % (session, event, wall, at, boot_id, wall, r, policy))
            seq += 1
            body = b'{"seq":%d,"type":"session.%s","payload":%s' % (seq, event.encode(), payload.encode())
            mac = hmac.new(key, previous + body, hashlib.sha256).digest()
            previous = mac
            out.append(body + b',"mac":"' + mac.hex().encode() + b'"}\n')
    with open(path, "ab") as f:
        f.write(b"".join(out))
elif command == "v1":
    key, path = key_of(sys.argv[2]), sys.argv[3]
    key_id = hmac.new(key, b"playtime-key-id", hashlib.sha256).hexdigest()[:16]
    body = b'{"journal":"playtime","version":1,"key_id":"%s","journal_id":"%s"' % (key_id.encode(), os.urandom(16).hex().encode())
    mac = hmac.new(key, body, hashlib.sha256).hexdigest()
    with open(path, "xb") as f:
        f.write(body + b',"mac":"' + mac.encode() + b'"}\n')
else:
    sys.exit("unknown command " + command)
