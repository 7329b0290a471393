import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The scale-out tests (tests/scale): real servers, nginx and PostgreSQL, started by the tests
// themselves after the build; scripts/test.sh runs them with TEST_DATABASE_URL set.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["tests/scale/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
