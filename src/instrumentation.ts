// Runs once when a Next.js server starts (never during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startAccounts } = await import("./server/startup");
  startAccounts();
}
