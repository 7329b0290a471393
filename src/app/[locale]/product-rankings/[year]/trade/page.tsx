import { tradeRankingRoute } from "@/features/rankings/tradeRankingRoute";

const route = tradeRankingRoute("products");

export const dynamic = "force-dynamic";
export const generateMetadata = route.generateMetadata;
export default route.Page;
