import { notFound } from "next/navigation";
import { Thrower } from "@/features/shell/Thrower";

// For the end-to-end test of the error page; exists only when ENABLE_TEST_ROUTES=1.
export default function TestError() {
  if (process.env.ENABLE_TEST_ROUTES !== "1") notFound();
  return <Thrower />;
}
