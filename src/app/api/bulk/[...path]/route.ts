import { handleBulkRequest } from "@/server/bulk/files";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return handleBulkRequest(request, (await params).path);
}

export async function HEAD(request: Request, { params }: Context) {
  return handleBulkRequest(request, (await params).path);
}
