"""Independent reference implementation of the PlaytimeGuard journal format, versions 1 and 2.

Written only from docs/journal-format.md (section numbers below refer to it). Standard library only.

Contents
  - key files (section 4): load_key, create_key_file, key_id
  - line building (sections 1 and 2): header_body, record_body, seal, JournalWriter
  - verification (sections 3 and 11): Verifier.check_header / Verifier.check_record (one line at a time)
    and JournalReader, a streaming reader over a binary file object that reads fixed-size chunks and keeps
    at most one partial line (bounded by the 1 MiB line limit) plus one chunk in memory.
  - payload encoders (sections 7-9): session_payload, claim_payload, connectivity_payload
  - the strict section 7 grammar of session payloads: parse_session (None for a malformed payload); the
    version-2 payload of section 13 (boot segments, `rebootCredit`) with version=2
  - section 13: boot_pseudonym, the keyed pseudonym a version-2 journal writes as `bootId`
  - credited time (section 10): drift, usable_net, project_net, agrees, credit (rules 0-5), and
    EarliestTracker, the earliest time E of a departure (section 10b)

Failure reasons are the exact codes of section 3: truncated, malformed, unsupported-version, wrong-key,
sequence-gap, mac-mismatch. Line numbers are 1-based; the header is line 1, record n is line n + 1.
"""

from __future__ import annotations

import hashlib
import json
import hmac
import os
import re
from typing import NamedTuple

__all__ = [
    "KEY_ID_LABEL", "MAX_LINE", "SUFFIX_LEN", "CHUNK_SIZE", "REASONS",
    "KeyFileError", "load_key", "parse_key_text", "create_key_file", "key_id",
    "header_body", "record_body", "seal", "JournalWriter",
    "Failure", "Verifier", "JournalReader", "verify_bytes",
    "json_string", "json_int", "session_payload", "claim_payload", "connectivity_payload",
    "SessionRecord", "parse_session",
    "NS", "PPM", "HEARTBEAT_INTERVAL", "NET_SLACK", "STEP_TOLERANCE", "WALL_SLACK", "METHODS", "STATUSES", "Verdict",
    "drift", "usable_net", "project_net", "agrees", "credit", "no_return", "EarliestTracker",
    "SUPPORTED_VERSIONS", "boot_pseudonym", "boot_tag",
]

KEY_ID_LABEL = b"playtime-key-id"        # section 1, header table
MAX_LINE = 1_048_576                      # section 1: max line length, newline excluded
SUFFIX_LEN = 75                           # section 1: ,"mac":"<64 hex>"}\n
CHUNK_SIZE = 1 << 20                      # streaming read size
MIN_KEY_LEN = 16                          # section 4
MAX_KEY_FILE = 4096                       # section 4

REASONS = ("truncated", "malformed", "unsupported-version", "wrong-key", "sequence-gap", "mac-mismatch")

HEADER_LEAD = b'{"journal":"playtime","version":'
HEADER_KEY_ID = b'1,"key_id":"'           # follows HEADER_LEAD when the version is 1 (or 2: same length)
SUPPORTED_VERSIONS = (1, 2)               # section 13: version 2 keeps every line's layout
HEADER_JOURNAL_ID = b'","journal_id":"'
MAC_TAG = b',"mac":"'                     # first 8 bytes of the suffix
MAC_END = b'"}'                           # last 2 bytes of the suffix before LF
RECORD_LEAD = b'{"seq":'
RECORD_TYPE = b',"type":"'
RECORD_PAYLOAD = b'","payload":'

_HEX = b"0123456789abcdef"
_TYPE_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-"
_DIGITS = b"0123456789"

# Offsets inside a version-1 header line (newline excluded).
_H_KEY_ID = len(HEADER_LEAD) + len(HEADER_KEY_ID)             # 44
_H_JID_TAG = _H_KEY_ID + 16                                   # 60
_H_JID = _H_JID_TAG + len(HEADER_JOURNAL_ID)                  # 76
_H_JID_END = _H_JID + 32                                      # 108: the closing quote of journal_id
_H_BODY_LEN = _H_JID_END + 1                                  # 109
HEADER_LINE_LEN = _H_BODY_LEN + SUFFIX_LEN - 1                # 183, newline excluded


def _is_lower_hex(b: bytes) -> bool:
    return not b.translate(None, _HEX)


# --------------------------------------------------------------------------------------------------
# Section 4: key files
# --------------------------------------------------------------------------------------------------

class KeyFileError(Exception):
    """kind is one of: missing, unreadable, not-hex, too-short, too-large (section 4)."""

    def __init__(self, kind: str, path: str, detail: str = ""):
        self.kind = kind
        self.path = path
        super().__init__(f"key file {path!r}: {kind}" + (f" ({detail})" if detail else ""))


_KEY_WS = b" \t\r\n"


