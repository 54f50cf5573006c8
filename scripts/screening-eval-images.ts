/**
 * Scores the image screener (lib/media/images/screen-image.ts) against tests/fixtures/images/labels.json:
 * recall per kind of face, false rejects on images without people, time per image. Exits
 * non-zero when photo-face recall falls under 90% or more than 5% of images without people are
 * refused. Run: npm run screening:eval -- images [--verbose] [--compare], or tsx scripts/screening-eval-images.ts
 * (--compare also measures face-api's Tiny Face Detector on the same set).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { hiddenColour, normalizeImage } from "../lib/media/images/decode";
import { getModels } from "../lib/media/images/models";
import { analyzeImage as analyzeIn, judgeImage } from "../lib/media/images/screen-image";
import { ScreenPool } from "../lib/media/images/screen-pool";
import { getEnv } from "../lib/platform/env";

type Label = { file: string; label: "face" | "none" | "sexual"; kind: string; source: string };
const dir = path.join(process.cwd(), "tests/fixtures/images");
const labels = JSON.parse(readFileSync(path.join(dir, "labels.json"), "utf8")) as Label[];
const verbose = process.argv.includes("--verbose");
const pct = (n: number, d: number) => (d === 0 ? "  n/a" : `${((n / d) * 100).toFixed(1)}%`);

// The models load in the screening worker, as in the server; the first image waits for them.
const pool = new ScreenPool(getEnv().imageScreening);
const analyzeImage = (bytes: Buffer) => analyzeIn(pool, bytes);
const loadStarted = performance.now();
await analyzeImage(
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } })
    .png()
    .toBuffer(),
);
const loadMs = performance.now() - loadStarted;

type Row = Label & {
  verdict: string;
  ms: number;
  passes: number;
  face: number;
  porn: number;
  hentai: number;
  sexy: number;
};
const rows: Row[] = [];
for (const label of labels) {
  // The pipeline of an upload: re-encoded and flattened as stored, then screened (plus the
  // colour under any transparency), exactly as acceptImage does.
  const input = readFileSync(path.join(dir, label.file));
  const stored = await normalizeImage(input);
  let analysis = await analyzeImage(stored.bytes);
  const hidden = await hiddenColour(input);
  if (hidden) {
    const under = await analyzeImage(hidden);
    analysis = {
      faces: [...analysis.faces, ...under.faces],
      nsfw: Object.fromEntries(
        Object.entries(analysis.nsfw).map(([k, v]) => [k, Math.max(v, under.nsfw[k] ?? 0)]),
      ),
      passes: analysis.passes + under.passes,
      ms: analysis.ms + under.ms,
    };
  }
  const verdict = judgeImage(analysis);
  rows.push({
    ...label,
    verdict: verdict.allowed ? "allowed" : verdict.category,
    ms: analysis.ms,
    passes: analysis.passes,
    face: Math.max(0, ...analysis.faces),
    porn: analysis.nsfw.Porn ?? 0,
    hentai: analysis.nsfw.Hentai ?? 0,
    sexy: analysis.nsfw.Sexy ?? 0,
  });
}

console.log(
  `Labelled set: ${rows.length} images (${dir}); models loaded in ${loadMs.toFixed(0)} ms\n`,
);
const groups = new Map<string, Row[]>();
for (const r of rows) {
  const key =
    r.label === "face"
      ? `likeness: ${r.kind.split(",")[0]}, ${r.kind.split(",")[1]?.trim() ?? ""}`
      : r.label;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
const faces = rows.filter((r) => r.label === "face");
const photoFaces = faces.filter((r) => r.kind.startsWith("photo"));
const caught = (rs: Row[]) => rs.filter((r) => r.verdict === "likeness").length;
console.log("likeness (faces)                         count  recall");
for (const [key, rs] of [...groups].filter(([k]) => k.startsWith("likeness")).sort()) {
  console.log(
    `  ${key.slice(10).padEnd(38)} ${String(rs.length).padStart(5)}  ${pct(caught(rs), rs.length).padStart(6)}`,
  );
}
console.log(
  `  ${"all faces".padEnd(38)} ${String(faces.length).padStart(5)}  ${pct(caught(faces), faces.length).padStart(6)}`,
);
const sexual = rows.filter((r) => r.label === "sexual");
console.log(
  `\nsexual: ${sexual.length} labelled images (no registry package ships explicit test fixtures; not measured here)`,
);
const none = rows.filter((r) => r.label === "none");
const wrong = none.filter((r) => r.verdict !== "allowed");
console.log(
  `\nwithout people: ${none.length} images, false rejects ${wrong.length} (${pct(wrong.length, none.length)})`,
);
for (const r of wrong)
  console.log(
    `    refused as ${r.verdict}: ${r.file} (face ${r.face.toFixed(2)}, porn ${r.porn.toFixed(2)})`,
  );
const sexyOnFaces = faces.filter((r) => r.verdict === "sexual").length;
if (sexyOnFaces) console.log(`\nface images refused as sexual instead of likeness: ${sexyOnFaces}`);

const times = rows.map((r) => r.ms).sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `\ntime per image in the screening worker (decode + face detection + nsfw, one wasm thread): mean ${mean.toFixed(0)} ms, p95 ${times[Math.floor(times.length * 0.95)]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms`,
);
const passes = rows.map((r) => r.passes);
console.log(
  `detector passes per image (whole image + tiles): mean ${(passes.reduce((a, b) => a + b, 0) / passes.length).toFixed(1)}, max ${Math.max(...passes)}`,
);
if (verbose) {
  console.log(
    "\nfile                                  verdict   face  porn  hentai sexy  ms  passes",
  );
  for (const r of rows)
    console.log(
      `${r.file.padEnd(38)} ${r.verdict.padEnd(9)} ${r.face.toFixed(2)}  ${r.porn.toFixed(2)}  ${r.hentai.toFixed(2)}   ${r.sexy.toFixed(2)}  ${r.ms.toFixed(0)}  ${r.passes}`,
    );
} else
  for (const r of faces.filter((f) => f.verdict !== "likeness"))
    console.log(`    missed face: ${r.file} (${r.kind}; best score ${r.face.toFixed(2)})`);

if (process.argv.includes("--compare")) await compareTinyDetector();

/** The lighter alternative face-api ships (Tiny Face Detector, 190 KB): recall and time on the same faces. */
async function compareTinyDetector(): Promise<void> {
  const { tf, faceapi } = await getModels();
  console.log("\nface detectors compared (detection only, 512 px input):");
  await faceapi.nets.tinyFaceDetector.loadFromDisk(
    path.join(
      path.dirname(path.dirname(createRequire(import.meta.url).resolve("@vladmandic/face-api"))),
      "model",
    ),
  );
  const detectors: [string, () => unknown][] = [
    [
      "SSD MobileNet v1 (in use), score 0.4",
      () => new faceapi.SsdMobilenetv1Options({ minConfidence: 0.4 }),
    ],
    [
      "Tiny Face Detector, input 416, score 0.4",
      () => new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.4 }),
    ],
    [
      "Tiny Face Detector, input 608, score 0.4",
      () => new faceapi.TinyFaceDetectorOptions({ inputSize: 608, scoreThreshold: 0.4 }),
    ],
  ];
  for (const [name, options] of detectors) {
    let hits = 0;
    let falseHits = 0;
    let ms = 0;
    for (const r of rows) {
      const { data, info } = await sharp(readFileSync(path.join(dir, r.file)))
        .flatten({ background: "#ffffff" })
        .resize(512, 512, { fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
      const started = performance.now();
      const found = await faceapi.detectAllFaces(tensor as never, options() as never);
      ms += performance.now() - started;
      tensor.dispose();
      if (r.label === "face" && found.length > 0) hits++;
      if (r.label === "none" && found.length > 0) falseHits++;
    }
    console.log(
      `${name}: face recall ${pct(hits, faces.length)}, false rejects ${falseHits}/${none.length}, detection ${(ms / rows.length).toFixed(0)} ms per image`,
    );
  }
}

await pool.close();
const failures: string[] = [];
if (caught(photoFaces) < 0.9 * photoFaces.length)
  failures.push(`photo-face recall ${pct(caught(photoFaces), photoFaces.length)} < 90%`);
if (wrong.length > 0.05 * none.length)
  failures.push(`false rejects ${pct(wrong.length, none.length)} > 5%`);
if (failures.length) {
  console.error(`\nFAIL: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("\nPASS");
process.exit(0);
