// npm run screening:eval [-- images|evasion] [-- --verbose …]: prompts by default, input images
// with "images", the evasion sets (held-out and tuning) with "evasion".
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const images = args.includes("images");
const evasion = args.includes("evasion");
const script = images
  ? "scripts/screening-eval-images.ts"
  : evasion
    ? "scripts/screening-eval-evasion.ts"
    : "scripts/screening-eval.ts";
const flags = images ? ["--conditions=react-server"] : ["--single-threaded"];
const run = spawnSync(
  process.execPath,
  [...flags, "--import", "tsx", script, ...args.filter((a) => a !== "images" && a !== "evasion")],
  {
    stdio: "inherit",
  },
);
process.exit(run.status ?? 1);
