"use client";

import type { ApiFailure } from "@/features/session/api";
import { API_ERROR_CODES } from "./errors";

export { postAccount, type ApiFailure, type ApiResult } from "@/features/session/api";

/** The message key (under "auth.errors") for a failed request. */
export function errorKey(failure: ApiFailure): string {
  if ((API_ERROR_CODES as readonly string[]).includes(failure.code)) return failure.code;
  if (failure.status === 429) return "rate_limited";
  if (failure.status === 0) return "network";
  return "unknown";
}
