import { notFound } from "next/navigation";
import { Thrower } from "@/features/shell/Thrower";
import { settings } from "@/server/settings";

// For the end-to-end test of the error page; exists only when ENABLE_TEST_ROUTES=1.
export default function TestError() {
  if (!settings().enableTestRoutes) notFound();
  return <Thrower />;
}
