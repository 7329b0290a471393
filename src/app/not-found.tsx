import Link from "next/link";

// Reached only for paths the locale proxy does not handle (it sends every page path to a locale).
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: 40 }}>
        <h1>Page not found</h1>
        <p>
          <Link href="/en">Open Trade Observatory</Link>
        </p>
      </body>
    </html>
  );
}
