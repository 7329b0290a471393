import { describe, expect, it } from "vitest";
import { topThree } from "./rows";

describe("topThree", () => {
  const items = [
    { id: "chl", name: "Chile", value: 897 },
    { id: "arg", name: "Argentina", value: 103 },
  ];
  it("writes the list in each language without padding a missing third", () => {
    expect(topThree(items, 1000, "en").top).toBe("Chile (89.7%) and Argentina (10.3%)");
    expect(topThree([...items, { id: "bra", name: "Brasil", value: 0 }], 1000, "es").top).toBe("Chile (89,7\u00a0%), Argentina (10,3\u00a0%) y Brasil (0\u00a0%)");
    expect(topThree(items, 1000, "zh").top).toBe("Chile（89.7%）和Argentina（10.3%）");
    expect(topThree([], 0, "en").top).toBe("–");
  });
});
