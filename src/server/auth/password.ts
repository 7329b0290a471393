/**
 * Password hashing: argon2id (OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane) through
 * @node-rs/argon2, whose prebuilt binaries come from the npm registry itself.
 */
import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { processValue } from "@/server/processState";

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * True when `password` matches `passwordHash`. Without a hash (unknown email, or an account that
 * signs in only by link) it still spends the time of one verification, so response times do not
 * reveal whether an email is registered.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    const dummyHash = processValue("auth/password:dummyHash", () => hashPassword("not a real password, only here to spend time"));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
