import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found | Open Trade Observatory", robots: { index: false } };

// Reached only for paths the locale proxy does not handle (it sends every page path to a locale),
// so outside the localised layout: English, with the ways on of the localised 404.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: 40 }}>
        <h1>Page not found</h1>
        <p>We could not find the page you asked for.</p>
        <ul>
          <li>
            <Link href="/en/profile/country">Country profiles</Link>
          </li>
          <li>
            <Link href="/en/profile/hs">Product profiles</Link>
          </li>
          <li>
            <Link href="/en/rankings/eci/latest">Rankings</Link>
          </li>
          <li>
            <Link href="/en/data-availability">Data</Link>
          </li>
          <li>
            <Link href="/en">Open Trade Observatory</Link>
          </li>
        </ul>
      </body>
    </html>
  );
}
