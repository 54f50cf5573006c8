import sharp, { type Sharp } from "sharp";
import { getModels } from "@/lib/media/images/models";
import { DETECTOR_SIDE, planTiles } from "@/lib/media/images/tile-plan";

/**
 * What to look for. `faces: false` runs the explicit-content classifier only: for a picture whose
 * faces the policy allows (a video a model drew from words alone), the detector's passes are the
 * whole cost and tell nothing.
 */
export type AnalysisScope = { faces: boolean };

export type ImageAnalysis = {
  faces: number[];
  nsfw: Record<string, number>;
  /** How many detector passes ran: the whole image plus its tiles. */
  passes: number;
  ms: number;
};

const DECODE = { limitInputPixels: 4096 * 4096 } as const;
// Below the policy's 0.4 so the evaluation can print near misses; screenImage applies the policy.
const DETECTION = { minConfidence: 0.3, maxResults: 20 };

/**
 * Face detection and the explicit-content classifier over exactly the given bytes (the stored,
 * flattened image: what every upstream receives). CPU-bound: run it in a screening worker
 * (screen-pool.ts), never on the request thread.
 */
export async function analyzePixels(
  bytes: Buffer,
  scope: AnalysisScope = { faces: true },
): Promise<ImageAnalysis> {
  const { tf, faceapi, nsfw } = await getModels();
  const started = performance.now();
  // Stored images have no alpha (normalizeImage flattens it). Should one still carry some, the
  // colour is screened without it, as a renderer that ignores alpha (ffmpeg) would show it.
  const source = sharp(bytes, DECODE).autoOrient().removeAlpha().toColourspace("srgb");
  const meta = await sharp(bytes, DECODE).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const toTensor = async (pipeline: Sharp) => {
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return tf.tensor3d(
      new Uint8Array(data.buffer, data.byteOffset, data.length),
      [info.height, info.width, info.channels],
      "int32",
    );
  };
  const options = new faceapi.SsdMobilenetv1Options(DETECTION);
  const detect = async (tensor: ReturnType<typeof tf.tensor3d>) =>
    (await faceapi.detectAllFaces(tensor as never, options)).map((d) => d.score);

  const whole = await toTensor(
    source.clone().resize({
      width: DETECTOR_SIDE,
      height: DETECTOR_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    }),
  );
  const faces: number[] = [];
  let predictions: { className: string; probability: number }[];
  try {
    if (scope.faces) faces.push(...(await detect(whole)));
    predictions = await nsfw.classify(whole as never, 5);
  } finally {
    whole.dispose();
  }

  const plan = scope.faces ? planTiles(width, height) : { width, height, tiles: [] };
  if (plan.tiles.length > 0) {
    // One decode at the plan's scale; the tiles are cut from these raw pixels, not re-decoded.
    const scaled = await source
      .clone()
      .resize({ width: plan.width, height: plan.height, fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const tile of plan.tiles) {
      const tensor = await toTensor(
        sharp(scaled.data, {
          raw: { width: scaled.info.width, height: scaled.info.height, channels: 3 },
        }).extract(tile),
      );
      try {
        faces.push(...(await detect(tensor)));
      } finally {
        tensor.dispose();
      }
    }
  }
  return {
    faces,
    nsfw: Object.fromEntries(predictions.map((p) => [p.className, p.probability])),
    passes: 1 + plan.tiles.length,
    ms: performance.now() - started,
  };
}
