/**
 * Whether a response meets a quota's conditions, as the reference's `evaluateLogic` judges it on the server,
 * with the conditions the widget's renderer judges its logic rules with (`../conditions`, bundled by
 * `@canvass/widget` as `@canvass/core/conditions`).
 */
import { groupHolds } from '../../conditions'

interface SurveyParts {
  questions: readonly unknown[]
  variables: readonly unknown[]
}

interface ResponseParts {
  data: Record<string, unknown>
  variables: Record<string, unknown>
}

/** Whether `response` meets `logic` (`{connector, conditions}`) of a quota of `survey`. */
export function meetsQuota(
  logic: { connector: 'and' | 'or'; conditions: readonly unknown[] },
  survey: SurveyParts,
  response: ResponseParts,
): boolean {
  return groupHolds(logic, { questions: survey.questions, variables: survey.variables, data: response.data, values: response.variables })
}
