import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from "@x402/extensions/sign-in-with-x";
import { ROUTES } from "@/lib/http/api/unrouted";
import { devnetAccount } from "@/lib/devnet/accounts";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { payForJob } from "../helpers/pay";
import { waitFor } from "../helpers/poll";
import { type RawAnswer, rawRequest } from "../helpers/raw-request";
import { startServer, type TestServer } from "../helpers/server";
import { signingFetch } from "../helpers/sign-in";

/** A request with exactly the Host and X-Forwarded-* a hostile client chooses (fetch would fix Host). */
function spoofed(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  stopWhen?: (text: string) => boolean,
): Promise<RawAnswer> {
  return rawRequest(base, path, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    chunks: body ? [body] : [],
    ...(stopWhen ? { stopWhen } : {}),
  });
}

/** Raw bytes on a socket, for header values no HTTP client library would send (non-ASCII, empty). */
function rawStatus(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(Buffer.from(`${head}Connection: close\r\nContent-Length: 0\r\n\r\n`, "latin1")),
    );
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      text += d;
    });
    socket.on("end", () => resolve({ status: Number(text.split(" ")[1]), text }));
    socket.on("error", reject);
  });
}

const EVIL = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};
const BODY = { prompt: "a paper boat on a pond", duration: 4, resolution: "480p" };

/**
 * Two instances on one database behind one public origin (as behind a balancer): links, did:web
 * and wallet proofs name that origin whatever Host or X-Forwarded-* a client sends, and a proof
 * is good once across both instances.
 */
