/**
 * Builds tests/fixtures/images (the labelled set behind `npm run screening:eval -- images`) from
 * photos that ship in installed packages under free licences and from scenes drawn here as SVG.
 * Run once after changing it: node --conditions=react-server --import tsx scripts/make-image-fixtures.ts
 * Crops for partial and small faces use face boxes found by the detector on the full photo.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { getModels } from "@/lib/media/images/models";
import { DRAWN_FACES, SCENES } from "./image-fixture-scenes";

const OUT = "tests/fixtures/images";
const FACE_API_DEMO = "node_modules/@vladmandic/face-api/demo"; // MIT, photos of adults
type Label = { file: string; label: "face" | "none" | "sexual"; kind: string; source: string };
const labels: Label[] = [];

async function save(file: string, image: Sharp, label: Omit<Label, "file">): Promise<void> {
  const out = file.endsWith(".png")
    ? image.png({ compressionLevel: 9, palette: true })
    : image.jpeg({ quality: 80 });
  await writeFile(path.join(OUT, file), await out.toBuffer());
  labels.push({ file, ...label });
}

async function faceBoxes(file: string) {
  const { tf, faceapi } = await getModels();
  const { data, info } = await sharp(file)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
  const found = await faceapi.detectAllFaces(
    tensor as never,
    new faceapi.SsdMobilenetv1Options({ minConfidence: 0.8 }),
  );
  tensor.dispose();
  return {
    width: info.width,
    height: info.height,
    boxes: found.sort((a, b) => b.score - a.score).map((d) => d.box),
  };
}

const clampBox = (x: number, y: number, w: number, h: number, W: number, H: number) => {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  return {
    left,
    top,
    width: Math.min(W - left, Math.round(w)),
    height: Math.min(H - top, Math.round(h)),
  };
};

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  for (let n = 1; n <= 6; n++) {
    const src = `${FACE_API_DEMO}/sample${n}.jpg`;
    const photo = {
      label: "face" as const,
      source: `@vladmandic/face-api demo/sample${n}.jpg (MIT)`,
    };
    await save(`face-photo-group-${n}.jpg`, sharp(src).resize(512, 512, { fit: "inside" }), {
      ...photo,
      kind: "photo, group of adults",
    });
    const { width: W, height: H, boxes } = await faceBoxes(src);
    const box = boxes[0];
    if (!box) throw new Error(`no face found in ${src}`);
    // One face with its head and shoulders, as a portrait upload would be.
    const portrait = clampBox(
      box.x - box.width * 0.6,
      box.y - box.height * 0.6,
      box.width * 2.2,
      box.height * 2.4,
      W,
      H,
    );
    await save(
      `face-photo-portrait-${n}.jpg`,
      sharp(src).extract(portrait).resize(384, 384, { fit: "inside" }),
      { ...photo, kind: "photo, single face" },
    );
    // Partial: the left 55% of the face only, cut by the image edge.
    const partial = clampBox(
      box.x - box.width * 0.8,
      box.y - box.height * 0.5,
      box.width * 1.35,
      box.height * 2,
      W,
      H,
    );
    await save(
      `face-photo-partial-${n}.jpg`,
      sharp(src).extract(partial).resize(320, 320, { fit: "inside" }),
      { ...photo, kind: "photo, partial face (cut by the edge)" },
    );
    // Small: the whole group shrunk into a corner of a wide plain frame.
    const side = n <= 3 ? 256 : 160;
    const shrunk = await sharp(src).resize(side, side, { fit: "inside" }).toBuffer();
    await save(
      `face-photo-small-${n}.jpg`,
      sharp({ create: { width: 512, height: 384, channels: 3, background: "#8a9a7b" } }).composite([
        { input: shrunk, left: 40, top: 60 },
      ]),
      {
        ...photo,
        kind: `photo, small faces (group ${side} px wide)`,
      },
    );
    if (n % 2 === 0)
      await save(
        `face-photo-gray-${n}.jpg`,
        sharp(src).resize(512, 512, { fit: "inside" }).grayscale(),
        { ...photo, kind: "photo, greyscale" },
      );
  }
  for (const [name, svg, kind] of DRAWN_FACES) {
    await save(`face-drawn-${name}.png`, sharp(Buffer.from(svg)), {
      label: "face",
      kind: `drawn, ${kind}`,
      source: "drawn for this project (SVG)",
    });
  }
  const shipped: [string, string, string][] = [
    [
      "none-photo-coast.jpg",
      "node_modules/apg-js/dist/guide/images/PointLobosCropped.jpg",
      "apg-js guide (BSD-2-Clause), coastline photo",
    ],
    ["none-illustration-tree.png", "node_modules/pino/pino-tree.png", "pino (MIT), illustration"],
    [
      "none-illustration-banner.png",
      "node_modules/pino/pino-banner.png",
      "pino (MIT), logo banner",
    ],
    [
      "none-screenshot-terminal.png",
      "node_modules/pino/pretty-demo.png",
      "pino (MIT), terminal screenshot",
    ],
    [
      "none-product-icon.png",
      "node_modules/playwright-core/lib/server/chromium/appIcon.png",
      "playwright-core (Apache-2.0), app icon",
    ],
  ];
  for (const [file, src, source] of shipped) {
    await save(
      file,
      sharp(src).flatten({ background: "#ffffff" }).resize(512, 512, { fit: "inside" }),
      { label: "none", kind: "shipped image without people", source },
    );
  }
  for (const [name, svg, kind] of SCENES) {
    await save(`none-drawn-${name}.png`, sharp(Buffer.from(svg)), {
      label: "none",
      kind,
      source: "drawn for this project (SVG)",
    });
  }
  await writeFile(path.join(OUT, "labels.json"), `${JSON.stringify(labels, null, 1)}\n`);
  console.log(`${labels.length} images written to ${OUT}`);
  process.exit(0);
}

await main();
