/**
 * Export Hold'em, played in Chromium against the real warehouse. As for the other games, the tests
 * learn each round's winner the way nobody playing can before the round: by playing the same
 * puzzle through the API first (a round's values and winner are revealed once it has been played).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./support/test";

type Side = "a" | "b";
type Winner = Side | "tie";
type Move = { side: Side; bet: number };
type Item = { id: string; name: string };
type Puzzle = {
  game: string;
  puzzle: string;
  daily: boolean;
  year: number;
  data: { year: number; source: string; countries: [Item, Item]; rounds: { product: Item & { section: { id: string; name: string; color: string | null } } }[]; startChips: number };
};
type Played = { product: Item; side: Side; bet: number; values: { a: number; b: number }; winner: Winner; chipsAfter: number };
type State = { status: "playing" | "won" | "lost"; chips: number; round: number; played: Played[] };

const GAME = "export-holdem";

const allowFunctional = async (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: "ots-consent", value: "f1t0", domain: new URL(baseURL).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]);

async function play(request: APIRequestContext, baseURL: string, puzzle: string, moves: unknown, locale = "en") {
  const response = await request.post(`/api/games/${GAME}`, { data: { puzzle, moves, locale }, headers: { Origin: baseURL } });
  return { status: response.status(), body: await response.json() };
}

async function getPuzzle(request: APIRequestContext, which: string, locale = "en"): Promise<Puzzle> {
  const response = await request.get(`/api/games/${GAME}?puzzle=${which}&locale=${locale}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Each round's winner, learned round by round through the API by betting 1 chip on A (never bust). */
async function holdemWinners(request: APIRequestContext, baseURL: string, puzzle: string): Promise<Winner[]> {
  const moves: Move[] = [];
  const winners: Winner[] = [];
  for (let i = 0; i < 5; i++) {
    moves.push({ side: "a", bet: 1 });
    const { status, body } = await play(request, baseURL, puzzle, moves);
    expect(status).toBe(200);
    const state = body.state as State;
    expect(state.played).toHaveLength(i + 1);
    winners.push(state.played[i].winner);
  }
  return winners;
}

/** All in on each round's winner; 1 chip on A in a tie (which gives the bet back). */
function winningMoves(winners: Winner[], start = 100): Move[] {
  let chips = start;
  return winners.map((w) => {
    if (w === "tie") return { side: "a", bet: 1 };
    const move = { side: w, bet: chips };
    chips *= 2;
    return move;
  });
}

async function closeInstructions(page: Page) {
  const close = page.getByTestId("instructions-close");
  await expect(close).toBeVisible();
  await close.click();
  await expect(close).toBeHidden();
}

/** Sets the bet: all in with the quick button, or a number typed into the input. */
async function setBet(page: Page, bet: number | "all", keyboard = false) {
  const input = page.getByTestId("holdem-bet");
  if (bet === "all") {
    const allIn = page.getByTestId("holdem-all-in");
    if (keyboard) {
      await allIn.focus();
      await page.keyboard.press("Enter");
    } else await allIn.click();
  } else await input.fill(String(bet));
  if (bet !== "all") await expect(input).toHaveValue(String(bet));
}

