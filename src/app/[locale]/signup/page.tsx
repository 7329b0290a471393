import { Container } from "@/features/ui/static";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { accountPageMetadata } from "@/features/account/pageMeta";
import { SignupForm } from "@/features/account/SignupForm";
import { signInTarget } from "@/features/account/target";
import { authOrigin } from "@/server/origin";
import { currentSession } from "@/server/auth/session";

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, "auth.signup", "/signup");
}

export default async function SignupPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const target = signInTarget(await searchParams, locale, authOrigin().origin);
  if (await currentSession()) redirect(target);
  const loginHref = target === `/${locale}` ? `/${locale}/login` : `/${locale}/login?${new URLSearchParams({ redirect: target })}`;
  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <SignupForm locale={locale} target={target} loginHref={loginHref} />
    </Container>
  );
}
