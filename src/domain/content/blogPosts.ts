/** Blog posts as data: text lives in messages under "blog.posts.{slug}". Newest first. */
export interface BlogPost {
  slug: string;
  /** ISO date of publication. */
  date: string;
}

export const BLOG_POSTS: BlogPost[] = [{ slug: "welcome", date: "2026-11-22" }];

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
