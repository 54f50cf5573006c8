import { readFileSync } from "node:fs";
import sharp from "sharp";

/** Images that tried to slip a face past the screening, and plain ones to load it with. */

const portrait = () => readFileSync("tests/fixtures/images/face-photo-portrait-1.jpg");

/** A face (~60 px) in a 4096x300 strip: one 512 px shrink leaves it ~8 px, the renderer draws it up to 7x larger. */
export async function facePanorama(): Promise<Buffer> {
  const face = await sharp(portrait()).resize({ height: 96 }).toBuffer();
  return sharp({ create: { width: 4096, height: 300, channels: 3, background: "#6a8caf" } })
    .composite([{ input: face, left: 2900, top: 110 }])
    .png()
    .toBuffer();
}

/** A face photo at alpha 1/255: white when flattened, the whole face to anything that drops alpha. */
export async function ghostFace(): Promise<Buffer> {
  const { data, info } = await sharp(portrait())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 3; i < data.length; i += 4) data[i] = 1;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** `count` different 640x480 pictures without people (so no verdict cache answers for another). */
export async function distinctLandscapes(count: number, seed = Date.now()): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const hue = (seed + i * 37) % 360;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
        <rect width="640" height="480" fill="hsl(${hue},45%,70%)"/>
        <polygon points="0,480 ${120 + (i % 7) * 40},${180 + (i % 5) * 20} 640,480" fill="hsl(${(hue + 120) % 360},30%,35%)"/>
        <circle cx="${80 + i * 17}" cy="90" r="40" fill="#fff3b0"/></svg>`;
      return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    }),
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

/** Probes GET /healthz every `everyMs` until stopped; returns the sorted latencies (a failed probe counts as Infinity). */
export function probeHealth(baseUrl: string, everyMs = 50): () => Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      // A probe that times out (while its body is read, too) counts as failed, never as a throw.
      const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        })
        .catch(() => false);
      latencies.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies.sort((a, b) => a - b);
  };
}
