/* eslint-disable react/jsx-key -- a table of element pairs compared one by one, never rendered as a list */
import * as M from "@mantine/core";
import { readFileSync } from "node:fs";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "@/features/shell/theme";
import * as S from "./static";

/** Mantine's markup without its <style> tags (theme variables, responsive grids). */
function mantine(element: ReactElement): string {
  return renderToStaticMarkup(<M.MantineProvider theme={theme}>{element}</M.MantineProvider>).replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
}
const html = (element: ReactElement) => renderToStaticMarkup(element);

/** Each pair: the Mantine component and its static twin with the same props draw the same markup. */
const SAME: Array<[string, ReactElement, ReactElement]> = [
  ["Stack", <M.Stack gap="md" data-testid="s">x</M.Stack>, <S.Stack gap="md" data-testid="s">x</S.Stack>],
  ["Stack, pixel gap", <M.Stack gap={6}>x</M.Stack>, <S.Stack gap={6}>x</S.Stack>],
  ["Stack, default", <M.Stack>x</M.Stack>, <S.Stack>x</S.Stack>],
  ["Stack, align", <M.Stack gap="xs" align="center" mt="xl">x</M.Stack>, <S.Stack gap="xs" align="center" mt="xl">x</S.Stack>],
  ["Group", <M.Group justify="space-between" gap="xs" wrap="nowrap">x</M.Group>, <S.Group justify="space-between" gap="xs" wrap="nowrap">x</S.Group>],
  ["Group, default", <M.Group>x</M.Group>, <S.Group>x</S.Group>],
  ["Text", <M.Text>x</M.Text>, <S.Text>x</S.Text>],
  [
    "Text, props",
    <M.Text size="sm" c="dimmed" fw={600} ta="right" lineClamp={2} tt="uppercase" title="z">x</M.Text>,
    <S.Text size="sm" c="dimmed" fw={600} ta="right" lineClamp={2} tt="uppercase" title="z">x</S.Text>,
  ],
  ["Text, span", <M.Text component="span" size="xs" inherit>x</M.Text>, <S.Text component="span" size="xs" inherit>x</S.Text>],
  ["Text, style", <M.Text size="sm" style={{ minWidth: 0 }}>x</M.Text>, <S.Text size="sm" style={{ minWidth: 0 }}>x</S.Text>],
  ["Title", <M.Title order={2} size="h3">x</M.Title>, <S.Title order={2} size="h3">x</S.Title>],
  ["Title, default size", <M.Title order={1}>x</M.Title>, <S.Title order={1}>x</S.Title>],
  ["Title, margin", <M.Title order={3} size="h5" mb={4}>x</M.Title>, <S.Title order={3} size="h5" mb={4}>x</S.Title>],
  [
    "Paper",
    <M.Paper component="section" id="a" withBorder radius="md" p="lg" style={{ scrollMarginTop: 56 }}>x</M.Paper>,
    <S.Paper component="section" id="a" withBorder radius="md" p="lg" style={{ scrollMarginTop: 56 }}>x</S.Paper>,
  ],
  ["Paper, default", <M.Paper p="md">x</M.Paper>, <S.Paper p="md">x</S.Paper>],
  ["Box", <M.Box className="k" py="md" maw={600} mt="xl">x</M.Box>, <S.Box className="k" py="md" maw={600} mt="xl">x</S.Box>],
  ["Container", <M.Container size="lg" py="xl">x</M.Container>, <S.Container size="lg" py="xl">x</S.Container>],
  ["Container, default", <M.Container>x</M.Container>, <S.Container>x</S.Container>],
  ["Anchor", <M.Anchor href="#a" inherit c="inherit" underline="hover">x</M.Anchor>, <S.Anchor href="#a" inherit c="inherit" underline="hover">x</S.Anchor>],
  ["Anchor, small", <M.Anchor href="/x" size="xs" target="_blank" rel="noopener">x</M.Anchor>, <S.Anchor href="/x" size="xs" target="_blank" rel="noopener">x</S.Anchor>],
  ["Badge, light", <M.Badge variant="light" color="teal" size="sm">x</M.Badge>, <S.Badge variant="light" color="teal" size="sm">x</S.Badge>],
  ["Badge, default", <M.Badge>x</M.Badge>, <S.Badge>x</S.Badge>],
  ["Badge, outline", <M.Badge variant="outline" color="gray">x</M.Badge>, <S.Badge variant="outline" color="gray">x</S.Badge>],
  ["List", <M.List size="sm" spacing="xs"><M.ListItem>x</M.ListItem></M.List>, <S.List size="sm" spacing="xs"><S.ListItem>x</S.ListItem></S.List>],
  ["List, default", <M.List><M.ListItem>x</M.ListItem></M.List>, <S.List><S.ListItem>x</S.ListItem></S.List>],
];

