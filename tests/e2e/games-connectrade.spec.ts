/**
 * Connectrade, played in Chromium against the real warehouse. The tests learn the groups the way
 * nobody playing can before the end: by losing the same puzzle through the API first.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";

interface Tile {
  id: string;
  name: string;
}
interface Group {
  members: Tile[];
  fact: { kind: "topExport" | "mainPartner" | "topExporters" | "continent"; params: Record<string, string>; level: number };
}

const allowFunctional = async (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: "ots-consent", value: "f1t0", domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

async function play(request: APIRequestContext, baseURL: string, puzzle: string, moves: unknown[], locale = "en") {
  const response = await request.post("/api/games/connectrade", { data: { puzzle, moves, locale }, headers: { Origin: baseURL } });
  return { status: response.status(), body: await response.json() };
}

/** Every set of four of `ids`, in order. */
function* fours(ids: string[]): Generator<string[]> {
  for (let a = 0; a < ids.length; a++)
    for (let b = a + 1; b < ids.length; b++)
      for (let c = b + 1; c < ids.length; c++) for (let d = c + 1; d < ids.length; d++) yield [ids[a], ids[b], ids[c], ids[d]];
}

/**
 * A puzzle's four groups (by level), learned by playing it to the end through the API: sets of
 * four tiles in order, never a solved tile twice nor the same set twice, until four mistakes
 * (a set that happens to be a group is simply solved). The final state holds every group.
 */
async function learnGroups(request: APIRequestContext, baseURL: string, puzzle: string, locale: string): Promise<Group[]> {
  const { data } = await (await request.get(`/api/games/connectrade?puzzle=${puzzle}&locale=${locale}`)).json();
  const ids: string[] = data.tiles.map((t: Tile) => t.id);
  const moves: string[][] = [];
  const tried = new Set<string>();
  let solved = new Set<string>();
  for (let step = 0; step < 12; step++) {
    const guess = [...fours(ids.filter((id) => !solved.has(id)))].find((g) => !tried.has(g.join("|")));
    expect(guess, "a set of four not tried yet").toBeTruthy();
    tried.add(guess!.join("|"));
    const { status, body } = await play(request, baseURL, puzzle, [...moves, guess], locale);
    expect(status, JSON.stringify(body)).toBe(200);
    moves.push(guess!);
    if (body.state.status !== "playing") {
      expect(body.state.groups).toHaveLength(4);
      return body.state.groups as Group[];
    }
    expect(body.state.groups).toBeUndefined();
    solved = new Set((body.state.solved as Group[]).flatMap((g) => g.members.map((m) => m.id)));
  }
  throw new Error("the puzzle did not end within twelve guesses");
}

async function closeInstructions(page: Page) {
  const close = page.getByTestId("instructions-close");
  await expect(close).toBeVisible();
  await close.click();
  await expect(close).toBeHidden();
}

const tile = (page: Page, id: string) => page.locator(`[data-testid="ct-tile"][data-id="${id}"]`);

/** Selects these tiles (after clearing any selection), submits, and waits for the server's answer. */
async function guess(page: Page, ids: string[]) {
  // Shuffle is enabled once the previous answer has arrived.
  await expect(page.getByTestId("ct-shuffle")).toBeEnabled();
  if ((await page.locator('[data-testid="ct-tile"][aria-pressed="true"]').count()) > 0) await page.getByTestId("ct-deselect").click();
  await expect(page.locator('[data-testid="ct-tile"][aria-pressed="true"]')).toHaveCount(0);
  for (const id of ids) await tile(page, id).click();
  await expect(page.locator('[data-testid="ct-tile"][aria-pressed="true"]')).toHaveCount(4);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/games/connectrade" && r.request().method() === "POST");
  await page.getByTestId("ct-submit").click();
  expect((await answered).status()).toBe(200);
}

/** How the English page phrases each kind of fact, before the subject's name. */
const PHRASE: Record<Group["fact"]["kind"], string> = {
  topExport: "Their largest export is",
  mainPartner: "Their main destination is",
  topExporters: "Top exporters of",
  continent: "In",
};

const subjectHref = (locale: string, fact: Group["fact"]) =>
  fact.kind === "topExport" || fact.kind === "topExporters"
    ? `/${locale}/profile/hs/${fact.params.product}`
    : fact.kind === "mainPartner"
      ? `/${locale}/profile/country/${fact.params.partner}`
      : `/${locale}/profile/continent/${fact.params.continent}`;

