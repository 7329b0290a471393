/** Blog posts as data: text lives in messages under "blog.posts.{slug}". Newest first. */
export interface BlogPost {
  slug: string;
  /** ISO date of publication. */
  date: string;
  /**
   * A data story: its figures are computed from the warehouse when the page renders
   * (server/blog/stories.ts) and its charts are live views of the visualisation builder.
   */
  story?: "chile-copper" | "six-decades" | "china-usa";
}

export const BLOG_POSTS: BlogPost[] = [
  { slug: "china-and-the-united-states", date: "2026-11-27", story: "china-usa" },
  { slug: "six-decades-of-world-trade", date: "2026-11-26", story: "six-decades" },
  { slug: "chile-and-copper", date: "2026-11-25", story: "chile-copper" },
  { slug: "welcome", date: "2026-11-22" },
];

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
