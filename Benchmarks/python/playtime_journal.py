"""Independent reference implementation of the PlaytimeGuard journal format, version 1.

Written only from docs/journal-format.md (section numbers below refer to it). Standard library only.

Contents
  - key files (section 4): load_key, create_key_file, key_id
  - line building (sections 1 and 2): header_body, record_body, seal, JournalWriter
  - verification (sections 3 and 11): Verifier.check_header / Verifier.check_record (one line at a time)
    and JournalReader, a streaming reader over a binary file object that reads fixed-size chunks and keeps
    at most one partial line (bounded by the 1 MiB line limit) plus one chunk in memory.
  - payload encoders (sections 7-9): session_payload, claim_payload, connectivity_payload
  - credited time (section 10): drift, project_net, credit

Failure reasons are the exact codes of section 3: truncated, malformed, unsupported-version, wrong-key,
sequence-gap, mac-mismatch. Line numbers are 1-based; the header is line 1, record n is line n + 1.
"""

from __future__ import annotations

import hashlib
import hmac
import os

__all__ = [
    "KEY_ID_LABEL", "MAX_LINE", "SUFFIX_LEN", "CHUNK_SIZE", "REASONS",
    "KeyFileError", "load_key", "parse_key_text", "create_key_file", "key_id",
    "header_body", "record_body", "seal", "JournalWriter",
    "Failure", "Verifier", "JournalReader", "verify_bytes",
    "json_string", "json_int", "session_payload", "claim_payload", "connectivity_payload",
    "NS", "PPM", "HEARTBEAT_INTERVAL", "METHODS", "drift", "project_net", "credit",
]

KEY_ID_LABEL = b"playtime-key-id"        # section 1, header table
MAX_LINE = 1_048_576                      # section 1: max line length, newline excluded
SUFFIX_LEN = 75                           # section 1: ,"mac":"<64 hex>"}\n
CHUNK_SIZE = 1 << 20                      # streaming read size
MIN_KEY_LEN = 16                          # section 4
MAX_KEY_FILE = 4096                       # section 4

REASONS = ("truncated", "malformed", "unsupported-version", "wrong-key", "sequence-gap", "mac-mismatch")

HEADER_LEAD = b'{"journal":"playtime","version":'
HEADER_KEY_ID = b'1,"key_id":"'           # follows HEADER_LEAD when the version is 1
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

def header_body(key: bytes, journal_id: bytes) -> bytes:
    if len(journal_id) != 16:
        raise ValueError("journal_id must be 16 bytes")
    return (HEADER_LEAD + HEADER_KEY_ID + key_id(key) + HEADER_JOURNAL_ID
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

    def __init__(self, f, key: bytes, journal_id: bytes | None = None, *, validate: bool = True):
        if journal_id is None:
            journal_id = os.urandom(16)
        self._f = f
        self._keyed = hmac.new(key, digestmod=hashlib.sha256)
        self._validate = validate
        body = header_body(key, journal_id)
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
        # ... and a well-formed version other than 1 is unsupported-version (checked before the rest of
        # the layout, whose shape a future version may change).
        if version != b"1":
            return Failure("unsupported-version", number, f"version {version.decode('ascii')}")
        # "the rest must match the layout exactly (lengths, lowercase hex, suffix) -> else malformed"
        if (n != HEADER_LINE_LEN
                or line[i:_H_KEY_ID] != HEADER_KEY_ID
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
                    net, net_err, conn: str, conn_reason: str, rate: int, policy: str) -> bytes:
    """Section 7, keys in the documented order."""
    return ('{"v":1,"session":' + json_string(session) + ',"event":' + json_string(event)
            + ',"origin":' + json_string(origin) + ',"wall":' + json_int(wall)
            + ',"boot":' + json_int(boot) + ',"bootId":' + _opt_str(boot_id)
            + ',"net":' + json_int(net) + ',"netErr":' + json_int(net_err)
            + ',"conn":' + json_string(conn) + ',"connReason":' + json_string(conn_reason)
            + ',"rate":' + json_int(rate) + ',"policy":' + json_string(policy) + "}").encode("utf-8")


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


# Section 10: credited time (the reference rule). Integer nanoseconds throughout.
NS = 1_000_000_000
PPM = 100                                  # clock drift bound, parts per million
HEARTBEAT_INTERVAL = 60 * NS               # lost by a departure recovered from a heartbeat (10.4)

METHODS = ("bootClock", "network", "uptimeBound", "none")


def drift(x: int) -> int:
    """ceil(x * ppm / 10**6), exact for any integer x."""
    return -((-x * PPM) // 1_000_000)


def project_net(net_p: int, err_p: int, boot_p: int, boot_a: int):
    """Section 10.3: network time at a return `a` from a later record `p` of the same boot.

    Returns (net_a, netErr_a) = (net_p - (boot_p - boot_a), netErr_p + drift(boot_p - boot_a)), or None
    when boot_p < boot_a (such a record is not a proof).
    """
    dist = boot_p - boot_a
    if dist < 0:
        return None
    return net_p - dist, err_p + drift(dist)


def credit(d_boot: int, d_bid, d_net, d_err, d_heartbeat: bool,
           a_boot: int, a_bid, a_net, a_err, proof=None):
    """Section 10, steps 2-5, for a departure d and its return a. Returns (credited seconds, method).

    `*_bid` is the bootId string or None; `*_net` / `*_err` are ints or both None. `d_heartbeat` is true
    for a departure with origin "heartbeat". `proof` is None or (boot_p, net_p, netErr_p) of the first
    later record with net in the return's (non-null) bootId whose boot is not smaller than boot_a; it is
    only used when the boots differ or are unknown and the return has no net of its own.
    (Step 1, a departure without a return, is (0, "none") and is handled by the caller.)
    """
    if d_bid is not None and d_bid == a_bid:                       # step 2: same boot
        delta = a_boot - d_boot
        if delta < 0:
            return 0, "bootClock"                                  # rejected
        dr = drift(delta)
        lower = delta - dr
        if lower < 0:
            lower = 0
        if (d_net is not None and a_net is not None
                and abs((a_net - d_net) - delta) > d_err + a_err + dr):
            net_lower = (a_net - a_err) - (d_net + d_err)
            if net_lower < lower:
                lower = net_lower if net_lower > 0 else 0
        method = "bootClock"
    else:                                                          # step 3: different or unknown boots
        if a_net is None and proof is not None and a_bid is not None:
            projected = project_net(proof[1], proof[2], proof[0], a_boot)
            if projected is not None:
                a_net, a_err = projected
        if d_net is not None and a_net is not None:
            lower = (a_net - a_err) - (d_net + d_err)
            method = "network"                                     # verified
        elif d_bid is not None and a_bid is not None:
            lower = a_boot - drift(a_boot)
            method = "uptimeBound"                                 # provisional
        else:
            return 0, "none"                                       # provisional
        if lower < 0:
            lower = 0
    if d_heartbeat:                                                # step 4
        lower = lower - HEARTBEAT_INTERVAL if lower > HEARTBEAT_INTERVAL else 0
    return lower // NS, method                                     # step 5
