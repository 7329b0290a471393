import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import { ASSIGNABLE_ROLES, roleLabelKey } from "@/domain/auth/roles";
import { PLANS } from "@/domain/billing/plans";
import { PASSWORD_MIN_LENGTH } from "@/domain/auth/validation";
import { API_ERROR_CODES, OTHER_ERROR_KEYS, SIGN_IN_ERROR_KEYS, signInErrorKey } from "./errors";

// messages.test.ts checks es and zh against en; here en is checked against the code.
describe("account messages", () => {
  const errors = en.auth.errors as Record<string, string>;
  it("have a message for every error the pages can show", () => {
    for (const key of [...Object.values(SIGN_IN_ERROR_KEYS), ...API_ERROR_CODES, ...OTHER_ERROR_KEYS]) {
      expect(errors[key], key).toBeTruthy();
    }
  });
  it("name every role and every rule", () => {
    for (const role of [...ASSIGNABLE_ROLES, 7]) expect((en.account.roles as Record<string, string>)[roleLabelKey(role)]).toBeTruthy();
    expect(en.auth.passwordRules.tooShort).toContain("{min}");
    expect(PASSWORD_MIN_LENGTH).toBe(10);
  });
  it("describe every plan and feature", () => {
    for (const plan of PLANS) {
      expect((en.pricing.plans as Record<string, { name: string }>)[plan.id]?.name, plan.id).toBeTruthy();
      for (const feature of plan.features) expect((en.pricing.features as Record<string, string>)[feature], feature).toBeTruthy();
    }
  });
});

it("maps unknown sign-in errors to a generic message, and no error to none", () => {
  expect(signInErrorKey("CredentialsSignin")).toBe("wrongCredentials");
  expect(signInErrorKey("<script>")).toBe("unknown");
  expect(signInErrorKey(null)).toBeNull();
});
