#!/usr/bin/env node
// A game backend's client of playtime-server in Node.js 20 (`fetch` built in; docs/service.md, docs/openapi.json).
//
// `PlaytimeService` is what a backend would keep: one method per operation, the API key in the Authorization
// header, every error a `Problem` (RFC 9457) with its stable `code`. Run as a program, it plays the whole exchange
// against a running service with the `playtime` CLI as the player's device, as the Python client does, and exits 0
// when every answer is what the contract says.
//
//   node playtime-client.mjs --url http://127.0.0.1:8080 --api-key KEY --playtime .build/debug/playtime --work DIR [--ad-secret TEXT]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class Problem extends Error {
  constructor(status, document) {
    super(`${status} ${document.code}: ${document.detail}`);
    this.status = status;
    this.code = document.code;
    this.document = document;
  }
}

export class PlaytimeService {
  constructor(url, apiKey) {
    this.url = url.replace(/\/$/, "");
    this.apiKey = apiKey;
  }

  async #call(method, path, body, contentType, headers = {}) {
    const answer = await fetch(this.url + path, {
      method,
      body,
      headers: { Authorization: `Bearer ${this.apiKey}`, ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
    });
    const kind = answer.headers.get("content-type") ?? "";
    if (!answer.ok) {
      if (kind !== "application/problem+json") throw new Error(`HTTP ${answer.status} without a problem document`);
      throw new Problem(answer.status, await answer.json());
    }
    return kind.startsWith("application/json") ? answer.json() : answer.text();
  }

  static player(player) {
    return "/v1/players/" + encodeURIComponent(player);
  }

  enroll(player) { return this.#call("POST", PlaytimeService.player(player) + "/enrollments"); }
  anchor(player, request) { return this.#call("POST", PlaytimeService.player(player) + "/anchors", JSON.stringify({ request }), "application/json"); }
  issueTicket(player, session) { return this.#call("POST", PlaytimeService.player(player) + "/tickets", JSON.stringify({ session }), "application/json"); }
  redeem(player, ticket) { return this.#call("POST", PlaytimeService.player(player) + "/redemptions", JSON.stringify({ ticket }), "application/json"); }
  upload(player, bytes) { return this.#call("POST", PlaytimeService.player(player) + "/uploads", bytes, "application/octet-stream"); }
  grant(player, session, multiplier, secret) {
    return this.#call("POST", PlaytimeService.player(player) + "/grants", JSON.stringify({ session, multiplier }), "application/json",
                      { "X-Ad-Network-Secret": secret });
  }
  payments(player, after = 0, limit = 50) { return this.#call("GET", `${PlaytimeService.player(player)}/payments?after=${after}&limit=${limit}`); }
  health() { return this.#call("GET", "/v1/health"); }
}

/** The player's device: the `playtime` CLI recording into an enrolled journal. */
class Device {
  constructor(playtime, directory) {
    this.playtime = playtime;
    this.journal = join(directory, "journal.jsonl");
    this.key = join(directory, "journal.key");
  }
  #run(...args) { return execFileSync(this.playtime, ["record", ...args], { encoding: "utf8", timeout: 30000 }); }
  record(event, ...extra) { return JSON.parse(this.#run(event, "--journal", this.journal, "--key-file", this.key, "--json", ...extra)); }
  anchorRequest() { return this.#run("anchor-request", "--journal", this.journal, "--key-file", this.key).trim(); }
  recordAnchor(token) { this.#run("anchor", "--journal", this.journal, "--key-file", this.key, "--token", token); }
  bytes() { return readFileSync(this.journal); }
}

function expect(condition, what) {
  if (!condition) throw new Error(`not as the contract says: ${what}`);
}

async function refused(call, status, code) {
  try {
    await call();
  } catch (error) {
    expect(error instanceof Problem && error.status === status && error.code === code, `${status} ${code}, got ${error}`);
    return;
  }
  expect(false, `${status} ${code}, got a success`);
}

async function exchange(service, device, player, adSecret, say) {
  const contact = async (name) => {
    const { anchor } = await service.anchor(player, device.anchorRequest());
    device.recordAnchor(anchor);
    say("anchor", name);
  };
  expect((await service.health()).status === "ok", "health");
  const enrollment = await service.enroll(player);
  device.record("launch", "--enrollment", enrollment.enrollment);
  say("enrolled", `journal ${enrollment.journal}, policy ${enrollment.policy}`);
  await contact("launch");
  const ticket = await service.issueTicket(player, "ticket-1");
  const departed = device.record("background", "--rate", "36000", "--policy-version", enrollment.policy);
  await contact("departure");
  await new Promise((done) => setTimeout(done, 1300));
  device.record("foreground");
  await contact("return");

  const paid = await service.redeem(player, ticket.ticket);
  expect(paid.kind === "redemption" && paid.repeated === false && paid.gold > 0, `a paid redemption: ${JSON.stringify(paid)}`);
  const again = await service.redeem(player, ticket.ticket);
  expect(again.repeated === true && again.id === paid.id && again.gold === paid.gold, "the retry repeats it");
  say("redeemed", `${paid.gold} gold for ${paid.redemption.elapsedSeconds} s by the server's clock; the retry repeated it`);

  if (adSecret) {
    const granted = await service.grant(player, departed.sessionId, "ad", adSecret);
    expect(granted.multiplier === "ad", "the grant");
    await refused(() => service.grant(player, departed.sessionId, "ad", "not the secret"), 403, "not-the-ad-network");
    say("granted", `ad for session ${departed.sessionId}`);
  }

  const uploaded = await service.upload(player, device.bytes());
  expect(uploaded.kind === "upload" && uploaded.upload.outcome === "accepted", `an accepted upload: ${JSON.stringify(uploaded)}`);
  const repeat = await service.upload(player, device.bytes());
  expect(repeat.repeated === true && repeat.id === uploaded.id, "the upload's retry repeats it");
  say("uploaded", `${uploaded.upload.sessions} session(s), ${uploaded.gold} gold more: ${uploaded.messages[0].text}`);

  let page = await service.payments(player, 0, 1);
  const seen = page.payments.map((payment) => payment.id);
  while (page.next !== null) {
    page = await service.payments(player, page.next, 1);
    seen.push(...page.payments.map((payment) => payment.id));
  }
  expect(JSON.stringify(seen) === JSON.stringify([paid.id, uploaded.id]), `the payment log: ${seen}`);
  say("payments", `${seen.length}, oldest first, one page each`);

  await refused(() => service.redeem(player, "pt1.forged.ticket"), 422, "malformed-ticket");
  await refused(() => new PlaytimeService(service.url, "ptk_not-a-key").payments(player), 401, "unauthorized");
  say("refusals", "a forged ticket 422 malformed-ticket, an unknown key 401 unauthorized");
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const url = option("--url"), apiKey = option("--api-key"), playtime = option("--playtime");
if (!url || !apiKey || !playtime) {
  console.error("usage: playtime-client.mjs --url URL --api-key KEY --playtime PATH [--work DIR] [--ad-secret TEXT] [--player NAME]");
  process.exit(2);
}
const work = option("--work") ?? mkdtempSync(join(tmpdir(), "playtime-node-client-"));
mkdirSync(work, { recursive: true });
const say = (label, text) => console.log(`node client: ${label.padEnd(9)} ${text}`);
try {
  await exchange(new PlaytimeService(url, apiKey), new Device(playtime, work), option("--player") ?? `node-${process.pid}`, option("--ad-secret"), say);
  say("result", "every answer as docs/openapi.json says");
} catch (error) {
  console.error(`node client: FAILED: ${error.message}`);
  process.exit(1);
}
