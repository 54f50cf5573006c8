import { withErrors } from "@/lib/api/with-errors";
import { didDocumentResponse } from "@/lib/api/did-document-response";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => didDocumentResponse());
