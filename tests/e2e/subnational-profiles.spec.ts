import { formatAud, formatUsd } from "../../src/domain/format";
import { sharedUser } from "./support/accounts";
import { expect, test } from "./support/test";

// Data-backed subnational profiles (issue 23): an Australian state (values in AUD, labelled so
// everywhere) and a Spanish autonomous community (summed from its provinces), each with its map.
// Subnational profiles are PRO: every test signs in a PRO user first.
const WA = "/en/profile/subnational_aus/states/WA";
const CATALONIA = "/en/profile/subnational_esp/autonomous/107";

test.describe("subnational profiles with data", () => {
  test.beforeEach(async ({ page }) => {
    await sharedUser(page.request, "pro");
  });

  test("an Australian state shows its exports in AUD, never as USD, with the map and every section", async ({ page, request }) => {
    const response = await page.goto(WA);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText("Western Australia");
    // The headline figure is the state's exports from the data API, written in AUD.
    const api = await (
      await request.get(`/api/data?cube=trade_s_aus_a_hs&drilldowns=State&measures=${encodeURIComponent("Trade Value (AUD)")}&time=latest`)
    ).json();
    const wa = api.data.find((row: Record<string, unknown>) => row["State ID"] === "WA");
    expect(wa).toBeTruthy();
    const expected = formatAud(Number(wa["Trade Value (AUD)"]), "en", { compact: true });
    await expect(page.getByTestId("stat-exports")).toContainText(expected);
    await expect(page.getByTestId("stat-exports")).toContainText("AUD");
    await expect(page.getByTestId("stat-exports")).not.toContainText("$");
    await expect(page.getByTestId("stat-exports")).not.toContainText(formatUsd(Number(wa["Trade Value (AUD)"]), "en", { compact: true }));
    await expect(page.getByTestId("aud-note")).toContainText("Australian dollars");
    await expect(page.getByTestId("stat-rank").locator("[data-stat-value]")).toHaveText("1 / 8");

    // Products at three depths: the treemap draws, and the depth switch changes it.
    const products = page.getByTestId("aus-products");
    await expect(products.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    await expect(products).toHaveAttribute("data-depth", "HS2");
    await page.getByTestId("aus-products-depth").getByText("HS6 subheadings").click();
    await expect(products).toHaveAttribute("data-depth", "HS6");
    await expect(products.locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });

    await expect(page.getByTestId("aus-over-time")).toBeVisible();
    await expect(page.getByTestId("aus-services")).toBeVisible();
    await expect(page.getByTestId("aus-destinations")).toContainText("Destinations are not in the data");
    await expect(page.getByTestId("aus-complexity")).toContainText("Product Complexity Index");

    // The map of the states, and the ranking in AUD with links to the other states.
    await expect(page.getByTestId("aus-states-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    // Every state's shape carries its value (the map keys shapes by state code).
    await expect(page.getByTestId("aus-states-map")).toHaveAttribute("data-valued", "8");
    const ranking = page.getByTestId("aus-ranking");
    await expect(ranking).toContainText("AUD");
    await expect(ranking).not.toContainText("$");
    await expect(ranking.getByRole("link", { name: "New South Wales" })).toHaveAttribute("href", "/en/profile/subnational_aus/states/NSW");
  });

  test("RX and CND are not states: no profile", async ({ page }) => {
    const response = await page.goto("/en/profile/subnational_aus/states/RX");
    expect(response?.status()).toBe(404);
  });

  test("an autonomous community shows the sum of its provinces, its provinces, its rank and the maps", async ({ page, request }) => {
    const response = await page.goto(CATALONIA);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("profile-title")).toHaveText("Catalonia");
    const api = await (await request.get("/api/data?cube=trade_s_esp_a_hs&drilldowns=Province&time=latest")).json();
    const catalonia = api.data
      .filter((row: Record<string, unknown>) => [8, 17, 25, 43].includes(Number(row["Province ID"])))
      .reduce((sum: number, row: Record<string, unknown>) => sum + Number(row["Trade Value"]), 0);
    await expect(page.getByTestId("stat-exports")).toContainText(formatUsd(catalonia, "en", { compact: true }));
    await expect(page.getByTestId("stat-rank").locator("[data-stat-value]")).toHaveText("1 / 19");
    await expect(page.getByTestId("community-treemap").locator('[data-testid="chart"]')).toHaveAttribute("data-chart-ready", "true", { timeout: 30_000 });
    const provinces = page.getByTestId("community-provinces");
    for (const name of ["Barcelona", "Girona", "Lleida", "Tarragona"]) await expect(provinces).toContainText(name);
    await expect(page.getByTestId("community-provinces-map-canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("community-map-canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("community-ranking")).toContainText("Community of Madrid");
  });

  test("a province links to its community and shows the map of the provinces", async ({ page }) => {
    await page.goto("/en/profile/subnational_esp/8");
    await expect(page.getByTestId("province-community")).toHaveAttribute("href", "/en/profile/subnational_esp/autonomous/107");
    await expect(page.getByTestId("province-map-canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  });
});
