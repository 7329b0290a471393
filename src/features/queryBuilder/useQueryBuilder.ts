"use client";

import { useReducer } from "react";
import { explorerPath } from "@/domain/queryBuilder/codec";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import type { BuilderState } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { builderReducer, initialModel, runDraft, stateForCube } from "./queryBuilderModel";

/**
 * The query builder's state (builderReducer) with its one side effect: a committed query is
 * mirrored into the page URL, so the address can be shared or reloaded.
 */
export function useQueryBuilder(cubes: CubeInfo[], restored: BuilderState, cubeAsked: boolean, locale: Locale) {
  const [model, dispatch] = useReducer(builderReducer, undefined, () => initialModel(cubes, restored, cubeAsked));
  const { draft, committed } = model;
  const cube = cubes.find((c) => c.name === draft.cube);
  const committedCube = committed ? cubes.find((c) => c.name === committed.cube) : undefined;
  const replaceUrl = (path: string) => window.history.replaceState(null, "", `/${locale}${path}`);

  return {
    ...model,
    cube,
    committedCube,
    /** Edits the draft. */
    update: (patch: Partial<BuilderState>) => dispatch({ type: "edit", patch }),
    /** Changes how the committed answer is shown, at once. */
    updateShown: (patch: Partial<BuilderState>) => {
      dispatch({ type: "show", patch });
      if (committed) replaceUrl(explorerPath({ ...committed, ...patch }));
    },
    chooseCube: (name: string | null) => dispatch({ type: "start", draft: stateForCube(cubes.find((c) => c.name === name)) }),
    run: () => {
      const result = runDraft(draft, cube);
      dispatch({ type: "ran", ...result });
      if (result.problems.length === 0) replaceUrl(explorerPath(result.draft));
    },
    reset: () => {
      dispatch({ type: "start", draft: stateForCube(cube ?? cubes[0]), reset: true });
      replaceUrl("/explorer");
    },
  };
}
