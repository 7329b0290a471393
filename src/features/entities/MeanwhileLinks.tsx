import { List, ListItem } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { TextLink } from "@/features/shell/AppLink";
import { DocSection } from "@/features/shell/DocPage";
import { NAV_MENUS } from "@/features/shell/navigation";

const NAV_ITEMS = new Map(NAV_MENUS.flatMap((menu) => menu.items).map((item) => [item.id, item]));

/**
 * "What you can use instead" on a page that holds no data of its kind: menu items, their labels
 * and addresses taken from the navigation, so a link never drifts from the menu.
 */
export async function MeanwhileLinks({ locale, id, title, testId, items }: { locale: Locale; id: string; title: string; testId: string; items: readonly string[] }) {
  const nav = await getTranslations({ locale, namespace: "nav.items" });
  const links = items.map((item) => NAV_ITEMS.get(item)).filter((item) => item?.href !== undefined);
  return (
    <DocSection id={id} title={title} framed testId={testId}>
      <List spacing={4}>
        {links.map((item) => (
          <ListItem key={item!.id}>
            <TextLink href={`/${locale}${item!.href}`} data-nav-item={item!.id}>
              {nav(item!.id)}
            </TextLink>
          </ListItem>
        ))}
      </List>
    </DocSection>
  );
}
