/**
 * Width (px) under which a map sits above its legend instead of beside it. Its own module so the
 * chart component can watch the breakpoint without loading the option generators.
 */
export const NARROW_MAP_WIDTH = 600;
