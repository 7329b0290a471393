/**
 * The data assistant (/chat) in Chromium against the real warehouse and the built-in interpreter
 * (the end-to-end server configures no language model). The figures an answer quotes are checked
 * against the /api/data query the answer links to; the consent tests look at local storage.
 */
import AxeBuilder from "@axe-core/playwright";
import { formatUsd } from "../../src/domain/format";
import { CHAT_SESSION_PREFIX } from "../../src/domain/consent/storageKeys";
import type { ChatAnswer } from "../../src/domain/chat/types";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";

const consentCookie = (context: BrowserContext, baseURL: string, value: "f1t0" | "f0t0") =>
  context.addCookies([{ name: "ots-consent", value, domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

/** Asks a question through the page and answers the ChatAnswer the server sent. */
async function ask(page: Page, question: string): Promise<{ answer: ChatAnswer; context: unknown }> {
  const turns = page.getByTestId("chat-turn");
  const before = await turns.count();
  await page.getByTestId("chat-input").fill(question);
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/chat") && r.request().method() === "POST"), page.getByTestId("chat-send").click()]);
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as ChatAnswer;
  await expect(turns).toHaveCount(before + 1, { timeout: 30_000 });
  return { answer, context: (response.request().postDataJSON() as { context: unknown }).context };
}

const lastTurn = (page: Page) => page.getByTestId("chat-turn").last();

/** The trade values of an /api/data query (every number when it has none). */
async function apiNumbers(request: APIRequestContext, apiUrl: string): Promise<number[]> {
  const response = await request.get(apiUrl);
  expect(response.status(), apiUrl).toBe(200);
  const body = (await response.json()) as { data: Record<string, unknown>[] };
  expect(body.data.length).toBeGreaterThan(0);
  const values = body.data.map((row) => row["Trade Value"]).filter((v): v is number => typeof v === "number");
  return values.length ? values : body.data.flatMap((row) => Object.values(row).filter((v): v is number => typeof v === "number"));
}

async function localChatKeys(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => Object.keys(window.localStorage).filter((k) => k.startsWith(prefix)), CHAT_SESSION_PREFIX);
}

test.describe("data assistant", () => {
  test("answers in English with the number, the chart, the builder and the API query; a follow-up keeps the context", async ({ page, request }) => {
    await page.goto("/en/chat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data assistant");
    await expect(page.getByTestId("chat-starter").first()).toBeVisible();

    const { answer, context } = await ask(page, "How much did Chile export?");
    expect(context).toBeNull();
    expect(answer.status).toBe("answered");
    const turn = lastTurn(page);
    await expect(turn.getByTestId("chat-answer")).toHaveAttribute("data-status", "answered");
    // The sentence quotes the answer's first figure as the site formats money.
    const money = answer.figures.find((f) => f.unit === "USD")!;
    expect(money).toBeTruthy();
    await expect(turn.getByTestId("chat-answer-text")).toContainText(formatUsd(money.value, "en", { compact: true }));
    // The figure is in the warehouse's answer to the linked query (one of its values, or their sum).
    const apiHref = await turn.getByTestId("chat-api-link").getAttribute("href");
    expect(apiHref).toMatch(/^\/api\/data\?/);
    const numbers = await apiNumbers(request, apiHref!);
    const sum = numbers.reduce((a, b) => a + b, 0);
    expect(numbers.some((n) => Math.abs(n - money.value) < 0.5) || Math.abs(sum - money.value) / money.value < 1e-6).toBe(true);
    // The chart is drawn, the builder link carries the locale, the source names the year.
    await expect(turn.locator('[data-testid="chat-chart"] [data-testid="chart"][data-chart-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(turn.getByTestId("chat-builder-link")).toHaveAttribute("href", /^\/en\/visualize\//);
    await expect(turn.getByTestId("chat-source")).toContainText(/\d{4}/);
    await expect(turn.getByTestId("chat-profile-link").first()).toHaveAttribute("href", /^\/en\/profile\//);

    // A follow-up sends the previous answer's context and gets an answer of its own.
    const followUp = await ask(page, "and imports?");
    expect(followUp.context).toEqual(answer.context);
    expect(followUp.answer.context?.flow).toBe("import");
    await expect(page.getByTestId("chat-turn")).toHaveCount(2);
    await expect(lastTurn(page).getByTestId("chat-answer-text")).not.toHaveText(await page.getByTestId("chat-turn").first().getByTestId("chat-answer-text").innerText());

    const axe = await new AxeBuilder({ page }).include('[data-testid="chat-page"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test("answers in Spanish and in Chinese", async ({ page }) => {
    await page.goto("/es/chat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asistente de datos");
    const es = await ask(page, "¿Qué exporta Chile?");
    expect(es.answer.status).toBe("answered");
    await expect(lastTurn(page).getByTestId("chat-builder-link")).toHaveAttribute("href", /^\/es\/visualize\//);

    await page.goto("/zh/chat");
    const zh = await ask(page, "智利出口什么？");
    expect(zh.answer.status).toBe("answered");
    expect(zh.answer.text).toMatch(/智利/);
  });

  test("an unanswerable question gets an honest reply with suggestions, and no number", async ({ page }) => {
    await page.goto("/en/chat");
    const { answer } = await ask(page, "What is the meaning of life?");
    expect(answer.status).toBe("unmatched");
    expect(answer.figures).toEqual([]);
    await expect(lastTurn(page).getByTestId("chat-answer")).toHaveAttribute("data-status", "unmatched");
    expect(await lastTurn(page).getByTestId("chat-answer-text").innerText()).not.toMatch(/\d/);
    await expect(lastTurn(page).getByTestId("chat-suggestion").first()).toBeVisible();
    // A suggestion is a question of its own.
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/chat")), lastTurn(page).getByTestId("chat-suggestion").first().click()]);
    expect(response.status()).toBe(200);
    await expect(page.getByTestId("chat-turn")).toHaveCount(2);
  });

  test("bad input is refused with a message, never sent", async ({ page }) => {
    await page.goto("/en/chat");
    await page.getByTestId("chat-input").fill("   ");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-error")).toHaveText("Type a question first.");
    await page.getByTestId("chat-input").fill("x".repeat(600));
    await expect(page.getByTestId("chat-input")).toHaveValue("x".repeat(500));
    await expect(page.getByTestId("chat-count")).toHaveText("500 / 500");
  });

  test("with functional consent the conversation survives a reload; rejecting cookies removes it", async ({ page, context, baseURL }) => {
    await consentCookie(context, baseURL!, "f1t0");
    await page.goto("/en/chat");
    await ask(page, "What does Chile export?");
    await expect.poll(() => localChatKeys(page)).toHaveLength(1);
    await expect(page.getByTestId("chat-session")).toHaveCount(1);

    await page.reload();
    await expect(page.getByTestId("chat-turn")).toHaveCount(1);
    await expect(page.getByTestId("chat-question").first()).toHaveText("What does Chile export?");

    // A new conversation, then the first one again from the list.
    await page.getByTestId("chat-new").first().click();
    await expect(page.getByTestId("chat-turn")).toHaveCount(0);
    await expect(page.getByTestId("chat-starters")).toBeVisible();

    // Reject all: the kept conversations go, and nothing more is written.
    await page.getByTestId("footer").getByTestId("cookie-preferences").click();
    await page.getByTestId("consent-modal-reject-all").click();
    await expect.poll(() => localChatKeys(page)).toEqual([]);
    await ask(page, "What does Peru export?");
    expect(await localChatKeys(page)).toEqual([]);
    await page.reload();
    await expect(page.getByTestId("chat-turn")).toHaveCount(0);
    await expect(page.getByTestId("chat-storage-note")).toContainText("not saved");
  });

  test("without consent nothing is kept", async ({ page, context, baseURL }) => {
    await consentCookie(context, baseURL!, "f0t0");
    await page.goto("/en/chat");
    await ask(page, "What does Chile export?");
    expect(await localChatKeys(page)).toEqual([]);
    await page.reload();
    await expect(page.getByTestId("chat-turn")).toHaveCount(0);
  });

  test("the API refuses bad input and cross-site posts with JSON errors", async ({ request, baseURL }) => {
    const cross = await request.post("/api/chat", { data: { question: "What does Chile export?", locale: "en" }, headers: { Origin: "https://evil.example" } });
    expect(cross.status()).toBe(403);
    expect((await cross.json()).error.code).toBe("cross_site");
    const noToken = await request.post("/api/chat", { data: { question: "What does Chile export?", locale: "en" }, headers: { Origin: baseURL! } });
    expect(noToken.status()).toBe(403);
    expect((await noToken.json()).error.code).toBe("csrf");
    expect((await request.get("/api/chat/sessions")).status()).toBe(401);
  });
});
