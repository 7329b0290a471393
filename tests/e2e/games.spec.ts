/**
 * The games, played in Chromium against the real warehouse. The tests learn an answer the way
 * nobody playing can before the end: by finishing the same puzzle through the API first.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";

const allowFunctional = async (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: "ots-consent", value: "f1t0", domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

async function play(request: APIRequestContext, baseURL: string, game: string, puzzle: string, moves: unknown[]) {
  const response = await request.post(`/api/games/${game}`, { data: { puzzle, moves, locale: "en" }, headers: { Origin: baseURL } });
  return { status: response.status(), body: await response.json() };
}

/** Today's Tradle answer and six other countries, from the API. */
async function tradleAnswer(request: APIRequestContext, baseURL: string, puzzle: string) {
  const { data } = await (await request.get(`/api/games/tradle?puzzle=${puzzle}&locale=en`)).json();
  const ids: string[] = data.countries.map((c: { id: string }) => c.id);
  const { body } = await play(request, baseURL, "tradle", puzzle, ids.slice(0, 6));
  const answer = body.state.answer as { id: string; name: string };
  const wrong = ids.filter((id) => id !== answer.id).slice(0, 6);
  const names = new Map<string, string>(data.countries.map((c: { id: string; name: string }) => [c.id, c.name]));
  return { answer, wrong: wrong.map((id) => ({ id, name: names.get(id)! })) };
}

/** Types a country, picks it from the list, guesses, and waits for the server's answer (a new row). */
async function guess(page: Page, name: string) {
  const rows = page.getByTestId("tradle-guess-row");
  const before = await rows.count();
  const input = page.getByTestId("tradle-input");
  await input.click();
  await input.fill(name);
  await page.getByRole("option", { name, exact: true }).click();
  await page.getByTestId("tradle-guess").click();
  await expect(rows).toHaveCount(before + 1);
}

async function closeInstructions(page: Page) {
  const close = page.getByTestId("instructions-close");
  await expect(close).toBeVisible();
  await close.click();
  await expect(close).toBeHidden();
}

