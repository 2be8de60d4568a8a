#!/usr/bin/env python3
"""Verify a PlaytimeGuard journal and credit its away sessions (reference auditor).

usage: auditor.py --key-file K JOURNAL [--json]

Streams the journal in 1 MiB chunks (playtime_journal.JournalReader), verifying every line with the checks
of section 3, decodes the session.* payloads of section 7 and assembles sessions: a session.background
(departure) followed by the session.foreground or session.launch with the same non-empty session id.

Credited seconds per session (rule of the benchmark brief):
  method "boot":    both ends have the same non-null bootId
                    -> max(0, floor((boot_arrival - boot_departure) * (1 - 100e-6) / 1e9))
  method "net":     otherwise, both ends carry net and netErr
                    -> max(0, floor((net_a - netErr_a - (net_d + netErr_d)) / 1e9))
  method "settled": otherwise, the departure carries net, the return does not, and a later record of the
                    return's (non-null) boot carries net: projected back along the boot clock (section 7:
                    net_a = net_L - (boot_L - boot_a), netErr_a = netErr_L + 100 ppm of that distance,
                    rounded up), then the "net" formula
  method "uptime":  otherwise -> max(0, floor(boot_arrival / 1e9))

Output: with --json, one {"sessionId","creditedSeconds","method"} object per session per line, in the
order sessions are settled (at their return, or at the proof / end of the journal for those waiting for a
later record with net), then {"summary":{"records","sessions","bytes","seconds","failure"}} where seconds
is the sum of creditedSeconds, bytes the length of the verified prefix and failure null or
{"reason","line"}. Without --json only the summary is printed (one line of text).
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

    Memory: the departures still waiting for their return, and the returns waiting for a later record
    with net in their boot (released at the proof or at finish()). Nothing grows with the journal size
    otherwise.
    """

    def __init__(self, emit):
        self.emit = emit
        self.open = {}          # session id -> (boot, bootId, net, netErr)
        self.waiting = {}       # bootId -> list of (session id, boot_a, net_d, err_d)
        self.sessions = 0
        self.seconds = 0
        self.bad_payloads = 0
        self.unmatched_returns = 0
        self.replaced_departures = 0

    def _done(self, sid, credited, method):
        self.sessions += 1
        self.seconds += credited
        self.emit(sid, credited, method)

    def record(self, seq: int, rtype: bytes, payload: bytes):
        if not rtype.startswith(b"session."):
            return
        try:
            p = json.loads(payload)
            sid = p["session"]
            event = p["event"]
            boot = p["boot"]
            bid = p["bootId"]
            net = p["net"]
            err = p["netErr"]
        except (ValueError, KeyError, TypeError, RecursionError):
            self.bad_payloads += 1
            return
        if not (type(sid) is str and type(event) is str and _int(boot)
                and (bid is None or type(bid) is str)):
            self.bad_payloads += 1
            return
        if not (_int(net) and _int(err)):
            net = err = None        # "both null when unknown"; half a pair is treated as unknown

        # A later record with net in a boot proves the returns of that boot waiting for it.
        if net is not None and bid is not None and self.waiting:
            pending = self.waiting.get(bid)
            if pending:
                keep = []
                for w_sid, boot_a, net_d, err_d in pending:
                    proj = pj.project_net(net, err, boot, boot_a)
                    if proj is None:
                        keep.append((w_sid, boot_a, net_d, err_d))
                        continue
                    self._done(w_sid, pj.credit_network(net_d, err_d, proj[0], proj[1]), "settled")
                if keep:
                    self.waiting[bid] = keep
                else:
                    del self.waiting[bid]

        if not sid:
            return
        if event == "background":
            if sid in self.open:
                self.replaced_departures += 1
            self.open[sid] = (boot, bid, net, err)
            return
        if event != "foreground" and event != "launch":
            return
        dep = self.open.pop(sid, None)
        if dep is None:
            self.unmatched_returns += 1
            return
        boot_d, bid_d, net_d, err_d = dep
        if bid_d is not None and bid_d == bid:
            self._done(sid, pj.credit_same_boot(boot_d, boot), "boot")
        elif net_d is not None and net is not None:
            self._done(sid, pj.credit_network(net_d, err_d, net, err), "net")
        elif net_d is not None and bid is not None:
            self.waiting.setdefault(bid, []).append((sid, boot, net_d, err_d))
        else:
            self._done(sid, pj.credit_uptime(boot), "uptime")

    def finish(self):
        """End of the verified records: returns still waiting for proof get the uptime bound."""
        for bid, pending in self.waiting.items():
            for sid, boot_a, _, _ in pending:
                self._done(sid, pj.credit_uptime(boot_a), "uptime")
        self.waiting = {}


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
    if sessions.replaced_departures:
        notes.append(f"{sessions.replaced_departures} departures replaced by a later one with the same id")
    if sessions.open:
        notes.append(f"{len(sessions.open)} departures without a return")
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
