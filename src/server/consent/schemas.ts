import "server-only";
import { z } from "zod";
import { parseConsent } from "@/domain/consent/consent";

/** The body of POST /api/consent (spec section 7, call 5), on the domain's rule for a consent value. */
export const consentSchema = z.custom((value) => parseConsent(value) !== null, { message: "invalid_consent" }).transform((value) => parseConsent(value)!);

export const consentBodySchema = z.strictObject({ consent: consentSchema });
