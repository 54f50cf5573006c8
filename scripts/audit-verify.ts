import { verifyAuditLog } from "@/lib/platform/audit/verify-log";
import { services } from "@/lib/server/services";

// Reads the log, the key and the checkpoint; writes nothing. Exit 1 names the first event that does not hold.
const { db, videoStore, secrets } = services();
const verdict = await verifyAuditLog(await db(), videoStore(), secrets("audit-chain"));
(verdict.intact ? console.log : console.error)(verdict.message);
process.exit(verdict.intact ? 0 : 1);
