import { handlePlay, handlePuzzle } from "@/server/games/api";
import { whileDatabaseAnswers } from "@/server/db/unavailable";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ game: string }> }) {
  return handlePuzzle(request, (await params).game);
}

export async function POST(request: Request, { params }: { params: Promise<{ game: string }> }) {
  const game = (await params).game;
  return whileDatabaseAnswers("POST /api/games/:game", () => handlePlay(request, game));
}
