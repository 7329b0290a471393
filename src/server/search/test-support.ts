import type { Entity } from "./engine";

/** A searchable entity for tests: its names in the three languages, id and codes, and weight. */
export const testEntity = (kind: Entity["kind"], id: string, en: string, es: string, zh: string, weight: number, codes: string[] = []): Entity => ({
  kind,
  id,
  names: { en, es, zh },
  codes: [id, ...codes],
  weight,
});
