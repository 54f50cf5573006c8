/**
 * data/real-people.txt is the source of truth for the name list; real-people.generated.ts is
 * derived from it (scripts/screening-build-names.ts) so that bundlers need no file access.
 *
 * Format: one person per line, aliases separated by "|", the usual full name first. A leading
 * "*" marks a creator whose name may be used as a style reference (see real-people.ts). Blank
 * lines and lines starting with "#" are ignored.
 */

export function parseNameList(source: string): string[] {
  const lines: string[] = [];
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    lines.push(
      line
        .split("|")
        .map((alias) => alias.trim())
        .filter(Boolean)
        .join("|"),
    );
  }
  return lines;
}

export function renderGeneratedModule(source: string): string {
  const lines = parseNameList(source);
  const body = lines.map((line) => `  ${JSON.stringify(line)},`).join("\n");
  return `// Generated from lib/screening/data/real-people.txt by scripts/screening-build-names.ts. Do not edit.\n\nexport const REAL_PEOPLE: readonly string[] = [\n${body}\n];\n`;
}
