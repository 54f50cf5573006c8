/**
 * Where the face detector looks in an image. The SSD detector squeezes whatever it is given into
 * 512×512, so one shrink of a 4096×300 panorama leaves a face ~3 px tall, while the renderer, which
 * scales a picture to cover the frame, can draw that same face 7× larger than in the source.
 * The image is therefore also searched in overlapping 512 px tiles at the scale the renderer
 * draws it (never above the source's own pixels: enlarging adds no likeness), with a bounded
 * number of tiles.
 */

/** The SSD MobileNet's own input side. */
export const DETECTOR_SIDE = 512;
/**
 * Overlap between neighbouring tiles: a face up to this size lies whole inside one tile; a larger
 * one is mostly inside one (the detector finds faces cut by an edge) and, from ~320 px in a 4096
 * px image, also found whole by the whole-image pass (its floor is ~40 px after the shrink).
 */
export const TILE_OVERLAP = 128;
/**
 * At most this many tiles per image, plus the whole-image pass. One SSD pass costs ~0.3–0.7 s of
 * one core here (wasm, one thread), so an image costs at most ~13 passes; beyond the budget the
 * tiles' scale drops instead. Worst cases (npm run screening:eval -- images prints the passes):
 * 4096×300 at full scale in 11 tiles (faces from ~40 px); 4096×4096 at 0.31 in 9 tiles (faces
 * from ~130 px, which the largest frame draws ~95 px tall; one 512 px shrink needed ~320 px).
 */
export const MAX_TILES = 12;
/**
 * The largest frame any product renders (1080p: 21:9 is 2520 wide, 9:16 is 1920 tall) and the
 * local renderer's camera margin (image-render-args.ts draws the picture 1.18× the frame).
 * Upstreams cover the frame the same way; none draws a picture larger than this.
 */
const LARGEST_FRAME = { width: 2520, height: 1920 };
const CAMERA_MARGIN = 1.18;

export type Region = { left: number; top: number; width: number; height: number };
export type TilePlan = {
  /** Scale of the tiled copy relative to the source (≤ 1). */
  scale: number;
  /** Size of the scaled copy the tiles are cut from. */
  width: number;
  height: number;
  /** Tiles in the scaled copy's pixels, each at most DETECTOR_SIDE square; empty when the whole-image pass already sees the image at that scale. */
  tiles: Region[];
};

/** The largest factor by which any renderer draws a w×h picture (cover of the largest frame). */
export function maxRenderScale(width: number, height: number): number {
  return Math.max(LARGEST_FRAME.width / width, LARGEST_FRAME.height / height) * CAMERA_MARGIN;
}

/** Start offsets of windows of `side` covering `length` with at least TILE_OVERLAP between neighbours. */
function offsets(length: number, side: number): number[] {
  if (length <= side) return [0];
  const count = Math.ceil((length - side) / (side - TILE_OVERLAP)) + 1;
  const step = (length - side) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * step));
}

const tileCount = (width: number, height: number) =>
  offsets(width, DETECTOR_SIDE).length * offsets(height, DETECTOR_SIDE).length;

export function planTiles(width: number, height: number): TilePlan {
  let scale = Math.min(1, maxRenderScale(width, height));
  const scaled = (s: number) => ({
    width: Math.max(1, Math.round(width * s)),
    height: Math.max(1, Math.round(height * s)),
  });
  // Shrink until the tiles fit the budget; each step is small, so the scale lands near the largest that fits.
  while (tileCount(scaled(scale).width, scaled(scale).height) > MAX_TILES) scale *= 0.95;
  const size = scaled(scale);
  if (size.width <= DETECTOR_SIDE && size.height <= DETECTOR_SIDE)
    return { scale, ...size, tiles: [] };
  const tiles: Region[] = [];
  for (const top of offsets(size.height, DETECTOR_SIDE))
    for (const left of offsets(size.width, DETECTOR_SIDE))
      tiles.push({
        left,
        top,
        width: Math.min(DETECTOR_SIDE, size.width - left),
        height: Math.min(DETECTOR_SIDE, size.height - top),
      });
  return { scale, ...size, tiles };
}
