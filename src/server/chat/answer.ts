/** The chat's answers, one file per intent family: see ./answers (this path is kept for its importers). */
import "server-only";
export { answerPlan, NoData, type AnswerEnv, type Translate } from "./answers";
