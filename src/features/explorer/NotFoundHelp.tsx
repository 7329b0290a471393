"use client";

import dynamic from "next/dynamic";

// A layout's not-found boundary is part of every page's first load, though it is rendered only
// on a 404: the help (a search box, the product hint and its search calls) is its own chunk,
// rendered on the server as before and loaded in the browser only with a 404. Each is its own
// Suspense boundary (`loading`), so the server's HTML stays in place until its chunk arrives.

/** Under /profile/hs/<code>: the nearest real product, or the product search for unclassified codes. */
export const ProductHint = dynamic(() => import("./NotFoundPanel").then((m) => m.ProductHint), { loading: () => null });

/** The way on from a 404: the product hint, a search box (the explore dialog) and the main sections. */
export const NotFoundHelp = dynamic(() => import("./NotFoundPanel").then((m) => m.NotFoundHelp), { loading: () => null });
