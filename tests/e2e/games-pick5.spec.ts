/**
 * Pick 5, played in Chromium against the real warehouse. As for Tradle, the tests learn the true
 * top five the way nobody playing can before the end: by submitting the same puzzle through the
 * API first (one submission ends a game, and the state it answers lists the true top five).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";

type Item = { id: string; name: string };
type Puzzle = { game: string; puzzle: string; daily: boolean; year: number; data: { kind: "country" | "product"; year: number; source: string; subject: Item; candidates: Item[] } };

const allowFunctional = async (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: "ots-consent", value: "f1t0", domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

async function play(request: APIRequestContext, baseURL: string, puzzle: string, moves: unknown, locale = "en") {
  const response = await request.post("/api/games/pick-5", { data: { puzzle, moves, locale }, headers: { Origin: baseURL } });
  return { status: response.status(), body: await response.json() };
}

async function getPuzzle(request: APIRequestContext, which: string, locale = "en"): Promise<Puzzle> {
  const response = await request.get(`/api/games/pick-5?puzzle=${which}&locale=${locale}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The true top five of a puzzle (largest first) and the seven decoys, learned through the API. */
async function pick5Answer(request: APIRequestContext, baseURL: string, puzzle: Puzzle) {
  const ids = puzzle.data.candidates.map((c) => c.id);
  const { status, body } = await play(request, baseURL, puzzle.puzzle, ids.slice(0, 5));
  expect(status).toBe(200);
  const answer = (body.state.answer as Item[]).map((a) => a.id);
  const names = new Map(puzzle.data.candidates.map((c) => [c.id, c.name]));
  return { answer: answer.map((id) => ({ id, name: names.get(id)! })), decoys: ids.filter((id) => !answer.includes(id)).map((id) => ({ id, name: names.get(id)! })) };
}

async function closeInstructions(page: Page) {
  const close = page.getByTestId("instructions-close");
  await expect(close).toBeVisible();
  await close.click();
  await expect(close).toBeHidden();
}

const candidate = (page: Page, id: string) => page.locator(`[data-testid="pick5-candidate"][data-id="${id}"]`);

/** Clicks a candidate and waits for it to be taken at `rank`. */
async function pick(page: Page, id: string, rank: number) {
  await candidate(page, id).click();
  await expect(candidate(page, id)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("pick5-pick").nth(rank - 1)).toHaveAttribute("data-id", id);
}

/** Submits and waits for the server's answer and the result on the page. */
async function submit(page: Page) {
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/games/pick-5") && r.request().method() === "POST");
  await page.getByTestId("pick5-submit").click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId("pick5-result")).toBeVisible();
}

const pickedIds = (page: Page) => page.getByTestId("pick5-pick").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));

