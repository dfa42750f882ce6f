/**
 * Whether a response meets a quota's conditions, as the reference's `evaluateLogic` judges it on the server:
 * conditions read answers (choice answers by choice id, whatever language their label was given in; number
 * inputs as numbers; a matrix row, named by `meta.row`, as the index of its column), hidden fields and
 * variables (a variable the response does not carry has the survey's starting value). `and` needs every
 * condition, `or` one (so without conditions, every response meets `and` and none meets `or`). The widget's renderer judges its logic rules with
 * the same operators (`@canvass/widget`'s `renderer/logic.ts`); core cannot import browser code, so the
 * server keeps its own copy of the rules a quota needs.
 */

type Answer = unknown

interface Operand {
  type: string
  value: unknown
  meta?: Record<string, string>
}

interface Condition {
  leftOperand: Operand
  operator: string
  rightOperand?: Operand
}

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
  const holds = (condition: unknown) => conditionHolds(condition as Condition, survey, response)
  return logic.connector === 'or' ? logic.conditions.some(holds) : logic.conditions.every(holds)
}

function conditionHolds(condition: Condition, survey: SurveyParts, response: ResponseParts): boolean {
  const question = questionOf(condition.leftOperand, survey)
  const left = question ? answerOf(question, condition.leftOperand, response.data) : operandValue(condition.leftOperand, survey, response)
  const right = condition.rightOperand ? operandValue(condition.rightOperand, survey, response) : undefined
  const isDate = question?.type === 'date'
  switch (condition.operator) {
    case 'equals':
      return isDate ? sameTime(left, right) : equals(left, right)
    case 'doesNotEqual':
      if (isDate) return typeof left === 'string' && typeof right === 'string' && !sameTime(left, right)
      if (Array.isArray(left) && typeof right === 'string') return !left.includes(right)
      return !equals(left, right)
    case 'contains':
      return text(left).includes(text(right))
    case 'doesNotContain':
      return !text(left).includes(text(right))
    case 'startsWith':
      return text(left).startsWith(text(right))
    case 'doesNotStartWith':
      return !text(left).startsWith(text(right))
    case 'endsWith':
      return text(left).endsWith(text(right))
    case 'doesNotEndWith':
      return !text(left).endsWith(text(right))
    case 'isSubmitted':
      return !isEmpty(left) && left !== 'skipped' && left !== 'dismissed'
    case 'isSkipped':
      return isEmpty(left) || left === 'skipped' || left === 'dismissed'
    case 'isGreaterThan':
      return compare(left, right, (a, b) => a > b)
    case 'isLessThan':
      return compare(left, right, (a, b) => a < b)
    case 'isGreaterThanOrEqual':
      return compare(left, right, (a, b) => a >= b)
    case 'isLessThanOrEqual':
      return compare(left, right, (a, b) => a <= b)
    case 'equalsOneOf':
    case 'isAnyOf':
      return Array.isArray(right) && (typeof left === 'string' || typeof left === 'number') && right.includes(String(left))
    case 'includesAllOf':
      return Array.isArray(left) && Array.isArray(right) && right.every((item) => left.includes(item))
    case 'includesOneOf':
      return Array.isArray(left) && Array.isArray(right) && right.some((item) => left.includes(item))
    case 'doesNotIncludeAllOf':
      return Array.isArray(left) && Array.isArray(right) && !right.every((item) => left.includes(item))
    case 'doesNotIncludeOneOf':
      return Array.isArray(left) && Array.isArray(right) && !right.some((item) => left.includes(item))
    case 'isAccepted':
      return left === 'accepted'
    case 'isClicked':
      return left === 'clicked'
    case 'isNotClicked':
      return left !== 'clicked'
    case 'isBooked':
      return left === 'booked'
    case 'isBefore':
      return order(left, right, (a, b) => a < b)
    case 'isAfter':
      return order(left, right, (a, b) => a > b)
    case 'isPartiallySubmitted':
      return isRecord(left) && Object.values(left).some((cell) => cell === '') && Object.values(left).some((cell) => cell !== '')
    case 'isCompletelySubmitted':
      return isRecord(left) && Object.values(left).length > 0 && Object.values(left).every((cell) => cell !== '')
    case 'isSet':
    case 'isNotEmpty':
      return left !== undefined && left !== '' && !(Array.isArray(left) && left.length === 0)
    case 'isNotSet':
      return left === undefined || left === ''
    case 'isEmpty':
      return isEmpty(left)
    default:
      return false
  }
}

