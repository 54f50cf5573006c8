#!/usr/bin/env node
// Entry point of the reel402 CLI: loads the TypeScript sources through tsx.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
