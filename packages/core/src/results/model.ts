/**
 * A survey's summary as the summary route answers it (docs/api.md, "A survey's summary"), and what the results'
 * pictures are drawn from: bars, the NPS groups with their tone, a matrix's table, drop-off per block and the
 * words every number is written in. Pure functions, shared by the console and the shared results page, so that
 * the two cannot show a number, a colour or a format differently.
 */
import { elementTypeInfo } from '../element-types'
import { groupDigits } from '../group-digits'

/** A count and its share, as the summary gives it: null when there is nothing to take a share of. */
export interface Share {
  count: number
  percentage: number | null
}

/** One question's summary: the fields its type has (a ranking's `choices` carry `averagePosition`). */
export interface QuestionSummary {
  questionId: string
  type: string
  headline: string
  answered: number
  skipped: number
  choices?: ReadonlyArray<{ id: string; label: string; count: number; percentage?: number | null; averagePosition?: number | null }>
  /**
   * The answers that name no choice, with what was typed: the "other" choice's label when the question has one,
   * null when it has not (they matched nothing). Counted here once, never among `choices` too.
   */
  other?: Share & { label?: string | null; values: ReadonlyArray<{ value: string; count: number }> }
  score?: number | null
  promoters?: Share
  passives?: Share
  detractors?: Share
  average?: number | null
  distribution?: ReadonlyArray<{ rating: number; count: number; percentage: number | null }>
  satisfied?: Share
  clicked?: number
  dismissed?: number
  accepted?: number
  booked?: Share
  rows?: ReadonlyArray<{ row: string; columns: ReadonlyArray<{ column: string; count: number }> }>
  /** A matrix's cells or a ranking's items that name none of the question's rows, columns or choices. */
  unmatched?: number
}

/** A survey's summary: its totals, where unfinished responses stopped, and each question's counts. */
export interface Summary {
  displays: number
  responses: { started: number; finished: number }
  startRate: number | null
  completionRate: number | null
  averageTimeToComplete: number | null
  medianTimeToComplete?: number | null
  dropOff: {
    beforeFirstQuestion: number
    questions: ReadonlyArray<{ questionId: string; answered: number; droppedAfter: number; dropOffRate: number | null }>
    /** Per block along each response's path (`funnelRows`). */
    blocks?: ReadonlyArray<BlockFunnel>
    /** Responses past the cap of the groups walked, in no block (docs/api.md). */
    notWalked?: number
  }
  questions: ReadonlyArray<QuestionSummary>
}

/**
 * One block's drop-off, along the paths the survey's order and logic led each response: how many reached it,
 * went on with an answer, went on with none (skipped) or stopped there (left here; `dropOffRate` of reached).
 */
export interface BlockFunnel {
  blockId: string
  name: string
  reached: number
  answered: number
  skipped: number
  leftHere: number
  dropOffRate: number | null
}

/** One bar: what it stands for, its count, and its share of the whole in percent (0–100). */
export interface BarRow {
  label: string
  count: number
  percent: number
}

const absent = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value)

/** The mark of a number the summary does not have. */
export const NONE = '—'

/** A count in words: `1,234`. */
export const countText = (value: number): string => groupDigits(value)

/** A percentage in words, to a tenth: `42%`, `4.6%`, `1,250%`, `—` when there is none. */
export function percentText(value: number | null | undefined): string {
  if (absent(value)) return NONE
  return `${groupDigits(Number(value.toFixed(1)))}%`
}

/** An NPS in words: whole or to a tenth (`-41.7`), `—` when nobody answered. */
export function scoreText(value: number | null | undefined): string {
  if (absent(value)) return NONE
  return String(Math.round(value * 10) / 10)
}

/** A mean (an average rating or position) in words, to two decimals: `3.25`. */
export function averageText(value: number | null | undefined): string {
  if (absent(value)) return NONE
  return String(Math.round(value * 100) / 100)
}

