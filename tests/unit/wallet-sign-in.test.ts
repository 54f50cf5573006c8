import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxPayload,
} from "@x402/extensions/sign-in-with-x";
import { walletProofResponse } from "@/lib/http/api/wallet-proof-response";
import type { Db } from "@/lib/platform/db/client";
import { devnetAccount } from "@/lib/devnet/accounts";
import { issueNonce, NONCE_TTL_MS, openNonce } from "@/lib/money/wallet-auth/nonce";
import { provenWallet, signInChallenge } from "@/lib/money/wallet-auth/sign-in";
import { openTestDatabase } from "../helpers/database";
import { tempDb } from "../helpers/jobs";

// The devnet defaults: no PUBLIC_BASE_URL, so the origin is the listen address, 127.0.0.1:3000.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "reel402-sign-in-"));
const ORIGIN = "http://127.0.0.1:3000";
const PATH = "/jobs/6f1c1d4e-8a0b-4d55-9a57-3c9e2b1f0a11";
const URL_ = `${ORIGIN}${PATH}`;
const account = devnetAccount(2);

type Info = SIWxExtension["info"];

/** A proof as a client makes it: take the challenge, sign it. `edit` changes what is signed; `forge` what is sent. */
async function proof(
  opts: {
    url?: string;
    challenge?: SIWxExtension;
    edit?: (info: Info) => Info;
    forge?: (p: SIWxPayload) => SIWxPayload;
    signedAt?: string;
  } = {},
) {
  const url = opts.url ?? URL_;
  const challenge = opts.challenge ?? signInChallenge(new Request(url));
  const chain = challenge.supportedChains[0];
  assert.ok(chain);
  const info = (opts.edit ?? ((i) => i))(challenge.info);
  const payload = await createSIWxPayload(
    { ...info, chainId: chain.chainId, type: chain.type },
    account,
    opts.signedAt ?? url,
  );
  return encodeSIWxHeader((opts.forge ?? ((p) => p))(payload));
}

const signed = (header: string | null, url = URL_, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: "DELETE",
    headers: { ...headers, ...(header ? { [SIGN_IN_WITH_X]: header } : {}) },
  });

