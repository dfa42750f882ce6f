import type { ResponseTarget } from './response-targets'
import { alternate, median, p95, timed } from './response-targets'

/** What the `v3` part needs of the run: the targets, their surveys' size, and the cursor position to read from. */
export interface V3ReadsOptions {
  targets: readonly ResponseTarget[]
  responses: number
  rounds: number
  /** The response a page `depth` deep starts after (newest first): its `createdAt` and id. */
  deepAfter: { createdAt: Date; id: string }
  depth: number
}

export interface V3Row {
  measure: string
  /** p50 and p95 by target, in ms. */
  times: Array<{ p50: number; p95: number }>
  /** What each target was asked, where it differs from the first's. */
  asked: string[]
}

type Page = { data: Array<{ id: string; finished: boolean }>; meta: { nextCursor: string | null; totalCount: number | null } }
type Count = { data: { count: number; relation: string } }

/**
 * The v3 reads (docs/api.md, "Responses in v3"): the first page of 100, the same with `filter[finished][eq]`
 * and with an answer filter (Canvass's extension), a page `depth` deep by cursor, and `/count` capped and
 * `precision=exact`. A checkout whose v3 list counts by default (Canvass's own v3 before 0.2.0) is asked with
 * `includeTotalCount=false`, the same work; one without `precision=exact` is measured on the v1 list's
 * `count=true` in its place, the figure it had for a count.
 */
export async function measureV3Reads(options: V3ReadsOptions): Promise<V3Row[]> {
  const { targets, responses, rounds, deepAfter, depth } = options
  const scope = (t: ResponseTarget) => `workspaceId=${t.environmentId}&surveyId=${t.surveyId}`
  const older = await Promise.all(
    targets.map(async (t) => {
      const page = JSON.parse((await timed(t, `/api/v3/responses?${scope(t)}&limit=1`)).body) as Page
      return page.meta.totalCount !== null
    }),
  )
  const exact = await Promise.all(
    targets.map(async (t) => {
      const answer = await fetch(`${t.server.url}/api/v3/responses/count?${scope(t)}&precision=exact`, { headers: { 'x-api-key': t.key } })
      await answer.arrayBuffer()
      return answer.status === 200
    }),
  )
  const list = (t: ResponseTarget, index: number, extra = '') =>
    `/api/v3/responses?${scope(t)}&limit=100${extra}${older[index] ? '&includeTotalCount=false' : ''}`
  const deepCursors = await Promise.all(targets.map(async (t, index) => deepCursor(t, list(t, index), deepAfter)))
  const rare = Math.floor(responses / 10_000)

  const pageOf =
    (expected: number, every: (item: Page['data'][number]) => boolean = () => true) =>
    (body: string) => {
      const page = JSON.parse(body) as Page
      return page.data.length === expected && page.data.every(every)
    }
  const countOf = (count: number, relation: string) => (body: string) => {
    const { data } = JSON.parse(body) as Count
    return data.count === count && data.relation === relation
  }
  const capped = responses > 10_000 ? countOf(10_000, 'gte') : countOf(responses, 'eq')
  const measures: Array<[string, (t: ResponseTarget, index: number) => [string, (body: string) => boolean]]> = [
    ['v3 first page (100)', (t, i) => [list(t, i), pageOf(100)]],
    ['v3 first page, includeTotalCount=true', (t) => [`/api/v3/responses?${scope(t)}&limit=100&includeTotalCount=true`, pageOf(100)]],
    [
      'v3 first page, filter[finished][eq]=true (2 in 3)',
      (t, i) => [list(t, i, '&filter[finished][eq]=true'), pageOf(100, (r) => r.finished)],
    ],
    [
      `v3 first page, filter[data.color][eq] a rare value (${rare}, extension)`,
      (t, i) => [list(t, i, '&filter[data.color][eq]=Green'), pageOf(Math.min(100, rare))],
    ],
    [`v3 page ${depth.toLocaleString('en')} deep by cursor`, (t, i) => [`${list(t, i)}&cursor=${deepCursors[i]}`, pageOf(100)]],
    ['v3 count (capped)', (t) => [`/api/v3/responses/count?${scope(t)}`, capped]],
    [
      'v3 count, precision=exact',
      (t, i) =>
        exact[i]
          ? [`/api/v3/responses/count?${scope(t)}&precision=exact`, countOf(responses, 'eq')]
          : [`/api/v1/management/responses?surveyId=${t.surveyId}&count=true&limit=1`, () => true],
    ],
    [
      `v3 count, filter[data.color][eq] a rare value (${rare})`,
      (t) => [`/api/v3/responses/count?${scope(t)}&filter[data.color][eq]=Green`, countOf(rare, 'eq')],
    ],
  ]
  const rows: V3Row[] = []
  for (const [measure, ask] of measures) {
    const asked = targets.map((t, index) => ask(t, index)[0].replaceAll(t.environmentId, '…').replaceAll(t.surveyId, '…'))
    const times = await alternate(targets, rounds, async (t, index) => {
      const [path, check] = ask(t, index)
      const { ms, body } = await timed(t, path)
      if (!check(body)) throw new Error(`${t.label}: ${measure}: unexpected answer ${body.slice(0, 300)}`)
      return ms
    })
    rows.push({ measure, times: times.map((ms) => ({ p50: median(ms), p95: p95(ms) })), asked })
  }
  return rows
}

/**
 * A cursor to the page after `after`, as the page before it would have carried: the first page's own cursor
 * with its position moved, whichever of the two shapes the checkout writes (an object with `value` and `id`,
 * or `[order, value, id]`), so that whatever else it binds (sort, filters) stays as the server wrote it.
 */
async function deepCursor(target: ResponseTarget, path: string, after: { createdAt: Date; id: string }): Promise<string> {
  const page = JSON.parse((await timed(target, path)).body) as Page
  const cursor = page.meta.nextCursor
  if (cursor === null) throw new Error(`${target.label}: the first page has no next cursor`)
  const decoded = JSON.parse(
    new TextDecoder().decode(Uint8Array.from(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))),
  )
  const value = after.createdAt.toISOString()
  const moved = Array.isArray(decoded) ? [decoded[0], value, after.id] : { ...decoded, value, id: after.id }
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(moved))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