describe("static primitives draw Mantine's markup", () => {
  it.each(SAME)("%s", (_name, theirs, ours) => {
    expect(html(ours)).toBe(mantine(theirs));
  });

  it("a table: Mantine's classes and variables, rows with their border, stripes and hover from the table", () => {
    // The same table drawn with each library's parts.
    type Parts = Pick<typeof M, "TableScrollContainer" | "Table" | "TableThead" | "TableTbody" | "TableTr" | "TableTh" | "TableTd">;
    const table = (L: Parts) => (
      <L.TableScrollContainer minWidth={360} type="native">
        <L.Table striped highlightOnHover withTableBorder fz="sm">
          <L.TableThead>
            <L.TableTr>
              <L.TableTh ta="right">a</L.TableTh>
            </L.TableTr>
          </L.TableThead>
          <L.TableTbody>
            <L.TableTr>
              <L.TableTd>b</L.TableTd>
            </L.TableTr>
          </L.TableTbody>
        </L.Table>
      </L.TableScrollContainer>
    );
    const ours = html(table(S as unknown as Parts));
    const theirs = mantine(table(M));
    // Same elements, classes and variables; Mantine puts stripes and hover on each row, we on the table.
    const classesOf = (markup: string) => [...markup.matchAll(/class="([^"]*)"/g)].map((m) => m[1]!.split(" ").filter((c) => c.startsWith("m_") || c.startsWith("mantine-")).join(" "));
    expect(classesOf(ours)).toEqual(classesOf(theirs));
    expect(ours).toContain("--table-vertical-spacing:calc(0.4375rem * var(--mantine-scale));font-size:var(--mantine-font-size-sm)");
    expect(ours).toContain("--table-min-width:calc(22.5rem * var(--mantine-scale));--table-overflow:auto");
    expect(ours).toMatch(/<table[^>]*data-with-table-border="true"[^>]*data-oto-striped="true"[^>]*data-oto-hover="true"/);
    expect(ours.match(/data-with-row-border="true"/g)).toHaveLength(2);
  });

  it("a responsive grid: one variable per breakpoint given, the stylesheet falls back to the next smaller", () => {
    const ours = html(
      <S.SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
        x
      </S.SimpleGrid>,
    );
    expect(ours).toContain("--oto-sg-cols-base:1;--oto-sg-cols-sm:2;--oto-sg-cols-md:4;--oto-sg-x-base:var(--mantine-spacing-xl);--oto-sg-y-base:var(--mantine-spacing-xl)");
    expect(ours).toContain("m_2415a157 mantine-SimpleGrid-root");
    const css = readFileSync(new URL("./static.module.css", import.meta.url), "utf8");
    expect(css).toContain("--sg-cols: var(--oto-sg-cols-md, var(--oto-sg-cols-sm, var(--oto-sg-cols-xs, var(--oto-sg-cols-base, 1))))");
  });

  it("every Mantine class the primitives write exists in the installed Mantine stylesheet", () => {
    const source = readFileSync(new URL("./static.tsx", import.meta.url), "utf8");
    const styles = readFileSync(new URL("../../../node_modules/@mantine/core/styles.css", import.meta.url), "utf8");
    const used = new Set([...source.matchAll(/\bm_[0-9a-f]{6,8}\b/g)].map((m) => m[0]));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(styles, name).toContain(`.${name}`);
  });

  it("holds no hooks, context or client directive: usable in server components", () => {
    const source = readFileSync(new URL("./static.tsx", import.meta.url), "utf8");
    expect(source).not.toMatch(/^["']use client["']/m);
    expect(source).not.toMatch(/\buse[A-Z]\w*\(/);
    expect(source).not.toMatch(/createContext|from ["']@mantine\/core["']/);
  });
});
