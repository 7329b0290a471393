import { redirect } from "next/navigation";
import type { Locale } from "@/domain/i18n/locales";

/** /visualize alone opens the first chart of the menu. */
export default async function VisualizeIndex({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  redirect(`/${locale}/visualize/tree_map`);
}
