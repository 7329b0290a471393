import "server-only";
import { z } from "zod";
import { HISTORY_CAP, cleanHistoryTitle, isHistoryLink } from "@/domain/history/history";

// Request bodies of /api/history, on the rules of the domain module (which stays free of zod
// because it also runs in the browser).

export const historyLinkSchema = z.string().refine(isHistoryLink, { message: "not_a_profile_link" });
export const historyTitleSchema = z.string().transform((title, ctx) => {
  const clean = cleanHistoryTitle(title);
  if (clean === null) {
    ctx.addIssue({ code: "custom", message: "empty_or_too_long" });
    return z.NEVER;
  }
  return clean;
});

export const historyVisitSchema = z.strictObject({ link: historyLinkSchema, title: historyTitleSchema });
export const historyVisitBodySchema = z.strictObject({ visit: historyVisitSchema });

/** Visits a browser recorded but could not send at the time (a navigation cut the request short). */
export const historyVisitsBodySchema = z.strictObject({
  visits: z.array(z.strictObject({ link: historyLinkSchema, title: historyTitleSchema, time: z.number().int().nonnegative() })).min(1).max(HISTORY_CAP),
});

/** POST /api/history: one visit now, or visits recorded earlier. */
export const historyPostSchema = z.union([historyVisitBodySchema, historyVisitsBodySchema]);
