import { describe, expect, it } from "vitest";
import { buildSignInEmail, localeOfSignInUrl } from "./signInEmail";

const origin = "http://localhost:3200";
const link = (callbackUrl: string) =>
  `${origin}/api/auth/callback/email?${new URLSearchParams({ callbackUrl, token: "t0k", email: "ana@x.org" })}`;

describe("localeOfSignInUrl", () => {
  it("follows the page the visitor will land on", () => {
    expect(localeOfSignInUrl(link(`${origin}/es/account`), origin)).toBe("es");
    expect(localeOfSignInUrl(link(`${origin}/zh`), origin)).toBe("zh");
  });
  it("falls back to English", () => {
    expect(localeOfSignInUrl(link("https://evil.com/es"), origin)).toBe("en");
    expect(localeOfSignInUrl(link(`${origin}/fr/x`), origin)).toBe("en");
    expect(localeOfSignInUrl("not a url", origin)).toBe("en");
  });
});

describe("buildSignInEmail", () => {
  it("gives a registered address the link, in its language", async () => {
    const url = link(`${origin}/es/account`);
    const mail = await buildSignInEmail({ to: "ana@x.org", url, origin, registered: true, minutes: 30 });
    expect(mail.subject).toContain("Observatorio Abierto del Comercio");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("30 minutos");
    expect(mail.html).toContain(url.replace(/&/g, "&amp;"));
  });
  it("tells an unknown address there is no account, without any link to sign in", async () => {
    const url = link(`${origin}/en`);
    const mail = await buildSignInEmail({ to: "who@x.org", url, origin, registered: false, minutes: 30 });
    expect(mail.text).not.toContain("t0k");
    expect(mail.html).not.toContain("t0k");
    expect(mail.text).toContain(`${origin}/en/signup`);
  });
});