test.describe("Tradle", () => {
  test("the puzzle and the page hold no answer; the API reveals it only at the end, and refuses bad moves", async ({ request, baseURL }) => {
    const puzzle = await (await request.get("/api/games/tradle?puzzle=daily&locale=en")).json();
    expect(puzzle.puzzle).toMatch(/^d-\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(puzzle)).not.toMatch(/answer/);
    expect(puzzle.data.products.length).toBeGreaterThanOrEqual(5);
    const html = await (await request.get("/en/games/tradle")).text();
    expect(html).not.toMatch(/answer-link|"answer"/);
    const one = await play(request, baseURL!, "tradle", puzzle.puzzle, [puzzle.data.countries[0].id]);
    expect(one.status).toBe(200);
    if (one.body.state.status === "playing") expect(one.body.state.answer).toBeUndefined();
    // The same puzzle id gives the same puzzle (deterministic for a date).
    expect((await (await request.get(`/api/games/tradle?puzzle=${puzzle.puzzle}&locale=en`)).json()).data).toEqual(puzzle.data);
    for (const [moves, code] of [
      [["zzz"], "unknown_country"],
      [["chl", "chl"], "repeated_guess"],
      ["nope", "invalid_moves"],
    ] as const) {
      const r = await play(request, baseURL!, "tradle", puzzle.puzzle, moves as unknown as unknown[]);
      expect(r.status, String(moves)).toBe(400);
      expect(r.body.error.code).toBe(code);
    }
    expect((await request.get("/api/games/tradle?puzzle=d-2999-01-01")).status()).toBe(400);
    expect((await request.get("/api/games/tradle?puzzle=..%2F..%2Fetc")).status()).toBe(400);
    expect((await request.get("/api/games/nope")).status()).toBe(404);
    const cross = await request.post("/api/games/tradle", { data: { puzzle: puzzle.puzzle, moves: [] }, headers: { Origin: "https://evil.example" } });
    expect(cross.status()).toBe(403);
  });

  test("won with the keyboard and the list: statistics and a spoiler-free share with functional cookies", async ({ page, context, request, baseURL }) => {
    await allowFunctional(context, baseURL!);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const today = (await (await request.get("/api/games/tradle?puzzle=daily&locale=en")).json()).puzzle;
    const { answer, wrong } = await tradleAnswer(request, baseURL!, today);
    await page.goto("/en/games/tradle");
    await closeInstructions(page);
    await expect(page.locator('[data-testid="tradle-chart"] [data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("game-source")).toContainText(/Data: .+, \d{4}\./);
    await guess(page, wrong[0].name);
    const row = page.getByTestId("tradle-guess-row").first();
    await expect(row).toContainText(wrong[0].name);
    await expect(row).toContainText(/km/);
    await expect(page.getByTestId("guesses-left")).toHaveText("5 guesses left");
    await guess(page, answer.name);
    await expect(page.getByTestId("tradle-result")).toContainText(`It was ${answer.name}, found in 2 guesses.`);
    await expect(page.getByTestId("answer-link")).toHaveAttribute("href", `/en/profile/country/${answer.id}`);
    await expect(page.getByTestId("stat-played")).toContainText("1");
    await expect(page.getByTestId("stat-winRate")).toContainText("100%");
    await expect(page.getByTestId("stat-streak")).toContainText("1");
    await page.getByTestId("share-result").click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(/^Tradle \d{4}-\d{2}-\d{2} 2\/6\n/);
    expect(shared).not.toContain(answer.name);
    // Remembered: the instructions stay closed on the next visit, and the statistics stay.
    await page.reload();
    await expect(page.getByTestId("instructions-close")).toBeHidden();
    await expect(page.getByTestId("stat-played")).toContainText("1");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("lost in practice: six wrong guesses reveal the answer; without functional cookies nothing is kept", async ({ page, request, baseURL }) => {
    await page.goto("/es/games/tradle");
    await closeInstructions(page);
    const loaded = page.waitForResponse((r) => r.url().includes("/api/games/tradle?puzzle=practice"));
    await page.getByTestId("game-mode").getByText("Práctica").click();
    const practice = await (await loaded).json();
    expect(practice.puzzle).toMatch(/^p-\d+$/);
    await expect(page.getByTestId("puzzle-label")).toContainText("Reto de práctica");
    const { answer, wrong } = await tradleAnswer(request, baseURL!, practice.puzzle);
    const names = new Map<string, string>(practice.data.countries.map((c: { id: string; name: string }) => [c.id, c.name]));
    for (const w of wrong) await guess(page, names.get(w.id)!);
    await expect(page.getByTestId("tradle-result")).toContainText(`Era ${names.get(answer.id)}.`);
    await expect(page.getByTestId("stats-off")).toBeVisible();
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ots-games:")));
    expect(kept).toEqual([]);
    // The instructions open again on the next visit: nothing remembered them.
    await page.reload();
    await expect(page.getByTestId("instructions-close")).toBeVisible();
  });

  test("the home page offers today's game with a teaser that does not name the answer", async ({ page, request, baseURL }) => {
    const today = (await (await request.get("/api/games/tradle?puzzle=daily&locale=en")).json()) as { puzzle: string; data: { products: { name: string }[] } };
    const { answer } = await tradleAnswer(request, baseURL!, today.puzzle);
    await page.goto("/en");
    const card = page.getByTestId("todays-game");
    await expect(card.getByRole("link")).toHaveAttribute("href", "/en/games/tradle");
    await expect(card).toContainText(today.data.products[0].name);
    await expect(card).not.toContainText(answer.name);
  });

  test("zh and a phone: country names in Chinese, accent-insensitive search", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/zh/games/tradle");
    await closeInstructions(page);
    const input = page.getByTestId("tradle-input");
    await input.fill("智利");
    await expect(page.getByRole("option", { name: "智利" })).toBeVisible();
    await page.goto("/es/games/tradle");
    await closeInstructions(page);
    await page.getByTestId("tradle-input").fill("peru");
    await expect(page.getByRole("option", { name: "Perú" })).toBeVisible();
  });
});
