/**
 * The secret that signs and encrypts sessions and CSRF tokens. Production requires one
 * (NEXTAUTH_SECRET, or AUTH_SECRET); `npm start` generates one into data/auth-secret on first
 * start when none is configured, and development does the same here.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { settings, type Env } from "@/server/settings";
import { keyedValue } from "@/server/processState";

export const SECRET_FILE = "data/auth-secret";

export class MissingSecretError extends Error {
  override name = "MissingSecretError";
  constructor() {
    super(
      "NEXTAUTH_SECRET is not set. The production server needs a secret to sign sessions: set NEXTAUTH_SECRET to a long random value " +
        "(for example the output of `openssl rand -base64 32`), the same on every server node. `npm start` generates one into " +
        `${SECRET_FILE} when none is configured.`,
    );
  }
}

export function configuredSecret(env?: Env): string | undefined {
  return settings(env).authSecret ?? undefined;
}

export function authSecret(env?: Env, cwd = process.cwd()): string {
  const configured = configuredSecret(env);
  if (configured) return configured;
  if (settings(env).production) throw new MissingSecretError();
  const file = resolve(cwd, SECRET_FILE);
  return keyedValue("auth/secret:fileSecret", file, () => readOrCreateSecretFile(file));
}

/** Reads the persisted secret, creating it (readable by the owner only) on first use. */
export function readOrCreateSecretFile(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
