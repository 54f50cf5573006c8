import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./lib/platform/db/schema.ts",
    "./lib/jobs/schema.ts",
    "./lib/money/schema.ts",
    "./lib/checkout/schema.ts",
    "./lib/notify/schema.ts",
  ],
  out: "./drizzle",
});
