import { handleSessionDelete, handleSessionGet, handleSessionPut } from "@/server/chat/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context) {
  return handleSessionGet((await params).id);
}

export async function PUT(request: Request, { params }: Context) {
  return handleSessionPut(request, (await params).id);
}

export async function DELETE(request: Request, { params }: Context) {
  return handleSessionDelete(request, (await params).id);
}
