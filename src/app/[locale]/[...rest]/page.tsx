import { notFound } from "next/navigation";

// Any path under a locale that no route matches renders the localised 404 page with status 404.
export default function CatchAll() {
  notFound();
}