def parse_key_text(raw: bytes, path: str = "<key>") -> bytes:
    """Decode key-file bytes: hex (either case) optionally surrounded by space, tab, CR, LF."""
    if len(raw) > MAX_KEY_FILE:
        raise KeyFileError("too-large", path, f"{len(raw)} bytes > {MAX_KEY_FILE}")
    text = raw.strip(_KEY_WS)
    # Only hex digits between the surrounding whitespace: no inner whitespace, no odd length.
    if len(text) % 2 or text.translate(None, b"0123456789abcdefABCDEF"):
        raise KeyFileError("not-hex", path)
    key = bytes.fromhex(text.decode("ascii"))
    if len(key) < MIN_KEY_LEN:
        raise KeyFileError("too-short", path, f"{len(key)} bytes < {MIN_KEY_LEN}")
    return key


def load_key(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_KEY_FILE + 1)
    except FileNotFoundError:
        raise KeyFileError("missing", path) from None
    except OSError as e:
        raise KeyFileError("unreadable", path, e.strerror or str(e)) from None
    return parse_key_text(raw, path)


def create_key_file(path: str, key: bytes | None = None) -> bytes:
    """Create a new key file (32 random bytes, 64 lowercase hex + LF, mode 0600). Never overwrites."""
    if key is None:
        key = os.urandom(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.hex().encode("ascii") + b"\n")
    finally:
        os.close(fd)
    return key


def key_id(key: bytes) -> bytes:
    """First 8 bytes of HMAC-SHA256(key, "playtime-key-id"), as 16 lowercase hex ASCII bytes."""
    return hmac.new(key, KEY_ID_LABEL, hashlib.sha256).digest()[:8].hex().encode("ascii")


# --------------------------------------------------------------------------------------------------
# Sections 1 and 2: building lines
# --------------------------------------------------------------------------------------------------

def header_body(key: bytes, journal_id: bytes, version: int = 1) -> bytes:
    if len(journal_id) != 16:
        raise ValueError("journal_id must be 16 bytes")
    if version not in SUPPORTED_VERSIONS:
        raise ValueError("unsupported version")
    return (HEADER_LEAD + str(version).encode("ascii") + HEADER_KEY_ID[1:] + key_id(key) + HEADER_JOURNAL_ID
            + journal_id.hex().encode("ascii") + b'"')


def _check_type(rtype: bytes) -> None:
    if not 1 <= len(rtype) <= 64 or rtype.translate(None, _TYPE_CHARS):
        raise ValueError(f"invalid record type {rtype!r}")


def _check_payload(payload: bytes) -> None:
    if len(payload) < 2 or payload[:1] != b"{" or payload[-1:] != b"}":
        raise ValueError("payload must be one JSON object")
    if b"\n" in payload or b"\r" in payload:
        raise ValueError("payload must not contain CR or LF")
    payload.decode("utf-8")          # raises UnicodeDecodeError if not valid UTF-8


def record_body(seq: int, rtype: bytes, payload: bytes) -> bytes:
    return RECORD_LEAD + str(seq).encode("ascii") + RECORD_TYPE + rtype + RECORD_PAYLOAD + payload


def seal(body: bytes, mac: bytes) -> bytes:
    """body + the fixed 75-byte suffix (with LF)."""
    return body + MAC_TAG + mac.hex().encode("ascii") + b'"}\n'


class JournalWriter:
    """Writes a new journal to a binary file object.

    writer = JournalWriter(f, key, journal_id); writer.append(b"claim", b"{}"); ...
    The header is written by the constructor. `head` is the last MAC (32 raw bytes), `seq` the last seq.
    """

    def __init__(self, f, key: bytes, journal_id: bytes | None = None, *, validate: bool = True, version: int = 1):
        if journal_id is None:
            journal_id = os.urandom(16)
        self._f = f
        self._keyed = hmac.new(key, digestmod=hashlib.sha256)
        self._validate = validate
        self.version = version
        body = header_body(key, journal_id, version)
        m = self._keyed.copy()
        m.update(body)
        self.head = m.digest()
        self.seq = 0
        self.journal_id = journal_id
        f.write(seal(body, self.head))

    def line(self, rtype: bytes, payload: bytes) -> bytes:
        """Builds and seals the next record line, advancing the chain, without writing it."""
        if isinstance(rtype, str):
            rtype = rtype.encode("ascii")
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
        if self._validate:
            _check_type(rtype)
            _check_payload(payload)
        self.seq += 1
        body = record_body(self.seq, rtype, payload)
        if len(body) + SUFFIX_LEN - 1 > MAX_LINE:
            self.seq -= 1
            raise ValueError("record line longer than 1 MiB")
        m = self._keyed.copy()
        m.update(self.head)
        m.update(body)
        self.head = m.digest()
        return seal(body, self.head)

    def append(self, rtype, payload) -> None:
        self._f.write(self.line(rtype, payload))


# --------------------------------------------------------------------------------------------------
# Section 3: verification
# --------------------------------------------------------------------------------------------------

