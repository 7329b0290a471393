import { NOTEBOOKS, NOTEBOOK_EXTENSIONS, NOTEBOOK_LANGUAGES, notebookCode } from "@/domain/content/notebooks";
import { jsonError } from "@/server/http/jsonError";
import { siteUrl } from "@/server/origin";

const TYPES: Record<string, string> = { py: "text/x-python", R: "text/x-r", mjs: "text/javascript", sh: "text/x-shellscript" };

/** GET /api/notebooks/eci.py: one worked example as a file, with this site's origin written in. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const match = /^([a-z]{1,20})\.(py|R|mjs|sh)$/.exec(file);
  const notebook = match ? NOTEBOOKS.find((n) => n.id === match[1]) : undefined;
  const language = match ? NOTEBOOK_LANGUAGES.find((l) => NOTEBOOK_EXTENSIONS[l] === match[2]) : undefined;
  if (!match || !notebook || !language) return jsonError(404, "not_found", "no such notebook; see /en/resources/notebooks");
  return new Response(notebookCode(notebook, language, siteUrl().origin), {
    headers: {
      "Content-Type": `${TYPES[match[2]]}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
