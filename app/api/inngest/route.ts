import { inngestHandlers } from "@/lib/workflow/inngest-serve";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT } = inngestHandlers();