/** Bets on a side and waits for the server's answer and its reveal on the page. */
async function bet(page: Page, side: Side, round: number, keyboard = false): Promise<State> {
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/games/${GAME}`) && r.request().method() === "POST");
  const button = page.getByTestId(`holdem-bet-${side}`);
  await expect(button).toBeEnabled();
  if (keyboard) {
    await button.focus();
    await page.keyboard.press("Enter");
  } else await button.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  await expect(page.getByTestId("holdem-reveal")).toHaveAttribute("data-round", String(round));
  return (await response.json()).state as State;
}

test.describe("Export Hold'em", () => {
  test("the puzzle holds two countries, five cards and no value; the API reveals a round once played and refuses bad bets", async ({ request, baseURL }) => {
    const puzzle = await getPuzzle(request, "daily");
    expect(puzzle.game).toBe(GAME);
    expect(puzzle.puzzle).toMatch(/^d-\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(puzzle.data).sort()).toEqual(["countries", "rounds", "source", "startChips", "year"]);
    expect(puzzle.data.countries).toHaveLength(2);
    expect(puzzle.data.countries[0].id).not.toBe(puzzle.data.countries[1].id);
    for (const c of puzzle.data.countries) expect(Object.keys(c).sort()).toEqual(["id", "name"]);
    expect(puzzle.data.rounds).toHaveLength(5);
    for (const r of puzzle.data.rounds) {
      expect(Object.keys(r)).toEqual(["product"]);
      expect(Object.keys(r.product).sort()).toEqual(["id", "name", "section"]);
    }
    expect(new Set(puzzle.data.rounds.map((r) => r.product.id)).size).toBe(5);
    expect(puzzle.data.startChips).toBe(100);
    expect(JSON.stringify(puzzle)).not.toMatch(/"(values?|winner|exports?|a|b)":/);
    const html = await (await request.get("/en/games/export-holdem")).text();
    expect(html).not.toMatch(/holdem-reveal|holdem-result|\\?"values\\?"|\\?"winner\\?"/);
    // The same puzzle id gives the same puzzle, its names in the language asked for.
    expect((await getPuzzle(request, puzzle.puzzle)).data).toEqual(puzzle.data);
    expect((await getPuzzle(request, puzzle.puzzle, "es")).data.rounds.map((r) => r.product.id)).toEqual(puzzle.data.rounds.map((r) => r.product.id));

    // One round played: its values and winner, the chips moved by the bet, the game still on.
    const one = await play(request, baseURL!, puzzle.puzzle, [{ side: "a", bet: 10 }]);
    expect(one.status).toBe(200);
    const state = one.body.state as State;
    expect(state.status).toBe("playing");
    expect(state.round).toBe(1);
    expect(state.played).toHaveLength(1);
    const first = state.played[0];
    expect(first.product.id).toBe(puzzle.data.rounds[0].product.id);
    expect(first.values.a).toBeGreaterThanOrEqual(0);
    expect(first.values.b).toBeGreaterThanOrEqual(0);
    expect(first.winner).toBe(first.values.a > first.values.b ? "a" : first.values.b > first.values.a ? "b" : "tie");
    expect(state.chips).toBe(first.winner === "tie" ? 100 : first.winner === "a" ? 110 : 90);
    expect(first.chipsAfter).toBe(state.chips);

    for (const [moves, code] of [
      [[{ side: "a", bet: 0 }], "invalid_bet"],
      [[{ side: "a", bet: 1000 }], "invalid_bet"],
      [[{ side: "b", bet: 1.5 }], "invalid_bet"],
      [[{ side: "a", bet: "10" }], "invalid_bet"],
      [[{ side: "c", bet: 1 }], "invalid_side"],
      [[{ bet: 1 }], "invalid_side"],
      [Array.from({ length: 6 }, () => ({ side: "a", bet: 1 })), "too_many_moves"],
      ["nope", "invalid_moves"],
    ] as const) {
      const r = await play(request, baseURL!, puzzle.puzzle, moves);
      expect(r.status, JSON.stringify(moves)).toBe(400);
      expect(r.body.error.code, JSON.stringify(moves)).toBe(code);
    }
    const cross = await request.post(`/api/games/${GAME}`, { data: { puzzle: puzzle.puzzle, moves: [{ side: "a", bet: 1 }], locale: "en" }, headers: { Origin: "https://evil.example" } });
    expect(cross.status()).toBe(403);
  });

  test("won with the keyboard, all in on each round's winner: the API's chips, statistics, links, a spoiler-free share", async ({ page, context, request, baseURL }) => {
    await allowFunctional(context, baseURL!);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const today = await getPuzzle(request, "daily");
    const winners = await holdemWinners(request, baseURL!, today.puzzle);
    expect(winners.some((w) => w !== "tie")).toBe(true);
    const moves = winningMoves(winners);
    const expected = (await play(request, baseURL!, today.puzzle, moves)).body.state as State;
    expect(expected.status).toBe("won");
    const [a, b] = today.data.countries;

    await page.goto("/en/games/export-holdem");
    await closeInstructions(page);
    await expect(page.getByTestId("game-source")).toContainText(/Data: .+, \d{4}\./);
    await expect(page.getByTestId("holdem-player")).toHaveCount(2);
    await expect(page.getByTestId("holdem-player").first()).toContainText(a.name);
    await expect(page.getByTestId("holdem-player").last()).toContainText(b.name);
    await expect(page.getByTestId("holdem-chips")).toHaveText("Your chips: 100");
    await expect(page.getByTestId("holdem-card")).toHaveCount(5);
    await expect(page.getByTestId("holdem-reveal")).toHaveCount(0);
    await expect(page.getByTestId("holdem-bet-a")).toHaveText(`Bet on ${a.name}`);
    await expect(page.getByTestId("holdem-bet-b")).toHaveText(`Bet on ${b.name}`);

    for (const [i, move] of moves.entries()) {
      const product = today.data.rounds[i].product.name;
      await expect(page.getByTestId("holdem-round")).toHaveText(`Round ${i + 1} of 5: who exports more ${product}?`);
      await expect(page.getByTestId("holdem-card").nth(i)).toHaveAttribute("aria-current", "step");
      await setBet(page, winners[i] === "tie" ? 1 : "all", true);
      await expect(page.getByTestId("holdem-bet")).toHaveValue(String(move.bet));
      const state = await bet(page, move.side, i + 1, true);
      expect(state.played[i]).toEqual(expected.played[i]);
      const reveal = page.getByTestId("holdem-reveal");
      await expect(reveal).toHaveAttribute("data-winner", winners[i]);
      await expect(reveal).toContainText(`Round ${i + 1} revealed: ${product}`);
      await expect(reveal).toContainText(`, ${today.data.year}`);
      await expect(reveal).toContainText(/\$[\d.]+[KMBT]?/);
      await expect(reveal).toContainText(winners[i] === "tie" ? "a tie" : `${today.data.countries[winners[i] === "a" ? 0 : 1].name} exports more.`);
      await expect(page.getByTestId("holdem-chips")).toHaveAttribute("data-chips", String(state.chips));
      await expect(page.getByTestId("holdem-card").nth(i)).toHaveAttribute("data-state", "played");
      // The focus follows the server's answer: the reveal, then the result at the end.
      if (i < 4) await expect(reveal.getByRole("heading")).toBeFocused();
    }

    const result = page.getByTestId("holdem-result");
    await expect(result).toHaveAttribute("data-status", "won");
    await expect(result).toHaveAttribute("data-chips", String(expected.chips));
    await expect(result).toContainText("Well done!");
    await expect(result).toContainText(`You end with ${expected.chips.toLocaleString("en")} chips`);
    await expect(result.getByRole("heading")).toBeFocused();
    await expect(page.getByTestId("holdem-chips")).toHaveAttribute("data-chips", String(expected.chips));
    await expect(page.getByTestId("holdem-bet-a")).toHaveCount(0);

    await expect(page.getByTestId("holdem-rounds")).toBeVisible();
    const rows = page.getByTestId("holdem-round-row");
    await expect(rows).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const { id, name } = today.data.rounds[i].product;
      await expect(rows.nth(i).getByRole("link")).toHaveAttribute("href", `/en/profile/hs/${id}`);
      await expect(rows.nth(i)).toContainText(name);
      await expect(rows.nth(i)).toContainText(/\$[\d.]+[KMBT]?/);
      await expect(rows.nth(i)).toHaveAttribute("data-outcome", winners[i] === "tie" ? "tie" : "won");
    }
    await expect(page.getByTestId("holdem-country-link").first()).toHaveAttribute("href", `/en/profile/country/${a.id}`);
    await expect(page.getByTestId("holdem-country-link").last()).toHaveAttribute("href", `/en/profile/country/${b.id}`);

    await expect(page.getByTestId("stat-played")).toContainText("1");
    await expect(page.getByTestId("stat-winRate")).toContainText("100%");
    await page.getByTestId("share-result").click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    const marks = winners.map((w) => (w === "tie" ? "➖" : "✅")).join("");
    expect(shared.startsWith(`Export Hold'em ${today.puzzle.slice(2)} ${expected.chips} chips\n${marks}\n`)).toBe(true);
    for (const c of today.data.countries) expect(shared).not.toContain(c.name);
    for (const r of today.data.rounds) expect(shared).not.toContain(r.product.name);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")}`)).toEqual([]);
  });

  test("lost in practice on a phone, in Spanish: all in on the loser goes bust; without functional cookies nothing is kept", async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/es/games/export-holdem");
    await closeInstructions(page);
    const loaded = page.waitForResponse((r) => r.url().includes(`/api/games/${GAME}?puzzle=practice`));
    await page.getByTestId("game-mode").getByText("Práctica").click();
    const practice = (await (await loaded).json()) as Puzzle;
    expect(practice.puzzle).toMatch(/^p-\d+$/);
    await expect(page.getByTestId("puzzle-label")).toContainText("Reto de práctica");
    await expect(page.getByTestId("holdem-round")).toHaveText(`Ronda 1 de 5: ¿quién exporta más ${practice.data.rounds[0].product.name}?`);
    await expect(page.getByTestId("holdem-bet-a")).toHaveText(`Apostar por ${practice.data.countries[0].name}`);
    const winners = await holdemWinners(request, baseURL!, practice.puzzle);
    const k = winners.findIndex((w) => w !== "tie");
    expect(k).toBeGreaterThanOrEqual(0);

    // Everything a round needs fits the phone's width.
    for (const id of ["holdem-bet", "holdem-all-in", "holdem-bet-a", "holdem-bet-b"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(390);
    }

    // Ties first (1 chip, given back), then all in on the loser of the first round someone wins.
    for (let i = 0; i < k; i++) {
      await setBet(page, 1);
      const state = await bet(page, "a", i + 1);
      expect(state.chips).toBe(100);
      await expect(page.getByTestId("holdem-reveal")).toContainText("empate");
    }
    await setBet(page, "all");
    await expect(page.getByTestId("holdem-bet")).toHaveValue("100");
    const loser: Side = winners[k] === "a" ? "b" : "a";
    const state = await bet(page, loser, k + 1);
    expect(state.status).toBe("lost");
    expect(state.chips).toBe(0);

    const result = page.getByTestId("holdem-result");
    await expect(result).toHaveAttribute("data-status", "lost");
    await expect(result).toHaveAttribute("data-chips", "0");
    await expect(result).toContainText("Esta vez no.");
    await expect(result).toContainText(`Te quedaste sin fichas en la ronda ${k + 1}.`);
    await expect(page.getByTestId("holdem-chips")).toHaveAttribute("data-chips", "0");
    await expect(page.getByTestId("holdem-reveal")).toContainText("Apostaste 100 fichas");
    await expect(page.getByTestId("holdem-reveal")).toContainText("perdiste");
    const rows = page.getByTestId("holdem-round-row");
    await expect(rows).toHaveCount(5);
    await expect(page.locator('[data-testid="holdem-round-row"][data-played="true"]')).toHaveCount(k + 1);
    await expect(rows.nth(k)).toHaveAttribute("data-outcome", "lost");
    await expect(rows.first().getByRole("link")).toHaveAttribute("href", `/es/profile/hs/${practice.data.rounds[0].product.id}`);
    await expect(page.getByTestId("holdem-country-link").first()).toHaveAttribute("href", `/es/profile/country/${practice.data.countries[0].id}`);
    await expect(page.getByTestId("stats-off")).toBeVisible();
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ots-games:")));
    expect(kept).toEqual([]);
  });
});
