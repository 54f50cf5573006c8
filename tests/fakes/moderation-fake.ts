import { type FakeServer, json, startFakeServer } from "./fake-server";

export type ModerationMode = "answer" | "error" | "hang";
export type FakeModeration = FakeServer & { mode: ModerationMode; inputs: () => string[] };

/** Words the fake flags, and as which of OpenAI's moderation categories. */
const FLAGS: Record<string, string[]> = {
  boudoir: ["sexual"],
  duel: ["violence"],
};

/**
 * OpenAI's moderation API as far as we use it: POST { model, input } with a bearer key, answered
 * with { results: [{ flagged, categories }] }. A wrong key gets 401 and a malformed body 400, so a
 * client that speaks the format wrongly fails the tests instead of failing open unnoticed.
 */
export async function startFakeModeration(apiKey: string): Promise<FakeModeration> {
  let fake: FakeModeration | undefined;
  const server = await startFakeServer((req, res) => {
    if (fake?.mode === "hang") return false;
    if (fake?.mode === "error") return json(res, 500, { error: { message: "internal" } });
    if (req.method !== "POST" || req.headers.authorization !== `Bearer ${apiKey}`)
      return json(res, 401, { error: { message: "bad key" } });
    const body = req.body as { model?: unknown; input?: unknown } | null;
    if (body?.model !== "omni-moderation-latest" || typeof body.input !== "string")
      return json(res, 400, { error: { message: "bad body" } });
    const input = body.input.toLowerCase();
    const hits = Object.entries(FLAGS).flatMap(([word, categories]) =>
      input.includes(word) ? categories : [],
    );
    const categories = Object.fromEntries(
      [
        "sexual",
        "sexual/minors",
        "violence",
        "violence/graphic",
        "harassment",
        "hate",
        "self-harm",
      ].map((c) => [c, hits.includes(c)]),
    );
    return json(res, 200, {
      id: "modr-fake",
      model: "omni-moderation-latest",
      results: [{ flagged: hits.length > 0, categories }],
    });
  });
  fake = Object.assign(server, {
    mode: "answer" as ModerationMode,
    inputs: () => server.requests.map((r) => (r.body as { input?: string } | null)?.input ?? ""),
  });
  return fake;
}
