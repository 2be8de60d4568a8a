#!/usr/bin/env python3
"""A game backend's client of playtime-server, in Python's standard library only (docs/service.md, docs/openapi.json).

`PlaytimeService` is what a backend would keep: one method per operation, the API key in the Authorization header,
every error a `Problem` (RFC 9457) with its stable `code`.

Run as a program, it plays the whole exchange against a running service, with the `playtime` CLI as the player's
device (`playtime record … --enrollment`): enroll, anchor at launch, departure and return, a ticket redeemed (and its
retry answered as the same payment), the journal uploaded (and its retry), an ad granted, the player's payments
listed. It exits 0 when every answer is what the contract says, 1 otherwise.

    playtime_client.py --url http://127.0.0.1:8080 --api-key KEY --playtime .build/debug/playtime --work DIR \
                       [--ad-secret TEXT] [--cafile CERT.pem] [--player NAME]
"""
import argparse, json, os, ssl, subprocess, sys, tempfile, time, urllib.error, urllib.parse, urllib.request


class Problem(Exception):
    """A refusal of the service: its status and problem document (`code` is stable: branch on it)."""

    def __init__(self, status, document):
        self.status = status
        self.document = document
        self.code = document.get("code", "")
        super().__init__("%d %s: %s" % (status, self.code, document.get("detail", "")))


class PlaytimeService:
    """The service's operations for one backend (its API key)."""

    def __init__(self, url, api_key, cafile=None, timeout=30):
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.cafile = cafile
        self.context = ssl.create_default_context(cafile=cafile) if cafile else None

    def _call(self, method, path, body=None, content_type=None, headers=None):
        request = urllib.request.Request(self.url + path, data=body, method=method)
        request.add_header("Authorization", "Bearer " + self.api_key)
        if content_type:
            request.add_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout, context=self.context) as answer:
                text = answer.read()
                kind = answer.headers.get("Content-Type", "")
                return json.loads(text) if kind.startswith("application/json") else text.decode()
        except urllib.error.HTTPError as error:
            text = error.read()
            if error.headers.get("Content-Type", "") != "application/problem+json":
                raise RuntimeError("HTTP %d without a problem document: %r" % (error.code, text[:200]))
            raise Problem(error.code, json.loads(text))

    @staticmethod
    def _player(player):
        return "/v1/players/" + urllib.parse.quote(player, safe="")

    def _json(self, method, path, value):
        return self._call(method, path, json.dumps(value).encode(), "application/json")

    def enroll(self, player):
        return self._call("POST", self._player(player) + "/enrollments")

    def anchor(self, player, request):
        return self._json("POST", self._player(player) + "/anchors", {"request": request})

    def issue_ticket(self, player, session):
        return self._json("POST", self._player(player) + "/tickets", {"session": session})

    def redeem(self, player, ticket):
        return self._json("POST", self._player(player) + "/redemptions", {"ticket": ticket})

    def upload(self, player, journal_bytes):
        return self._call("POST", self._player(player) + "/uploads", journal_bytes, "application/octet-stream")

    def grant(self, player, session, multiplier, ad_network_secret):
        return self._call("POST", self._player(player) + "/grants", json.dumps({"session": session, "multiplier": multiplier}).encode(),
                          "application/json", {"X-Ad-Network-Secret": ad_network_secret})

    def payments(self, player, after=0, limit=50):
        return self._call("GET", self._player(player) + "/payments?after=%d&limit=%d" % (after, limit))

    def health(self):
        return self._call("GET", "/v1/health")


class Device:
    """The player's device: the `playtime` CLI recording into an enrolled journal."""

    def __init__(self, playtime, directory):
        self.playtime = playtime
        self.journal = os.path.join(directory, "journal.jsonl")
        self.key = os.path.join(directory, "journal.key")

    def record(self, event, *extra):
        out = subprocess.run([self.playtime, "record", event, "--journal", self.journal, "--key-file", self.key, "--json", *extra],
                             capture_output=True, text=True, timeout=30)
        if out.returncode != 0:
            raise RuntimeError("playtime record %s: %s" % (event, out.stderr.strip()))
        return json.loads(out.stdout)

    def anchor_request(self):
        out = subprocess.run([self.playtime, "record", "anchor-request", "--journal", self.journal, "--key-file", self.key],
                             capture_output=True, text=True, timeout=30, check=True)
        return out.stdout.strip()

    def record_anchor(self, token):
        subprocess.run([self.playtime, "record", "anchor", "--journal", self.journal, "--key-file", self.key, "--token", token],
                       capture_output=True, text=True, timeout=30, check=True)

    def journal_bytes(self):
        with open(self.journal, "rb") as handle:
            return handle.read()


