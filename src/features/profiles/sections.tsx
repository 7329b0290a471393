import { SimpleGrid, Stack } from "@/features/ui/static";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { getTranslations } from "next-intl/server";
import { SectionFrame, type SectionSource } from "./SectionFrame";
import { SectionNav } from "./SectionNav";

/** A profile with this many sections or more gets the sticky in-page menu. */
const SECTION_NAV_MIN = 3;

/** What a section shows once its data is loaded. */
export interface RenderedSection {
  title: string;
  body: ReactNode;
  source?: SectionSource;
}

/**
 * One block of a profile, as data: `load` queries through the data client and derives what the
 * section needs, returning null when there is nothing to show (the section is then hidden, or,
 * with `whenEmpty`, explained); `render` turns that into a title, prose, stats and charts.
 */
export interface SectionModule<Ctx, Data = unknown> {
  id: string;
  /** Sections marked half sit two to a row on wide screens. */
  half?: boolean;
  load(ctx: Ctx): Promise<Data | null>;
  render(data: Data, ctx: Ctx): RenderedSection | Promise<RenderedSection>;
  /** Shown instead of hiding the section when load returns null. */
  whenEmpty?(ctx: Ctx): RenderedSection | null;
}

/** Typed helper so each module's data type is checked against its own render. */
export function section<Ctx, Data>(module: SectionModule<Ctx, Data>): SectionModule<Ctx, unknown> {
  return module as SectionModule<Ctx, unknown>;
}

/** Loads every module in parallel and renders the ones with something to show, in order. */
export async function ProfileSections<Ctx>({ modules, ctx, locale }: { modules: SectionModule<Ctx, unknown>[]; ctx: Ctx; locale: Locale }) {
  const rendered = await Promise.all(
    modules.map(async (module) => {
      const data = await module.load(ctx);
      const result = data === null ? (module.whenEmpty?.(ctx) ?? null) : await module.render(data, ctx);
      return result ? { module, result } : null;
    }),
  );
  const shown = rendered.filter((r): r is NonNullable<typeof r> => r !== null);
  const blocks: ReactNode[] = [];
  for (let i = 0; i < shown.length; i++) {
    const frame = (entry: (typeof shown)[number]) => (
      <SectionFrame key={entry.module.id} id={entry.module.id} title={entry.result.title} locale={locale} source={entry.result.source}>
        {entry.result.body}
      </SectionFrame>
    );
    const next = shown[i + 1];
    if (shown[i].module.half && next?.module.half) {
      blocks.push(
        <SimpleGrid key={`${shown[i].module.id}+${next.module.id}`} cols={{ base: 1, md: 2 }} spacing="xl">
          {frame(shown[i])}
          {frame(next)}
        </SimpleGrid>,
      );
      i++;
    } else {
      blocks.push(frame(shown[i]));
    }
  }
  const t = await getTranslations({ locale, namespace: "profiles" });
  return (
    <>
      {shown.length >= SECTION_NAV_MIN ? <SectionNav label={t("onThisPage")} sections={shown.map((s) => ({ id: s.module.id, title: s.result.title }))} /> : null}
      <Stack gap="xl" mt={shown.length >= SECTION_NAV_MIN ? "md" : undefined}>
        {blocks}
      </Stack>
    </>
  );
}