class Failure:
    __slots__ = ("reason", "line", "detail")

    def __init__(self, reason: str, line: int, detail: str = ""):
        assert reason in REASONS
        self.reason = reason
        self.line = line
        self.detail = detail

    def as_dict(self) -> dict:
        return {"reason": self.reason, "line": self.line}

    def __repr__(self) -> str:
        return f"Failure({self.reason!r}, line={self.line}, {self.detail!r})"

    def __str__(self) -> str:
        return f"{self.reason} at line {self.line}" + (f": {self.detail}" if self.detail else "")


class Verifier:
    """Checks lines one at a time, in order. Lines are passed WITHOUT their terminating LF.

    check_header(line) / check_record(line) return None when the line verifies, else a Failure.
    After a success of check_record, `last_type` and `last_payload` hold the record's fields.
    """

    def __init__(self, key: bytes):
        self.key = key
        self.key_id = key_id(key)
        self._keyed = hmac.new(key, digestmod=hashlib.sha256)
        self.head: bytes | None = None   # previous MAC, 32 raw bytes; None before the header
        self.seq = 0                     # seq of the last valid record
        self.journal_id: bytes | None = None
        self.version: int | None = None  # the header's version once it verified
        self.last_type = b""
        self.last_payload = b""

    # -- header ------------------------------------------------------------------------------------
    def check_header(self, line: bytes, number: int = 1) -> Failure | None:
        if len(line) > MAX_LINE:
            return Failure("malformed", number, "line longer than 1 MiB")
        # "must start with {"journal":"playtime","version": then a decimal -> else malformed"
        if not line.startswith(HEADER_LEAD):
            return Failure("malformed", number, "header does not start with the journal lead")
        i = len(HEADER_LEAD)
        j = i
        n = len(line)
        while j < n and 48 <= line[j] <= 57:
            j += 1
        if j == i:
            return Failure("malformed", number, "header version is not a decimal")
        version = line[i:j]
        # Section 11: the version is a decimal without leading zeros, anything else is malformed ...
        if len(version) > 1 and version[0] == 48:
            return Failure("malformed", number, "header version has a leading zero")
        # ... and a well-formed version other than 1 or 2 is unsupported-version (checked before the rest
        # of the layout, whose shape a future version may change; section 13 keeps it for version 2).
        if version not in (b"1", b"2"):
            return Failure("unsupported-version", number, f"version {version.decode('ascii')}")
        # "the rest must match the layout exactly (lengths, lowercase hex, suffix) -> else malformed"
        if (n != HEADER_LINE_LEN
                or line[i + 1:_H_KEY_ID] != HEADER_KEY_ID[1:]
                or line[_H_JID_TAG:_H_JID] != HEADER_JOURNAL_ID
                or line[_H_JID_END:_H_BODY_LEN] != b'"'
                or line[_H_BODY_LEN:_H_BODY_LEN + 8] != MAC_TAG
                or line[-2:] != MAC_END):
            return Failure("malformed", number, "header layout")
        kid = line[_H_KEY_ID:_H_JID_TAG]
        jid = line[_H_JID:_H_JID_END]
        claimed = line[-66:-2]
        if not (_is_lower_hex(kid) and _is_lower_hex(jid) and _is_lower_hex(claimed)):
            return Failure("malformed", number, "header hex is not lowercase hex")
        if kid != self.key_id:
            return Failure("wrong-key", number,
                           f"journal key_id {kid.decode()} != key file's {self.key_id.decode()}")
        m = self._keyed.copy()
        m.update(line[:_H_BODY_LEN])
        mac = m.digest()
        if not hmac.compare_digest(mac, bytes.fromhex(claimed.decode("ascii"))):
            return Failure("mac-mismatch", number, "header MAC")
        self.head = mac
        self.journal_id = bytes.fromhex(jid.decode("ascii"))
        self.version = int(version)
        return None

    # -- records -----------------------------------------------------------------------------------
    def check_record(self, line: bytes, number: int | None = None) -> Failure | None:
        if number is None:
            number = self.seq + 2
        n = len(line)
        if n > MAX_LINE:
            return Failure("malformed", number, "line longer than 1 MiB")
        # Layout. The body is the line without its 74-byte suffix (75 with the LF).
        if (n < 74 + len(RECORD_LEAD) or line[-74:-66] != MAC_TAG or line[-2:] != MAC_END
                or line[:7] != RECORD_LEAD):
            return Failure("malformed", number, "record prefix or suffix")
        claimed = line[-66:-2]
        if claimed.translate(None, _HEX):
            return Failure("malformed", number, "mac is not lowercase hex")
        body = line[:-74]
        j = body.find(b",", 7)
        digits = body[7:j]
        if j < 0 or not digits or digits.translate(None, _DIGITS) or (digits[0] == 48 and len(digits) > 1):
            return Failure("malformed", number, "seq is not a decimal without leading zeros")
        if body[j:j + 9] != RECORD_TYPE:
            return Failure("malformed", number, "type key")
        k = body.find(b'"', j + 9)
        rtype = body[j + 9:k]
        if k < 0 or not 1 <= len(rtype) <= 64 or rtype.translate(None, _TYPE_CHARS):
            return Failure("malformed", number, "type charset or length")
        if body[k:k + 12] != RECORD_PAYLOAD:
            return Failure("malformed", number, "payload key")
        payload = body[k + 12:]
        if len(payload) < 2 or payload[0] != 0x7B or payload[-1] != 0x7D:
            return Failure("malformed", number, "payload is not braced")
        if self.head is None:
            return Failure("malformed", number, "record before the header")
        # Compared as text: digits are canonical, so equality of numbers is equality of bytes (and no
        # int() of a possibly enormous digit string is needed).
        expected = self.seq + 1
        if digits != str(expected).encode("ascii"):
            return Failure("sequence-gap", number,
                           f"seq {digits[:40].decode('ascii')}{'...' if len(digits) > 40 else ''}"
                           f", expected {expected}")
        m = self._keyed.copy()
        m.update(self.head)
        m.update(body)
        mac = m.digest()
        if not hmac.compare_digest(mac, bytes.fromhex(claimed.decode("ascii"))):
            return Failure("mac-mismatch", number, f"record seq {expected}")
        self.head = mac
        self.seq = expected
        self.last_type = rtype
        self.last_payload = payload
        return None


