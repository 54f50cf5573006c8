import { asc } from "drizzle-orm";
import { verifyChain } from "@/lib/audit/chain";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

const rows = await (await getDb()).select().from(auditEvents).orderBy(asc(auditEvents.id));
const broken = verifyChain(rows);
if (broken) {
  console.error(`audit log BROKEN at event ${broken.id} (${broken.reason === "hash" ? "content changed" : "link to the previous event changed"}); ${rows.length} events read`);
  process.exit(1);
}
console.log(`audit log intact: ${rows.length} events, head ${rows.at(-1)?.hash ?? "(empty)"}`);
process.exit(0);
