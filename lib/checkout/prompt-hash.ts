import { createHash } from "node:crypto";

/** What the audit records of a prompt: its hash, never its text. */
export const promptHashOf = (prompt: string) => createHash("sha256").update(prompt).digest("hex");