class JournalReader:
    """Streaming verifier: iterate to get (seq, type, payload) for every valid record, in order.

    Reads `chunk_size` bytes at a time from a binary file object. Memory holds one chunk plus at most one
    partial line, and a partial line longer than the 1 MiB limit is reported (malformed) as soon as it is
    seen, so memory stays bounded whatever the input.

    After iteration: `failure` (None or Failure), `records` (valid records), `bytes` (bytes of the valid
    prefix, i.e. the end offset of the last valid line), `head` (last valid MAC), `journal_id`.
    Stops at the first bad line (section 3).
    """

    def __init__(self, f, key: bytes, chunk_size: int = CHUNK_SIZE):
        self._f = f
        self._chunk = chunk_size
        self.verifier = Verifier(key)
        self.failure: Failure | None = None
        self.records = 0
        self.bytes = 0

    @property
    def head(self):
        return self.verifier.head

    @property
    def journal_id(self):
        return self.verifier.journal_id

    @property
    def version(self):
        """The header's version (1 or 2) once the header verified, else None."""
        return self.verifier.version

    def __iter__(self):
        v = self.verifier
        read = self._f.read
        chunk_size = self._chunk
        keyed = v._keyed
        compare = hmac.compare_digest
        typeset = _TYPE_CHARS
        check_record = v.check_record
        max_line = MAX_LINE

        number = 0          # number of the last complete line taken
        offset = 0          # end offset of the last verified line
        pending = b""       # bytes after the last LF seen
        header_done = False
        head = None
        seq = 0
        expected_digits = b"1"

        while True:
            chunk = read(chunk_size)
            if not chunk:
                break
            data = pending + chunk if pending else chunk
            lines = data.split(b"\n")
            pending = lines.pop()
            if not lines:
                if len(pending) > max_line:
                    self._finish(Failure("malformed", number + 1, "line longer than 1 MiB"), offset, seq)
                    return
                continue
            base = offset
            if not header_done:
                number += 1
                line = lines[0]
                fail = v.check_header(line, number)
                if fail:
                    self._finish(fail, offset, seq)
                    return
                header_done = True
                head = v.head
                offset += len(line) + 1
                lines = lines[1:]
            first = number
            for line in lines:
                number += 1
                # Fast path: accepts exactly the lines that check_record accepts. The MAC is compared
                # as lowercase hex, so a match also proves the mac field is lowercase hex. Anything
                # else falls through to check_record, which finds the reason.
                if line[-74:-66] == b',"mac":"' and line[:7] == b'{"seq":' and len(line) <= max_line:
                    body = line[:-74]
                    j = body.find(b',"type":"', 7)
                    if body[7:j] == expected_digits and j > 7:
                        k = body.find(b'","payload":', j)
                        rtype = body[j + 9:k]
                        payload = body[k + 12:]
                        if (k > 0 and line[-2:] == b'"}' and payload[:1] == b"{" and len(payload) > 1
                                and body[-1] == 0x7D and 0 < len(rtype) <= 64
                                and not rtype.translate(None, typeset)):
                            m = keyed.copy()
                            m.update(head)
                            m.update(body)
                            if compare(m.hexdigest().encode(), line[-66:-2]):
                                head = m.digest()
                                seq += 1
                                expected_digits = str(seq + 1).encode()
                                self.records = seq
                                yield seq, rtype, payload
                                continue
                # Slow path: the reference checks, for the exact reason.
                v.head = head
                v.seq = seq
                fail = check_record(line, number)
                if fail is None:     # cannot happen: the fast path accepts every valid line
                    raise AssertionError("fast path rejected a valid line")
                done = lines[:number - first - 1]
                self._finish(fail, offset + sum(map(len, done)) + len(done), seq)
                return
            offset = base + len(data) - len(pending)
            if len(pending) > max_line:
                self._finish(Failure("malformed", number + 1, "line longer than 1 MiB"), offset, seq)
                return

        v.head = head
        v.seq = seq
        if pending or not header_done:
            # Section 3 step 1: a torn tail (or an empty file).
            self._finish(Failure("truncated", number + 1,
                                 "empty file" if number == 0 and not pending else
                                 f"{len(pending)} bytes after the last LF"), offset, seq)
            return
        self._finish(None, offset, seq)

    def _finish(self, failure, offset, seq):
        self.failure = failure
        self.bytes = offset
        self.records = seq
        self.verifier.seq = seq

    def run(self):
        """Verify to the end (or the first failure), discarding the records. Returns self."""
        for _ in self:
            pass
        return self


