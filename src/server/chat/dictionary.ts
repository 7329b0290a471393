/**
 * The interpreter's entity dictionary, built from the profile search index already in memory
 * (one per index, so a re-import brings its own): every name in the three languages, the index's
 * aliases and codes, and the chat lexicon's everyday product names, keyed the way the parser reads
 * phrases. Typos go through the index's own fuzzy search, checked against an edit distance so a
 * stray word never becomes a country.
 */
import "server-only";
import { editDistance, phraseKey, typoBudget, type DictionaryHit, type EntityDictionary } from "@/domain/chat/parse";
import { ENTITY_ALIASES, WORLD_ALIASES } from "@/domain/chat/lexicon";
import type { ChatEntity, ChatEntityKind } from "@/domain/chat/types";
import type { Locale } from "@/domain/i18n/locales";
import type { Entity, ProfileIndex } from "@/server/search/engine";

const KINDS: readonly ChatEntityKind[] = ["country", "continent", "organization", "world", "section", "hs2", "hs4", "hs6"];
const PRIORITY: Record<ChatEntityKind, number> = { country: 0, organization: 1, continent: 2, world: 3, section: 4, hs2: 5, hs4: 6, hs6: 7 };
const NO_LABELS = { reports: {}, dimensions: {}, variants: {} };
const HAN = /\p{Script=Han}/u;

interface Entry {
  entity: Entity;
  short: boolean;
}

export interface BaseDictionary {
  index: ProfileIndex;
  phrases: Map<string, Entry[]>;
  /** Phrases of places (countries, continents, groups), for a last typo scan. */
  placePhrases: Array<{ phrase: string; entity: Entity }>;
  byKey: Map<string, Entity>;
}

const built = new WeakMap<ProfileIndex, BaseDictionary>();

export function baseDictionary(index: ProfileIndex): BaseDictionary {
  const held = built.get(index);
  if (held) return held;
  const phrases = new Map<string, Entry[]>();
  const byKey = new Map<string, Entity>();
  const placePhrases: BaseDictionary["placePhrases"] = [];
  const add = (text: string, entity: Entity, short: boolean) => {
    const key = phraseKey(text);
    if (!key) return;
    const list = phrases.get(key) ?? [];
    if (list.some((e) => e.entity === entity)) return;
    // Latin abbreviations ("UK", "EU", "G7") count only in capitals; Chinese names of two characters are names.
    list.push({ entity, short: short || (!HAN.test(key) && key.replace(/\s/g, "").length <= 3) });
    phrases.set(key, list);
    if (!short && (entity.kind === "country" || entity.kind === "continent" || entity.kind === "organization")) placePhrases.push({ phrase: key, entity });
  };
  const entities = index.entitiesOf([...KINDS]);
  for (const entity of entities) {
    byKey.set(`${entity.kind}:${entity.id}`, entity);
    for (const name of [...Object.values(entity.names), ...(entity.aliases ?? [])]) if (name) add(name, entity, false);
    for (const code of entity.codes ?? []) {
      if (/^\d+$/.test(code)) {
        // HS codes: four and six digits stand alone; two digits only after "HS" ("HS 74").
        if (code.length >= 4) add(code, entity, false);
        add(`HS ${code}`, entity, false);
        add(`HS${code}`, entity, false);
      } else add(code, entity, true);
    }
  }
  for (const [key, aliases] of Object.entries(ENTITY_ALIASES)) {
    const entity = byKey.get(key);
    if (entity) for (const alias of aliases) add(alias, entity, false);
  }
  const world = byKey.get("world:wld");
  if (world) for (const alias of WORLD_ALIASES) add(alias, world, false);
  for (const list of phrases.values()) list.sort((a, b) => PRIORITY[a.entity.kind as ChatEntityKind] - PRIORITY[b.entity.kind as ChatEntityKind] || b.entity.weight - a.entity.weight);
  const dictionary = { index, phrases, placePhrases, byKey };
  built.set(index, dictionary);
  return dictionary;
}

export function chatEntity(entity: Entity, locale: Locale): ChatEntity {
  return { kind: entity.kind as ChatEntityKind, id: entity.id, name: entity.names[locale] || entity.names.en };
}

/** Does one of the entity's names read as `phrase` with at most the allowed typos? */
function closeEnough(base: BaseDictionary, entity: Entity, phrase: string): boolean {
  const names = [...Object.values(entity.names), ...(entity.aliases ?? [])].map(phraseKey);
  if (HAN.test(phrase)) return names.some((n) => n.includes(phrase) && phrase.length >= Math.min(2, n.length));
  const budget = typoBudget(phrase.replace(/\s/g, "").length);
  if (budget === 0) return false;
  return names.some((n) => editDistance(n, phrase, budget) <= budget);
}

export function fuzzyEntity(base: BaseDictionary, phrase: string): Entity | null {
  if (!phrase.trim()) return null;
  let response;
  try {
    response = base.index.query({ query: phrase, locale: "en", limit: 8, offset: 0, reports: [], variants: [] }, NO_LABELS);
  } catch {
    response = { results: [] };
  }
  for (const result of response.results) {
    if (result.members.length !== 1) continue;
    const entity = base.byKey.get(result.members[0].id);
    if (entity && closeEnough(base, entity, phrase)) return entity;
  }
  if (HAN.test(phrase)) return null;
  // Places are few: a last scan finds what the index's fuzziness missed (two typos in a short name).
  const budget = typoBudget(phrase.replace(/\s/g, "").length);
  if (budget === 0) return null;
  let best: { entity: Entity; d: number } | null = null;
  for (const { phrase: key, entity } of base.placePhrases) {
    const d = editDistance(key, phrase, budget);
    if (d <= budget && (!best || d < best.d || (d === best.d && entity.weight > best.entity.weight))) best = { entity, d };
  }
  return best?.entity ?? null;
}

/** The parser's view of the dictionary, naming entities in `locale`. */
export function dictionaryFor(base: BaseDictionary, locale: Locale): EntityDictionary {
  return {
    exact(phrase: string): DictionaryHit[] {
      return (base.phrases.get(phrase) ?? []).map((e) => ({ entity: chatEntity(e.entity, locale), short: e.short }));
    },
    fuzzy(phrase: string): ChatEntity | null {
      const entity = fuzzyEntity(base, phrase);
      return entity ? chatEntity(entity, locale) : null;
    },
  };
}
