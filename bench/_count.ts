import { LEXICONS } from "@/lib/screening/lexicons";
import { expand } from "@/lib/screening/phrase-index";
for (const l of LEXICONS) { let n = 0; for (const k of ["minors","sexual","graphicViolence","likeness","exceptions"] as const) for (const e of l[k]) n += expand(e).length; console.log(l.lang, n); }
