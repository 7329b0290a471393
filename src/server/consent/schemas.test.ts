import { describe, expect, it } from "vitest";
import { UNCHECKED } from "@/domain/consent/consent";
import { consentBodySchema } from "./schemas";

const ALL = { checked: true, functional: true, tracking: true };

describe("POST /api/consent body", () => {
  it("accepts {consent: {checked, functional, tracking}} and nothing else", () => {
    expect(consentBodySchema.safeParse({ consent: ALL }).success).toBe(true);
    expect(consentBodySchema.safeParse({ consent: UNCHECKED }).success).toBe(true);
    expect(consentBodySchema.safeParse({ consent: { checked: true, functional: "yes", tracking: false } }).success).toBe(false);
    expect(consentBodySchema.safeParse({ consent: { checked: true, functional: true } }).success).toBe(false);
    expect(consentBodySchema.safeParse({ consent: { ...ALL, extra: 1 } }).success).toBe(false);
    expect(consentBodySchema.safeParse({ consent: { checked: false, functional: true, tracking: false } }).success).toBe(false);
    expect(consentBodySchema.safeParse(ALL).success).toBe(false);
  });
});
