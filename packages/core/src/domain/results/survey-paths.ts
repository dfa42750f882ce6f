import { groupHolds } from '../../conditions'
import type { ConditionContext } from '../../conditions'
import type { PathGroup, PathQuery, SurveyRecord } from '../../ports/storage/index'
import { surveyBlocks } from '../surveys/survey-structure'
import type { BlockFunnel } from '../../results/model'

/**
 * Drop-off along the path (docs/api.md, "A survey's summary"): each group of alike responses the database
 * formed (`PathGroup`) is walked once through the survey's blocks, as the widget leads a respondent: the first
 * block, then after each block its logic's first jump whose conditions hold (judged by `groupHolds`, the
 * conditions the widget and the quotas judge), else its fallback, else the next block, until an ending.
 *
 * - A block is reached by the responses the walk leads to it.
 * - A response passed a block when it holds an entry (in `data` or `ttc`) for each of its elements, as a
 *   submitted page leaves one for each, empty when skipped; a finished response passes every block of its path,
 *   and so does one that holds entries in a block further in the survey (a client that leaves out what was
 *   skipped: it went on).
 * - An element is skipped by the responses that passed its block with it empty: seen and left empty.
 * - A block is left by the unfinished responses that reached it and did not pass it; their walk ends there.
 *
 * Variables are read as the response stored them (their values after its last save). Groups past the first
 * cap carry no values: their responses are taken through the blocks they hold entries for, in order (an
 * unfinished one left the block after its last); those past the second are not walked (`notWalked`).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

interface Page {
  id: string
  name: string
  elements: string[]
  logic: unknown[]
  fallback: string | undefined
}

/** The survey's pages: its blocks with elements, as the widget shows them. */
function pagesOf(survey: Pick<SurveyRecord, 'blocks' | 'questions'>): Page[] {
  return surveyBlocks(survey).flatMap((raw, index) => {
    if (!isRecord(raw) || typeof raw.id !== 'string' || !Array.isArray(raw.elements)) return []
    const elements = raw.elements.flatMap((element) => (isRecord(element) && typeof element.id === 'string' ? [element.id] : []))
    if (elements.length === 0) return []
    return [
      {
        id: raw.id,
        name: typeof raw.name === 'string' && raw.name !== '' ? raw.name : `Block ${index + 1}`,
        elements,
        logic: Array.isArray(raw.logic) ? raw.logic : [],
        fallback: typeof raw.logicFallback === 'string' ? raw.logicFallback : undefined,
      },
    ]
  })
}

/** The answers, hidden fields and variables the survey's logic conditions read. */
export function pathQuery(survey: Pick<SurveyRecord, 'blocks' | 'questions'>): PathQuery {
  const data = new Set<string>()
  const variables = new Set<string>()
  const visit = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > 20) return
    if (Array.isArray(node.conditions)) for (const condition of node.conditions) visit(condition, depth + 1)
    for (const side of [node.leftOperand, node.rightOperand]) {
      if (!isRecord(side) || typeof side.value !== 'string') continue
      if (side.type === 'variable') variables.add(side.value)
      else if (side.type === 'element' || side.type === 'question' || side.type === 'hiddenField') data.add(side.value)
    }
  }
  for (const page of pagesOf(survey)) for (const rule of page.logic) if (isRecord(rule)) visit(rule.conditions, 0)
  return { data: [...data].sort(), variables: [...variables].sort() }
}

/** One block's funnel as the walk counts it: the summary adds its `dropOffRate` (`BlockFunnel` of the results' model). */
export type WalkedBlock = Omit<BlockFunnel, 'dropOffRate'>

export interface PathWalk {
  blocks: WalkedBlock[]
  /** Per element: the responses that passed its block with it empty. */
  skipped: Map<string, number>
  /** Responses past both caps of the groups, not walked. */
  notWalked: number
}

