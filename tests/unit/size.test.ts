/**
 * Sizes a newcomer can read (issue 40): no production file under src/ over 600 lines, and no
 * function, method or arrow function whose body is over 150 lines. Tables are not functions: a
 * module-level object or array literal (cube definitions, reviewed names, a palette) counts toward
 * its file only. Tests, fixtures and data files (*.json) are not production code.
 *
 * Functions are found with the TypeScript compiler's own parser, so a long arrow inside a JSX
 * attribute or a class method counts the same as a function declaration. Nested functions are
 * measured on their own and also inside their parent (a parent is as long as it reads).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const SRC = path.join(root, "src");

export const MAX_FILE_LINES = 600;
export const MAX_FUNCTION_LINES = 150;

/**
 * Functions allowed over the limit, by "file:name", each with the reason it is declarative. Keep
 * this short: a function that computes does not belong here, however regular it looks.
 */
const FUNCTION_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** Production source: .ts/.tsx under src/, without tests, fixtures and type declarations. */
export function productionFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "__tests__" || entry.name === "fixtures" || entry.name === "__fixtures__") continue;
      out.push(...productionFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(full);
    }
  }
  return out;
}

export interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

/** A readable name for a function node: its own name, its variable's, its property's or its method's. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name) || ts.isPrivateIdentifier(named.name))) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return `${parent.parent.name.getText(source)}=`;
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return "(anonymous)";
}

/** Every function-like node whose body spans more than `limit` lines. */
export function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const body = (node as ts.FunctionLikeDeclarationBase).body;
      if (body) {
        const start = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(body.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit) found.push({ name: functionName(node, source), line: start + 1, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");

describe("the measure", () => {
  it("counts a long function, not a long table", () => {
    const body = Array.from({ length: 160 }, (_, i) => `  total += ${i};`).join("\n");
    const table = Array.from({ length: 160 }, (_, i) => `  k${i}: ${i},`).join("\n");
    const code = `export function long() {\n  let total = 0;\n${body}\n  return total;\n}\nexport const TABLE = {\n${table}\n};\nconst short = () => 1;\n`;
    expect(longFunctions("probe.ts", code)).toEqual([{ name: "long", line: 1, lines: 164 }]);
  });

  it("names arrows by their variable, methods by their name, and sees JSX", () => {
    const lines = (n: number) => Array.from({ length: n }, () => "    x++;").join("\n");
    const code = `const arrow = () => {\n${lines(151)}\n};\nclass A {\n  method() {\n${lines(151)}\n  }\n}\nconst el = <b onClick={() => {\n${lines(151)}\n}} />;\n`;
    expect(longFunctions("probe.tsx", code).map((f) => f.name)).toEqual(["arrow", "method", "onClick="]);
  });

  it("lists production files only", () => {
    const files = productionFiles().map(relative);
    expect(files).toContain("src/server/processState.ts");
    expect(files.some((f) => /\.test\.tsx?$|__tests__|fixtures/.test(f))).toBe(false);
  });
});

describe("sizes in src/", () => {
  const files = productionFiles();
  // Parsed once for both function checks (the compiler parses ~1,000 files in a few seconds).
  let measured: { file: string; long: LongFunction[] }[] | null = null;
  const longByFile = () => (measured ??= files.map((file) => ({ file: relative(file), long: longFunctions(file, fs.readFileSync(file, "utf8")) })));

  it(`has no production file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file: relative(file), lines: lineCount(fs.readFileSync(file, "utf8")) }))
      .filter((f) => f.lines > MAX_FILE_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines (outside the documented exceptions)`, () => {
    const long = longByFile().flatMap(({ file, long }) =>
      long.filter((f) => !(`${file}:${f.name}` in FUNCTION_EXCEPTIONS)).map((f) => `${file}:${f.line} ${f.name} (${f.lines} lines)`),
    );
    expect(long).toEqual([]);
  }, 180_000);

  it("keeps no stale exception", () => {
    const present = new Set(longByFile().flatMap(({ file, long }) => long.map((f) => `${file}:${f.name}`)));
    expect(Object.keys(FUNCTION_EXCEPTIONS).filter((key) => !present.has(key))).toEqual([]);
  });
});
