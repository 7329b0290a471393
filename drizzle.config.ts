import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes a migration for each schema change; the app applies them on start.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