def verify_bytes(key: bytes, data: bytes):
    """Convenience: verify an in-memory journal. Returns (list of (seq, type, payload), failure)."""
    import io
    reader = JournalReader(io.BytesIO(data), key)
    recs = list(reader)
    return recs, reader.failure


# --------------------------------------------------------------------------------------------------
# Sections 7-9: payload encoding (fixed key order, no whitespace)
# --------------------------------------------------------------------------------------------------

_ESCAPES = {i: "\\u%04x" % i for i in range(0x20)}
_ESCAPES[ord('"')] = '\\"'
_ESCAPES[ord("\\")] = "\\\\"


def json_string(s: str) -> str:
    """Section 7: '"' and '\\' escaped as \\" and \\\\, control bytes as \\u00XX, the rest literal."""
    return '"' + s.translate(_ESCAPES) + '"'


def json_int(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError("integer expected")
    return str(v)


def _opt_str(v) -> str:
    return "null" if v is None else json_string(v)


def session_payload(session: str, event: str, origin: str, wall: int, boot: int, boot_id,
                    net, net_err, conn: str, conn_reason: str, rate: int, policy: str,
                    version: int = 1, reboot_credit=None) -> bytes:
    """Section 7, keys in the documented order; with version=2, section 13's payload (`rebootCredit` last)."""
    tail = ',"rebootCredit":' + json_int(reboot_credit) if version == 2 else ""
    return ('{"v":' + str(version) + ',"session":' + json_string(session) + ',"event":' + json_string(event)
            + ',"origin":' + json_string(origin) + ',"wall":' + json_int(wall)
            + ',"boot":' + json_int(boot) + ',"bootId":' + _opt_str(boot_id)
            + ',"net":' + json_int(net) + ',"netErr":' + json_int(net_err)
            + ',"conn":' + json_string(conn) + ',"connReason":' + json_string(conn_reason)
            + ',"rate":' + json_int(rate) + ',"policy":' + json_string(policy) + tail + "}").encode("utf-8")


def boot_tag(key: bytes, raw_boot_id: bytes, generation: int) -> str:
    """Section 13.2: the first half of a pseudonym, the same for every segment of one generation of a raw boot."""
    message = b"PlaytimeGuard boot v2\x00" + raw_boot_id + b"\x00" + generation.to_bytes(4, "big")
    return hmac.new(key, message, hashlib.sha256).digest()[:8].hex()


def boot_pseudonym(key: bytes, raw_boot_id: bytes, generation: int, origin: int) -> str:
    """Section 13.2: the `bootId` a version-2 journal writes for the segment of generation `generation` of a raw
    boot that began at the raw boot-clock reading `origin`."""
    message = (b"PlaytimeGuard boot origin v2\x00" + raw_boot_id + b"\x00" + generation.to_bytes(4, "big")
               + origin.to_bytes(8, "big", signed=True))
    return boot_tag(key, raw_boot_id, generation) + hmac.new(key, message, hashlib.sha256).digest()[:8].hex()


def claim_payload(session: str, credited: int, status: str, paid: int, escrow: int, multipliers,
                  rate: int, policy: str) -> bytes:
    """Section 8, keys in the documented order."""
    return ('{"v":1,"session":' + json_string(session) + ',"credited":' + json_int(credited)
            + ',"status":' + json_string(status) + ',"paid":' + json_int(paid)
            + ',"escrow":' + json_int(escrow)
            + ',"multipliers":[' + ",".join(json_string(m) for m in multipliers) + "]"
            + ',"rate":' + json_int(rate) + ',"policy":' + json_string(policy) + "}").encode("utf-8")


def connectivity_payload(conn: str, conn_reason: str, boot: int) -> bytes:
    """Section 9."""
    return ('{"conn":' + json_string(conn) + ',"connReason":' + json_string(conn_reason)
            + ',"boot":' + json_int(boot) + "}").encode("utf-8")


# --------------------------------------------------------------------------------------------------
# Section 7: the strict grammar of session payloads (record types session.*)
# --------------------------------------------------------------------------------------------------

# A JSON string (section 7): readers accept any RFC 8259 escape and no literal control byte; UTF-8 is not
# re-checked (the MAC covers the bytes, section 11).
_STR = rb'"((?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"'
# A section 7 integer: decimal, optional '-', no '+', no leading zeros, and not -0.
_INT = rb'(0|-?[1-9][0-9]*)'
_OPT_INT = rb'(null|0|-?[1-9][0-9]*)'

_SESSION_RE = re.compile(
    rb'\{"v":([12])'
    rb',"session":' + _STR
    + rb',"event":"(background|foreground|launch|heartbeat|settlement)"'
    rb',"origin":"(lifecycle|heartbeat)"'
    rb',"wall":' + _INT + rb',"boot":' + _INT
    + rb',"bootId":(?:null|' + _STR + rb')'
    + rb',"net":' + _OPT_INT + rb',"netErr":' + _OPT_INT
    + rb',"conn":"(?:online|offline|unknown)","connReason":' + _STR
    + rb',"rate":' + _INT + rb',"policy":' + _STR
    + rb'(?:,"rebootCredit":' + _OPT_INT + rb')?\}', re.DOTALL)

def _unescape(raw: bytes) -> bytes:
    """The bytes a JSON string stands for (escapes decoded; other bytes kept as they are)."""
    if b"\\" not in raw:
        return raw
    text = json.loads('"' + raw.decode("utf-8", "surrogateescape") + '"')
    return text.encode("utf-8", "surrogatepass")


_INT64 = range(-(1 << 63), 1 << 63)


class SessionRecord:
    """A well-formed section 7 payload. `bid` is the bootId (unescaped bytes) or None; `net` / `err` are
    both ints or both None; `session` and `event` are str."""

    __slots__ = ("seq", "session", "event", "origin", "wall", "boot", "bid", "net", "err", "rate", "v", "credit")

    def __init__(self, seq, session, event, origin, wall, boot, bid, net, err, rate, v=1, credit=None):
        self.seq = seq
        self.session = session
        self.event = event
        self.origin = origin
        self.wall = wall
        self.boot = boot
        self.bid = bid
        self.net = net
        self.err = err
        self.rate = rate
        self.v = v                # payload version: 1, or 2 (section 13: boot segments)
        self.credit = credit      # version 2: rebootCredit (ns) or None

    def __repr__(self):
        return (f"SessionRecord(seq={self.seq}, {self.session!r}, {self.event}, {self.origin}, wall={self.wall}, "
                f"boot={self.boot}, bootId={self.bid!r}, net={self.net}, netErr={self.err})")


def parse_session(rtype: bytes, payload: bytes, seq: int = 0, version: int = 1) -> SessionRecord | None:
    """Section 7: the payload of a session.* record, or None when it is malformed (then it takes no part in
    any session). Checks the fixed key order and spelling with no whitespace, v = 1, the session id (16
    lowercase hex digits or empty), the event, origin (exactly `lifecycle`, or `heartbeat` on a
    `background` only), conn, the integer syntax, the string syntax, valid UTF-8, net and netErr both null
    or both integers, and that the record type is `session.` followed by the event. `version` is the
    journal header's: the payload's `v` must equal it, and version 2 ends with `rebootCredit` (section 13:
    null, or a non-negative integer on a foreground or launch)."""
    m = _SESSION_RE.fullmatch(payload)
    if m is None:
        return None
    v, sid, event, origin, wall, boot, bid, net, err, _reason, rate, _policy, credit = m.groups()
    if int(v) != version or (version == 2) != (credit is not None):
        return None
    if credit == b"null":
        credit = None
    elif credit is not None and (int(credit) < 0 or int(credit) not in _INT64 or event not in (b"foreground", b"launch")):
        return None
    if rtype[8:] != event or rtype[:8] != b"session.":
        return None
    if origin == b"heartbeat" and event != b"background":
        return None
    if (net == b"null") != (err == b"null"):
        return None                      # "both null when unknown": half a pair breaks the rule
    sid = _unescape(sid)
    if not all(0x21 <= byte <= 0x7e for byte in sid) or (event == b"background" and not sid):
        return None                      # printable ASCII, and a departure names its session
    for number in (wall, boot, net, err, rate):
        if number != b"null" and int(number) not in _INT64:
            return None                  # integers fit in 64 signed bits
    return SessionRecord(seq, sid.decode("ascii"), event.decode("ascii"), origin.decode("ascii"),
                         int(wall), int(boot), None if bid is None else _unescape(bid),
                         None if net == b"null" else int(net), None if err == b"null" else int(err),
                         int(rate), version, None if credit is None else int(credit))


# --------------------------------------------------------------------------------------------------
# Section 10: credited time (the reference rule). Integer nanoseconds throughout.
# --------------------------------------------------------------------------------------------------

NS = 1_000_000_000
PPM = 100                                  # clock drift bound, parts per million
HEARTBEAT_INTERVAL = 60 * NS               # lost by a departure recovered from a heartbeat (rule 4)
STEP_TOLERANCE = 120 * NS                  # T, the clock-step tolerance: wall clocks (rule 3d), network
                                           # time against the boot clock (rules 2, 2c, 3a) and against the
                                           # server clock (rule 0)
NET_SLACK = STEP_TOLERANCE                 # slack for network time against the server clock (rule 0: T, as
                                           # honest NTP a minute off the server's clock is not from the future)
WALL_SLACK = STEP_TOLERANCE

METHODS = ("bootClock", "network", "uptimeBound", "none")
STATUSES = ("verified", "provisional", "rejected")


class Verdict(NamedTuple):
    credited: int          # whole seconds (rule 5)
    held: int              # held seconds (rule 5; only rule 2b holds time)
    method: str
    status: str
    flags: tuple


def drift(x: int) -> int:
    """ceil(x * ppm / 10**6), exact for any integer x."""
    return -((-x * PPM) // 1_000_000)


def usable_net(r, now=None, flags=None):
    """(net, netErr) of a record when its network time is usable (netErr >= 0) and, with a server clock
    `now`, not from the future (rule 0: earliest > now + T is treated as absent); else None."""
    net = r.net
    if net is None or r.err < 0:
        return None
    if now is not None and net - r.err > now + NET_SLACK:
        if flags is not None and "networkAheadOfServer" not in flags:
            flags.append("networkAheadOfServer")
        return None
    return net, r.err


def project_net(net_p: int, err_p: int, boot_p: int, boot_a: int):
    """Rule 3: network time at a return `a` from a later record `p` of the same boot:
    (net_p - (boot_p - boot_a), netErr_p + drift(boot_p - boot_a)), or None when boot_p < boot_a."""
    dist = boot_p - boot_a
    if dist < 0:
        return None
    return net_p - dist, err_p + drift(dist)


def agrees(d, a, p, now=None) -> bool:
    """Rule 2c: record p (same boot as the departure d and the return a) has usable network time that
    agrees with the departure's along the boot clock, within a bound w_p smaller than the disagreement it
    settles, |(net_a - net_d) - (boot_a - boot_d)|."""
    dn = usable_net(d, now)
    an = usable_net(a, now)
    pn = usable_net(p, now)
    if dn is None or an is None or pn is None or p.boot < d.boot:
        return False
    along = p.boot - d.boot
    bound = dn[1] + pn[1] + drift(along) + STEP_TOLERANCE
    disagreement = abs((an[0] - dn[0]) - (a.boot - d.boot))
    if now is not None:
        # Rule 0: settled, the return is at earliest_d plus the boot clock's lower bound; it cannot be after
        # the server's clock of the return record.
        delta = a.boot - d.boot
        if dn[0] - dn[1] + max(0, delta - drift(abs(delta))) > now + NET_SLACK:
            return False
    return abs((pn[0] - dn[0]) - along) <= bound and bound < disagreement


def proof_in_past(a, p, now=None) -> bool:
    """Rule 0 for a rule 3 proof: record p, carried back to the return a, may not place it more than T after
    the server's clock `now` (the return existed when the server saw it)."""
    if now is None:
        return True
    projected = project_net(p.net, p.err, p.boot, a.boot)
    return projected is not None and projected[0] - projected[1] <= now + NET_SLACK


def no_return() -> Verdict:
    """Rule 1."""
    return Verdict(0, 0, "none", "provisional", ())


def credit(d, a, *, E=None, proof=None, settled=False, now=None) -> Verdict:
    """Section 10, rules 0 and 2-5, for a departure d and its return a (SessionRecord-like: boot, bid,
    wall, net, err, origin).

    E: the departure's earliest time (section 10b, EarliestTracker), or None when unknown.
    proof: None, or a record (boot, net, err) with usable network time found by the rule 3 search (first
      later record of the return's non-null bootId with boot >= boot_a, before any session record of
      another boot); only used when the boots differ or are unknown and the return has no usable net.
    settled: rule 2c, a settling fix was found (the caller searches; see `agrees`).
    now: the server clock (ns) for rule 0 and the wallAheadOfServer check of rule 3d; None skips both.
    """
    flags = []
    dn = usable_net(d, now, flags)
    an = usable_net(a, now, flags)
    target = None                                   # lower + held (rule 2b), before rule 4
    if d.bid is not None and d.bid == a.bid:        # rule 2: same boot
        method = "bootClock"
        delta = a.boot - d.boot
        if delta < 0:
            return Verdict(0, 0, method, "rejected", tuple(flags))
        dr = drift(delta)
        lower = max(0, delta - dr)
        status = "verified"
        if dn is not None and an is not None and abs((an[0] - dn[0]) - delta) > dn[1] + an[1] + dr + STEP_TOLERANCE:
            flags.append("networkBootDisagreement")
            n = max(0, (an[0] - an[1]) - (dn[0] + dn[1]))
            if n < lower:                           # 2b: one of the two clocks lies
                if settled:                         # 2c: a later fix agrees with the boot clock
                    flags.append("laterProofAgreesWithBootClock")
                else:
                    target = lower
                    lower = n
                    status = "provisional"
    else:                                           # rule 3: different or unknown boots
        flags.append("reboot")
        if an is None and proof is not None and a.bid is not None:
            projected = project_net(proof.net, proof.err, proof.boot, a.boot)
            if projected is not None and proof.err >= 0:
                an = projected
        if dn is not None and an is not None:       # 3a
            method, status = "network", "verified"
            lower = max(0, (an[0] - an[1]) - (dn[0] + dn[1]))
            if d.bid is not None and a.bid is not None:   # the uptime beyond network time, named beyond T
                asserted = getattr(a, "v", 1) >= 2
                U = (a.credit or 0) if asserted else max(0, a.boot - drift(a.boot))
                if U - max(0, (an[0] + an[1]) - (dn[0] - dn[1])) > STEP_TOLERANCE:
                    flags.append("networkBootDisagreement")
        elif d.bid is not None and a.bid is not None and (getattr(a, "v", 1) < 2 or a.credit is not None):   # 3b
            method, status = "uptimeBound", "provisional"
            asserted = getattr(a, "v", 1) >= 2      # section 13: the device's rebootCredit, never verified
            U = a.credit if asserted else max(0, a.boot - drift(a.boot))
            lower = U
            started_before = False
            if asserted:
                flags.append("uptimeAssertedByDevice")
            if dn is None and an is not None and E is not None:
                if (an[0] + an[1]) - U >= E - STEP_TOLERANCE and not asserted:
                    status = "verified"
                    flags.append("bootStartAfterDeparture")
                elif (an[0] + an[1]) - U < E - STEP_TOLERANCE:
                    started_before = True
                    flags.append("bootStartedBeforeDeparture")
            if status == "provisional":             # 3d: unproven uptime is withheld when contradicted
                advanced = a.wall - d.wall
                withhold = started_before
                if advanced < U - WALL_SLACK:
                    flags.append("wallClockJumpedBack")
                    withhold = True
                if advanced < -WALL_SLACK:
                    flags.append("clockRolledBack")
                    withhold = True
                if now is not None and a.wall > now + WALL_SLACK:
                    flags.append("wallAheadOfServer")
                    withhold = True
                if d.net is None and E is not None and d.wall < E - WALL_SLACK:   # `net` as recorded
                    flags.append("wallBehindProvenTime")
                    withhold = True
                if withhold:
                    lower = 0
        else:                                       # 3c
            return Verdict(0, 0, "none", "provisional", tuple(flags))
    if d.origin == "heartbeat":                     # rule 4
        lower = max(0, lower - HEARTBEAT_INTERVAL)
        if target is not None:
            target = max(0, target - HEARTBEAT_INTERVAL)
    credited = lower // NS                          # rule 5
    held = target // NS - credited if target is not None else 0
    return Verdict(credited, held, method, status, tuple(flags))


class EarliestTracker:
    """Section 10b: feed every well-formed session record in file order to step(); it returns E, the
    earliest time known at that record (the larger of its boot's latest bound and `before`), or None.
    For a departure, that value is its E. Network time is taken as recorded (rule 0 does not apply)."""

    __slots__ = ("prev_bid", "first", "before", "latest", "anchor")

    def __init__(self):
        self.first = True
        self.prev_bid = None
        self.before = None        # the largest latest bound of the boots that ended
        self.latest = None        # the current boot's latest bound
        self.anchor = None        # (earliest_x, boot_x) of the current boot's latest record with network time

    def step(self, r):
        bid = r.bid
        if self.first or bid is None or bid != self.prev_bid:      # a new boot begins
            self.first = False
            if self.latest is not None and (self.before is None or self.latest > self.before):
                self.before = self.latest
            self.latest = None
            self.anchor = None
        self.prev_bid = bid
        bound = None
        if r.net is not None and r.err >= 0:
            bound = r.net - r.err
            if bid is not None:
                self.anchor = (bound, r.boot)
        elif self.anchor is not None and r.boot >= self.anchor[1]:
            delta = r.boot - self.anchor[1]
            bound = self.anchor[0] + (delta - drift(delta))
        elif bid is not None and self.before is not None and getattr(r, "v", 1) < 2:
            # section 13: a version-2 boot starts at its segment's first record, so this clause is skipped
            bound = self.before + (r.boot - drift(r.boot))
        if bound is not None and (self.latest is None or bound > self.latest):
            self.latest = bound
        if self.latest is None:
            return self.before
        if self.before is None or self.latest > self.before:
            return self.latest
        return self.before