test.describe("Pick 5", () => {
  test("the puzzle holds twelve candidates and no answer; the API scores one submission and refuses bad ones", async ({ request, baseURL }) => {
    const puzzle = await getPuzzle(request, "daily");
    expect(puzzle.game).toBe("pick-5");
    expect(puzzle.puzzle).toMatch(/^d-\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(puzzle.data).sort()).toEqual(["candidates", "kind", "source", "subject", "year"]);
    expect(["country", "product"]).toContain(puzzle.data.kind);
    expect(puzzle.data.candidates).toHaveLength(12);
    for (const c of puzzle.data.candidates) expect(Object.keys(c).sort()).toEqual(["id", "name"]);
    const ids = puzzle.data.candidates.map((c) => c.id);
    expect(new Set(ids).size).toBe(12);
    expect(JSON.stringify(puzzle)).not.toMatch(/"(answer|value|share|top|total)"/);
    const html = await (await request.get("/en/games/pick-5")).text();
    expect(html).not.toMatch(/pick5-answer|pick5-result|\\?"answer\\?"/);
    // The same puzzle id gives the same puzzle, its names in the language asked for.
    expect((await getPuzzle(request, puzzle.puzzle)).data).toEqual(puzzle.data);
    expect((await getPuzzle(request, puzzle.puzzle, "es")).data.candidates.map((c) => c.id)).toEqual(ids);

    const one = await play(request, baseURL!, puzzle.puzzle, ids.slice(0, 5));
    expect(one.status).toBe(200);
    const state = one.body.state;
    expect(["won", "lost"]).toContain(state.status);
    expect(state.max).toBe(10);
    expect(state.picks.map((p: Item) => p.id)).toEqual(ids.slice(0, 5));
    expect(state.score).toBe(state.picks.reduce((s: number, p: { points: number }) => s + p.points, 0));
    expect(state.answer).toHaveLength(5);
    const values = state.answer.map((a: { value: number }) => a.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const a of state.answer) {
      expect(ids).toContain(a.id);
      expect(a.share).toBeGreaterThan(0);
      expect(a.share).toBeLessThanOrEqual(1);
    }

    for (const [moves, code] of [
      [ids.slice(0, 4), "wrong_count"],
      [ids.slice(0, 6), "wrong_count"],
      [[ids[0], ids[0], ids[1], ids[2], ids[3]], "repeated_pick"],
      [[...ids.slice(0, 4), "zzzz"], "not_a_candidate"],
      ["nope", "invalid_moves"],
    ] as const) {
      const r = await play(request, baseURL!, puzzle.puzzle, moves);
      expect(r.status, JSON.stringify(moves)).toBe(400);
      expect(r.body.error.code, JSON.stringify(moves)).toBe(code);
    }
    const cross = await request.post("/api/games/pick-5", { data: { puzzle: puzzle.puzzle, moves: ids.slice(0, 5), locale: "en" }, headers: { Origin: "https://evil.example" } });
    expect(cross.status()).toBe(403);
  });

  test("won in order with clicks and the keyboard: 10 / 10, statistics, links to the profiles, a spoiler-free share", async ({ page, context, request, baseURL }) => {
    await allowFunctional(context, baseURL!);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const today = await getPuzzle(request, "daily");
    const { answer, decoys } = await pick5Answer(request, baseURL!, today);
    await page.goto("/en/games/pick-5");
    await closeInstructions(page);
    await expect(page.getByTestId("pick5-question")).toContainText(today.data.subject.name);
    await expect(page.getByTestId("pick5-question")).toContainText(String(today.data.year));
    await expect(page.getByTestId("pick5-candidate")).toHaveCount(12);
    await expect(page.getByTestId("pick5-submit")).toBeDisabled();

    // A decoy first, then four of the five with the first two swapped.
    await pick(page, decoys[0].id, 1);
    await pick(page, answer[1].id, 2);
    await pick(page, answer[0].id, 3);
    await pick(page, answer[2].id, 4);
    await pick(page, answer[3].id, 5);
    await expect(page.getByTestId("pick5-submit")).toBeEnabled();
    // Full: the candidates not picked wait until a pick is removed.
    await expect(candidate(page, answer[4].id)).toBeDisabled();
    await page.getByRole("button", { name: `Remove ${decoys[0].name}`, exact: true }).click();
    await expect(candidate(page, decoys[0].id)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("pick5-submit")).toBeDisabled();
    await pick(page, answer[4].id, 5);
    expect(await pickedIds(page)).toEqual([answer[1].id, answer[0].id, answer[2].id, answer[3].id, answer[4].id]);

    // Moved up with the keyboard; the focus follows the pick (to "down", as "up" is now off).
    await page.getByRole("button", { name: `Move ${answer[0].name} up`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => pickedIds(page)).toEqual(answer.map((a) => a.id));
    await expect(page.getByRole("button", { name: `Move ${answer[0].name} down`, exact: true })).toBeFocused();

    await submit(page);
    await expect(page.getByTestId("pick5-result")).toContainText("10 / 10");
    await expect(page.getByTestId("pick5-result")).toContainText("Well done!");
    const picks = page.getByTestId("pick5-pick");
    await expect(picks).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      await expect(picks.nth(i)).toContainText(answer[i].name);
      await expect(picks.nth(i)).toContainText("✓");
      await expect(picks.nth(i)).toContainText("Exact rank");
      await expect(picks.nth(i)).toContainText("2 points");
    }
    const rows = page.getByTestId("pick5-answer-row");
    await expect(rows).toHaveCount(5);
    const section = today.data.kind === "country" ? "hs" : "country";
    for (let i = 0; i < 5; i++) {
      await expect(rows.nth(i).getByRole("link")).toHaveAttribute("href", `/en/profile/${section}/${answer[i].id}`);
      await expect(rows.nth(i)).toContainText(answer[i].name);
      await expect(rows.nth(i)).toContainText(/\$[\d.]+[KMBT]?/);
      await expect(rows.nth(i)).toContainText(/[\d.]+% of the total/);
    }
    await expect(page.getByTestId("stat-played")).toContainText("1");
    await expect(page.getByTestId("stat-winRate")).toContainText("100%");
    await page.getByTestId("share-result").click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(/^Pick 5 \d{4}-\d{2}-\d{2} 10\/10\n🟩🟩🟩🟩🟩\n/);
    for (const a of answer) expect(shared).not.toContain(a.name);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")}`)).toEqual([]);
  });

  test("lost in practice, in Spanish: five decoys score 0 / 10; without functional cookies nothing is kept", async ({ page, request, baseURL }) => {
    await page.goto("/es/games/pick-5");
    await closeInstructions(page);
    const loaded = page.waitForResponse((r) => r.url().includes("/api/games/pick-5?puzzle=practice"));
    await page.getByTestId("game-mode").getByText("Práctica").click();
    const practice = (await (await loaded).json()) as Puzzle;
    expect(practice.puzzle).toMatch(/^p-\d+$/);
    await expect(page.getByTestId("puzzle-label")).toContainText("Reto de práctica");
    await expect(page.getByTestId("pick5-question")).toContainText(practice.data.subject.name);
    await expect(page.getByTestId("pick5-question")).toContainText("cinco principales");
    const { decoys } = await pick5Answer(request, baseURL!, practice);
    expect(decoys).toHaveLength(7);
    for (const [i, d] of decoys.slice(0, 5).entries()) await pick(page, d.id, i + 1);
    await submit(page);
    await expect(page.getByTestId("pick5-result")).toContainText("0 / 10");
    await expect(page.getByTestId("pick5-result")).toContainText("Esta vez no.");
    const picks = page.getByTestId("pick5-pick");
    await expect(picks).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      await expect(picks.nth(i)).toContainText("✗");
      await expect(picks.nth(i)).toContainText("Fuera de los cinco primeros");
    }
    await expect(page.getByTestId("pick5-answer-row")).toHaveCount(5);
    await expect(page.getByTestId("pick5-answer-row").first().getByRole("link")).toHaveAttribute("href", /^\/es\/profile\/(hs|country)\//);
    await expect(page.getByTestId("stats-off")).toBeVisible();
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ots-games:")));
    expect(kept).toEqual([]);
  });
});
