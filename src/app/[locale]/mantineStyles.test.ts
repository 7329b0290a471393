import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const mantine = path.join(root, "node_modules/@mantine/core");
const esm = path.join(mantine, "esm");

/** The stylesheets mantineStyles.ts imports, concatenated in its order. */
function importedStyles(): { files: string[]; css: string } {
  const source = readFileSync(path.join(root, "src/app/[locale]/mantineStyles.ts"), "utf8");
  const files = [...source.matchAll(/^import "@mantine\/core\/styles\/([\w-]+)\.css";$/gm)].map((m) => m[1]);
  return { files, css: files.map((f) => readFileSync(path.join(mantine, "styles", `${f}.css`), "utf8")).join("\n") };
}

/** Every name a source file outside tests imports from "@mantine/core". */
function usedComponents(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        for (const m of readFileSync(file, "utf8").matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@mantine\/core"/g))
          for (const part of m[1].split(",")) {
            const name = part.replace(/\btype\b/, "").split(" as ")[0].trim();
            if (/^[A-Z]/.test(name)) names.add(name);
          }
      }
    }
  };
  walk(path.join(root, "src"));
  return names;
}

/** The Mantine class names a module and everything it imports inside @mantine/core can write. */
function classesOf(entry: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(entry)) return out;
  seen.add(entry);
  const text = readFileSync(entry, "utf8");
  for (const m of text.matchAll(/"(m_[0-9a-f]{8})"/g)) out.add(m[1]);
  for (const m of text.matchAll(/from "(\.{1,2}\/[^"]+\.mjs)"/g)) classesOf(path.resolve(path.dirname(entry), m[1]), seen, out);
  return out;
}

describe("Mantine styles per component", () => {
  const { files, css } = importedStyles();
  const index = readFileSync(path.join(esm, "index.mjs"), "utf8");
  const moduleOf = (name: string): string | null => {
    const m = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "(\\./[^"]+)"`).exec(index);
    return m ? path.join(esm, m[1]) : null;
  };

  it("imports the base styles first and far less than Mantine's whole stylesheet", () => {
    expect(files.slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
    const whole = readFileSync(path.join(mantine, "styles.css"), "utf8").length;
    expect(css.length).toBeLessThan(whole * 0.75);
  });

  it("keeps the files in the order of Mantine's own stylesheet (later rules of equal weight win)", () => {
    const whole = readFileSync(path.join(mantine, "styles.css"), "utf8");
    const positions = files.map((f) => whole.indexOf(readFileSync(path.join(mantine, "styles", `${f}.css`), "utf8").slice(0, 300)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    const sorted = [...files].sort((a, b) => positions[files.indexOf(a)] - positions[files.indexOf(b)]);
    expect(files).toEqual(sorted);
  });

  it("styles every class each Mantine component the site imports (and the components it is built from) can write", () => {
    const used = usedComponents();
    expect(used.size).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const name of used) {
      const file = moduleOf(name);
      if (!file) continue; // a type, hook or helper exported from elsewhere (createTheme, useComputedColorScheme)
      // A name is a class (".m_…") or an animation ("@keyframes m_…", the loaders' and skeleton's).
      for (const cls of classesOf(file)) if (!css.includes(`.${cls}`) && !css.includes(`@keyframes ${cls}`)) missing.push(`${name}: ${cls}`);
    }
    expect(missing).toEqual([]);
  });

  it("styles every Mantine class the static primitives write", () => {
    const source = readFileSync(path.join(root, "src/features/ui/static.tsx"), "utf8");
    const used = new Set([...source.matchAll(/\bm_[0-9a-f]{6,8}\b/g)].map((m) => m[0]));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(css, name).toContain(`.${name}`);
  });
});