interface Question {
  id: string
  type: string
  inputType?: string
  choices?: Array<{ id: string; label?: Record<string, unknown> }>
  rows?: unknown[]
  columns?: unknown[]
}

function questionOf(operand: Operand, survey: SurveyParts): Question | undefined {
  if (operand.type !== 'element' && operand.type !== 'question') return undefined
  return survey.questions.find((question) => isRecord(question) && question.id === operand.value) as Question | undefined
}

/** A question's answer as conditions compare it (see the module comment). */
function answerOf(question: Question, operand: Operand, data: Record<string, unknown>): Answer {
  const answer = data[question.id]
  if (answer === undefined) return undefined
  switch (question.type) {
    case 'openText':
      if (question.inputType !== 'number') return answer
      if (typeof answer === 'string' && answer.trim() === '') return undefined
      return Number.isFinite(Number(answer)) ? Number(answer) : undefined
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti': {
      const choices = question.choices ?? []
      const hasOther = choices.some((choice) => choice.id === 'other')
      const idOf = (label: unknown) =>
        choices.find((choice) => Object.values(choice.label ?? {}).includes(label))?.id ?? (hasOther && label !== '' ? 'other' : undefined)
      if (typeof answer === 'string') return idOf(answer)
      if (Array.isArray(answer)) return [...new Set(answer.map(idOf).filter((id): id is string => id !== undefined))]
      return undefined
    }
    case 'matrix': {
      const row = operand.meta?.row
      if (row === undefined || !isRecord(answer)) return answer
      const entry = question.rows?.[Number(row)]
      if (entry === undefined) return undefined
      const cell = labelTexts(entry)
        .map((label) => answer[label])
        .find((value) => value !== undefined)
      if (cell === undefined || cell === '') return cell
      const column = (question.columns ?? []).findIndex((column) => labelTexts(column).includes(cell as string))
      return column === -1 ? undefined : String(column)
    }
    default:
      return answer
  }
}

function operandValue(operand: Operand, survey: SurveyParts, response: ResponseParts): Answer {
  switch (operand.type) {
    case 'static':
      return operand.value
    case 'variable': {
      const variable = survey.variables.find((entry) => isRecord(entry) && entry.id === operand.value) as
        | { id: string; type: string; value?: unknown }
        | undefined
      if (!variable) return undefined
      const value = response.variables[variable.id] ?? variable.value
      return variable.type === 'number' ? Number(value) || 0 : String(value ?? '')
    }
    case 'question':
    case 'element':
    case 'hiddenField':
      return response.data[operand.value as string]
    default:
      return undefined
  }
}

/** Every language's text of a matrix row or column (`{id, label}` or a bare localized text). */
function labelTexts(entry: unknown): string[] {
  if (!isRecord(entry)) return []
  const label = isRecord(entry.label) ? entry.label : entry
  return Object.values(label).filter((value): value is string => typeof value === 'string')
}

function isEmpty(value: Answer): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'number' || typeof value === 'boolean') return false
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every((item) => typeof item !== 'string' || item.trim() === '')
  return isRecord(value) && Object.values(value).every((item) => item === '')
}

function equals(left: Answer, right: Answer): boolean {
  if (left === undefined || right === undefined) return false
  if (Array.isArray(left) && typeof right === 'string') return left.length === 1 && left[0] === right
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item) => right.includes(item))
  if (typeof left === 'number' || typeof right === 'number') return left !== '' && right !== '' && Number(left) === Number(right)
  return left === right
}

function compare(left: Answer, right: Answer, test: (a: number, b: number) => boolean): boolean {
  if (left === undefined || right === undefined || left === '' || right === '' || typeof left === 'object' || typeof right === 'object')
    return false
  const a = Number(left)
  const b = Number(right)
  return Number.isFinite(a) && Number.isFinite(b) && test(a, b)
}

function text(value: Answer): string {
  if (value === undefined || value === null) return ''
  return Array.isArray(value) ? value.join(',') : typeof value === 'object' ? '' : String(value)
}

function timeOf(value: Answer): number | undefined {
  if (typeof value !== 'string') return undefined
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? undefined : time
}

function sameTime(left: Answer, right: Answer): boolean {
  const a = timeOf(left)
  return a !== undefined && a === timeOf(right)
}

function order(left: Answer, right: Answer, test: (a: number, b: number) => boolean): boolean {
  const a = timeOf(left)
  const b = timeOf(right)
  return a !== undefined && b !== undefined && test(a, b)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
