import { readOperatorDoc } from "@/server/docs/operatorDocs";
import { jsonError } from "@/server/http/jsonError";

/** /docs/<name>.md: the operator documentation public pages link to, as plain Markdown. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const text = await readOperatorDoc(file);
  if (text === null) return jsonError(404, "not_found", "No such document.");
  return new Response(text, { headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
