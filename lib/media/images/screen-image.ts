import { createHash } from "node:crypto";
import { getEnv } from "@/lib/platform";
import type { AnalysisScope, ImageAnalysis } from "@/lib/media/images/analyze-pixels";
import { ScreenPool } from "@/lib/media/images/screen-pool";
import type { ImageScreening } from "@/lib/media/images/types";

/** Policy thresholds, chosen on tests/fixtures/images (npm run screening:eval -- images). */
export const IMAGE_POLICY = {
  /**
   * SSD MobileNet v1 score at which a detection counts as a face. Below the library's 0.5 default:
   * drawn faces and faces cut by the edge score 0.4-0.5, images without people score ~0.
   */
  faceMinConfidence: 0.4,
  /**
   * nsfwjs: Porn or Hentai alone, or the two together. "Sexy" (swimwear, lingerie, poses) alone
   * passes, like "bikini" in a prompt. nsfwjs scores clothed group photos up to Porn 0.8, so a
   * picture with a face is called sexual only at the strong threshold, otherwise likeness.
   */
  explicitMin: 0.7,
  explicitSumMin: 0.85,
  explicitStrongMin: 0.9,
} as const;

export type { ImageAnalysis };

/**
 * Raw detector outputs for exactly these bytes; screenImage applies the policy, the evaluation
 * prints them. Runs in the screening worker pool; throws a RefusalError "unavailable" when the
 * pool's queue is full.
 */
export function analyzeImage(
  pool: Pick<ScreenPool, "analyze">,
  bytes: Buffer,
  scope?: AnalysisScope,
): Promise<ImageAnalysis> {
  return pool.analyze(bytes, scope);
}

export function judgeImage(analysis: ImageAnalysis): ImageScreening {
  const porn = analysis.nsfw.Porn ?? 0;
  const hentai = analysis.nsfw.Hentai ?? 0;
  const sexual = {
    allowed: false,
    category: "sexual",
    reason: "The image appears to be sexually explicit.",
  } as const;
  if (Math.max(porn, hentai) >= IMAGE_POLICY.explicitStrongMin) return sexual;
  const face = Math.max(0, ...analysis.faces);
  if (face >= IMAGE_POLICY.faceMinConfidence) {
    return {
      allowed: false,
      category: "likeness",
      reason:
        "The image shows a person's face. Images of people are refused: the service cannot verify consent or age, so a photo of a real person could become a deepfake.",
    };
  }
  if (
    Math.max(porn, hentai) >= IMAGE_POLICY.explicitMin ||
    porn + hentai >= IMAGE_POLICY.explicitSumMin
  )
    return sexual;
  return { allowed: true };
}

/** Screens an image's bytes (all checks, or only the explicit-content one). */
export type ImageScreener = (bytes: Buffer, scope?: AnalysisScope) => Promise<ImageScreening>;

// An upload is screened when it arrives and again when a request names it: the same bytes get
// the same verdict without a second second of CPU (per screener; another process recomputes).
const VERDICT_CACHE_SIZE = 256;

/**
 * Screens images before payment, offline and on CPU, in `pool`'s worker threads: faces
 * (likeness) and sexually explicit content are refused. Graphic violence is not detected in
 * images: no maintained detector ships inside a registry package (see docs/screening.md, "Images").
 * The service's one pool is the composition root's (IMAGE_SCREEN_WORKERS, IMAGE_SCREEN_QUEUE).
 */
export function createImageScreener(pool: Pick<ScreenPool, "analyze">): ImageScreener {
  const verdicts = new Map<string, ImageScreening>();
  return async (bytes, scope = { faces: true }) => {
    const key = `${scope.faces ? "all" : "explicit"}:${createHash("sha256").update(bytes).digest("hex")}`;
    const known = verdicts.get(key);
    if (known) return known;
    const verdict = judgeImage(await analyzeImage(pool, bytes, scope));
    if (verdicts.size >= VERDICT_CACHE_SIZE)
      verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(key, verdict);
    return verdict;
  };
}

let ownScreener: ImageScreener | undefined;

/**
 * For code that runs outside the service's routes and engine (tests, the output screener's
 * default, scripts): a pool of its own, sized from config, started on first use. The service
 * hands its routes and engine the composition root's screener instead, so it starts no second pool.
 */
export function screenImage(bytes: Buffer, scope?: AnalysisScope): Promise<ImageScreening> {
  ownScreener ??= createImageScreener(new ScreenPool(getEnv().imageScreening));
  return ownScreener(bytes, scope);
}
