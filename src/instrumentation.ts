// Runs once when a Next.js server starts (never during `next build`): check the accounts
// configuration, then build the profile index, the games' data and the assistant's dictionary in the
// background so the first search, profile, game or chat request does not pay for them.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startAccounts } = await import("./server/startup");
  startAccounts();

  const { warehouseStatus } = await import("@/server/warehouse/config");
  const status = warehouseStatus();
  if (!status.available) {
    console.warn(`[data] No trade warehouse at ${status.path}. Looked for a data package in: ${status.lookedIn.join(", ")}. Data pages will say so; run npm run data:import.`);
    return;
  }
  const { profileIndex } = await import("@/server/search/build");
  const started = Date.now();
  const { gameData } = await import("@/server/games/data");
  profileIndex()
    .then((index) => console.log(`[search] profile index ready: ${index.profileCount} profiles in ${Date.now() - started} ms`))
    .catch((error: Error) => console.error(`[search] profile index failed: ${error.message}`))
    // Then the games' data (a few seconds of queries), so the first game page does not wait for it.
    .then(() => gameData())
    .then((data) => data && console.log(`[games] data ready: ${data.countries.length} countries, ${data.products.length} products, ${data.year}`))
    .catch((error: Error) => console.error(`[games] data failed: ${error.message}`))
    // Then the data assistant's starter questions and entity dictionary (built from the index).
    .then(() => import("@/server/chat/interpreter"))
    .then(async (chat) => {
      const chatStarted = Date.now();
      await chat.primeStarters();
      await chat.resolveEntity("Chile", "en");
      console.log(`[chat] ready in ${Date.now() - chatStarted} ms`);
    })
    .catch((error: Error) => console.error(`[chat] warm-up failed: ${error.message}`));
}
