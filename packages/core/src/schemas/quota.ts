import * as v from 'valibot'
import { INT4_MAX, LIMITS, boundedArray, safeInteger } from './common'
import { storedName, storedText } from './stored-text'

/**
 * Quota bodies, in the reference's `SurveyQuota` shape (`packages/types/quota.ts`): a name, a limit, conditions
 * on a response's answers (`logic`: flat conditions joined by `and`/`or`, as the reference's quota editor
 * builds them), what happens to a response that meets a full quota (`action`), the ending it is then sent to,
 * and whether unfinished responses count. Keys the server would not store are refused, naming them; whether
 * the ids in the conditions and `endingCardId` name parts of the survey is checked against the survey
 * (`domain/quotas/quota-service.ts`).
 */

/** Most quotas a survey holds. */
export const MAX_QUOTAS_PER_SURVEY = 50
/** Most conditions in a quota's logic. */
export const MAX_QUOTA_CONDITIONS = 50

/** The reference's condition operators (`ZSurveyLogicConditionsOperator`). */
export const QUOTA_OPERATORS = [
  'equals',
  'doesNotEqual',
  'contains',
  'doesNotContain',
  'startsWith',
  'doesNotStartWith',
  'endsWith',
  'doesNotEndWith',
  'isSubmitted',
  'isSkipped',
  'isGreaterThan',
  'isLessThan',
  'isGreaterThanOrEqual',
  'isLessThanOrEqual',
  'equalsOneOf',
  'includesAllOf',
  'includesOneOf',
  'doesNotIncludeOneOf',
  'doesNotIncludeAllOf',
  'isClicked',
  'isNotClicked',
  'isAccepted',
  'isBefore',
  'isAfter',
  'isBooked',
  'isPartiallySubmitted',
  'isCompletelySubmitted',
  'isSet',
  'isNotSet',
  'isEmpty',
  'isNotEmpty',
  'isAnyOf',
] as const

/** Operators that take no right operand (the reference's `operatorsWithoutRightOperand`). */
export const UNARY_QUOTA_OPERATORS: ReadonlySet<string> = new Set([
  'isSubmitted',
  'isSkipped',
  'isClicked',
  'isNotClicked',
  'isAccepted',
  'isBooked',
  'isPartiallySubmitted',
  'isCompletelySubmitted',
  'isSet',
  'isNotSet',
  'isEmpty',
  'isNotEmpty',
])

const partId = storedText(LIMITS.id, 1)

/** What a condition reads: an answer (`element`, or `question` as older clients say), a hidden field or a variable. */
const dynamicOperand = v.variant('type', [
  v.object({
    type: v.picklist(['element', 'question']),
    value: partId,
    meta: v.optional(v.pipe(v.record(storedText(LIMITS.id, 1), storedText(LIMITS.id)), v.maxEntries(10, 'Must have at most 10 entries'))),
  }),
  v.object({ type: v.literal('hiddenField'), value: partId }),
  v.object({ type: v.literal('variable'), value: partId }),
])

const staticOperand = v.object({
  type: v.literal('static'),
  value: v.union(
    [
      storedText(LIMITS.text),
      v.pipe(v.number(), v.finite('Must be a finite number')),
      boundedArray(storedText(LIMITS.text), LIMITS.choices, `Must have at most ${LIMITS.choices} values`),
    ],
    'Must be a string, a finite number or an array of strings',
  ),
})

const condition = v.pipe(
  v.object({
    id: partId,
    leftOperand: dynamicOperand,
    operator: v.picklist(QUOTA_OPERATORS, "Must be one of the reference's condition operators"),
    rightOperand: v.optional(v.union([staticOperand, dynamicOperand], 'Must be a static value or an element, hidden field or variable')),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const { operator, rightOperand } = dataset.value
    const unary = UNARY_QUOTA_OPERATORS.has(operator)
    const wrong = unary
      ? rightOperand !== undefined && `${operator} takes no rightOperand`
      : (rightOperand === undefined || (rightOperand.type === 'static' && rightOperand.value === '')) && `${operator} needs a rightOperand`
    if (!wrong) return
    addIssue({
      message: wrong,
      path: [
        { type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: 'rightOperand', value: rightOperand },
      ],
    })
  }),
)

const logic = v.object({
  connector: v.optional(v.picklist(['and', 'or']), 'and'),
  conditions: boundedArray(condition, MAX_QUOTA_CONDITIONS, `Must have at most ${MAX_QUOTA_CONDITIONS} conditions`),
})

const entries = {
  /** The survey the path names; a body may repeat it (the reference's input carries it), never name another. */
  surveyId: v.optional(storedText(LIMITS.id)),
  name: storedName,
  limit: safeInteger(1, INT4_MAX),
  logic,
  action: v.picklist(['endSurvey', 'continueSurvey']),
  endingCardId: v.optional(v.nullable(storedText(LIMITS.id, 1)), null),
  countPartialSubmissions: v.optional(v.boolean(), false),
}

const unknownKey = 'Not a quota field'

export const quotaCreateSchema = v.strictObject(entries, unknownKey)

/** An update replaces the fields it sends; the result is checked as a whole (`endingCardId` with `endSurvey`). */
export const quotaUpdateSchema = v.strictObject(
  {
    surveyId: entries.surveyId,
    name: v.optional(entries.name),
    limit: v.optional(entries.limit),
    logic: v.optional(entries.logic),
    action: v.optional(entries.action),
    endingCardId: v.optional(v.nullable(storedText(LIMITS.id, 1))),
    countPartialSubmissions: v.optional(v.boolean()),
  },
  unknownKey,
)

export type QuotaCreateInput = v.InferOutput<typeof quotaCreateSchema>
export type QuotaUpdateInput = v.InferOutput<typeof quotaUpdateSchema>
export type QuotaLogic = v.InferOutput<typeof logic>
export type QuotaCondition = QuotaLogic['conditions'][number]
export type QuotaAction = QuotaCreateInput['action']
