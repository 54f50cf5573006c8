import { namedSecret } from "@/lib/secrets/named-secret";
import { verifyAuditLog } from "@/lib/audit/verify-log";
import { getDb } from "@/lib/db/client";
import { getVideoStore } from "@/lib/storage/store";

// Reads the log, the key and the checkpoint; writes nothing. Exit 1 names the first event that does not hold.
const verdict = await verifyAuditLog(await getDb(), getVideoStore(), namedSecret("audit-chain"));
(verdict.intact ? console.log : console.error)(verdict.message);
process.exit(verdict.intact ? 0 : 1);
