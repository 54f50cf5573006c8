// The facilitator thread's entry. Plain JavaScript, because a worker thread on Node 20 does not run
// the parent's `--import tsx` hooks for its entry file, and the Next.js build does not bundle a
// worker it cannot see: this file is loaded from disk and loads the TypeScript worker compiled.
import { importTypeScript } from "../../platform/worker.mjs";

await importTypeScript("./facilitator-worker.ts", import.meta.url);
