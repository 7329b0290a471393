/**
 * Validation of account input, shared by the forms (instant feedback) and the API routes (the
 * rules that count). Pure: no IO.
 */
import { z } from "zod";
import { ASSIGNABLE_ROLES } from "./roles";

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase; short enough that hashing it is never a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
export const BULK_MAX_EMAILS = 500;
export const BULK_MAX_TEXT = 50_000;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LOCAL_PART = /^[^\s@"(),:;<>[\]\\]{1,64}$/u;
const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

/**
 * The one spelling of an email address we store and compare: trimmed, Unicode NFKC, lower case.
 * Returns null when it is not a plausible address.
 */
export function normaliseEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = input.normalize("NFKC").trim().toLowerCase();
  if (email.length < 3 || email.length > EMAIL_MAX_LENGTH || CONTROL.test(email)) return null;
  const at = email.lastIndexOf("@");
  if (at <= 0 || email.indexOf("@") !== at) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!LOCAL_PART.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return null;
  if (!DOMAIN.test(domain)) return null;
  return email;
}

/** A display name (of a person, an API key...): trimmed, inner whitespace collapsed, no control characters, at most `max` characters. */
export function normaliseName(input: unknown, max = NAME_MAX_LENGTH): string | null {
  if (typeof input !== "string") return null;
  const name = input.normalize("NFC").replace(/\s+/g, " ").trim();
  if (name.length === 0 || [...name].length > max || CONTROL.test(name)) return null;
  return name;
}

export type PasswordProblem = "tooShort" | "tooLong" | "needsLetter" | "needsDigitOrSymbol" | "containsEmail" | "common";

// The most used passwords that would otherwise pass the rules above.
const COMMON_PASSWORDS = new Set([
  "password123",
  "password1234",
  "password12345",
  "qwerty12345",
  "qwerty123456",
  "1q2w3e4r5t",
  "1qaz2wsx3edc",
  "iloveyou123",
  "welcome123",
  "abc1234567",
  "abcd123456",
  "admin12345",
  "letmein123",
  "passw0rd123",
  "p@ssw0rd123",
  "qwertyuiop1",
  "trustno1234",
  "football123",
  "baseball123",
  "superman123",
  "sunshine123",
  "princess123",
  "monkey12345",
  "dragon12345",
  "master12345",
  "changeme123",
  "opentrade123",
]);

/**
 * The strength rule: at least 10 characters (at most 128), a letter and a digit or symbol,
 * not built on the email's local part, not a well-known password. Returns what is wrong.
 */
export function passwordProblems(password: string, email?: string | null): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push("tooShort");
  if (length > PASSWORD_MAX_LENGTH) problems.push("tooLong");
  if (!/\p{L}/u.test(password)) problems.push("needsLetter");
  if (!/[\p{N}\p{P}\p{S}\s]/u.test(password)) problems.push("needsDigitOrSymbol");
  const local = email ? email.split("@")[0]?.toLowerCase() : "";
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) problems.push("containsEmail");
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push("common");
  return problems;
}

const emailField = z.string().max(EMAIL_MAX_LENGTH * 2).transform((value, ctx) => {
  const email = normaliseEmail(value);
  if (!email) {
    ctx.addIssue({ code: "custom", message: "invalidEmail" });
    return z.NEVER;
  }
  return email;
});

const nameField = z.string().max(NAME_MAX_LENGTH * 4).transform((value, ctx) => {
  const name = normaliseName(value);
  if (!name) {
    ctx.addIssue({ code: "custom", message: "invalidName" });
    return z.NEVER;
  }
  return name;
});

/** A password as typed: never trimmed (spaces count), bounded so hashing stays cheap. */
const passwordField = z.string().min(1).max(PASSWORD_MAX_LENGTH * 4);

export const signupSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField,
    isAcademic: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    for (const problem of passwordProblems(value.password, value.email)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    }
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const nameChangeSchema = z.object({ name: nameField });

export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH * 4).optional(),
  newPassword: passwordField,
});

export const deleteAccountSchema = z.object({
  /** Required when the account has a password. */
  password: z.string().max(PASSWORD_MAX_LENGTH * 4).optional(),
  /** The account's email, typed again: required when it has no password. */
  confirmEmail: z.string().max(EMAIL_MAX_LENGTH * 2).optional(),
});

export const bulkAccessSchema = z.object({
  emails: z.string().max(BULK_MAX_TEXT),
  role: z.union(ASSIGNABLE_ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<10>]),
});

export interface ParsedEmailList {
  /** Normalised, first occurrence order, no duplicates. */
  valid: string[];
  /** Entries that are not email addresses, as typed (trimmed, shortened). */
  invalid: string[];
  /** True when more than BULK_MAX_EMAILS addresses were given (the rest are ignored). */
  truncated: boolean;
}

/**
 * Emails pasted by a bulk-access manager: separated by commas, semicolons, spaces or new lines,
 * optionally written "Name <email>" as mail programs copy them.
 */
export function parseEmailList(text: string): ParsedEmailList {
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  let truncated = false;
  const withoutNames = text.slice(0, BULK_MAX_TEXT).replace(/[^\n,;<>]*<([^<>\n]*)>/g, " $1 ");
  for (const raw of withoutNames.split(/[\s,;]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const email = normaliseEmail(entry);
    if (!email) {
      if (invalid.length < BULK_MAX_EMAILS) invalid.push(entry.slice(0, 100));
      continue;
    }
    if (seen.has(email)) continue;
    if (valid.length >= BULK_MAX_EMAILS) {
      truncated = true;
      continue;
    }
    seen.add(email);
    valid.push(email);
  }
  return { valid, invalid, truncated };
}
