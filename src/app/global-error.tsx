"use client";

import { useEffect } from "react";
import { reportClientError } from "@/features/shell/errorReport";

// Last resort, for an error in the root layout itself (no providers or messages are available
// here); page errors are caught by the shell's ErrorBoundary, which keeps header and footer.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => reportClientError(error), [error]);
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: 40 }}>
        <h1>Oops, error. Sorry!</h1>
        <p>An unexpected error occurred. We have received a report and will look into it. Please try again later.</p>
        <p>
          <code>{error.message}</code>
        </p>
        <button onClick={reset}>Try again</button>
      </body>
    </html>
  );
}