test.describe("Connectrade", () => {
  test("the puzzle holds sixteen tiles and no group; the API refuses bad moves and other sites", async ({ request, baseURL }) => {
    const puzzle = await (await request.get("/api/games/connectrade?puzzle=daily&locale=en")).json();
    expect(puzzle.puzzle).toMatch(/^d-\d{4}-\d{2}-\d{2}$/);
    const ids: string[] = puzzle.data.tiles.map((t: Tile) => t.id);
    expect(ids).toHaveLength(16);
    expect(new Set(ids).size).toBe(16);
    expect(puzzle.data.maxMistakes).toBe(4);
    expect(JSON.stringify(puzzle)).not.toMatch(/"(facts?|groups|members|level|kind|params)"/);
    const html = await (await request.get("/en/games/connectrade")).text();
    expect(html).not.toMatch(/ct-groups|\\?"(fact|members)\\?"/);
    // The same puzzle id gives the same puzzle.
    expect((await (await request.get(`/api/games/connectrade?puzzle=${puzzle.puzzle}&locale=en`)).json()).data).toEqual(puzzle.data);

    const one = await play(request, baseURL!, puzzle.puzzle, [ids.slice(0, 4)]);
    expect(one.status).toBe(200);
    expect(one.body.state.status).toBe("playing");
    expect(one.body.state.results).toHaveLength(1);
    expect(one.body.state.groups).toBeUndefined();
    for (const [moves, code] of [
      [[ids.slice(0, 3)], "wrong_size"],
      [[[ids[0], ids[1], ids[2], "zzz"]], "not_a_tile"],
      [[[ids[0], ids[0], ids[1], ids[2]]], "repeated_tile"],
      ["nope", "invalid_moves"],
    ] as const) {
      const r = await play(request, baseURL!, puzzle.puzzle, moves as unknown as unknown[]);
      expect(r.status, JSON.stringify(moves)).toBe(400);
      expect(r.body.error.code).toBe(code);
    }
    const cross = await request.post("/api/games/connectrade", { data: { puzzle: puzzle.puzzle, moves: [] }, headers: { Origin: "https://evil.example" } });
    expect(cross.status()).toBe(403);
  });

  test("won in the browser: one away, the groups found as bands, the facts linked, statistics kept", async ({ page, context, request, baseURL }) => {
    await allowFunctional(context, baseURL!);
    const today = (await (await request.get("/api/games/connectrade?puzzle=daily&locale=en")).json()).puzzle as string;
    const groups = await learnGroups(request, baseURL!, today, "en");
    await page.goto("/en/games/connectrade");
    await closeInstructions(page);
    await expect(page.getByTestId("game-source")).toContainText(/Data: .+, \d{4}\./);
    const tiles = page.getByTestId("ct-tile");
    await expect(tiles).toHaveCount(16);
    await expect(page.getByTestId("ct-submit")).toBeDisabled();
    await expect(page.getByTestId("ct-mistakes")).toHaveText("Mistakes left: 4");

    // Shuffle changes the order only; at most four tiles are selected; Deselect all clears them.
    const order = () => tiles.evaluateAll((els) => els.map((el) => el.getAttribute("data-id")!));
    const before = await order();
    await page.getByTestId("ct-shuffle").click();
    expect([...(await order())].sort()).toEqual([...before].sort());
    const all = await order();
    for (const id of all.slice(0, 4)) await tile(page, id).click();
    await expect(tile(page, all[0])).toHaveAttribute("aria-pressed", "true");
    await expect(tile(page, all[4])).toBeDisabled();
    await expect(page.getByTestId("ct-submit")).toBeEnabled();
    await page.getByTestId("ct-deselect").click();
    await expect(page.locator('[data-testid="ct-tile"][aria-pressed="true"]')).toHaveCount(0);
    await expect(page.getByTestId("ct-submit")).toBeDisabled();

    // Three of one group and one of another: one away, a mistake.
    const nearly = [...groups[0].members.slice(0, 3).map((m) => m.id), groups[1].members[0].id];
    await guess(page, nearly);
    await expect(page.getByTestId("ct-one-away")).toHaveText("One away!");
    await expect(page.getByTestId("ct-mistakes")).toHaveText("Mistakes left: 3");
    // The same four again cost nothing: refused before the server.
    await page.getByTestId("ct-submit").click();
    await expect(page.getByTestId("ct-feedback")).toHaveText("You have already tried these four.");
    await expect(page.getByTestId("ct-mistakes")).toHaveText("Mistakes left: 3");

    for (const [i, group] of groups.entries()) {
      await guess(
        page,
        group.members.map((m) => m.id),
      );
      const band = page.getByTestId("ct-solved").nth(i);
      await expect(band).toHaveAttribute("data-level", String(group.fact.level));
      for (const m of group.members) await expect(band).toContainText(m.name);
      await expect(band).toContainText(group.fact.params.name);
    }
    await expect(page.getByTestId("ct-solved")).toHaveCount(4);
    await expect(page.getByTestId("ct-result")).toContainText("Well done!");
    await expect(page.getByTestId("ct-result")).toContainText("You found all four groups with 1 mistake.");
    await expect(page.getByTestId("ct-tile")).toHaveCount(0);

    const list = page.getByTestId("ct-groups");
    await expect(list.getByTestId("ct-group")).toHaveCount(4);
    for (const [i, group] of groups.entries()) {
      const band = list.getByTestId("ct-group").nth(i);
      await expect(band).toContainText(`${PHRASE[group.fact.kind]} ${group.fact.params.name}`);
      for (const m of group.members) await expect(band.locator(`a[href="/en/profile/country/${m.id}"]`)).toHaveText(m.name);
      await expect(band.locator(`a[href="${subjectHref("en", group.fact)}"]`).first()).toHaveText(group.fact.params.name);
    }
    await expect(page.getByTestId("stat-played")).toContainText("1");
    await expect(page.getByTestId("stat-winRate")).toContainText("100%");
    await expect(page.getByTestId("share-result")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("lost in practice in Chinese on a phone: four wrong guesses reveal the groups; without functional cookies nothing is kept", async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/zh/games/connectrade");
    await closeInstructions(page);
    const loaded = page.waitForResponse((r) => r.url().includes("/api/games/connectrade?puzzle=practice"));
    await page.getByTestId("game-mode").getByText("练习").click();
    const practice = await (await loaded).json();
    expect(practice.puzzle).toMatch(/^p-\d+$/);
    await expect(page.getByTestId("puzzle-label")).toContainText("练习题");
    const names = new Map<string, string>(practice.data.tiles.map((t: Tile) => [t.id, t.name]));
    for (const [id, name] of names) await expect(tile(page, id)).toHaveText(name);

    // Four columns on a phone, and nothing wider than the screen.
    const boxes = await page.getByTestId("ct-tile").evaluateAll((els) => els.slice(0, 5).map((el) => el.getBoundingClientRect().top));
    expect(new Set(boxes.slice(0, 4).map(Math.round)).size).toBe(1);
    expect(boxes[4]).toBeGreaterThan(boxes[0]);
    const fit = await page.getByTestId("ct-tile").evaluateAll((els) => els.every((el) => el.getBoundingClientRect().right <= window.innerWidth && el.scrollWidth <= el.clientWidth + 1));
    expect(fit, "every tile within the screen, its name wrapped inside it").toBe(true);

    const groups = await learnGroups(request, baseURL!, practice.puzzle, "zh");
    // One tile of each group: never a group, never one away, four different sets.
    for (let k = 0; k < 4; k++) {
      await guess(
        page,
        groups.map((g) => g.members[k].id),
      );
      if (k < 3) {
        await expect(page.getByTestId("ct-mistakes")).toHaveText(`剩余失误次数：${3 - k}`);
        await expect(page.getByTestId("ct-feedback")).toHaveText("这不是一组。");
        await expect(page.getByTestId("ct-one-away")).toBeHidden();
      }
    }
    const result = page.getByTestId("ct-result");
    await expect(result).toContainText("这次没猜中。");
    await expect(result).toContainText("以下是全部四组。");
    await expect(page.getByTestId("ct-solved")).toHaveCount(0);
    const list = page.getByTestId("ct-groups");
    await expect(list.getByTestId("ct-group")).toHaveCount(4);
    for (const [i, group] of groups.entries()) {
      const band = list.getByTestId("ct-group").nth(i);
      await expect(band).toHaveAttribute("data-level", String(group.fact.level));
      for (const m of group.members) await expect(band.locator(`a[href="/zh/profile/country/${m.id}"]`)).toHaveText(names.get(m.id)!);
      await expect(band.locator(`a[href="${subjectHref("zh", group.fact)}"]`).first()).toHaveText(group.fact.params.name);
    }
    await expect(page.getByTestId("stats-off")).toBeVisible();
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ots-games:")));
    expect(kept).toEqual([]);
  });
});