for (const driver of ["pglite", "postgres"] as const) {
  describe(`wallet sign-in on ${driver}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    before(async () => {
      const opened = driver === "pglite" ? await tempDb() : await openTestDatabase();
      db = opened.db;
      close = opened.close;
    });
    after(() => close());

    const ask = (header: string | null, url = URL_, headers: Record<string, string> = {}) =>
      provenWallet(db, signed(header, url, headers));

    async function refusal(
      header: string | null,
      url = URL_,
      headers: Record<string, string> = {},
    ) {
      const result = await ask(header, url, headers);
      assert.equal(result.ok, false, "refused");
      if (result.ok) throw new Error("unreachable");
      const response = walletProofResponse(signed(header, url), result);
      const body = (await response.json()) as {
        code: string;
        detail: string;
        extensions: Record<string, SIWxExtension>;
      };
      assert.equal(response.status, 401);
      const fresh = body.extensions[SIGN_IN_WITH_X];
      assert.ok(fresh, "every refusal carries a fresh challenge");
      assert.equal(fresh.info.uri, `${ORIGIN}${new URL(url).pathname}`);
      return { code: body.code, detail: body.detail, challenge: fresh };
    }

    test("a fresh proof names the signing wallet once; the same proof again is refused with a new challenge", async () => {
      const header = await proof();
      assert.deepEqual(await ask(header), { ok: true, address: account.address.toLowerCase() });
      const replay = await refusal(header);
      assert.equal(replay.code, "signature_invalid");
      assert.match(replay.detail, /used already/);
      const used = JSON.parse(Buffer.from(header, "base64").toString()) as SIWxPayload;
      assert.notEqual(replay.challenge.info.nonce, used.nonce);
      // The fresh challenge works.
      const again = await ask(await proof({ challenge: replay.challenge }));
      assert.equal(again.ok, true);
    });

    test("one proof sent many times at once is accepted exactly once", async () => {
      const header = await proof();
      const results = await Promise.all(Array.from({ length: 8 }, () => ask(header)));
      assert.equal(results.filter((r) => r.ok).length, 1);
    });

    test("the challenge names the configured origin whatever Host or X-Forwarded-* the request carries", async () => {
      const spoofed = new Request(`http://evil.example${PATH}`, {
        headers: {
          host: "evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
        },
      });
      const { info } = signInChallenge(spoofed);
      assert.equal(info.domain, "127.0.0.1:3000");
      assert.equal(info.uri, URL_);
    });

    test("a proof signed for another site, sent with that site's Host, is refused", async () => {
      const challenge = signInChallenge(new Request(URL_));
      const phished = await proof({
        url: `http://evil.example${PATH}`,
        edit: (i) => ({ ...i, domain: "evil.example", uri: `http://evil.example${PATH}` }),
      });
      const spoofedHost = {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "http",
      };
      assert.equal(
        (await refusal(phished, `http://evil.example${PATH}`, spoofedHost)).code,
        "signature_invalid",
      );
      assert.equal((await refusal(phished)).code, "signature_invalid");
      // Our domain but another scheme in the uri (https://127.0.0.1:3000/...): refused too.
      const otherScheme = await proof({
        challenge,
        url: `https://127.0.0.1:3000${PATH}`,
        edit: (i) => ({ ...i, uri: `https://127.0.0.1:3000${PATH}` }),
      });
      assert.equal((await refusal(otherScheme)).code, "signature_invalid");
    });

    test("a made-up nonce, another path's nonce, an expired one or moved times are refused", async () => {
      const madeUp = await proof({
        edit: (i) => ({ ...i, nonce: randomBytes(38).toString("hex") }),
      });
      assert.match((await refusal(madeUp)).detail, /nonce/);
      const selfMade = await proof({ edit: (i) => ({ ...i, nonce: "abcdef0123456789" }) });
      assert.match((await refusal(selfMade)).detail, /nonce/);
      const elsewhere = signInChallenge(
        new Request(`${ORIGIN}/jobs/00000000-0000-4000-8000-000000000000`),
      );
      const otherPathNonce = await proof({
        edit: (i) => ({ ...i, nonce: elsewhere.info.nonce }),
      });
      assert.match((await refusal(otherPathNonce)).detail, /nonce/);
      const old = signInChallenge(new Request(URL_), new Date(Date.now() - NONCE_TTL_MS - 1000));
      assert.match((await refusal(await proof({ challenge: old }))).detail, /nonce/);
      const later = await proof({
        edit: (i) => ({ ...i, issuedAt: new Date(Date.now() + 1000).toISOString() }),
      });
      assert.equal((await refusal(later)).code, "signature_invalid");
      const longer = await proof({
        edit: (i) => ({ ...i, expirationTime: new Date(Date.now() + 3_600_000).toISOString() }),
      });
      assert.equal((await refusal(longer)).code, "signature_invalid");
    });

    test("another statement, extra fields, a forged signature, another path or garbage are refused", async () => {
      assert.equal((await refusal(null)).code, "signature_required");
      assert.equal((await refusal("not base64 json")).code, "signature_invalid");
      const statement = await proof({ edit: (i) => ({ ...i, statement: "Log me in" }) });
      assert.match((await refusal(statement)).detail, /statement/);
      const noStatement = await proof({ edit: (i) => ({ ...i, statement: undefined }) });
      assert.match((await refusal(noStatement)).detail, /statement/);
      const resources = await proof({ edit: (i) => ({ ...i, resources: [`${ORIGIN}/jobs`] }) });
      assert.equal((await refusal(resources)).code, "signature_invalid");
      const forged = await proof({ forge: (p) => ({ ...p, address: devnetAccount(3).address }) });
      assert.equal((await refusal(forged)).code, "signature_invalid");
      const otherPath = await proof({
        url: `${ORIGIN}/jobs/00000000-0000-4000-8000-000000000000`,
      });
      assert.equal((await refusal(otherPath)).code, "signature_invalid");
      const badDomain = await proof({ forge: (p) => ({ ...p, version: "2", resources: ["::"] }) });
      assert.equal((await refusal(badDomain)).code, "signature_invalid");
    });
  });
}

test("nonces open only with their path and secret, and only while live", () => {
  const secret = "s".repeat(40);
  const now = new Date("2026-11-26T12:00:00.000Z");
  const issued = issueNonce(secret, "/jobs", now);
  assert.match(issued.nonce, /^[0-9a-f]{76}$/);
  assert.deepEqual(openNonce(secret, issued.nonce, "/jobs", now), issued);
  assert.equal(openNonce(secret, issued.nonce, "/jobs/x", now), null);
  assert.equal(openNonce("t".repeat(40), issued.nonce, "/jobs", now), null);
  assert.equal(openNonce(secret, issued.nonce, "/jobs", new Date(+now + NONCE_TTL_MS)), null);
  assert.equal(openNonce(secret, issued.nonce, "/jobs", new Date(+now - 60_000)), null);
  assert.equal(openNonce(secret, issued.nonce.toUpperCase(), "/jobs", now), null);
  const flipped = issued.nonce.slice(0, -1) + (issued.nonce.endsWith("0") ? "1" : "0");
  assert.equal(openNonce(secret, flipped, "/jobs", now), null);
});
