#!/usr/bin/env python3
"""Verify a PlaytimeGuard journal and credit its away sessions (reference auditor).

usage: auditor.py --key-file K JOURNAL [--json] [--now NANOSECONDS]

Streams the journal in 1 MiB chunks (playtime_journal.JournalReader), verifying every line with the checks
of sections 3 and 11, parses the session.* payloads with the strict grammar of section 7
(playtime_journal.parse_session: a malformed payload takes no part in any session), assembles sessions
(section 11) and credits them with the reference rule of section 10 (playtime_journal.credit, rules 0-5,
with E from section 10b, playtime_journal.EarliestTracker).

--now NANOSECONDS: judge as of this server clock (Unix ns): rule 0 (network time whose earliest is more
than T = 120 s after now is treated as absent) and rule 3d's wallAheadOfServer (a return's wall clock more than
120 s after now). Without it both checks are skipped; everything else is the same.

Session assembly (section 11): a session.background with a non-empty session id is a departure; it stays
open until a session.foreground / session.launch with the same id (its return). A second departure while
one is open abandons the open one, which is reported at once with creditedSeconds 0 and method "none"
(rule 1: no return). A return with no open departure of that id is ignored.

Waiting returns: a same-boot return with a network shortfall (rule 2b) waits for the first later
agreeing fix of its boot (2c); a return after a reboot without usable network time of its own waits for
the first later record with usable network time of its boot (rule 3). Both waits end at the first session
record of another boot (or a null bootId), and at the end of the verified records.

Output: with --json, one {"sessionId","creditedSeconds","heldSeconds","method","status","flags"} object
per line per session, in the order sessions complete: at the return; for a waiting return, at the record
that proves or settles it or at the first record of another boot; for an abandoned departure, at the
departure that abandons it; sessions still undecided at the end of the verified records are printed then,
in the file order of their departures. Then {"summary":{"records","sessions","bytes","seconds",
"heldSeconds","malformedPayloads","failure"}} where seconds is the sum of creditedSeconds, bytes the
length of the verified prefix and failure null or {"reason","line"}. Without --json only the summary is
printed (one line of text). Exit status: 0 the journal verifies, 1 a failure was found (reason and line on
stderr), 2 usage error, bad key file or unreadable journal.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import playtime_journal as pj  # noqa: E402

NS = pj.NS


class SessionAuditor:
    """Consumes verified records in order; calls emit(session_id, verdict) per session (pj.Verdict).

    Memory: the open departure(s), and the returns still waiting, in the current boot, for a rule 3 proof
    or a rule 2c settling fix (released at the proof, at the first session record of another boot, or at
    finish()). Nothing else grows with the journal size.
    """

    # Section 11 "a second departure before any return abandons the first". True: any departure abandons
    # the open one, whatever its id (at most one departure is open). False: only a departure with the
    # same id does (one open departure per id).
    ABANDON_ANY_ID = True

    def __init__(self, emit, now=None):
        self.emit = emit
        self.now = now            # server clock (ns) for rule 0 and rule 3d's wallAheadOfServer; None skips
        self.open = {}            # session id -> (departure SessionRecord, E)
        self.waiting = []         # [(kind, departure, E, return)], kind "proof" (rule 3) or "settle" (2c)
        self.waiting_bid = None   # the bootId every waiting return shares
        self.earliest = pj.EarliestTracker()
        self.sessions = 0
        self.seconds = 0
        self.held = 0
        self.methods = dict.fromkeys(pj.METHODS, 0)
        self.statuses = dict.fromkeys(pj.STATUSES, 0)
        self.bad_payloads = 0
        self.negative_rates = 0
        self.unmatched_returns = 0
        self.abandoned = 0
        self.unreturned = 0
        self.version = 1          # the journal header's version (section 13): what session payloads must say

    def _done(self, sid, verdict):
        self.sessions += 1
        self.seconds += verdict.credited
        self.held += verdict.held
        self.methods[verdict.method] += 1
        self.statuses[verdict.status] += 1
        self.emit(sid, verdict)

    def _release(self):
        """The waiting returns' boot ended (or the journal did): judge them without a later proof."""
        now = self.now
        for kind, d, E, a in self.waiting:
            self._done(a.session, pj.credit(d, a, E=E, now=now))
        self.waiting = []

    def record(self, seq: int, rtype: bytes, payload: bytes):
        r = pj.parse_session(rtype, payload, seq, self.version)
        if r is None:
            self.bad_payloads += 1          # section 7: malformed-payload, takes no part in any session
            return
        E = self.earliest.step(r)           # section 10b: E known at this record
        bid = r.bid
        now = self.now

        if self.waiting:
            if bid is None or bid != self.waiting_bid:
                # Rules 2c and 3: a session record of another boot; the waiting returns' boot ended.
                self._release()
            elif pj.usable_net(r, now) is not None:
                keep = []
                for w in self.waiting:
                    kind, d, dE, a = w
                    if r.boot < a.boot:
                        keep.append(w)
                    elif kind == "proof" and pj.proof_in_past(a, r, now):   # rule 3: the first later usable record
                        self._done(a.session, pj.credit(d, a, E=dE, proof=r, now=now))
                    elif kind == "proof":
                        keep.append(w)      # a proof placing the return in the future proves nothing (rule 0)
                    elif pj.agrees(d, a, r, now):   # rule 2c: the first later agreeing fix settles it
                        self._done(a.session, pj.credit(d, a, E=dE, settled=True, now=now))
                    else:
                        keep.append(w)      # a disagreeing fix proves nothing
                self.waiting = keep

        sid = r.session
        if not sid:
            return
        event = r.event
        if event == "background":
            if r.rate < 0:
                self.negative_rates += 1
            if self.open:
                if self.ABANDON_ANY_ID:
                    for old_sid in list(self.open):
                        del self.open[old_sid]
                        self.abandoned += 1
                        self._done(old_sid, pj.no_return())
                elif sid in self.open:
                    del self.open[sid]
                    self.abandoned += 1
                    self._done(sid, pj.no_return())
            self.open[sid] = (r, E)
            return
        if event != "foreground" and event != "launch":
            return
        dep = self.open.pop(sid, None)
        if dep is None:
            self.unmatched_returns += 1
            return
        d, dE = dep
        if d.bid is not None and d.bid == bid:
            verdict = pj.credit(d, r, E=dE, now=now)
            if verdict.status == "provisional":      # rule 2b: waits for a settling fix (2c)
                self._wait("settle", d, dE, r)
                return
        elif bid is not None and pj.usable_net(r, now) is None:
            self._wait("proof", d, dE, r)            # rule 3: waits for a later record with network time
            return
        else:
            verdict = pj.credit(d, r, E=dE, now=now)
        self._done(sid, verdict)

    def _wait(self, kind, d, E, a):
        # Every waiting return is of the current boot: a record of another boot released the others.
        self.waiting_bid = a.bid
        self.waiting.append((kind, d, E, a))

    def finish(self):
        """End of the verified records: settle what is still undecided, in departure order."""
        rest = []
        now = self.now
        for kind, d, E, a in self.waiting:
            rest.append((d.seq, a.session, pj.credit(d, a, E=E, now=now)))
        for sid, (d, E) in self.open.items():
            self.unreturned += 1
            rest.append((d.seq, sid, pj.no_return()))      # rule 1: no return record
        rest.sort(key=lambda x: x[0])
        for _, sid, verdict in rest:
            self._done(sid, verdict)
        self.waiting = []
        self.open = {}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    usage = "usage: auditor.py --key-file K JOURNAL [--json] [--now NANOSECONDS]"
    key_file = journal = None
    as_json = False
    now = None
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
        elif a == "--now" or a.startswith("--now="):
            text = a.split("=", 1)[1] if "=" in a else next(it, None)
            if text is None or not text.lstrip("-").isdigit() or not text.isascii():
                print(f"auditor: --now needs an integer of Unix nanoseconds\n{usage}", file=sys.stderr)
                return 2
            now = int(text)
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

        def emit(sid, v):
            lines.append('{"sessionId":' + dumps(sid) + ',"creditedSeconds":' + str(v.credited)
                         + ',"heldSeconds":' + str(v.held) + ',"method":"' + v.method
                         + '","status":"' + v.status + '","flags":['
                         + ",".join('"' + f + '"' for f in v.flags) + ']}\n')
            if len(lines) >= flush_at:
                out.write("".join(lines))
                lines.clear()
    else:
        def emit(sid, v):
            pass

    sessions = SessionAuditor(emit, now)
    record = sessions.record
    reader = pj.JournalReader(f, key, chunk)
    try:
        with f:
            for seq, rtype, payload in reader:
                if rtype[:8] == b"session.":
                    sessions.version = reader.version
                    record(seq, rtype, payload)
    except OSError as e:
        print(f"auditor: cannot read journal {journal!r}: {e.strerror or e}", file=sys.stderr)
        return 2
    sessions.finish()
    failure = reader.failure
    summary = {"records": reader.records, "sessions": sessions.sessions, "bytes": reader.bytes,
               "seconds": sessions.seconds, "heldSeconds": sessions.held,
               "malformedPayloads": sessions.bad_payloads,
               "failure": failure.as_dict() if failure else None}
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
        notes.append(f"{sessions.bad_payloads} session records with malformed payloads (section 7) skipped")
    if sessions.negative_rates:
        notes.append(f"{sessions.negative_rates} departures with a negative rate (negative-rate: pays nothing)")
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
