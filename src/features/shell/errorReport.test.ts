import { expect, it } from "vitest";
import { buildErrorReport, MAX_BLOCK_CHARS } from "./errorReport";

const browser = {
  userAgent: "UA",
  platform: "Linux",
  language: "es-ES",
  screen: "1280x800",
  cookiesEnabled: true,
  online: false,
  vendor: "Google Inc.",
};

it("lists page URL, error message, browser info and component stack", () => {
  const { message } = buildErrorReport({
    pageUrl: "http://localhost/es/x",
    errorMessage: "boom",
    browser,
    componentStack: "\n    at Thrower\n    at Page",
  });
  expect(message).toHaveLength(4);
  expect(message[0]).toContain("http://localhost/es/x");
  expect(message[1]).toContain("boom");
  expect(message[2]).toContain("language: es-ES");
  expect(message[2]).toContain("screen: 1280x800");
  expect(message[2]).toContain("cookies: enabled");
  expect(message[2]).toContain("online: no");
  expect(message[2]).toContain("vendor: Google Inc.");
  expect(message[3]).toContain("at Thrower");
});

it("clips long blocks and leaves out a missing stack", () => {
  const { message } = buildErrorReport({ pageUrl: "u", errorMessage: "x".repeat(10_000), browser });
  expect(message).toHaveLength(3);
  expect(message[1].length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
});
