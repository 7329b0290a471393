import { Container } from "@/features/ui/static";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { LoginForm } from "@/features/account/LoginForm";
import { accountPageMetadata } from "@/features/account/pageMeta";
import { firstParam, signInTarget } from "@/features/account/target";
import { authOrigin } from "@/server/origin";
import { currentSession } from "@/server/auth/session";

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, "auth.login", "/login");
}

export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const target = signInTarget(search, locale, authOrigin().origin);
  if (await currentSession()) redirect(target);
  const signupHref = target === `/${locale}` ? `/${locale}/signup` : `/${locale}/signup?${new URLSearchParams({ redirect: target })}`;
  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <LoginForm target={target} initialError={firstParam(search.error)} checkEmail={firstParam(search.check) === "email"} signupHref={signupHref} />
    </Container>
  );
}
