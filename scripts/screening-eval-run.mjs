// npm run screening:eval [-- images] [-- --verbose …]: prompts by default, input images with "images".
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const images = args.includes("images");
const script = images ? "scripts/screening-eval-images.ts" : "scripts/screening-eval.ts";
const flags = images ? ["--conditions=react-server"] : ["--single-threaded"];
const run = spawnSync(
  process.execPath,
  [...flags, "--import", "tsx", script, ...args.filter((a) => a !== "images")],
  {
    stdio: "inherit",
  },
);
process.exit(run.status ?? 1);