def exchange(service, device, player, ad_secret, say):
    """The whole exchange; raises on the first answer that is not the contract's."""
    def expect(condition, what):
        if not condition:
            raise AssertionError(what)

    def contact(name):
        token = service.anchor(player, device.anchor_request())["anchor"]
        device.record_anchor(token)
        say("anchor", name)

    expect(service.health() == {"status": "ok"}, "health")
    enrollment = service.enroll(player)
    expect(enrollment["enrollment"].startswith("pe1."), "an enrollment text")
    device.record("launch", "--enrollment", enrollment["enrollment"])
    say("enrolled", "journal %s, policy %s" % (enrollment["journal"], enrollment["policy"]))
    contact("launch")
    ticket = service.issue_ticket(player, "ticket-1")
    departed = device.record("background", "--rate", "36000", "--policy-version", enrollment["policy"])
    contact("departure")
    time.sleep(1.3)
    device.record("foreground")
    contact("return")

    paid = service.redeem(player, ticket["ticket"])
    expect(paid["kind"] == "redemption" and paid["repeated"] is False and paid["gold"] > 0, "a paid redemption: %s" % paid)
    again = service.redeem(player, ticket["ticket"])
    expect(again["repeated"] is True and again["id"] == paid["id"] and again["gold"] == paid["gold"], "the retry repeats it")
    say("redeemed", "%d gold for %d s by the server's clock (payment %s); the retry repeated it" %
        (paid["gold"], paid["redemption"]["elapsedSeconds"], paid["id"]))

    if ad_secret:
        granted = service.grant(player, departed["sessionId"], "ad", ad_secret)
        expect(granted["multiplier"] == "ad", "the grant")
        try:
            service.grant(player, departed["sessionId"], "ad", "not the secret")
            expect(False, "a wrong ad network secret is refused")
        except Problem as problem:
            expect(problem.status == 403 and problem.code == "not-the-ad-network", "403 not-the-ad-network: %s" % problem)
        say("granted", "ad for session %s" % departed["sessionId"])

    uploaded = service.upload(player, device.journal_bytes())
    expect(uploaded["kind"] == "upload" and uploaded["upload"]["outcome"] == "accepted", "an accepted upload: %s" % uploaded)
    # The ticket and the upload together are paid at most the server time between the ticket and its redemption.
    expect(paid["gold"] + uploaded["gold"] <= 36000 * 3 // 3600 + 10, "no hour paid twice: %d + %d" % (paid["gold"], uploaded["gold"]))
    repeat = service.upload(player, device.journal_bytes())
    expect(repeat["repeated"] is True and repeat["id"] == uploaded["id"], "the upload's retry repeats it")
    say("uploaded", "%d session(s), %d gold more (payment %s): %s" %
        (uploaded["upload"]["sessions"], uploaded["gold"], uploaded["id"], uploaded["messages"][0]["text"]))

    page = service.payments(player, limit=1)
    seen = [payment["id"] for payment in page["payments"]]
    while page["next"] is not None:
        page = service.payments(player, after=page["next"], limit=1)
        seen += [payment["id"] for payment in page["payments"]]
    expect(seen == [paid["id"], uploaded["id"]], "the payment log: %s" % seen)
    say("payments", "%d, oldest first, one page each" % len(seen))

    for bad, code, status in [("pt1.forged.ticket", "malformed-ticket", 422)]:
        try:
            service.redeem(player, bad)
            expect(False, "a forged ticket is refused")
        except Problem as problem:
            expect(problem.status == status and problem.code == code, "%d %s: %s" % (status, code, problem))
    try:
        PlaytimeService(service.url, "ptk_not-a-key", cafile=service.cafile, timeout=service.timeout).payments(player)
        expect(False, "an unknown key is refused")
    except Problem as problem:
        expect(problem.status == 401 and problem.code == "unauthorized", "401 unauthorized: %s" % problem)
    say("refusals", "a forged ticket 422 malformed-ticket, an unknown key 401 unauthorized")


def main():
    parser = argparse.ArgumentParser(description="The whole exchange with playtime-server, from Python.")
    parser.add_argument("--url", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--playtime", required=True, help="the playtime CLI, the player's device")
    parser.add_argument("--work", help="a directory for the device's journal (default: a new temporary one)")
    parser.add_argument("--ad-secret", help="the service's ad network secret (grants on)")
    parser.add_argument("--cafile", help="a CA certificate to trust (the service behind a TLS proxy)")
    parser.add_argument("--player", default="python-%d" % os.getpid())
    arguments = parser.parse_args()
    work = arguments.work or tempfile.mkdtemp(prefix="playtime-python-client-")
    os.makedirs(work, exist_ok=True)
    service = PlaytimeService(arguments.url, arguments.api_key, cafile=arguments.cafile)
    device = Device(arguments.playtime, work)

    def say(label, text):
        print("python client: %-9s %s" % (label, text), flush=True)

    try:
        exchange(service, device, arguments.player, arguments.ad_secret, say)
    except (AssertionError, Problem, RuntimeError, OSError, subprocess.CalledProcessError) as error:
        print("python client: FAILED: %s" % error, file=sys.stderr)
        return 1
    say("result", "every answer as docs/openapi.json says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