/** A duration in milliseconds in words, to the second: `45 s`, `3 min 5 s`, `3 min`, `2 h 10 min`. */
export function durationText(ms: number | null | undefined): string {
  if (absent(ms)) return NONE
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`
}

/** The name of a question type, as the results' cards head it: the registry's, else the type's own id. */
export function questionTypeName(type: string): string {
  return elementTypeInfo(type)?.summaryName ?? type
}

const share = (count: number, whole: number) => (whole > 0 ? Math.round((count / whole) * 1000) / 10 : 0)

/** A choice's name: its label, else (a picture has none) its place, else its id. */
export function choiceLabel(question: Pick<QuestionSummary, 'type'>, choice: { id: string; label: string }, index: number): string {
  return choice.label || (question.type === 'pictureSelection' ? `Picture ${index + 1}` : choice.id)
}

/** What the "other" bucket of a choice question is called: the "other" choice's label, or what it holds. */
export function otherLabel(other: { label?: string | null }): string {
  return other.label || (other.label === null ? 'Matched no choice' : 'Other')
}

/**
 * The bars of a question: its choices (with "Other" when answers were no choice), else the distribution of its
 * scores (NPS 0–10 and every point of a rating's scale, zeros included), else nothing.
 */
export function questionBars(question: QuestionSummary): BarRow[] {
  if (question.choices) {
    const rows = question.choices.map((choice, index) => ({
      label: choiceLabel(question, choice, index),
      count: choice.count,
      percent: choice.percentage ?? share(choice.count, question.answered),
    }))
    if (question.other && (question.other.count > 0 || question.other.label))
      rows.push({
        label: otherLabel(question.other),
        count: question.other.count,
        percent: question.other.percentage ?? share(question.other.count, question.answered),
      })
    return rows
  }
  if (question.distribution) {
    const given = new Map(question.distribution.map((entry) => [entry.rating, entry]))
    const ratings = question.distribution.map((entry) => entry.rating)
    const low = question.type === 'nps' ? 0 : Math.min(1, ...ratings)
    const high = question.type === 'nps' ? 10 : Math.max(low, ...ratings)
    const rows: BarRow[] = []
    for (let rating = low; rating <= high && rows.length <= 100; rating++) {
      const entry = given.get(rating)
      rows.push({
        label: String(rating),
        count: entry?.count ?? 0,
        percent: entry?.percentage ?? share(entry?.count ?? 0, question.answered),
      })
    }
    return rows
  }
  return []
}

/** The tone of an NPS group: the colour it is drawn in follows from it, the same wherever it is drawn. */
export type NpsTone = 'detractor' | 'passive' | 'promoter'

/** NPS's three groups, in the order they sit on the scale. */
export function npsSegments(question: QuestionSummary): Array<BarRow & { tone: NpsTone }> {
  const of = (value: Share | undefined) => ({ count: value?.count ?? 0, percent: value?.percentage ?? 0 })
  return [
    { label: 'Detractors (0–6)', tone: 'detractor', ...of(question.detractors) },
    { label: 'Passives (7–8)', tone: 'passive', ...of(question.passives) },
    { label: 'Promoters (9–10)', tone: 'promoter', ...of(question.promoters) },
  ]
}

/** The field of the summary an NPS group's numbers are in. */
export const NPS_GROUP_FIELDS: Readonly<Record<NpsTone, 'detractors' | 'passives' | 'promoters'>> = {
  detractor: 'detractors',
  passive: 'passives',
  promoter: 'promoters',
}

/** A matrix's table: its columns, and per row the count of each column with the row's total (for shading). */
export function matrixTable(
  rows: NonNullable<QuestionSummary['rows']>,
  given: { rows?: readonly string[]; columns?: readonly string[] } = {},
): {
  columns: string[]
  rows: Array<{ row: string; counts: number[]; total: number }>
} {
  // The question's own rows and columns come first, in its order, so that one nobody picked is shown with zeros.
  const columns: string[] = [...new Set(given.columns ?? [])]
  for (const row of rows) for (const cell of row.columns) if (!columns.includes(cell.column)) columns.push(cell.column)
  const names = [...new Set([...(given.rows ?? []), ...rows.map((row) => row.row)])]
  return {
    columns,
    rows: names.map((name) => {
      const cells = rows.find((row) => row.row === name)?.columns ?? []
      const counts = columns.map((column) => cells.find((cell) => cell.column === column)?.count ?? 0)
      return { row: name, counts, total: counts.reduce((sum, count) => sum + count, 0) }
    }),
  }
}

/** How strongly a matrix cell is shaded, 0 to 4, from its share of its row. */
export const heatOf = (count: number, total: number): number => (total === 0 ? 0 : Math.min(4, Math.ceil((count / total) * 4)))

/** A survey's blocks as v1 answers them: the questions of each page. */
export interface SurveyBlock {
  id: string
  name?: string
  elements: ReadonlyArray<{ id: string }>
}

/** A stored survey's blocks as v1 answers them; those it cannot read are left out. */
export function surveyBlocks(blocks: readonly unknown[] | undefined): SurveyBlock[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  return (blocks ?? []).flatMap((block) =>
    isRecord(block) && typeof block.id === 'string' && Array.isArray(block.elements)
      ? [
          {
            id: block.id,
            ...(typeof block.name === 'string' ? { name: block.name } : {}),
            elements: block.elements.flatMap((element) =>
              isRecord(element) && typeof element.id === 'string' ? [{ id: element.id }] : [],
            ),
          },
        ]
      : [],
  )
}

/** How much of a question the results draw, so that a card's size is bounded whatever the survey. */
export const RESULTS_LIMITS = {
  /** Bars of one chart (choices, ranking) and rows of a matrix. */
  chartRows: 100,
  /** Columns of a matrix. */
  matrixColumns: 20,
  /** "Other" values listed under a choice question. */
  otherValues: 50,
  /** Characters of one "Other" value shown. */
  otherChars: 600,
} as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A stored text in the default language (or the first there is), with recall placeholders
 * (`#recall:id/fallback:text#`) shown as their fallback.
 */
export function plainText(value: unknown): string {
  const raw =
    typeof value === 'string'
      ? value
      : isRecord(value)
        ? typeof value.default === 'string'
          ? value.default
          : ((Object.values(value).find((entry) => typeof entry === 'string') as string | undefined) ?? '')
        : ''
  return raw.replace(/#recall:[^#/]*\/fallback:([^#]*)#/g, (_, fallback: string) => fallback.replaceAll('nbsp', ' ').trim() || '…')
}

/** What the results read of a stored survey's questions: headlines, scales' ranges, a matrix's rows and columns. */
export function resultsQuestions(questions: readonly unknown[]): Array<{
  id: string
  headline: string
  range?: number
  rows?: string[]
  columns?: string[]
}> {
  const labels = (list: unknown) =>
    Array.isArray(list) ? list.map((item) => plainText(isRecord(item) && 'label' in item ? item.label : item)) : undefined
  return questions.flatMap((raw) => {
    if (!isRecord(raw) || typeof raw.id !== 'string') return []
    const rows = labels(raw.rows)
    const columns = labels(raw.columns)
    return [
      {
        id: raw.id,
        headline: plainText(raw.headline) || raw.id,
        ...(typeof raw.range === 'number' ? { range: raw.range } : {}),
        ...(rows ? { rows } : {}),
        ...(columns ? { columns } : {}),
      },
    ]
  })
}
