/** The request vocabulary: what a payer may ask for, and what the service asks an upstream for. */

/** Every aspect ratio the service accepts; "adaptive" lets the upstream (or the first frame) pick. */
export const RATIOS = ["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"] as const;
export type Ratio = (typeof RATIOS)[number];
export type Resolution = "480p" | "720p" | "1080p";
export type ModelId = "alpha-2.0" | "alpha-2.0-fast";

/** How a clip is rendered, whatever it starts from. */
export type RenderParams = {
  durationSeconds: number;
  resolution: Resolution;
  ratio: Ratio;
  /** null or -1: the upstream picks. */
  seed: number | null;
  generateAudio: boolean;
  cameraFixed: boolean | null;
};

/** What the service asks an upstream to render; already validated and defaulted. */
export type GenerationSpec = RenderParams & {
  model: ModelId;
  prompt: string;
  /** Image-to-video only: the first frame and, optionally, the last. Absent on text products. */
  images?: FrameImages;
};

/** A picture we stored (re-encoded, screened), named by `upl_` + the sha256 of its bytes. */
export type FrameImage = { id: string; mime: string; width: number; height: number };
export type FrameImages = { first: FrameImage; last: FrameImage | null };
