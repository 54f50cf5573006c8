import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { ALL_PRODUCTS } from "@/lib/catalog/products";
import { exampleBody } from "@/lib/catalog/requests/json-schema";
import { chainServers } from "../helpers/chain-servers";
import { syntheticImage } from "../helpers/images";
import { type OpenApiDocument, openApiValidator } from "../helpers/openapi-validator";
import { payingFetch } from "../helpers/payer";
import { waitFor, waitForJob } from "../helpers/poll";
import type { TestServer } from "../helpers/server";
import { signingFetch } from "../helpers/sign-in";
import { readFrames } from "../helpers/sse";

/**
 * Documented responses we do not reach here, and why. The last test asserts that every other
 * documented path+method+status was reached and matched, so a response added to the document is
 * either exercised or listed here with its reason.
 */
const NOT_REACHED: Record<string, string> = {
  ...Object.fromEntries(
    ALL_PRODUCTS.flatMap((p) => [
      [
        `post ${p.path} 202`,
        "needs a settlement still unconfirmed when the answer is due (a stalled facilitator); the money tests cover it",
      ],
      [
        `post ${p.path} 409`,
        "needs a second request inside the first one's payment window: a race, not reproducible cheaply",
      ],
      [`post ${p.path} 503`, "needs the process at capacity (every generation slot busy)"],
      ...(p.mode === "image"
        ? [[`post ${p.path} 410`, "needs an upload older than its 24 h lifetime"]]
        : []),
    ]),
  ),
  "get /readyz 503": "needs the database or facilitator down under a running server",
};

let lastIp = Math.floor(Math.random() * 200);
/** A fresh client address per request, so the per-address limits only bite where a test asks. */
const ip = () => `198.51.100.${(lastIp++ % 250) + 1}`;

