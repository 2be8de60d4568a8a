#!/usr/bin/env python3
"""Write a valid PlaytimeGuard journal (docs/journal-format.md) of N simulated away sessions.

usage: write_journal.py --key-file K --out J [--sessions N] [--seed S]

The key file is created (64 lowercase hex digits + LF, mode 0600, 32 random bytes) if it does not exist.
The output file is replaced (written to J.tmp, then renamed).

Each session is a session.background (departure) then its return, followed by a claim record:
  - most sessions come back in the same boot: session.foreground, same bootId, boot clock advanced;
  - some devices reboot while away: the return is session.launch in a new boot (small boot clock, new
    bootId); some of those carry net at the return, some are proven by a later session.settlement in the
    new boot, others stay unproven (provisional claim). A third of the reboots happened while the game was
    in the foreground: the departure is then recovered from the last heartbeat (origin "heartbeat", values
    of the old boot, written after the relaunch);
  - some ends carry net/netErr (online with an NTP fix), others not; a few have an unknown bootId;
  - heartbeats, connectivity changes and plain cold starts are sprinkled in for realism.
With --seed S the output (journal id included) is reproducible for a given key.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import playtime_journal as pj  # noqa: E402

NS = 1_000_000_000
POLICIES = [("p1", 600), ("p2", 900), ("p3", 3600), ("p3", 1200)]
REASONS_OFFLINE = ["no-route", "no-interface", "dns-failed", "ntp-timeout"]


def uuid_text(rng: random.Random) -> str:
    h = rng.getrandbits(128).to_bytes(16, "big").hex()
    return f"{h[0:8]}-{h[8:12]}-4{h[13:16]}-{h[16:20]}-{h[20:32]}"


class Device:
    """Simulated device: true time, boot, wall-clock skew, connectivity."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.now = 1_735_689_600 * NS + rng.randrange(0, 300 * 86400 * NS)   # 2025, true UTC time
        self.new_boot(uptime=rng.randrange(60, 10 * 86400) * NS)
        self.skew = rng.choice([0, 0, 0, rng.randrange(-3600, 3600) * NS])    # owner-set wall clock
        self.online = True

    def new_boot(self, uptime: int):
        self.boot_start = self.now - uptime
        self.boot_id = uuid_text(self.rng)
        self.boot_id_known = self.rng.random() > 0.02

    # current readings
    def boot(self) -> int:
        return self.now - self.boot_start

    def bid(self):
        return self.boot_id if self.boot_id_known else None

    def wall(self) -> int:
        return self.now + self.skew + self.rng.randrange(-50_000_000, 50_000_000)

    def net(self):
        """(net, netErr, conn, connReason) as a recorder would see it now."""
        if self.online and self.rng.random() < 0.85:
            err = self.rng.randrange(2_000_000, 80_000_000)
            return self.now + self.rng.randrange(-err // 2, err // 2), err, "online", "ntp-ok"
        if self.online:
            return None, None, "unknown", "ntp-timeout"
        return None, None, "offline", self.rng.choice(REASONS_OFFLINE)

    def advance(self, ns: int):
        self.now += ns


def away_ns(rng: random.Random) -> int:
    # log-uniform between 20 s and 14 h, in ns with sub-second noise
    return int(20 * NS * (2520 ** rng.random())) + rng.randrange(NS)


def write(out, key: bytes, sessions: int, rng: random.Random, journal_id: bytes) -> dict:
    w = pj.JournalWriter(out, key, journal_id)
    dev = Device(rng)
    sp = pj.session_payload
    stats = {"records": 0, "sessions": 0, "reboots": 0, "settled": 0, "credited": 0}
    buf = []
    emit = buf.append

    def rec(rtype: bytes, payload: bytes):
        emit(w.line(rtype, payload))
        if len(buf) >= 4096:
            out.write(b"".join(buf))
            buf.clear()

    policy, rate = rng.choice(POLICIES)
    rec(b"session.launch", sp("", "launch", "lifecycle", dev.wall(), dev.boot(), dev.bid(),
                              *dev.net(), 0, ""))
    for i in range(sessions):
        # play in the foreground for a while
        dev.advance(rng.randrange(30, 3 * 3600) * NS + rng.randrange(NS))
        if rng.random() < 0.25:
            rec(b"session.heartbeat", sp("", "heartbeat", "lifecycle", dev.wall(), dev.boot(),
                                         dev.bid(), *dev.net(), rate, policy))
        if rng.random() < 0.05:
            policy, rate = rng.choice(POLICIES)
        was_online = dev.online
        dev.online = rng.random() < 0.8
        if dev.online != was_online:
            n, e, conn, reason = dev.net()
            rec(b"connectivity", pj.connectivity_payload(conn, reason, dev.boot()))

        sid = rng.getrandbits(64).to_bytes(8, "big").hex()
        reboot = rng.random() < 0.15
        killed_in_foreground = reboot and rng.random() < 0.33
        dep = (dev.wall(), dev.boot(), dev.bid(), *dev.net())
        d_wall, d_boot, d_bid, d_net, d_err, d_conn, d_reason = dep
        dep_payload = sp(sid, "background", "heartbeat" if killed_in_foreground else "lifecycle",
                         d_wall, d_boot, d_bid, d_net, d_err, d_conn, d_reason, rate, policy)
        if not killed_in_foreground:
            rec(b"session.background", dep_payload)

        away = away_ns(rng)
        if reboot:
            stats["reboots"] += 1
            dev.advance(away)
            dev.new_boot(uptime=rng.randrange(15 * NS, max(16 * NS, away)))
            dev.online = rng.random() < 0.5
            if killed_in_foreground:   # recovered departure, written after the relaunch
                rec(b"session.background", dep_payload)
            r_wall, r_boot, r_bid = dev.wall(), dev.boot(), dev.bid()
            r_net, r_err, r_conn, r_reason = dev.net() if rng.random() < 0.4 else (
                None, None, "offline" if not dev.online else "unknown",
                rng.choice(REASONS_OFFLINE) if not dev.online else "ntp-pending")
            rec(b"session.launch", sp(sid, "launch", "lifecycle", r_wall, r_boot, r_bid,
                                      r_net, r_err, r_conn, r_reason, 0, ""))
        else:
            dev.advance(away)
            r_wall, r_boot, r_bid = dev.wall(), dev.boot(), dev.bid()
            r_net, r_err, r_conn, r_reason = dev.net()
            rec(b"session.foreground", sp(sid, "foreground", "lifecycle", r_wall, r_boot, r_bid,
                                          r_net, r_err, r_conn, r_reason, 0, ""))

        # what the game can pay now
        if d_bid is not None and d_bid == r_bid:
            credited, status = pj.credit_same_boot(d_boot, r_boot), "verified"
        elif d_net is not None and r_net is not None:
            credited, status = pj.credit_network(d_net, d_err, r_net, r_err), "verified"
        else:
            credited, status = pj.credit_uptime(r_boot), "provisional"
        if credited == 0:
            status = "rejected"
        multipliers = ["first-return"] if i == 0 else (["weekend"] if rng.random() < 0.1 else [])
        factor = 2 if multipliers else 1
        paid = credited * rate // 3600 * factor
        estimate = max(credited, (r_wall - d_wall) // NS)
        escrow = (estimate - credited) * rate // 3600 * factor if status == "provisional" else 0
        rec(b"claim", pj.claim_payload(sid, credited, status, paid, escrow, multipliers, rate, policy))
        stats["credited"] += credited

        # a settlement later in the return's boot proves a return that lacked network time
        if reboot and r_net is None and r_bid is not None and rng.random() < 0.7:
            dev.advance(rng.randrange(5, 600) * NS + rng.randrange(NS))
            dev.online = True
            err = rng.randrange(2_000_000, 80_000_000)
            s_net = dev.now + rng.randrange(-err // 2, err // 2)
            rec(b"session.settlement", sp(sid, "settlement", "lifecycle", dev.wall(), dev.boot(),
                                          dev.bid(), s_net, err, "online", "ntp-ok", 0, ""))
            stats["settled"] += 1
        if rng.random() < 0.02:   # a plain cold start (no session), e.g. after a crash in the menu
            rec(b"session.launch", sp("", "launch", "lifecycle", dev.wall(), dev.boot(), dev.bid(),
                                      *dev.net(), 0, ""))
        stats["sessions"] += 1
    out.write(b"".join(buf))
    stats["records"] = w.seq
    stats["head"] = w.head.hex()
    return stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--key-file", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args(argv)
    if args.sessions < 0:
        ap.error("--sessions must be >= 0")

    try:
        key = pj.load_key(args.key_file)
    except pj.KeyFileError as e:
        if e.kind != "missing":
            print(f"write_journal: {e}", file=sys.stderr)
            return 2
        try:
            key = pj.create_key_file(args.key_file)
        except OSError as e2:
            print(f"write_journal: cannot create key file {args.key_file!r}: {e2}", file=sys.stderr)
            return 2
        print(f"write_journal: created key file {args.key_file} (key id {pj.key_id(key).decode()})",
              file=sys.stderr)

    if args.seed is None:
        rng = random.Random(int.from_bytes(os.urandom(16), "big"))
        journal_id = os.urandom(16)
    else:
        rng = random.Random(args.seed)
        journal_id = rng.getrandbits(128).to_bytes(16, "big")

    tmp = args.out + ".tmp"
    try:
        with open(tmp, "wb") as out:
            stats = write(out, key, args.sessions, rng, journal_id)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, args.out)
    except OSError as e:
        print(f"write_journal: {e}", file=sys.stderr)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return 2
    print(f"write_journal: {args.out}: {stats['sessions']} sessions, {stats['records']} records, "
          f"{stats['reboots']} reboots ({stats['settled']} settled), head {stats['head']}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
