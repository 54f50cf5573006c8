import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A devnet stand-in for a configured secret: random, kept in the data folder so it survives
 * restarts. Processes that share a database but not a data folder must be given the real setting.
 */
export function secretFromDataDir(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first; theirs wins.
    }
    return readFileSync(file, "utf8").trim();
  }
}
