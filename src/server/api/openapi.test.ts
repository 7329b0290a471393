import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openApiDocument, exampleQuery } = await import("./openapi");
const { CUBES, cubeLevels } = await import("@/server/warehouse/registry");

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (checked by swagger-parser)", async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // The validator bites: a parameter without its required "in" is refused.
    const broken = structuredClone(doc) as { paths: Record<string, { get: { parameters: Record<string, unknown>[] } }> };
    delete broken.paths["/api/data"].get.parameters[0].in;
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it("names every cube, and for each its levels, measures and a runnable example", () => {
    const doc = openApiDocument() as { paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[]; description: string } }>; components: { schemas: Record<string, Record<string, unknown>> } };
    const data = doc.paths["/api/data"].get;
    const cubeParam = data.parameters.find((p) => p.name === "cube")!;
    expect(cubeParam.schema.enum).toEqual(CUBES.map((c) => c.name));
    for (const cube of CUBES) {
      const schema = doc.components.schemas[cube.name];
      expect((schema["x-levels"] as { name: string }[]).map((l) => l.name)).toEqual(cubeLevels(cube).map((l) => l.name));
      expect((schema["x-measures"] as { name: string }[]).map((m) => m.name)).toEqual(cube.measures.map((m) => m.name));
      expect(schema["x-example"]).toBe(exampleQuery(cube));
      for (const level of cubeLevels(cube)) expect(data.description).toContain(level.name);
    }
  });
});
