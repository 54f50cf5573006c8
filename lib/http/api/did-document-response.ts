import "server-only";
import { publicBaseUrl } from "@/lib/http/api/base-url";
import { didDocument } from "@/lib/money";
import { services } from "@/lib/server";

/** GET /.well-known/did.json: the key that signs offers and receipts, for offline verification. */
export function didDocumentResponse(): Response {
  return new Response(JSON.stringify(didDocument(publicBaseUrl(), services().receiptKey())), {
    headers: { "content-type": "application/did+json", "cache-control": "public, max-age=300" },
  });
}
