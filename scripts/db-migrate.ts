/**
 * npm run db:migrate: applies the app database's pending migrations (SQLite file or PostgreSQL,
 * as DATABASE_URL / APP_DB_PATH say) and exits. The server also does it when it starts; run this
 * once before starting several nodes against a new PostgreSQL database.
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import { closeDb, getDb } from "@/server/db/client";

async function main() {
  const db = getDb();
  await db.ping();
  console.log(`==> app database migrated (${db.dialect}, ${db.where})`);
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(`db:migrate: ${(error as Error).message}`);
  process.exit(1);
});
