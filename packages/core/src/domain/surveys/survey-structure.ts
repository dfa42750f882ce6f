import { validationError } from '../../errors'

/**
 * A survey's two structures, as the reference's v1 routes answer them: `blocks` (pages of elements, with the
 * logic and buttons of the page) and `questions` (one element per entry, with that logic on the page's last
 * element). Blocks are the canonical one; `questions` is derived from them, and a survey sent with questions
 * only gets one block per question, named and numbered as the reference does ("Block 1", …).
 *
 * A block made from a question takes the question's id, so a legacy jump to a question is the same jump to
 * its block and the conversion is the same on every read (the reference draws fresh ids, which a client
 * could never send back consistently).
 */

type Json = Record<string, unknown>

export interface SurveyBlock {
  id: string
  name: string
  elements: Json[]
  logic?: Json[] | undefined
  logicFallback?: string | undefined
  buttonLabel?: unknown
  backButtonLabel?: unknown
}

const BLOCK_FIELDS = ['logic', 'logicFallback', 'buttonLabel', 'backButtonLabel'] as const

/** One block per question, the question's logic, fallback and button labels moved to the block. */
export function blocksFromQuestions(questions: readonly unknown[]): SurveyBlock[] {
  return questions.map((raw, index) => {
    const { logic, logicFallback, buttonLabel, backButtonLabel, ...element } = raw as Json
    const block: SurveyBlock = { id: String(element.id), name: `Block ${index + 1}`, elements: [element] }
    if (Array.isArray(logic)) block.logic = logic.map((rule) => convertRule(rule, 'element', (target) => target))
    if (typeof logicFallback === 'string') block.logicFallback = logicFallback
    if (buttonLabel !== undefined) block.buttonLabel = buttonLabel
    if (backButtonLabel !== undefined) block.backButtonLabel = backButtonLabel
    return block
  })
}

/**
 * The questions of `blocks`, in order. The block's logic, fallback and labels describe leaving the page, so
 * they go to its last element; a jump to a block becomes a jump to the block's first element.
 */
export function questionsFromBlocks(blocks: readonly unknown[]): Json[] {
  const firstElement = new Map<string, string>()
  for (const raw of blocks) {
    const block = raw as SurveyBlock
    const first = block.elements[0]
    if (first) firstElement.set(block.id, String(first.id))
  }
  const target = (id: string) => firstElement.get(id) ?? id
  return blocks.flatMap((raw) => {
    const block = raw as SurveyBlock
    return block.elements.map((element, index) => {
      if (index < block.elements.length - 1) return { ...element }
      const question: Json = { ...element }
      if (Array.isArray(block.logic)) question.logic = block.logic.map((rule) => convertRule(rule, 'question', target))
      if (typeof block.logicFallback === 'string') question.logicFallback = target(block.logicFallback)
      if (block.buttonLabel !== undefined) question.buttonLabel = block.buttonLabel
      if (block.backButtonLabel !== undefined) question.backButtonLabel = block.backButtonLabel
      return question
    })
  })
}

/** The blocks of a stored survey: those stored, else (a survey written before blocks) those of its questions. */
export function surveyBlocks(survey: { blocks: readonly unknown[]; questions: readonly unknown[] }): readonly unknown[] {
  return survey.blocks.length > 0 ? survey.blocks : blocksFromQuestions(survey.questions)
}

export interface SurveyStructureInput {
  questions?: readonly object[] | undefined
  blocks?: readonly object[] | undefined
}

/**
 * Both structures of a validated body. An empty list counts as not sent (the reference answers a survey of
 * questions with `blocks: []`); neither → 400. Both → the questions must be those of the blocks, else a 400
 * naming the first field where they differ, rather than one of them dropped in silence.
 */
export function bothStructures(input: SurveyStructureInput): { blocks: SurveyBlock[]; questions: Json[] } {
  const hasBlocks = (input.blocks?.length ?? 0) > 0
  const hasQuestions = (input.questions?.length ?? 0) > 0
  if (!hasBlocks && !hasQuestions)
    throw validationError({ questions: 'Survey must have at least one question (or a block with one element)' })
  if (!hasBlocks) {
    // The questions answered are those of the blocks, so that both sent back are always consistent.
    const blocks = blocksFromQuestions(input.questions as readonly unknown[])
    return { blocks, questions: questionsFromBlocks(blocks) }
  }
  const blocks = (input.blocks as readonly Json[]).map((raw, index) => {
    const block = { ...raw } as unknown as SurveyBlock
    block.name ??= `Block ${index + 1}`
    for (const field of BLOCK_FIELDS) if (block[field] === undefined) delete block[field]
    return block
  })
  const questions = questionsFromBlocks(blocks)
  if (hasQuestions) {
    const sent = input.questions
    const difference = firstDifference(sent, questions, 'questions')
    if (difference !== undefined) {
      throw validationError({
        [difference]: 'Does not match blocks: send questions equal to those of the blocks (as answered), or only one of the two',
      })
    }
  }
  return { blocks, questions }
}

/** A logic rule with its operand types and jump actions in the other structure's words. */
function convertRule(rule: unknown, to: 'element' | 'question', target: (id: string) => string): Json {
  if (typeof rule !== 'object' || rule === null) return rule as Json
  const converted: Json = { ...(rule as Json) }
  if (typeof converted.conditions === 'object' && converted.conditions !== null)
    converted.conditions = convertGroup(converted.conditions, to)
  if (Array.isArray(converted.actions)) {
    converted.actions = converted.actions.map((raw: unknown) => {
      if (typeof raw !== 'object' || raw === null) return raw
      const action = raw as Json
      const jump = to === 'element' ? 'jumpToQuestion' : 'jumpToBlock'
      if (action.objective !== jump || typeof action.target !== 'string') return action
      return { ...action, objective: to === 'element' ? 'jumpToBlock' : 'jumpToQuestion', target: target(action.target) }
    })
  }
  return converted
}

function convertGroup(group: unknown, to: 'element' | 'question'): unknown {
  if (typeof group !== 'object' || group === null) return group
  const converted: Json = { ...(group as Json) }
  if (Array.isArray(converted.conditions))
    converted.conditions = converted.conditions.map((condition: unknown) => convertGroup(condition, to))
  for (const side of ['leftOperand', 'rightOperand'] as const) {
    const operand = converted[side]
    if (typeof operand === 'object' && operand !== null) {
      const from = to === 'element' ? 'question' : 'element'
      if ((operand as Json).type === from) converted[side] = { ...(operand as Json), type: to }
    }
  }
  return converted
}

/** The dot path of the first place where two JSON values differ (object keys in any order), or undefined. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (a === b) return undefined
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}.${i}`)
      if (found !== undefined) return found
    }
    return undefined
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    const found = firstDifference((a as Json)[key], (b as Json)[key], `${path}.${key}`)
    if (found !== undefined) return found
  }
  return undefined
}