/** The funnel of `groups` (marks in the order of `questionIds`) through `survey`'s blocks. */
export function walkPaths(
  survey: Pick<SurveyRecord, 'blocks' | 'questions' | 'endings' | 'variables'>,
  questionIds: readonly string[],
  groups: readonly PathGroup[],
): PathWalk {
  const pages = pagesOf(survey)
  const position = new Map(questionIds.map((id, index) => [id, index]))
  const walk: PathWalk = {
    blocks: pages.map((page) => ({ blockId: page.id, name: page.name, reached: 0, answered: 0, skipped: 0, leftHere: 0 })),
    skipped: new Map(),
    notWalked: 0,
  }
  for (const group of groups) {
    const marks = group.marks
    if (marks === null) {
      walk.notWalked += group.count
      continue
    }
    const markOf = (id: string) => marks[position.get(id) ?? -1] ?? '0'
    const passes = (index: number) => (pages[index] as Page).elements.every((id) => markOf(id) !== '0')
    const held = pages.flatMap((page, index) => (page.elements.some((id) => markOf(id) !== '0') ? [index] : []))
    const lastHeld = held[held.length - 1] ?? -1
    // Counts one block on the path: left (the walk ends) or passed.
    const visit = (index: number): boolean => {
      const page = pages[index] as Page
      const funnel = walk.blocks[index] as WalkedBlock
      funnel.reached += group.count
      if (!group.finished && !passes(index) && index >= lastHeld) {
        funnel.leftHere += group.count
        return false
      }
      for (const id of page.elements) if (markOf(id) !== '2') walk.skipped.set(id, (walk.skipped.get(id) ?? 0) + group.count)
      if (page.elements.some((id) => markOf(id) === '2')) funnel.answered += group.count
      else funnel.skipped += group.count
      return true
    }
    if (group.values === null) {
      // Without the values the logic reads: the blocks the response holds entries for, in order.
      const left = held.some((index) => !visit(index))
      const after = lastHeld + 1
      if (!left && !group.finished && after < pages.length) visit(after)
      continue
    }
    const ctx: ConditionContext = {
      questions: survey.questions,
      variables: survey.variables,
      data: group.values.data,
      values: group.values.variables,
    }
    const seen = new Set<number>()
    let index: number | undefined = 0
    while (index !== undefined && index < pages.length && !seen.has(index)) {
      seen.add(index)
      if (!visit(index)) break
      index = nextPage(pages, survey.endings, index, ctx)
    }
  }
  return walk
}

/** The page after `index` for answers `ctx`, or undefined when the path ends (an ending, or no page after it). */
function nextPage(pages: readonly Page[], endings: readonly unknown[], index: number, ctx: ConditionContext): number | undefined {
  const page = pages[index] as Page
  let jump: string | undefined
  for (const rule of page.logic) {
    if (!isRecord(rule) || !isRecord(rule.conditions) || !Array.isArray(rule.actions)) continue
    if (!groupHolds(rule.conditions as unknown as Parameters<typeof groupHolds>[0], ctx)) continue
    const action = rule.actions.find(
      (entry) =>
        isRecord(entry) && (entry.objective === 'jumpToBlock' || entry.objective === 'jumpToQuestion') && typeof entry.target === 'string',
    ) as { target: string } | undefined
    if (action) {
      jump = action.target
      break
    }
  }
  if (jump === 'end') return undefined
  // A block, an ending (-1), or an element (its block).
  const resolve = (id: string | undefined): number | undefined => {
    if (id === undefined) return undefined
    const block = pages.findIndex((entry) => entry.id === id)
    if (block !== -1) return block
    if (endings.some((ending) => isRecord(ending) && ending.id === id)) return -1
    const holder = pages.findIndex((entry) => entry.elements.includes(id))
    return holder === -1 ? undefined : holder
  }
  const to = resolve(jump) ?? resolve(page.fallback) ?? index + 1
  return to === -1 || to >= pages.length ? undefined : to
}
