import { defineConfig } from "drizzle-kit";

// The PostgreSQL twin of drizzle.config.ts: `npx drizzle-kit generate --config drizzle.pg.config.ts`
// writes a migration for each change of schema.pg.ts (keep it in step with schema.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.pg.ts",
  out: "./src/server/db/migrations-pg",
});
