import { screen } from "../lib/screening/screen";
const ps = process.argv.slice(2);
for (const p of ps) { const r = screen(p); console.log(r.allowed ? "allow" : r.category, "|", p); }
