#!/usr/bin/env python3
"""Verify a PlaytimeGuard journal and credit its away sessions (reference auditor).

usage: auditor.py --key-file K JOURNAL [--json]

Streams the journal in 1 MiB chunks (playtime_journal.JournalReader), verifying every line with the checks
of sections 3 and 11, decodes the session.* payloads of section 7, assembles sessions (section 11) and
credits them with the reference rule of section 10 (playtime_journal.credit).

Session assembly (section 11): a session.background with a non-empty session id is a departure; it stays
open until a session.foreground / session.launch with the same id (its return). A second departure while
one is open abandons the open one, which is reported at once with creditedSeconds 0 and method "none"
(section 10.1: no return). A return with no open departure of that id is ignored.

Credit (section 10): method "bootClock" (same non-null bootId), "network" (net at both ends, the return's
possibly projected back from the first later record with net in its bootId), "uptimeBound" (otherwise,
both bootIds non-null) or "none". A departure with origin "heartbeat" loses 60 s.

Output: with --json, one {"sessionId","creditedSeconds","method"} object per line per session, in the
order sessions complete: at the return; for a return that waits for a later record with net, at that
record; for an abandoned departure, at the departure that abandons it; sessions still undecided at the
end of the verified records (returns still waiting for proof, departures without a return) are printed
then, in the file order of their departures. Then {"summary":{"records","sessions","bytes","seconds",
"failure"}} where seconds is the sum of creditedSeconds, bytes the length of the verified prefix and
failure null or {"reason","line"}. Without --json only the summary is printed (one line of text).
Exit status: 0 the journal verifies, 1 a failure was found (reason and line on stderr), 2 usage error,
bad key file or unreadable journal.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import playtime_journal as pj  # noqa: E402

NS = pj.NS
_INT = int


def _int(v) -> bool:
    return type(v) is _INT          # excludes bool (a JSON true/false is not an integer)


class SessionAuditor:
    """Consumes verified records in order; calls emit(session_id, credited, method) per session.

    Memory: the open departure(s), and the returns waiting for a later record with net in their boot
    (released at the proof or at finish()). Nothing else grows with the journal size.
    """

    # Section 11 "a second departure before any return abandons the first". True: any departure abandons
    # the open one, whatever its id (at most one departure is open). False: only a departure with the
    # same id does (one open departure per id).
    ABANDON_ANY_ID = True

    def __init__(self, emit):
        self.emit = emit
        self.open = {}          # session id -> departure (seq, boot, bootId, net, netErr, heartbeat)
        self.waiting = {}       # bootId -> [(departure seq, session id, departure, boot_a)], return order
        self.sessions = 0
        self.seconds = 0
        self.methods = dict.fromkeys(pj.METHODS, 0)
        self.bad_payloads = 0
        self.unmatched_returns = 0
        self.abandoned = 0
        self.unreturned = 0

    def _done(self, sid, credited, method):
        self.sessions += 1
        self.seconds += credited
        self.methods[method] += 1
        self.emit(sid, credited, method)

    def record(self, seq: int, rtype: bytes, payload: bytes):
        if not rtype.startswith(b"session."):
            return
        try:
            p = json.loads(payload)
            sid = p["session"]
            event = p["event"]
            origin = p["origin"]
            boot = p["boot"]
            bid = p["bootId"]
            net = p["net"]
            err = p["netErr"]
        except (ValueError, KeyError, TypeError, RecursionError):
            self.bad_payloads += 1
            return
        if not (type(sid) is str and type(event) is str and type(origin) is str and _int(boot)
                and (bid is None or type(bid) is str)):
            self.bad_payloads += 1
            return
        if not (_int(net) and _int(err)):
            net = err = None        # "both null when unknown"; half a pair is treated as unknown

        # Section 10.3: the first later record with net in a return's bootId, with a boot clock not
        # smaller than the return's, proves that return.
        if net is not None and bid is not None and self.waiting:
            pending = self.waiting.get(bid)
            if pending:
                keep = []
                for w in pending:
                    d = w[2]
                    boot_a = w[3]
                    if boot < boot_a:
                        keep.append(w)
                        continue
                    self._done(w[1], *pj.credit(d[1], d[2], d[3], d[4], d[5],
                                                 boot_a, bid, None, None, (boot, net, err)))
                if keep:
                    self.waiting[bid] = keep
                else:
                    del self.waiting[bid]

        if not sid:
            return
        if event == "background":
            if self.open:
                if self.ABANDON_ANY_ID:
                    for old_sid in list(self.open):
                        del self.open[old_sid]
                        self.abandoned += 1
                        self._done(old_sid, 0, "none")
                elif sid in self.open:
                    del self.open[sid]
                    self.abandoned += 1
                    self._done(sid, 0, "none")
            self.open[sid] = (seq, boot, bid, net, err, origin == "heartbeat")
            return
        if event != "foreground" and event != "launch":
            return
        d = self.open.pop(sid, None)
        if d is None:
            self.unmatched_returns += 1
            return
        d_bid = d[2]
        if (net is None and bid is not None and d[3] is not None
                and not (d_bid is not None and d_bid == bid)):
            # Different or unknown boots, net at the departure only: the return waits for its proof.
            self.waiting.setdefault(bid, []).append((d[0], sid, d, boot))
            return
        self._done(sid, *pj.credit(d[1], d_bid, d[3], d[4], d[5], boot, bid, net, err))

    def finish(self):
        """End of the verified records: settle what is still undecided, in departure order."""
        rest = []
        for bid, pending in self.waiting.items():
            for dep_seq, sid, d, boot_a in pending:
                rest.append((dep_seq, sid, pj.credit(d[1], d[2], d[3], d[4], d[5], boot_a, bid, None, None)))
        for sid, d in self.open.items():
            self.unreturned += 1
            rest.append((d[0], sid, (0, "none")))            # section 10.1: no return record
        rest.sort(key=lambda r: r[0])
        for _, sid, (credited, method) in rest:
            self._done(sid, credited, method)
        self.waiting = {}
        self.open = {}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    usage = "usage: auditor.py --key-file K JOURNAL [--json]"
    key_file = journal = None
    as_json = False
    chunk = pj.CHUNK_SIZE
    it = iter(argv)
    for a in it:
        if a == "--json":
            as_json = True
        elif a == "--key-file":
            key_file = next(it, None)
            if key_file is None:
                print(usage, file=sys.stderr)
                return 2
        elif a.startswith("--key-file="):
            key_file = a.split("=", 1)[1]
        elif a.startswith("--chunk-size="):          # testing aid: odd chunk sizes
            try:
                chunk = int(a.split("=", 1)[1])
            except ValueError:
                chunk = 0
            if chunk < 1:
                print(f"auditor: bad {a}\n{usage}", file=sys.stderr)
                return 2
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("-"):
            print(f"auditor: unknown option {a}\n{usage}", file=sys.stderr)
            return 2
        elif journal is None:
            journal = a
        else:
            print(f"auditor: more than one journal\n{usage}", file=sys.stderr)
            return 2
    if key_file is None or journal is None:
        print(usage, file=sys.stderr)
        return 2
    try:
        key = pj.load_key(key_file)
    except pj.KeyFileError as e:
        print(f"auditor: {e}", file=sys.stderr)
        return 2
    try:
        f = open(journal, "rb", buffering=0)
    except OSError as e:
        print(f"auditor: cannot open journal {journal!r}: {e.strerror or e}", file=sys.stderr)
        return 2

    out = sys.stdout
    lines = []
    if as_json:
        dumps = json.dumps
        flush_at = 8192

        def emit(sid, credited, method):
            lines.append('{"sessionId":' + dumps(sid) + ',"creditedSeconds":' + str(credited)
                         + ',"method":"' + method + '"}\n')
            if len(lines) >= flush_at:
                out.write("".join(lines))
                lines.clear()
    else:
        def emit(sid, credited, method):
            pass

    sessions = SessionAuditor(emit)
    record = sessions.record
    reader = pj.JournalReader(f, key, chunk)
    try:
        with f:
            for seq, rtype, payload in reader:
                if rtype[:8] == b"session.":
                    record(seq, rtype, payload)
    except OSError as e:
        print(f"auditor: cannot read journal {journal!r}: {e.strerror or e}", file=sys.stderr)
        return 2
    sessions.finish()
    failure = reader.failure
    summary = {"records": reader.records, "sessions": sessions.sessions, "bytes": reader.bytes,
               "seconds": sessions.seconds, "failure": failure.as_dict() if failure else None}
    if as_json:
        lines.append(json.dumps({"summary": summary}, separators=(",", ":")) + "\n")
        out.write("".join(lines))
    else:
        state = f"FAILED {failure.reason} at line {failure.line}" if failure else "verified"
        out.write(f"{state}: {summary['records']} records, {summary['sessions']} sessions, "
                  f"{summary['bytes']} bytes, {summary['seconds']} credited seconds\n")
    out.flush()
    notes = []
    if sessions.bad_payloads:
        notes.append(f"{sessions.bad_payloads} session records with undecodable payloads skipped")
    if sessions.unmatched_returns:
        notes.append(f"{sessions.unmatched_returns} returns without a departure")
    if sessions.abandoned:
        notes.append(f"{sessions.abandoned} departures abandoned by a later departure (credited 0)")
    if sessions.unreturned:
        notes.append(f"{sessions.unreturned} departures without a return at the end (credited 0)")
    for n in notes:
        print(f"auditor: note: {n}", file=sys.stderr)
    if failure:
        print(f"auditor: {failure.reason} line {failure.line}"
              + (f" ({failure.detail})" if failure.detail else ""), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(1)
