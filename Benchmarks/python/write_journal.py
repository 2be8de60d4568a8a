#!/usr/bin/env python3
"""Write a valid PlaytimeGuard journal (docs/journal-format.md) of N simulated away sessions.

usage: write_journal.py --key-file K --out J [--sessions N] [--seed S]

The key file is created (64 lowercase hex digits + LF, mode 0600, 32 random bytes) if it does not exist.
The output file is replaced (written to J.tmp, then renamed).

Each session is a session.background (departure) then its return, followed by a claim record (section 8,
credited by the section 10 rule with what is known at the return):
  - most sessions come back in the same boot: session.foreground, same bootId, boot clock advanced;
  - some devices reboot while away: the return is session.launch in a new boot (small boot clock, new
    bootId); some of those carry net at the return, most of the others get a later session.settlement
    with net in the new boot, followed by a second claim whose `paid` is cumulative;
  - a third of the reboots, and a few sessions without a reboot, were kills in the foreground: a
    session.heartbeat is written, and after the relaunch a departure recovered from it (origin
    "heartbeat", that heartbeat's clocks and bootId), then the session.launch return. Now and then the
    recovered departure is written twice (the first is abandoned, section 11), and now and then a
    reboot's launch is written twice (the second is a return without an open departure, ignored);
  - some ends carry net/netErr (online with an NTP fix), others not; about 2 % of boots have a null
    bootId;
  - forged reboots (a new bootId, the boot clock kept counting), with the wall clock honest or moved
    forward too; reboots whose departure is offline while earlier records of its boot had network time
    (so E, section 10b, is known);
  - same-boot spoofers: the return's network time falls short of (or runs ahead of) the boot clock, then
    a settlement in the same boot carries an agreeing fix (rule 2c settles it) or a disagreeing one (the
    spoofer keeps answering until it gives up or the boot ends);
  - stale proofs: a settlement of a boot that already ended (rule 3 proof scope), and wall clocks set
    back or reset by the owner;
  - heartbeats, connectivity changes and plain cold starts are sprinkled in for realism.
Every session payload is parsed back with the strict section 7 grammar as it is written.
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
    """Simulated device: true time, boot, wall-clock skew, connectivity, and an NTP spoofer."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.now = 1_735_689_600 * NS + rng.randrange(0, 300 * 86400 * NS)   # 2025, true UTC time
        self.spoof = 0                     # added to every network time while a spoofer answers
        self.new_boot(uptime=rng.randrange(60, 10 * 86400) * NS)
        self.skew = rng.choice([0, 0, 0, rng.randrange(-3600, 3600) * NS])    # owner-set wall clock
        self.online = True

    def new_boot(self, uptime: int):
        """An honest reboot: the boot clock restarts `uptime` ago, under a new bootId."""
        self.boot_start = self.now - uptime
        self.boot_id = uuid_text(self.rng)
        self.boot_id_known = self.rng.random() > 0.02
        self.spoof = 0

    def forge_boot(self):
        """A forged reboot: a new bootId, but the boot clock kept counting."""
        self.boot_id = uuid_text(self.rng)
        self.boot_id_known = True
        self.spoof = 0

    # current readings
    def boot(self) -> int:
        return self.now - self.boot_start

    def bid(self):
        return self.boot_id if self.boot_id_known else None

    def wall(self) -> int:
        return self.now + self.skew + self.rng.randrange(-50_000_000, 50_000_000)

    def fix(self):
        """(net, netErr, conn, connReason) of a successful NTP fix now (spoofed while a spoofer answers)."""
        err = self.rng.randrange(2_000_000, 80_000_000)
        return self.now + self.spoof + self.rng.randrange(-err // 2, err // 2), err, "online", "ntp-ok"

    def net(self):
        """(net, netErr, conn, connReason) as a recorder would see it now."""
        if self.online and self.rng.random() < 0.85:
            return self.fix()
        if self.online:
            return None, None, "unknown", "ntp-timeout"
        return None, None, "offline", self.rng.choice(REASONS_OFFLINE)

    def advance(self, ns: int):
        self.now += ns


def away_ns(rng: random.Random) -> int:
    # log-uniform between 20 s and 14 h, in ns with sub-second noise
    return int(20 * NS * (2520 ** rng.random())) + rng.randrange(NS)


def write(out, key: bytes, sessions: int, rng: random.Random, journal_id: bytes, version: int = 1) -> dict:
    w = pj.JournalWriter(out, key, journal_id, version=version)
    dev = Device(rng)
    sp = pj.session_payload
    if version == 2:
        # Section 13: the device writes each boot as one segment (generation 0): its keyed pseudonym, boot
        # readings since the segment's first record, and on a return after a reboot its asserted uptime.
        origins = {}          # raw bootId -> raw boot clock at its first record
        departed = {}         # session id -> raw bootId of its departure

        def segment(boot, bid):
            if bid is None:
                return 0, None
            origin = origins.setdefault(bid, boot)
            return boot - origin, pj.boot_pseudonym(key, bid.encode(), 0, origin)

        def sp(session, event, origin, wall, boot, bid, net, err, conn, reason, rate, policy):
            credit = None
            if event == "background":
                departed[session] = bid
            elif event in ("foreground", "launch") and session in departed:
                d_bid = departed[session]
                if d_bid is not None and bid is not None and d_bid != bid:
                    credit = max(0, boot - pj.drift(boot))
                    credit -= credit % pj.NS        # whole seconds (section 13.4)
            rel, pseudonym = segment(boot, bid)
            return pj.session_payload(session, event, origin, wall, rel, pseudonym, net, err, conn, reason, rate, policy,
                                      version=2, reboot_credit=credit)

        def connectivity(conn, reason, boot):
            return pj.connectivity_payload(conn, reason, segment(boot, dev.bid())[0])
    else:
        connectivity = pj.connectivity_payload
    stats = {"records": 0, "sessions": 0, "reboots": 0, "forged": 0, "settled": 0, "credited": 0, "abandoned": 0,
             "duplicate_returns": 0, "spoofed": 0, "spoof_agreeing": 0, "spoof_disagreeing": 0, "stale_proofs": 0,
             "offline_departures": 0, **dict.fromkeys(pj.METHODS, 0)}
    buf = []
    emit = buf.append
    earliest = pj.EarliestTracker()     # section 10b, for the claims: E known at each departure

    def rec(rtype: bytes, payload: bytes):
        """Appends a record; a session record is parsed back with the strict section 7 grammar (every
        payload written here must be well-formed) and fed to the section 10b walk. Returns (record, E)."""
        emit(w.line(rtype, payload))
        if len(buf) >= 4096:
            out.write(b"".join(buf))
            buf.clear()
        if rtype[:8] == b"session.":
            r = pj.parse_session(rtype, payload, w.seq, version)
            if r is None:
                raise AssertionError(f"generated a malformed payload: {rtype!r} {payload!r}")
            return r, earliest.step(r)
        return None, None

    def set_online(online: bool):
        was_online = dev.online
        dev.online = online
        if dev.online != was_online:
            n, e, conn, reason = dev.net()
            rec(b"connectivity", connectivity(conn, reason, dev.boot()))

    def claim(sid, verdict, multipliers, rate, policy, paid_before=0):
        factor = 2 if multipliers else 1
        paid = max(paid_before, verdict.credited * rate // 3600 * factor)
        escrow = verdict.held * rate // 3600 * factor if verdict.status == "provisional" else 0
        rec(b"claim", pj.claim_payload(sid, verdict.credited, verdict.status, paid, escrow, multipliers, rate, policy))
        return paid

    policy, rate = rng.choice(POLICIES)
    rec(b"session.launch", sp("", "launch", "lifecycle", dev.wall(), dev.boot(), dev.bid(),
                              *dev.net(), 0, ""))
    for i in range(sessions):
        # play in the foreground for a while
        dev.advance(rng.randrange(30, 3 * 3600) * NS + rng.randrange(NS))
        if dev.spoof and rng.random() < 0.1:
            dev.spoof = 0                  # the spoofer gave up: the next fixes are honest again
        if rng.random() < 0.25:
            rec(b"session.heartbeat", sp("", "heartbeat", "lifecycle", dev.wall(), dev.boot(),
                                         dev.bid(), *dev.net(), rate, policy))
        if rng.random() < 0.05:
            policy, rate = rng.choice(POLICIES)

        sid = rng.getrandbits(64).to_bytes(8, "big").hex()
        roll = rng.random()
        reboot = roll < 0.15               # an honest reboot while away
        forged = 0.15 <= roll < 0.19       # a forged one: new bootId, the boot clock kept counting
        set_online(rng.random() < (0.45 if (reboot or forged) and rng.random() < 0.4 else 0.8))
        if not dev.online and (reboot or forged):
            stats["offline_departures"] += 1
        # Killed in the foreground (a third of the reboots, and a few crashes without a reboot): no
        # departure is written at the time. After the relaunch the recorder writes a departure recovered
        # from the last heartbeat (origin "heartbeat"), which carries that heartbeat's clocks and bootId
        # (section 11); the kill happened up to one heartbeat interval (60 s) after it.
        killed_in_foreground = rng.random() < (0.33 if reboot else 0.03)
        # A spoofer starts answering the NTP queries while the player is away (same boot only).
        spoofer = not (reboot or forged or killed_in_foreground) and rng.random() < 0.05
        if killed_in_foreground:
            hb = (dev.wall(), dev.boot(), dev.bid(), *dev.net())
            rec(b"session.heartbeat", sp("", "heartbeat", "lifecycle", *hb, rate, policy))
            dev.advance(rng.randrange(0, 60 * NS))
            d_wall, d_boot, d_bid, d_net, d_err, d_conn, d_reason = hb
        else:
            d_wall, d_boot, d_bid, d_net, d_err, d_conn, d_reason = (dev.wall(), dev.boot(), dev.bid(),
                                                                      *dev.net())
        dep_payload = sp(sid, "background", "heartbeat" if killed_in_foreground else "lifecycle",
                         d_wall, d_boot, d_bid, d_net, d_err, d_conn, d_reason, rate, policy)
        if not killed_in_foreground:
            dep, dep_E = rec(b"session.background", dep_payload)

        away = away_ns(rng)
        dev.advance(away)
        if rng.random() < 0.02:
            dev.skew -= rng.randrange(200, 7200) * NS      # the owner set the wall clock back while away
        if reboot:
            stats["reboots"] += 1
            dev.new_boot(uptime=rng.randrange(15 * NS, max(16 * NS, away)))
            dev.online = rng.random() < 0.5
            if rng.random() < 0.1:
                dev.skew = rng.randrange(-7200, 7200) * NS  # the owner reset the wall clock
        elif forged:
            stats["forged"] += 1
            dev.forge_boot()
            dev.online = rng.random() < 0.5
            if rng.random() < 0.4:
                # the liar also moves the wall clock forward, past the boot clock's "uptime"
                dev.skew += max(0, dev.boot() - away) + rng.randrange(200, 3600) * NS
        if spoofer:
            stats["spoofed"] += 1
            shift = rng.randrange(125 * NS, max(126 * NS, away))   # beyond T (rule 2)
            dev.spoof = shift if rng.random() < 0.25 else -shift
        if killed_in_foreground:       # recovered departure, written after the relaunch
            dep, dep_E = rec(b"session.background", dep_payload)
            if rng.random() < 0.05:
                # the app died again before writing the return: the next relaunch recovers the same
                # departure once more (section 11: the second departure abandons the first)
                dev.advance(rng.randrange(5, 120) * NS)
                dep, dep_E = rec(b"session.background", dep_payload)
                stats["abandoned"] += 1
        if reboot or forged or killed_in_foreground:
            r_event = "launch"
            r_wall, r_boot, r_bid = dev.wall(), dev.boot(), dev.bid()
            r_net, r_err, r_conn, r_reason = dev.net() if rng.random() < 0.4 else (
                None, None, "offline" if not dev.online else "unknown",
                rng.choice(REASONS_OFFLINE) if not dev.online else "ntp-pending")
        else:
            r_event = "foreground"
            r_wall, r_boot, r_bid = dev.wall(), dev.boot(), dev.bid()
            r_net, r_err, r_conn, r_reason = dev.fix() if spoofer else dev.net()
        ret_payload = sp(sid, r_event, "lifecycle", r_wall, r_boot, r_bid, r_net, r_err, r_conn, r_reason,
                         0, "")
        ret, _ = rec(b"session." + r_event.encode(), ret_payload)

        # What the game can pay now (section 10 without a later proof) and the claim (section 8).
        verdict = pj.credit(dep, ret, E=dep_E)
        stats[verdict.method] += 1
        multipliers = ["first-return"] if i == 0 else (["weekend"] if rng.random() < 0.1 else [])
        paid = claim(sid, verdict, multipliers, rate, policy)

        if (reboot or forged) and rng.random() < 0.01:
            # the launch was recorded twice (crash right after it): a return with no open departure,
            # ignored by readers (section 11)
            rec(b"session." + r_event.encode(), ret_payload)
            stats["duplicate_returns"] += 1

        if spoofer and verdict.status == "provisional":
            # Rule 2b/2c: the next fix of the boot. Half the spoofers stop at once (an agreeing fix
            # settles the session); the others keep answering (a disagreeing fix proves nothing) until
            # they give up at a later session or the boot ends.
            dev.advance(rng.randrange(5, 600) * NS + rng.randrange(NS))
            if rng.random() < 0.5:
                dev.spoof = 0
            fix, _ = rec(b"session.settlement", sp(sid, "settlement", "lifecycle", dev.wall(), dev.boot(),
                                                   dev.bid(), *dev.fix(), 0, ""))
            if pj.agrees(dep, ret, fix):
                stats["spoof_agreeing"] += 1
                verdict = pj.credit(dep, ret, E=dep_E, settled=True)
                paid = claim(sid, verdict, multipliers, rate, policy, paid)
            else:
                stats["spoof_disagreeing"] += 1

        # A settlement later in the return's boot proves a return that lacked network time (§7, §10.3);
        # the game then tops up the payment: the new claim's paid is cumulative (section 8).
        if r_bid is not None and r_bid != d_bid and r_net is None:
            if rng.random() < 0.7:
                dev.advance(rng.randrange(5, 600) * NS + rng.randrange(NS))
                dev.online = True
                proof, _ = rec(b"session.settlement", sp(sid, "settlement", "lifecycle", dev.wall(), dev.boot(),
                                                         dev.bid(), *dev.fix(), 0, ""))
                stats["settled"] += 1
                verdict = pj.credit(dep, ret, E=dep_E, proof=proof)
                paid = claim(sid, verdict, multipliers, rate, policy, paid)
            elif rng.random() < 0.15:
                # Proof scope (rule 3): the device reboots again before any fix, then a settlement of the
                # ended boot arrives: it proves nothing (a boot that ended can never prove anything again).
                dev.advance(rng.randrange(5, 600) * NS)
                stale_boot = r_boot + rng.randrange(5, 600) * NS
                dev.new_boot(uptime=rng.randrange(15, 60) * NS)
                rec(b"session.launch", sp("", "launch", "lifecycle", dev.wall(), dev.boot(), dev.bid(),
                                          None, None, "unknown", "ntp-pending", 0, ""))
                dev.advance(rng.randrange(1, 30) * NS)
                rec(b"session.settlement", sp(sid, "settlement", "lifecycle", dev.wall(), stale_boot, r_bid,
                                              *dev.fix(), 0, ""))
                stats["stale_proofs"] += 1
        stats["credited"] += verdict.credited
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
    ap.add_argument("--version", type=int, choices=(1, 2), default=1,
                    help="journal format version (2: boot segments, docs/journal-format.md section 13)")
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
            stats = write(out, key, args.sessions, rng, journal_id, args.version)
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
          f"{stats['reboots']} reboots and {stats['forged']} forged ones ({stats['settled']} settled, "
          f"{stats['stale_proofs']} stale proofs, {stats['offline_departures']} offline departures), "
          f"{stats['spoofed']} spoofed returns ({stats['spoof_agreeing']} settled by an agreeing fix, "
          f"{stats['spoof_disagreeing']} followed by a disagreeing one), {stats['abandoned']} abandoned "
          f"departures, {stats['duplicate_returns']} duplicate returns, head {stats['head']}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
