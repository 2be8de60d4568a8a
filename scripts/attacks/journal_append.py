#!/usr/bin/env python3
"""Appends one record to a PlaytimeGuard journal, continuing its MAC chain (docs/journal-format.md §1-2):
what any player holding the key can do. Used to write `claim` records (format §8), which
`playtime record` cannot write yet. Usage: journal_append.py KEY_FILE JOURNAL TYPE PAYLOAD_JSON"""
import hashlib, hmac, re, sys

key_path, journal_path, record_type, payload = sys.argv[1:5]
key = bytes.fromhex(open(key_path).read().strip())
with open(journal_path, "rb") as f:
    lines = f.read().split(b"\n")
assert lines[-1] == b"", "torn tail"
last = lines[-2]
previous = bytes.fromhex(last[-66:-2].decode())
match = re.match(rb'\{"seq":(\d+),', last)
seq = int(match.group(1)) + 1 if match else 1
body = b'{"seq":%d,"type":"%s","payload":%s' % (seq, record_type.encode(), payload.encode())
mac = hmac.new(key, previous + body, hashlib.sha256).hexdigest().encode()
with open(journal_path, "ab") as f:
    f.write(body + b',"mac":"' + mac + b'"}\n')
