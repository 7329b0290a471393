import type { ReactNode } from "react";

// The real root layout is app/[locale]/layout.tsx: <html lang> depends on the locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
