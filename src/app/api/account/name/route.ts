import { handleNameChange } from "@/server/auth/accountApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleNameChange(request);
}
