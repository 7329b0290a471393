import { handleStats } from "@/server/games/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ game: string }> }) {
  return handleStats((await params).game);
}
