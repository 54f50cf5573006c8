import assert from "node:assert/strict";
import { test } from "node:test";
import { etaText } from "@/components/job-progress";
import type { Refusal } from "@/components/pay-for-clip";
import { refusalTitle } from "@/components/refusal-title";
import { cliSnippet, curlQuoteSnippet, typescriptSnippet } from "@/components/request-snippets";
import { WalletTimeout, withWalletTimeout } from "@/components/wallet-timeout";

const refusal = (detail: string, code = "content_policy"): Refusal => ({
  kind: "refused",
  status: 403,
  code,
  title: "Prompt rejected by the content policy",
  detail,
});

test("a refusal names what was refused: the prompt, or the picture", () => {
  assert.equal(
    refusalTitle(refusal("Prompts may not describe minors."), "quote"),
    "Prompt refused by the content policy",
  );
  assert.equal(
    refusalTitle(refusal("image: the picture shows a real person."), "quote"),
    "Image refused by the content policy",
  );
  assert.equal(
    refusalTitle(refusal("last_image: graphic violence."), "quote"),
    "Image refused by the content policy",
  );
  // An upload is a picture whatever its detail says.
  assert.equal(
    refusalTitle(refusal("Explicit content."), "upload"),
    "Image refused by the content policy",
  );
  assert.equal(
    refusalTitle({ ...refusal("slow down", "rate_limited"), title: "Too many requests" }, "quote"),
    "Too many requests",
  );
});

test("the ETA counts down from when it arrived and turns into an overdue notice, never 'about 0 s'", () => {
  const progress = {
    phase: "generating" as const,
    queue_position: null,
    eta_seconds: 60,
    history: [],
  };
  const at = 1_000_000;
  assert.deepEqual(etaText(progress, at, at), { text: "ready in about 1 min", overdue: false });
  assert.deepEqual(etaText(progress, at, at + 45_000), {
    text: "ready in about 15 s",
    overdue: false,
  });
  assert.equal(etaText(progress, at, at + 60_000)?.overdue, true);
  assert.equal(etaText(progress, at, at + 85_000)?.text, "25 s over its estimate, still working");
  // The service itself says 0 for a job past its typical time: that is overdue, not "0 s".
  assert.equal(etaText({ ...progress, eta_seconds: 0 }, at, at)?.overdue, true);
  assert.equal(etaText({ ...progress, eta_seconds: null }, at, at), null);
  assert.equal(etaText({ ...progress, phase: "done" }, at, at), null);
});

test("Request as code is a recipe: the CLI command and snippets carry the body, never a payment", () => {
  const recipe = {
    path: "/generate/alpha-fast/custom",
    body: {
      prompt: "It's a kite",
      duration: 4,
      resolution: "480p",
      ratio: "16:9",
      generate_audio: true,
      camera_fixed: false,
      seed: 7,
    },
  };
  const cli = cliSnippet("https://reel.example", recipe, "0.325");
  assert.equal(
    cli,
    [
      "reel402 generate 'It'\\''s a kite'",
      "--url 'https://reel.example'",
      "--model alpha-fast",
      "--duration 4",
      "--resolution 480p",
      "--seed 7",
      "--audio",
      "--ratio '16:9'",
      "--max-price 0.33",
    ].join(" \\\n  "),
  );
  const fixed = cliSnippet(
    "https://reel.example",
    { path: "/generate/alpha/5s-720p", body: { prompt: "x", ratio: "1:1" } },
    "0.96",
  );
  assert.ok(fixed?.includes("--model alpha") && !fixed.includes("--duration"));
  // The CLI makes no image clips: the page offers the free quote by curl instead.
  assert.equal(
    cliSnippet("https://reel.example", { path: "/generate/alpha/i2v", body: {} }, "1"),
    null,
  );
  const all = [
    cli,
    curlQuoteSnippet("https://reel.example", recipe),
    typescriptSnippet("https://reel.example", recipe, "eip155:31337"),
  ].join("\n");
  assert.doesNotMatch(all, /payment-signature/i);
  assert.match(typescriptSnippet("https://reel.example", recipe, "eip155:31337"), /"seed": 7/);
});

test("a wallet that never answers becomes a message after the timeout", async () => {
  const never = new Promise<string>(() => {});
  await assert.rejects(withWalletTimeout(never, 20), (e: unknown) => {
    assert.ok(e instanceof WalletTimeout);
    assert.match(e.message, /did not answer within 0 s.*Nothing was charged/);
    return true;
  });
  assert.equal(await withWalletTimeout(Promise.resolve("signed"), 1000), "signed");
});
