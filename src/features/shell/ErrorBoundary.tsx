"use client";

import dynamic from "next/dynamic";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportClientError } from "./errorReport";

// The error page (Alert, Code, its texts) is drawn only when something broke: it loads then, not
// with every page.
const ErrorPage = dynamic(() => import("./ErrorPage").then((m) => m.ErrorPage));

interface State {
  error: Error | null;
}

/** Next.js signals notFound() and redirect() by throwing; those must reach Next's own boundaries. */
function isNavigationSignal(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && /^(NEXT_REDIRECT|NEXT_NOT_FOUND|NEXT_HTTP_ERROR_FALLBACK)/.test(digest);
}

/**
 * Catches rendering errors below the shell, keeping header and footer, and gives the error page
 * the component stack (Next's error.tsx does not receive it). Reset by a change of `resetKey`.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (!isNavigationSignal(error)) reportClientError(error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (error && isNavigationSignal(error)) throw error;
    if (error) {
      return <ErrorPage error={error} reset={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
