import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ChildServer } from './child-server'

/** A server `bench:responses` measures: this checkout's, or `BENCH_BASE`'s, with the survey it reads. */
export interface ResponseTarget {
  label: string
  server: ChildServer
  key: string
  environmentId: string
  surveyId: string
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] as number

/** A GET with the target's key that must answer 200; its time includes reading the whole body. */
export async function timed(target: ResponseTarget, path: string): Promise<{ ms: number; status: number; headers: Headers; body: string }> {
  const started = performance.now()
  const answer = await fetch(`${target.server.url}${path}`, { headers: { 'x-api-key': target.key } })
  const body = await answer.text()
  const ms = performance.now() - started
  if (answer.status !== 200) throw new Error(`${target.label}: GET ${path} answered ${answer.status}: ${body.slice(0, 300)}`)
  return { ms, status: answer.status, headers: answer.headers, body }
}

/**
 * `rounds` measured rounds (after one unmeasured) in which every target is asked once, the order turned
 * round each round so that neither always goes first. What `measure` returns, by target and round.
 */
export async function alternate<T>(
  targets: readonly ResponseTarget[],
  rounds: number,
  measure: (target: ResponseTarget, index: number) => Promise<T>,
): Promise<T[][]> {
  const results = targets.map(() => [] as T[])
  for (let round = 0; round < rounds + 1; round++) {
    const order = targets.map((_, index) => index)
    if (round % 2 === 1) order.reverse()
    for (const index of order) {
      const result = await measure(targets[index] as ResponseTarget, index)
      if (round > 0) results[index]?.push(result)
    }
  }
  return results
}

/**
 * Whether `base`'s server can share a database this checkout's server migrated further: every migration the
 * base has is one of this checkout's (additive migrations only, as docs/design.md requires), so the base's
 * statements find every table and column they name. The base must then start first: a server refuses a
 * database that ran a migration it does not know.
 */
export async function sharesSchema(thisRoot: string, baseRoot: string): Promise<boolean> {
  const names = async (root: string) => new Set(await readdir(join(root, 'packages/storage-kysely/src/migrations')))
  const [ours, theirs] = await Promise.all([names(thisRoot), names(baseRoot)])
  return [...theirs].every((name) => ours.has(name))
}

/** The result table: one value per target, and `this ÷ base` when there are two. */
export function createTable(labels: readonly string[]) {
  const rows: string[][] = []
  return {
    /** `values` by target, as shown; `ratio` this ÷ base (or undefined). */
    add(measure: string, values: string[], ratio: number | undefined, target: string, met: string) {
      rows.push([measure, ...values, ...(labels.length > 1 ? [ratio === undefined ? '—' : ratio.toFixed(2)] : []), target, met])
    },
    print() {
      const heads = labels.length > 1 ? [...labels, `${labels[0]} ÷ ${labels[1]}`] : ['latest']
      console.log(`\n| measure | ${heads.join(' | ')} | target | met |\n|${'---|'.repeat(heads.length + 3)}`)
      for (const row of rows) console.log(`| ${row.join(' | ')} |`)
    },
  }
}
