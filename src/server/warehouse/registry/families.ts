/**
 * The source families of the site's cube registry, in the order GET /api/cubes, the OpenAPI
 * document and the importer list their cubes (each family's package cubes first, then the others).
 * A new source is a file declaring a `CubeFamily` and one line here.
 */
import "server-only";
import { ATLAS_FAMILY } from "./atlas";
import { BACI_FAMILY } from "./baci";
import { BILL_OF_LADING_FAMILY } from "./billOfLading";
import { COMPLEXITY_FAMILY } from "./complexity";
import { COMTRADE_SAMPLE_FAMILY } from "./comtradeSample";
import { INDICATORS_FAMILY } from "./indicators";
import { OTS_FAMILY } from "./ots";
import { SERVICES_FAMILY } from "./services";
import { SUBNATIONAL_FAMILY } from "./subnational";
import type { CubeFamily } from "./types";

export const FAMILIES: readonly CubeFamily[] = [
  OTS_FAMILY,
  ATLAS_FAMILY,
  COMTRADE_SAMPLE_FAMILY,
  SERVICES_FAMILY,
  SUBNATIONAL_FAMILY,
  INDICATORS_FAMILY,
  BILL_OF_LADING_FAMILY,
  BACI_FAMILY,
  COMPLEXITY_FAMILY,
];
