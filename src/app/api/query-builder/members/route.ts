import { handleMembersRequest } from "@/server/queryBuilder/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Members of a cube's level that hold data, searchable (the data explorer's cut picker). */
export async function GET(request: Request): Promise<Response> {
  return handleMembersRequest(request);
}