describe("every documented response matches the OpenAPI document (built server, devnet)", () => {
  const suite = chainServers();
  let server: TestServer;
  let imageHost: Server;
  let hostUrl: string;
  let image: Uint8Array<ArrayBuffer>;
  let v: ReturnType<typeof openApiValidator>;
  const call = (path: string, init: RequestInit = {}, from = ip()) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", from);
    return fetch(`${server.url}${path}`, { ...init, headers });
  };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  /** A paid POST from devnet account #index; the stock client answers the 402 itself. */
  const paid = (index: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
    payingFetch(index).fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip(), ...headers },
      body: JSON.stringify(body),
    });
  const signed = (index: number, path: string, init: RequestInit = {}) =>
    signingFetch(index).fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip() },
    });

  before(async () => {
    image = new Uint8Array(await syntheticImage("testsrc2", 800, 600, "png"));
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    imageHost = createServer((req, res) => {
      if (req.url === "/big.png")
        return res.writeHead(200, { "content-type": "image/png" }).end(big);
      if (req.url === "/notes.png")
        return res.writeHead(200, { "content-type": "image/png" }).end("just text");
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => imageHost.listen(0, "127.0.0.1", resolve));
    hostUrl = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
    ({ s: server } = await suite.fresh({
      // A wallet's second job waits while its first generates: long enough to be cancelled.
      LOCAL_RENDER_MIN_LATENCY_MS: "8000",
      LIMIT_ACTIVE_JOBS_PER_WALLET: "1",
      TRUST_PROXY: "true",
      LIMIT_POSTS_PER_MINUTE_PER_IP: "10",
      LIMIT_UPLOADS_PER_MINUTE_PER_IP: "5",
      IMAGE_FETCH_ALLOW_HOSTS: new URL(hostUrl).host,
    }));
    const res = await call("/openapi.json");
    const doc = (await res.clone().json()) as OpenApiDocument;
    v = openApiValidator(doc);
    await v.check("/openapi.json", "get", res);
  });
  after(() => {
    imageHost?.close();
  });

  test("the free documents, health and statistics", { timeout: 60_000 }, async () => {
    for (const path of [
      "/",
      "/llms.txt",
      "/.well-known/did.json",
      "/.well-known/x402",
      "/healthz",
      "/readyz",
      "/status",
    ])
      await v.check(path, "get", await call(path));
  });

  test("uploads: stored, refused, too large, not an image, bad pixels, rate-limited", {
    timeout: 120_000,
  }, async () => {
    const stored = (await v.check(
      "/uploads",
      "post",
      await call("/uploads", {
        method: "POST",
        headers: { "content-type": "image/png" },
        body: image,
      }),
    )) as { id: string };
    assert.match(stored.id, /^upl_/);
    const refusals: [RequestInit, number][] = [
      [{ headers: { "content-type": "text/plain" }, body: "hello" }, 403],
      [
        { headers: { "content-type": "image/jpeg" }, body: new Uint8Array(10 * 1024 * 1024 + 1) },
        413,
      ],
      [{ headers: { "content-type": "image/png" }, body: "not a picture" }, 415],
      [
        {
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: "https://10.0.0.1/x.png" }),
        },
        422,
      ],
    ];
    for (const [init, status] of refusals) {
      const res = await call("/uploads", { method: "POST", ...init });
      assert.equal(res.status, status);
      await v.check("/uploads", "post", res);
    }
    const from = ip();
    let res: Response | undefined;
    for (let i = 0; i < 20; i++) {
      res = await call(
        "/uploads",
        { method: "POST", headers: { "content-type": "image/png" }, body: image },
        from,
      );
      if (res.status === 429) break;
      await res.body?.cancel();
    }
    assert.equal(res?.status, 429, "the upload limit answers 429");
    await v.check("/uploads", "post", res as Response);
  });

  test("every generation path: 402 quote, 403 refusal, 200 paid, 422 key reuse, image refusals, 429", {
    timeout: 300_000,
  }, async () => {
    const upload = (await (
      await call("/uploads", {
        method: "POST",
        headers: { "content-type": "image/png" },
        body: image,
      })
    ).json()) as { id: string };
    for (const p of ALL_PRODUCTS) {
      const body =
        p.mode === "image"
          ? { image: upload.id, prompt: "leaves stir in the wind", duration: 4, resolution: "480p" }
          : p.mode === "fixed"
            ? exampleBody(p)
            : { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };
      const quoted = await postJson(p.path, body);
      assert.equal(quoted.status, 402, p.path);
      await v.check(p.path, "post", quoted);
      const wrongType = await call(p.path, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify(body),
      });
      assert.equal(wrongType.status, 403);
      await v.check(p.path, "post", wrongType);

      const key = `openapi-${p.sku}-${Date.now()}`;
      const ok = await paid(2, p.path, body, { "Idempotency-Key": key });
      assert.equal(ok.status, 200, p.path);
      await v.check(p.path, "post", ok);
      const reused = await paid(
        2,
        p.path,
        { ...body, prompt: "another prompt entirely" },
        {
          "Idempotency-Key": key,
        },
      );
      assert.equal(reused.status, 422, p.path);
      await v.check(p.path, "post", reused);

      if (p.mode !== "image") continue;
      const cases: [unknown, number][] = [
        [exampleBody(p), 404],
        [{ ...body, image: "https://10.0.0.1/x.png" }, 422],
        [{ ...body, image: `${hostUrl}/big.png` }, 413],
        [{ ...body, image: `${hostUrl}/notes.png` }, 415],
      ];
      for (const [refused, status] of cases) {
        const res = await postJson(p.path, refused);
        assert.equal(res.status, status, `${p.path} ${JSON.stringify(refused)}`);
        await v.check(p.path, "post", res);
      }
    }
    // Past the per-address POST allowance, every generation path answers 429.
    const from = ip();
    for (const p of ALL_PRODUCTS) {
      let res: Response | undefined;
      for (let i = 0; i < 15; i++) {
        res = await call(
          p.path,
          { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
          from,
        );
        if (res.status === 429) break;
        await res.body?.cancel();
      }
      assert.equal(res?.status, 429, p.path);
      await v.check(p.path, "post", res as Response);
    }
  });

  test("a job: polled, streamed to its end, then nothing left; unknown ids 404", {
    timeout: 180_000,
  }, async () => {
    const created = (await (
      await paid(4, "/generate/alpha-fast/custom", {
        prompt: "a paper lantern drifting over a lake",
        duration: 4,
        resolution: "480p",
      })
    ).json()) as { job_id: string };
    const id = created.job_id;
    await v.check("/jobs/{id}", "get", await call(`/jobs/${id}`));
    const streamed = await call(`/jobs/${id}/events`);
    assert.equal(streamed.status, 200);
    const frames = await readFrames(streamed.clone().body as ReadableStream);
    await v.check("/jobs/{id}/events", "get", streamed);
    const final = frames.at(-1);
    assert.equal(final?.event, "job");
    v.component("Job", final?.data, "the stream's final job");
    const done = (await waitForJob(server.url, id)) as { status: string };
    assert.equal(done.status, "succeeded");
    const shown = (await v.check("/jobs/{id}", "get", await call(`/jobs/${id}`))) as {
      video_url: string | null;
      poster_url: string | null;
    };
    assert.ok(shown.video_url && shown.poster_url, "a finished job links its video and poster");
    // The check is strict: a field the document does not describe, or one missing, fails it.
    assert.throws(() => v.component("Job", { ...shown, extra: 1 }, "a job with an extra field"));
    const { poster_url: _, ...withoutPoster } = shown;
    assert.throws(() => v.component("Job", withoutPoster, "a job without poster_url"));
    assert.deepEqual(
      Object.keys(final?.data ?? {}).sort(),
      Object.keys(shown).sort(),
      "the stream's final job and GET show the same fields",
    );

    const seen = await call(`/jobs/${id}/events`, {
      headers: { "last-event-id": String(final?.id) },
    });
    assert.equal(seen.status, 204);
    await v.check("/jobs/{id}/events", "get", seen);
    const foreign = await call(`/jobs/${id}/events`, { headers: { "last-event-id": "abc" } });
    assert.equal(foreign.status, 403);
    await v.check("/jobs/{id}/events", "get", foreign);
    const unknown = crypto.randomUUID();
    for (const path of [`/jobs/${unknown}`, `/jobs/${unknown}/events`]) {
      const res = await call(path);
      assert.equal(res.status, 404);
      await v.check(path.endsWith("/events") ? "/jobs/{id}/events" : "/jobs/{id}", "get", res);
    }
  });

  test("cancel and history: 200 signed by the payer, 401 unsigned, 403 another wallet, 404, 409", {
    timeout: 180_000,
  }, async () => {
    const body = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };
    const first = (await (await paid(5, "/generate/alpha-fast/custom", body)).json()) as {
      job_id: string;
    };
    await waitFor("the first job generating", async () => {
      const job = (await (await call(`/jobs/${first.job_id}`)).json()) as { status: string };
      return job.status === "generating";
    });
    const second = (await (await paid(5, "/generate/alpha-fast/custom", body)).json()) as {
      job_id: string;
    };
    const del = { method: "DELETE" };
    const unsigned = await call(`/jobs/${second.job_id}`, del);
    assert.equal(unsigned.status, 401);
    await v.check("/jobs/{id}", "delete", unsigned);
    const stranger = await signed(6, `/jobs/${second.job_id}`, del);
    assert.equal(stranger.status, 403);
    await v.check("/jobs/{id}", "delete", stranger);
    const cancelled = await signed(5, `/jobs/${second.job_id}`, del);
    assert.equal(cancelled.status, 200);
    const job = (await v.check("/jobs/{id}", "delete", cancelled)) as { status: string };
    assert.equal(job.status, "cancelled");
    const late = await signed(5, `/jobs/${first.job_id}`, del);
    assert.equal(late.status, 409);
    await v.check("/jobs/{id}", "delete", late);
    const unknown = await signed(5, `/jobs/${crypto.randomUUID()}`, del);
    assert.equal(unknown.status, 404);
    await v.check("/jobs/{id}", "delete", unknown);

    const owner = signingFetch(5).account.address;
    const list = `/jobs?payer=${owner}&limit=1`;
    const page = (await v.check("/jobs", "get", await signed(5, list))) as {
      jobs: unknown[];
      next_cursor: string | null;
    };
    assert.equal(page.jobs.length, 1);
    assert.ok(page.next_cursor, "two jobs, one per page");
    await v.check("/jobs", "get", await signed(5, `${list}&cursor=${page.next_cursor}`));
    const anonymous = await call(list);
    assert.equal(anonymous.status, 401);
    await v.check("/jobs", "get", anonymous);
    const other = await signed(6, list);
    assert.equal(other.status, 403);
    await v.check("/jobs", "get", other);
  });

  test("every documented response was reached, or is listed with its reason", () => {
    const missing = v.documented().filter((key) => !v.reached.has(key) && !(key in NOT_REACHED));
    assert.deepEqual(missing, [], "documented responses neither reached nor explained");
    const stale = Object.keys(NOT_REACHED).filter((key) => !v.documented().includes(key));
    assert.deepEqual(stale, [], "listed as unreachable but no longer documented");
  });
});
