import { handlePlay, handlePuzzle } from "@/server/games/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ game: string }> }) {
  return handlePuzzle(request, (await params).game);
}

export async function POST(request: Request, { params }: { params: Promise<{ game: string }> }) {
  return handlePlay(request, (await params).game);
}
