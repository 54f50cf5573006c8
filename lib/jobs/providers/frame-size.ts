import type { Ratio, Resolution } from "@/lib/catalog";

const SHORT_SIDE: Record<Resolution, number> = { "480p": 480, "720p": 720, "1080p": 1080 };
const RATIO: Record<Exclude<Ratio, "adaptive">, [number, number]> = {
  "16:9": [16, 9],
  "4:3": [4, 3],
  "1:1": [1, 1],
  "3:4": [3, 4],
  "9:16": [9, 16],
  "21:9": [21, 9],
};

const even = (n: number) => Math.round(n / 2) * 2;

/** Frame size for a resolution and ratio: the resolution names the short side; adaptive is 16:9. */
export function frameSize(resolution: Resolution, ratio: Ratio): { width: number; height: number } {
  const [w, h] = RATIO[ratio === "adaptive" ? "16:9" : ratio];
  const short = SHORT_SIDE[resolution];
  return w >= h
    ? { width: even((short * w) / h), height: short }
    : { width: short, height: even((short * h) / w) };
}

type FixedRatio = Exclude<Ratio, "adaptive">;

/** The supported ratio closest to a picture's shape (compared on a log scale, so 2:1 and 1:2 are equally far from 1:1). */
export function nearestRatio(width: number, height: number): FixedRatio {
  const target = Math.log(width / height);
  let best: FixedRatio = "16:9";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, [w, h]] of Object.entries(RATIO) as [FixedRatio, [number, number]][]) {
    const distance = Math.abs(Math.log(w / h) - target);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}
