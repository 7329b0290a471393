import { handlePivotRequest } from "@/server/queryBuilder/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Rows x columns of two levels of a cube, computed in the warehouse (the data explorer's pivot). */
export async function GET(request: Request): Promise<Response> {
  return handlePivotRequest(request);
}
