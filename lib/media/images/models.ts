import { createRequire } from "node:module";
import path from "node:path";

/**
 * The screening models, loaded once per process on first use, from files inside the installed
 * packages (nothing is downloaded): face-api's SSD MobileNet v1 face detector and nsfwjs's
 * bundled MobileNet v2 classifier, on TensorFlow.js's WebAssembly backend (CPU, no native addon).
 */

type FaceApi = typeof import("@vladmandic/face-api");
type Tf = typeof import("@tensorflow/tfjs");
type Nsfw = Awaited<ReturnType<typeof import("nsfwjs").load>>;
export type Models = { tf: Tf; faceapi: FaceApi; nsfw: Nsfw };

// createRequire: the packages are CommonJS-first and stay outside the Next bundle (next.config.ts).
const require = createRequire(import.meta.url);
// Turbopack turns a require.resolve it can see into a module number; the model folders are found
// through a resolver it cannot see (next.config.ts traces those files for serverless deploys).
// No fallback to the imported createRequire: Turbopack would follow that branch and warn
// "Can't resolve <dynamic>" on the templated path below. getBuiltinModule is in Node >= 20.16.
const { createRequire: hiddenCreateRequire } = process.getBuiltinModule(
  "node:module",
) as typeof import("node:module");
const packageDir = (name: string) =>
  path.dirname(hiddenCreateRequire(import.meta.url).resolve(`${name}/package.json`));
// Per thread: each screening worker (screen-worker.ts) loads its own, and holds this module once.
let loading: Promise<Models> | undefined;

export function getModels(): Promise<Models> {
  loading ??= loadModels().catch((error: unknown) => {
    loading = undefined; // a failed load is retried by the next request
    throw error;
  });
  return loading;
}

async function loadModels(): Promise<Models> {
  const tf = require("@tensorflow/tfjs") as Tf;
  const wasm =
    require("@tensorflow/tfjs-backend-wasm") as typeof import("@tensorflow/tfjs-backend-wasm");
  const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist");
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  // The threaded build would compete with the web server for the same cores; one thread is plenty at 224-512 px.
  wasm.setThreadsCount(1);
  tf.env().set("IS_NODE", true);
  await tf.setBackend("wasm");
  await tf.ready();
  const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApi;
  const modelDir = path.join(packageDir("@vladmandic/face-api"), "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  const nsfwjs = (await import("nsfwjs")) as typeof import("nsfwjs");
  const nsfw = await nsfwjs.load("MobileNetV2");
  return { tf, faceapi, nsfw };
}
