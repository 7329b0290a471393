import { describe, expect, it } from "vitest";
import {
  parseConsent,
  decide,
  effectsOf,
  encodeConsentCookie,
  parseConsentCookie,
  reconcile,
  trackingAllowed,
  functionalAllowed,
  transition,
  UNCHECKED,
  type Consent,
} from "./consent";

const ALL: Consent = { checked: true, functional: true, tracking: true };
const NONE: Consent = { checked: true, functional: false, tracking: false };
const FUNCTIONAL_ONLY: Consent = { checked: true, functional: true, tracking: false };
const TRACKING_ONLY: Consent = { checked: true, functional: false, tracking: true };

describe("consent transitions", () => {
  it("unchecked becomes checked on accept all, reject all or save", () => {
    expect(decide(UNCHECKED, { type: "acceptAll" })).toEqual(ALL);
    expect(decide(UNCHECKED, { type: "rejectAll" })).toEqual(NONE);
    expect(decide(UNCHECKED, { type: "save", functional: true, tracking: false })).toEqual(FUNCTIONAL_ONLY);
    expect(decide(UNCHECKED, { type: "save", functional: false, tracking: true })).toEqual(TRACKING_ONLY);
    expect(decide(UNCHECKED, { type: "save", functional: false, tracking: false })).toEqual(NONE);
  });

  it("a decided consent can be changed by any of the three", () => {
    expect(decide(NONE, { type: "acceptAll" })).toEqual(ALL);
    expect(decide(ALL, { type: "rejectAll" })).toEqual(NONE);
    expect(decide(ALL, { type: "save", functional: true, tracking: false })).toEqual(FUNCTIONAL_ONLY);
  });

  it("adopts a decided server consent and ignores an undecided one", () => {
    expect(decide(ALL, { type: "adopt", consent: NONE })).toEqual(NONE);
    expect(decide(ALL, { type: "adopt", consent: UNCHECKED })).toEqual(ALL);
  });

  it("tracking and functional storage are allowed only once checked", () => {
    expect(trackingAllowed(UNCHECKED)).toBe(false);
    expect(trackingAllowed({ checked: false, functional: true, tracking: true })).toBe(false);
    expect(trackingAllowed(ALL)).toBe(true);
    expect(trackingAllowed(FUNCTIONAL_ONLY)).toBe(false);
    expect(functionalAllowed(UNCHECKED)).toBe(false);
    expect(functionalAllowed(FUNCTIONAL_ONLY)).toBe(true);
    expect(functionalAllowed(TRACKING_ONLY)).toBe(false);
  });
});

describe("consent effects", () => {
  it("accept all has no effect", () => {
    expect(transition(UNCHECKED, { type: "acceptAll" }).effects).toEqual([]);
    expect(transition(NONE, { type: "acceptAll" }).effects).toEqual([]);
  });

  it("functional off removes chatbot sessions and profile history, without a reload", () => {
    const { effects } = transition(ALL, { type: "save", functional: false, tracking: true });
    expect(effects.sort()).toEqual(["removeChatSessions", "removeProfileHistory"]);
  });

  it("withdrawing tracking removes chatbot sessions and analytics cookies, clears the data layer and reloads", () => {
    const { effects } = transition(ALL, { type: "save", functional: true, tracking: false });
    expect(effects.sort()).toEqual(["clearDataLayer", "reload", "removeAnalyticsCookies", "removeChatSessions"]);
  });

  it("reject all after accept all does everything", () => {
    const { effects } = transition(ALL, { type: "rejectAll" });
    expect(effects.sort()).toEqual(["clearDataLayer", "reload", "removeAnalyticsCookies", "removeChatSessions", "removeProfileHistory"]);
  });

  it("tracking off without tracking in force still cleans up, but does not reload", () => {
    expect(transition(UNCHECKED, { type: "rejectAll" }).effects.sort()).toEqual([
      "clearDataLayer",
      "removeAnalyticsCookies",
      "removeChatSessions",
      "removeProfileHistory",
    ]);
    expect(effectsOf(FUNCTIONAL_ONLY, FUNCTIONAL_ONLY)).not.toContain("reload");
    // Tracking chosen but never checked was never in force.
    expect(effectsOf({ checked: false, functional: false, tracking: true }, NONE)).not.toContain("reload");
  });

  it("a server consent that withdraws tracking reloads like a local choice", () => {
    expect(transition(ALL, { type: "adopt", consent: FUNCTIONAL_ONLY }).effects).toContain("reload");
  });

  it("lists each effect once", () => {
    const { effects } = transition(ALL, { type: "rejectAll" });
    expect(new Set(effects).size).toBe(effects.length);
  });
});

describe("reconcile with the server", () => {
  it("the stored server value overrides the local one", () => {
    expect(reconcile(ALL, NONE)).toEqual({ kind: "adopt", consent: NONE });
    expect(reconcile(UNCHECKED, FUNCTIONAL_ONLY)).toEqual({ kind: "adopt", consent: FUNCTIONAL_ONLY });
  });
  it("a local value with none on the server is pushed up", () => {
    expect(reconcile(ALL, undefined)).toEqual({ kind: "push", consent: ALL });
    expect(reconcile(NONE, UNCHECKED)).toEqual({ kind: "push", consent: NONE });
  });
  it("nothing to do when both agree or neither decided", () => {
    expect(reconcile(ALL, ALL)).toEqual({ kind: "none" });
    expect(reconcile(UNCHECKED, undefined)).toEqual({ kind: "none" });
    expect(reconcile(UNCHECKED, UNCHECKED)).toEqual({ kind: "none" });
  });
});

describe("the consent cookie and the API body", () => {
  it("round-trips every decided consent and treats anything else as unchecked", () => {
    for (const consent of [ALL, NONE, FUNCTIONAL_ONLY, TRACKING_ONLY]) {
      expect(parseConsentCookie(encodeConsentCookie(consent))).toEqual(consent);
    }
    expect(encodeConsentCookie(UNCHECKED)).toBeNull();
    for (const value of [undefined, null, "", "f1", "f2t0", "f1t1x", "true"]) expect(parseConsentCookie(value)).toEqual(UNCHECKED);
  });

  it("reads a consent value from another tab only when it is exactly a consent", () => {
    expect(parseConsent(ALL)).toEqual(ALL);
    expect(parseConsent(UNCHECKED)).toEqual(UNCHECKED);
    for (const value of [null, "all", [], { checked: true, functional: "yes", tracking: false }, { checked: true, functional: true }, { ...ALL, extra: 1 }, { checked: false, functional: true, tracking: false }]) {
      expect(parseConsent(value)).toBeNull();
    }
  });
});
