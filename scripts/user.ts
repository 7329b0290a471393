/**
 * Account administration from the command line (uses the same app database as the server:
 * DATABASE_URL / APP_DB_PATH, default data/app.db).
 *
 *   npm run user -- create --email ana@example.org --name "Ana Pérez" [--role 10] [--academic] [--sso-logo URL]
 *                          [--password P | --no-password]   (without either, the password is asked for)
 *   npm run user -- set-role ana@example.org 10
 *   npm run user -- list [--role 1] [--json]
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { isAssignableRole, roleLabelKey } from "@/domain/auth/roles";
import { normaliseEmail, normaliseName, passwordProblems } from "@/domain/auth/validation";
import { hashPassword } from "@/server/auth/password";
import { createUser, DuplicateEmailError, findUserByEmail, listUsers, setRoles, toPublicUser } from "@/server/auth/users";
import { closeDb, getDb } from "@/server/db/client";

const USAGE = `Usage:
  npm run user -- create --email EMAIL --name NAME [--role 0|1|2|10] [--academic] [--sso-logo URL] [--password PASSWORD | --no-password]
  npm run user -- set-role EMAIL 0|1|2|10
  npm run user -- list [--role 0|1|2|10] [--json]

Without --password or --no-password, create asks for the password (or reads one line from standard input).
Roles: 0 free, 1 PRO, 10 bulk-access manager.`;

/** A mistake in how the command was called: the message and the usage are printed (exit 2). */
class UsageError extends Error {}
/** A request that cannot be done (exit 1, message only). */
class CommandError extends Error {}

function parseRole(value: string | undefined): number {
  const role = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !isAssignableRole(role)) throw new UsageError(`Role must be 0, 1, 2 or 10 (got ${value ?? "nothing"}).`);
  return role;
}

function readPassword(): Promise<string> {
  return new Promise((resolve) => {
    const tty = process.stdin.isTTY;
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
    if (tty) {
      process.stdout.write("Password (not shown): ");
      // Keep the typed password off the screen.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    }
    rl.once("line", (line) => {
      resolve(line);
      if (tty) process.stdout.write("\n");
      rl.close();
    });
    rl.once("close", () => resolve(""));
  });
}

async function create(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      academic: { type: "boolean", default: false },
      "sso-logo": { type: "string" },
      password: { type: "string" },
      "no-password": { type: "boolean", default: false },
    },
    strict: true,
  });
  const email = normaliseEmail(values.email);
  if (!email) throw new UsageError("--email must be a valid email address.");
  const name = values.name === undefined ? null : normaliseName(values.name);
  if (values.name !== undefined && !name) throw new UsageError("--name must be 1 to 100 characters without control characters.");
  const role = values.role === undefined ? 0 : parseRole(values.role);
  const ssoLogo = values["sso-logo"] ?? null;
  if (ssoLogo !== null && !/^(https:\/\/|\/)[^\s"'<>]{1,500}$/.test(ssoLogo)) throw new UsageError("--sso-logo must be an https:// URL or a site path.");
  let passwordHash: string | null = null;
  if (!values["no-password"]) {
    const password = values.password ?? (await readPassword());
    const problems = passwordProblems(password, email);
    if (problems.length) throw new CommandError(`The password is not strong enough (${problems.join(", ")}): at least 10 characters, with a letter and a digit or symbol.`);
    passwordHash = await hashPassword(password);
  }
  try {
    const user = await createUser({ name, email, passwordHash, role, isAcademic: values.academic, ssoLogo });
    console.log(`Created ${user.email} (id ${user.id}, role ${user.role} ${roleLabelKey(user.role)}${user.isAcademic ? ", academic" : ""}${passwordHash ? "" : ", signs in by email link only"}).`);
  } catch (error) {
    if (error instanceof DuplicateEmailError) throw new CommandError(`An account with ${email} already exists.`);
    throw error;
  }
}

async function setRole(args: string[]) {
  const [rawEmail, rawRole, ...rest] = args;
  if (rest.length || !rawEmail || rawRole === undefined) throw new UsageError("set-role takes an email and a role.");
  const email = normaliseEmail(rawEmail);
  if (!email) throw new UsageError(`Not an email address: ${rawEmail}`);
  const role = parseRole(rawRole);
  const before = await findUserByEmail(email);
  if (!before) throw new CommandError(`No account with ${email}.`);
  const report = await setRoles([email], role);
  console.log(report.changed.length ? `${email}: role ${before.role} -> ${role}.` : `${email} already has role ${role}.`);
}

async function list(args: string[]) {
  const { values } = parseArgs({ args, options: { role: { type: "string" }, json: { type: "boolean", default: false } }, strict: true });
  const rows = await listUsers({ role: values.role === undefined ? undefined : parseRole(values.role), limit: 100_000 });
  if (values.json) {
    const shown = rows.map((row) => ({ ...toPublicUser(row), emailVerified: row.emailVerified, createdAt: row.createdAt, updatedAt: row.updatedAt }));
    console.log(JSON.stringify(shown, null, 2));
    return;
  }
  if (rows.length === 0) {
    console.log("No users.");
    return;
  }
  for (const row of rows) {
    console.log([row.email, `role ${row.role}`, row.isAcademic ? "academic" : "", row.name ?? "", row.createdAt.toISOString().slice(0, 10)].filter(Boolean).join("\t"));
  }
  console.log(`${rows.length} user(s) in ${getDb().where}`);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  try {
    return await run(command, args);
  } finally {
    await closeDb();
  }
}

async function run(command: string | undefined, args: string[]) {
  switch (command) {
    case "create":
      return create(args);
    case "set-role":
      return setRole(args);
    case "list":
      return list(args);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof CommandError ? error.message : error);
    process.exit(1);
  },
);