describe("identity and links are bound to the configured origin", () => {
  let chain: TestChain;
  let db: { url: string; drop: () => Promise<void> };
  let a: TestServer;
  let b: TestServer;
  let origin: string;
  before(async () => {
    chain = await startTestChain();
    db = await createTestDatabase();
    const env = {
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      POLL_INTERVAL_MS: "150",
      // X-Forwarded-* would be believed if anything still read them.
      TRUST_PROXY: "true",
      // Instances behind one origin share their secrets, as in production.
      VIDEO_URL_SECRET: "origin-binding-video-secret-0123456789abcdef",
      AUDIT_CHAIN_SECRET: "origin-binding-audit-secret-0123456789abcdef",
      RECEIPT_SIGNING_SECRET: "origin-binding-receipt-secret-0123456789abcd",
    };
    // The first instance has no PUBLIC_BASE_URL: its origin is its listen address (the devnet
    // default, where Host used to win). The second is told the first's origin, as a balancer's.
    a = await startServer(env);
    origin = a.url;
    // One data folder, as one shared volume: the local renderer's tasks are files there.
    b = await startServer({ ...env, PUBLIC_BASE_URL: origin }, { dataDir: a.dataDir });
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
    await chain?.stop();
  });

  test("a malformed Host or X-Forwarded-* is a 400 problem on every route, never a 5xx", {
    timeout: 120_000,
  }, async () => {
    const port = Number(new URL(a.url).port);
    const malformed = [
      "Host: a:99999\r\n",
      "Host: [::1\r\n",
      "Host: \r\n",
      "Host: a b\r\n",
      "Host: host/path\r\n",
      "Host: h\u00e9.example\r\n",
      "Host: 127.0.0.1:30x0\r\n",
      "Host: 127.0.0.1\r\nX-Forwarded-Proto: ht tp\r\n",
      "Host: 127.0.0.1\r\nX-Forwarded-Proto: https://\r\n",
      "Host: 127.0.0.1\r\nX-Forwarded-Proto: \r\n",
      "Host: 127.0.0.1\r\nX-Forwarded-Host: a b\r\n",
      "Host: 127.0.0.1\r\nX-Forwarded-Host: evil.example/x\r\n",
    ];
    const wellFormed = [
      "Host: evil.example\r\n",
      "Host: EVIL.example:8080\r\n",
      "Host: [::1]:3000\r\n",
    ];
    const paths = ROUTES.map(({ pattern, methods }) => ({
      methods: methods.includes("GET") ? [...methods, "HEAD"] : methods,
      path: pattern
        .replace(":id", "6f1c1d4e-8a0b-4d55-9a57-3c9e2b1f0a11")
        .replace(":model", "alpha-fast")
        .replace(":product", "5s-720p")
        .replace(":key", "nothing"),
    }));
    let tried = 0;
    for (const { methods, path } of paths)
      for (const method of methods) {
        for (const head of malformed) {
          const { status, text } = await rawStatus(port, `${method} ${path} HTTP/1.1\r\n${head}`);
          tried++;
          assert.equal(status, 400, `${method} ${path} ${JSON.stringify(head)} → ${status}`);
          if (method !== "HEAD") {
            assert.match(text, /content-type: application\/problem\+json/i);
            assert.match(text, /"code":"invalid_host"/);
          }
        }
        for (const head of wellFormed) {
          const { status } = await rawStatus(port, `${method} ${path} HTTP/1.1\r\n${head}`);
          tried++;
          assert.ok(status < 500 && status !== 400, `${method} ${path} ${head.trim()} → ${status}`);
        }
      }
    assert.ok(tried > 300, `tried ${tried}`);
    assert.doesNotMatch(a.output(), /ERR_INVALID_URL|unhandled error/);
  });

  test("discovery documents name the configured origin whatever Host is sent, so one cached copy serves all", async () => {
    for (const path of ["/llms.txt", "/openapi.json", "/.well-known/did.json"]) {
      const honest = await spoofed(a.url, "GET", path, {});
      const evil = await spoofed(a.url, "GET", path, EVIL);
      const other = await spoofed(b.url, "GET", path, { host: "b.internal:1234" });
      assert.equal(evil.status, 200, path);
      assert.doesNotMatch(evil.body, /evil\.example|https:\/\/127|b\.internal/, path);
      assert.equal(evil.body, honest.body, `${path} does not vary by Host`);
      assert.equal(other.body, honest.body, `${path} is the same on every instance`);
      assert.ok(
        evil.body.includes(path === "/.well-known/did.json" ? didOf(origin) : origin),
        path,
      );
      assert.match(String(evil.headers["cache-control"]), /public/);
    }
  });

  test("the 402's resource and signed offers, the job, its links, receipt and events name the configured origin", {
    timeout: 180_000,
  }, async () => {
    const quote = await spoofed(
      a.url,
      "POST",
      "/generate/alpha-fast/custom",
      EVIL,
      JSON.stringify(BODY),
    );
    assert.equal(quote.status, 402);
    const required = decodePaymentRequiredHeader(String(quote.headers["payment-required"]));
    assert.equal(required.resource.url, `${origin}/generate/alpha-fast/custom`);
    const offers = JSON.stringify(required.extensions?.["offer-receipt"]);
    assert.doesNotMatch(`${offers}${quote.body}`, /evil\.example|https:\/\/127/);
    const kids = [...JSON.stringify(required.extensions).matchAll(/eyJ[\w-]+/g)].map((m) =>
      Buffer.from(m[0], "base64url").toString(),
    );
    assert.ok(
      kids.some((h) => h.includes(didOf(origin))),
      "offers are signed by the origin's did:web",
    );

    const paid = await payForJob(a.url, 7, "/generate/alpha-fast/custom", BODY);
    const events = spoofed(b.url, "GET", `/jobs/${paid.job_id}/events`, EVIL, undefined, (t) =>
      /"status":"succeeded"/.test(t),
    );
    let last = "";
    await waitFor(
      "the job succeeded",
      async () => {
        last = (await spoofed(a.url, "GET", `/jobs/${paid.job_id}`, EVIL)).body;
        return (JSON.parse(last) as { status: string }).status === "succeeded";
      },
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${last}\n${a.output().slice(-3000)}`);
    });
    for (const server of [a, b]) {
      const job = await spoofed(server.url, "GET", `/jobs/${paid.job_id}`, EVIL);
      const body = JSON.parse(job.body) as {
        video_url: string;
        poster_url: string;
        receipt: { signature: string };
      };
      assert.ok(body.video_url.startsWith(`${origin}/videos/`), body.video_url);
      assert.ok(body.poster_url.startsWith(`${origin}/videos/`), body.poster_url);
      assert.doesNotMatch(job.body, /evil\.example|https:\/\/127/);
      const header = Buffer.from(
        body.receipt.signature.split(".")[0] ?? "",
        "base64url",
      ).toString();
      assert.ok(header.includes(didOf(origin)), header);
    }
    const stream = await events;
    assert.equal(stream.status, 200);
    assert.match(stream.body, new RegExp(`"video_url":"${origin}/videos/`));
    assert.doesNotMatch(stream.body, /evil\.example|https:\/\/127/);
  });

  describe("wallet proofs", () => {
    const owner = signingFetch(8);
    const list = (server: TestServer, headers: Record<string, string> = {}) =>
      spoofed(server.url, "GET", `/jobs?payer=${owner.account.address.toLowerCase()}`, headers);

    /** A challenge from the service, then a proof over (possibly changed) fields of it. */
    async function proofFrom(
      server: TestServer,
      edit: (info: SIWxExtension["info"]) => SIWxExtension["info"] = (i) => i,
      path = `/jobs?payer=${owner.account.address.toLowerCase()}`,
      method = "GET",
    ) {
      const asked = await spoofed(server.url, method, path, {});
      assert.equal(asked.status, 401);
      const challenge = (JSON.parse(asked.body) as { extensions: Record<string, SIWxExtension> })
        .extensions[SIGN_IN_WITH_X];
      const chain = challenge?.supportedChains[0];
      assert.ok(challenge && chain);
      const info = edit(challenge.info);
      const payload = await createSIWxPayload(
        { ...info, chainId: chain.chainId, type: chain.type },
        devnetAccount(8),
        `${new URL(info.uri).origin}${path}`,
      );
      return encodeSIWxHeader(payload);
    }

    test("the studio/CLI flow lists a wallet's jobs; a proof used once is refused on every instance", {
      timeout: 120_000,
    }, async () => {
      const job = await payForJob(a.url, 8, "/generate/alpha-fast/custom", BODY);
      const res = await owner.fetch(`${a.url}/jobs?payer=${owner.account.address}`);
      assert.equal(res.status, 200);
      const listed = (await res.json()) as { jobs: { job_id: string }[] };
      assert.deepEqual(
        listed.jobs.map((j) => j.job_id),
        [job.job_id],
      );

      const proof = await proofFrom(a);
      assert.equal((await list(b, { [SIGN_IN_WITH_X]: proof })).status, 200);
      for (const server of [b, a]) {
        const replay = await list(server, { [SIGN_IN_WITH_X]: proof });
        assert.equal(replay.status, 401, "a replayed proof is refused");
        const body = JSON.parse(replay.body) as {
          code: string;
          extensions: Record<string, SIWxExtension>;
        };
        assert.equal(body.code, "signature_invalid");
        assert.ok(body.extensions[SIGN_IN_WITH_X]?.info.nonce, "with a fresh challenge");
      }
    });

    test("a proof signed for another domain, sent with that Host, neither lists nor cancels", {
      timeout: 120_000,
    }, async () => {
      const job = await payForJob(a.url, 8, "/generate/alpha-fast/custom", BODY);
      // The phishing page relays our real challenge (a live nonce) but for its own domain.
      const phish = (info: SIWxExtension["info"]) => ({
        ...info,
        domain: "evil.example",
        uri: info.uri.replace(origin, "http://evil.example"),
      });
      const listing = await proofFrom(a, phish);
      const listed = await list(a, {
        ...EVIL,
        "x-forwarded-proto": "http",
        [SIGN_IN_WITH_X]: listing,
      });
      assert.equal(listed.status, 401);
      assert.doesNotMatch(listed.body, new RegExp(job.job_id));
      const cancelling = await proofFrom(a, phish, `/jobs/${job.job_id}`, "DELETE");
      const cancel = await spoofed(a.url, "DELETE", `/jobs/${job.job_id}`, {
        ...EVIL,
        "x-forwarded-proto": "http",
        [SIGN_IN_WITH_X]: cancelling,
      });
      assert.equal(cancel.status, 401);
      const after = JSON.parse((await spoofed(a.url, "GET", `/jobs/${job.job_id}`, {})).body) as {
        status: string;
      };
      assert.notEqual(after.status, "cancelled");
    });

    test("a self-made nonce or another statement is refused", async () => {
      const madeUp = await proofFrom(b, (i) => ({ ...i, nonce: "0123456789abcdef0123456789" }));
      assert.equal((await list(b, { [SIGN_IN_WITH_X]: madeUp })).status, 401);
      const statement = await proofFrom(b, (i) => ({ ...i, statement: "Sign in to Reel402" }));
      assert.equal((await list(b, { [SIGN_IN_WITH_X]: statement })).status, 401);
      // The untouched challenge still works: the refusals were about the changes alone.
      assert.equal((await list(b, { [SIGN_IN_WITH_X]: await proofFrom(b) })).status, 200);
    });
  });
});

function didOf(base: string): string {
  return `did:web:${encodeURIComponent(new URL(base).host)}`;
}
