import { handleTesseract } from "@/server/tesseract/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path?: string[] }> };

/** The Python tesseract-olap protocol over the warehouse (docs/tesseract.md). */
export async function GET(request: Request, { params }: Context) {
  return handleTesseract(request, (await params).path ?? []);
}
