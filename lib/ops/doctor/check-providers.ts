import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { type CheckResult, fail, ok, reason } from "@/lib/ops/doctor/check-result";
import type { Env } from "@/lib/platform";

type Probe = {
  url: string;
  headers: Record<string, string>;
  accepted: (status: number) => boolean;
};

/** Each configured upstream accepts our credentials, asked with a read that creates no work and costs nothing. */
export async function checkProviders(env: Env): Promise<CheckResult[]> {
  return Promise.all(
    env.providers.order.map((name) =>
      name === "local"
        ? checkLocal()
        : checkHttp(`provider ${name}`, probeFor(env, name), env.providers.requestTimeoutMs),
    ),
  );
}

function probeFor(env: Env, name: "ark" | "fal" | "replicate"): Probe {
  if (name === "replicate") {
    const { baseUrl, apiKey } = env.providers.replicate;
    // The token's own account (GET /v1/account): it authenticates and runs nothing.
    return {
      url: `${baseUrl.replace(/\/+$/, "")}/v1/account`,
      headers: { authorization: `Bearer ${apiKey}` },
      accepted: (s) => s === 200,
    };
  }
  if (name === "ark") {
    const { baseUrl, apiKey } = env.providers.ark;
    // Listing one task reads the account's tasks: it authenticates and submits nothing.
    return {
      url: `${baseUrl.replace(/\/+$/, "")}/api/v3/contents/generations/tasks?page_num=1&page_size=1`,
      headers: { authorization: `Bearer ${apiKey}` },
      accepted: (s) => s === 200,
    };
  }
  const { queueBaseUrl, apiKey, endpoints } = env.providers.fal;
  // The status of a request that does not exist: 401/403 when the key is refused; past the key check
  // the queue answers about the unknown request (404, or 405/422 on some routes), which means accepted.
  const url = `${queueBaseUrl.replace(/\/+$/, "")}/${endpoints["alpha-2.0"]}/requests/${randomUUID()}/status`;
  return { url, headers: { authorization: `Key ${apiKey}` }, accepted: (s) => s < 500 };
}

async function checkHttp(name: string, probe: Probe, timeoutMs: number): Promise<CheckResult> {
  const host = new URL(probe.url).host;
  try {
    const res = await fetch(probe.url, {
      headers: probe.headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.status === 401 || res.status === 403)
      return fail(name, `${host}: credentials rejected (${res.status})`);
    if (!probe.accepted(res.status)) return fail(name, `${host}: unexpected answer ${res.status}`);
    return ok(name, `${host}: credentials accepted`);
  } catch (error) {
    return fail(name, `${host} unreachable: ${reason(error)}`);
  }
}

async function checkLocal(): Promise<CheckResult> {
  try {
    const { stdout } = await promisify(execFile)(
      ffmpegInstaller.path,
      ["-hide_banner", "-version"],
      { timeout: 10_000 },
    );
    return ok("provider local", stdout.split("\n")[0] ?? "ffmpeg runs");
  } catch (error) {
    return fail("provider local", `ffmpeg does not run: ${reason(error)}`);
  }
}
