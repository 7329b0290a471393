/**
 * Limits the end-to-end server runs with (playwright.config.ts sets them) and the specs that check
 * them. Every account the suite makes signs up from one address, more than the default 30 an hour,
 * so the test server allows 60; security.spec.ts checks that limit from an address of its own.
 */
export const E2E_SIGNUP_LIMIT_PER_HOUR = 60;
