/**
 * Regenerates lib/screening/data/real-people.generated.ts from real-people.txt and reports
 * aliases claimed by two different lines. Run: npx tsx scripts/screening-build-names.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { phraseWords } from "../lib/screening/normalize";
import { parseNameList, renderGeneratedModule } from "../lib/screening/names-source";

const dir = path.join(process.cwd(), "lib/screening/data");
const source = readFileSync(path.join(dir, "real-people.txt"), "utf8");
const lines = parseNameList(source);

const owners = new Map<string, string>();
let duplicates = 0;
for (const line of lines) {
  const aliases = line.replace(/^\*/, "").split("|");
  for (const alias of aliases) {
    const key = phraseWords(alias).join(" ");
    const owner = owners.get(key);
    if (owner !== undefined && owner !== aliases[0]) {
      console.warn(`alias "${alias}" is on both "${owner}" and "${aliases[0]}"`);
      duplicates++;
    }
    owners.set(key, aliases[0] ?? alias);
  }
}

writeFileSync(path.join(dir, "real-people.generated.ts"), renderGeneratedModule(source));
console.log(
  `${lines.length} people, ${owners.size} distinct aliases, ${duplicates} shared aliases`,
);
