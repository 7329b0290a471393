"use client";

/**
 * The browser's side of the chat API: a question (JSON, or Server-Sent Events when the server
 * streams a language model's reply) and the signed-in user's conversations on the server.
 */
import { getCsrfToken } from "next-auth/react";
import type { ChatAnswer, ChatContext, ChatSession } from "@/domain/chat/types";
import { chatAnswerSchema, parseSession } from "@/domain/chat/schemas";
import type { Locale } from "@/domain/i18n/locales";

export type AskResult = { ok: true; answer: ChatAnswer } | { ok: false; code: string; retryAfter: number | null };

export interface AskInput {
  question: string;
  locale: Locale;
  context: ChatContext | null;
  sessionId?: string;
}

function parseAnswer(value: unknown): ChatAnswer | null {
  const parsed = chatAnswerSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as ChatAnswer) : null;
}

async function failure(response: Response): Promise<AskResult> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  const retry = Number(response.headers.get("retry-after"));
  return { ok: false, code: body?.error?.code ?? (response.status >= 500 ? "unavailable" : "invalid"), retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null };
}

/** Reads the event stream: "delta" pieces, "reset", then "answer" (or "error"). */
async function readEvents(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void, onReset: () => void): Promise<AskResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1]?.trim() ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join("\n");
      let payload: unknown = null;
      try {
        payload = JSON.parse(data);
      } catch {
        continue;
      }
      if (event === "delta") onDelta(String((payload as { text?: unknown })?.text ?? ""));
      else if (event === "reset") onReset();
      else if (event === "answer") {
        const answer = parseAnswer(payload);
        return answer ? { ok: true, answer } : { ok: false, code: "unavailable", retryAfter: null };
      } else if (event === "error") return { ok: false, code: (payload as { error?: { code?: string } })?.error?.code ?? "unavailable", retryAfter: null };
    }
    if (done) return { ok: false, code: "unavailable", retryAfter: null };
  }
}

export async function askChat(input: AskInput, hooks: { onDelta: (text: string) => void; onReset: () => void; signal?: AbortSignal }): Promise<AskResult> {
  let response: Response;
  try {
    const csrfToken = await getCsrfToken();
    response = await fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream, application/json" },
      body: JSON.stringify({ ...input, context: input.context ?? null, stream: true, csrfToken }),
      signal: hooks.signal,
    });
  } catch {
    return { ok: false, code: "network", retryAfter: null };
  }
  if (!response.ok) return failure(response);
  try {
    if (response.headers.get("content-type")?.includes("text/event-stream") && response.body) return await readEvents(response.body, hooks.onDelta, hooks.onReset);
    const answer = parseAnswer(await response.json());
    return answer ? { ok: true, answer } : { ok: false, code: "unavailable", retryAfter: null };
  } catch {
    return { ok: false, code: "network", retryAfter: null };
  }
}

export interface ServerSessionSummary {
  id: string;
  title: string;
  updatedAt: number;
  turns: number;
}

export async function fetchServerSessions(): Promise<ServerSessionSummary[] | null> {
  try {
    const response = await fetch("/api/chat/sessions", { cache: "no-store" });
    if (!response.ok) return null;
    const body = (await response.json()) as { sessions?: ServerSessionSummary[] };
    return Array.isArray(body.sessions) ? body.sessions : null;
  } catch {
    return null;
  }
}

export async function fetchServerSession(id: string): Promise<ChatSession | null> {
  try {
    const response = await fetch(`/api/chat/sessions/${encodeURIComponent(id)}`, { cache: "no-store" });
    return response.ok ? parseSession(await response.json()) : null;
  } catch {
    return null;
  }
}

export async function deleteServerSession(id: string): Promise<boolean> {
  try {
    const csrfToken = await getCsrfToken();
    const response = await fetch(`/api/chat/sessions/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csrfToken }),
    });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
