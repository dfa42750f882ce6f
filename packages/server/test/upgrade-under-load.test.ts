/**
 * A rolling upgrade under load, as docs/deploying.md ("Upgrading") tells an operator to run it: two instances of
 * the previous release (`UPGRADE_BASE`, built from its commit by scripts/upgrade-base.mjs, or found built by an
 * earlier run or by CI's step before the tests) serve an empty Postgres database of the test's own behind a load
 * balancer on loopback that polls `/health/ready` (balancer.ts); clients create, update and list responses
 * through it. An instance of this version starts and migrates the database while the old ones serve, and joins
 * once ready; a third old instance starts on the migrated database; the old ones get SIGTERM one by one and
 * drain; a second new instance starts; the load goes on a while. Every write answered 2xx is read back at the end
 * with its data, the old instances stayed ready on the new schema until their drain, and no request got a 5xx:
 * the window the docs state is none. Needs TEST_DATABASE_URL; a clone without the base's commit that cannot
 * fetch it skips, saying why (under CI it fails).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresTestDatabase, waitFor } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import { skipTest } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startBalancer } from './balancer'
import type { Balancer } from './balancer'
import { question, surveyThroughApi } from './fixtures'
import { reconcile, spawnServer, startLoad } from './processes'
import type { ServerProcess } from './processes'
import { newKey } from './server'
// @ts-expect-error: plain JavaScript of the workspace's scripts, without declarations
import { UPGRADE_BASE, upgradeBase } from '../../../scripts/upgrade-base.mjs'

const NAME = `a rolling upgrade from ${UPGRADE_BASE.version} under load: no acknowledged write lost, no 5xx`
/** The old instances' `CANVASS_DRAIN_SECONDS`: ten polls of the balancer. */
const DRAIN_SECONDS = 1
/** Requests each instance must have served before the next step: each step is seen under load. */
const SERVED = 25

const test = suite('rolling upgrade')
const serverUrl = process.env.TEST_DATABASE_URL

/** The built base release, or why this machine cannot run the test. */
type Base = { main: string } | { unavailable: string } | { failed: unknown }

/** The base, or why there is none. Under CI, a base that cannot be had is a failure, not a skip. */
async function prepare(): Promise<Base> {
  if (!serverUrl) return { unavailable: 'TEST_DATABASE_URL is unset: the releases share one Postgres database' }
  try {
    const base: { main: string } | { unavailable: string } = await upgradeBase((line: string) => console.log(`  ${line}`))
    if ('unavailable' in base && process.env.CI) return { failed: new Error(`${base.unavailable} (under CI the upgrade test must run)`) }
    return base
  } catch (error) {
    return { failed: error }
  }
}

const base = await prepare()

interface Instance {
  label: string
  process: ServerProcess
  url: string
  dataDir: string
}

/** Requests of one kind through the balancer, one after another per client, each answer's status counted. */
function steady(clients: number, request: (client: number) => Promise<number>) {
  const statuses = new Map<string, number>()
  const failureTimes: number[] = []
  let running = true
  const loop = async (client: number) => {
    while (running) {
      let outcome: string
      try {
        outcome = String(await request(client))
      } catch (error) {
        outcome = (error as Error).name
      }
      statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1)
      if (!/^[234]\d\d$/.test(outcome)) {
        failureTimes.push(Date.now())
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }
  const loops = Array.from({ length: clients }, (_, client) => loop(client))
  return {
    statuses,
    failureTimes,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

if ('unavailable' in base) skipTest(test, NAME, base.unavailable)
else
  test(NAME, async () => {
    if ('failed' in base) throw base.failed
    const key = newKey()
    const database: PostgresTestDatabase = await createPostgresTestDatabase(serverUrl, { migrated: false })
    const instances: Instance[] = []
    let balancer: Balancer | undefined
    const started = performance.now()
    const timeline: string[] = []
    const mark = (what: string, at = performance.now()) => timeline.push(`${((at - started) / 1000).toFixed(2)} s ${what}`)
    const start = async (label: string, main?: string) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'canvass-upgrade-'))
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        CANVASS_INIT_API_KEY: key,
        CANVASS_DRAIN_SECONDS: String(DRAIN_SECONDS),
        // Four instances at most on the machine's Postgres, beside the other tests' databases.
        DATABASE_POOL_SIZE: '4',
      }
      const process = spawnServer(env, 60_000, main)
      const instance = { label, process, dataDir, url: '' }
      instances.push(instance)
      instance.url = await process.listening
      mark(`${label} listening`)
      return instance
    }
    try {
      // 1. The previous release, two instances, on an empty database: the first start migrates and bootstraps.
      const [oldA, oldB] = await Promise.all([start(`${UPGRADE_BASE.version} a`, base.main), start(`${UPGRADE_BASE.version} b`, base.main)])
      const lb = await startBalancer([(oldA as Instance).url, (oldB as Instance).url])
      balancer = lb
      await waitFor('both old instances ready at the balancer', () => lb.ready.every(Boolean))
      const { environmentId, surveyId } = await surveyThrough(lb.url, key)

      // The load: creates (startLoad, every acknowledged marker kept), a create then an update of the same
      // response, and lists of the survey's responses.
      const creates = startLoad(lb.url, environmentId, surveyId, { prefix: 'up', concurrency: 3, requestTimeoutMs: 10_000 })
      const updated = new Map<string, string>()
      const updates = steady(1, async (client) => {
        const marker = `update-${client}-${updated.size}-${Math.random().toString(36).slice(2, 8)}`
        const made = await fetch(`${lb.url}/api/v1/client/${environmentId}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ surveyId, finished: false, data: { q1: marker } }),
          signal: AbortSignal.timeout(10_000),
        })
        if (made.status !== 200) {
          await made.arrayBuffer()
          return made.status
        }
        const id = ((await made.json()) as { data: { id: string } }).data.id
        const update = await fetch(`${lb.url}/api/v1/client/${environmentId}/responses/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ finished: true, data: { q2: `second answer of ${marker}` } }),
          signal: AbortSignal.timeout(10_000),
        })
        await update.arrayBuffer()
        if (update.status === 200) updated.set(id, marker)
        return update.status
      })
      const reads = steady(1, async () => {
        const list = await fetch(`${lb.url}/api/v1/management/responses?surveyId=${surveyId}&limit=20`, {
          headers: { 'x-api-key': key },
          signal: AbortSignal.timeout(10_000),
        })
        await list.arrayBuffer()
        return list.status
      })
      const served = (index: number, more: number) => {
        const from = lb.forwarded[index] ?? 0
        return waitFor(`${more} more requests to instance ${index}`, () => (lb.forwarded[index] ?? 0) >= from + more, { timeoutMs: 30_000 })
      }
      await Promise.all([served(0, SERVED), served(1, SERVED)])
      mark('load through both old instances')

      // 2. One instance of this version: it migrates as it starts, then the balancer sends it requests once ready.
      const newC = await start('new c')
      const c = lb.add(newC.url)
      // An instance of the previous release that starts on the migrated database (one restarted after a crash, or
      // more capacity while the upgrade runs) serves too.
      const oldE = await start(`${UPGRADE_BASE.version} e, after the migration`, base.main)
      const e = lb.add(oldE.url)
      await waitFor('the new instance and the third old one ready at the balancer', () => lb.ready[c] && lb.ready[e], { timeoutMs: 30_000 })
      await Promise.all([served(c, SERVED), served(e, SERVED)])
      mark('load through the old instances and the new one')

      // 3. The old instances, one by one: SIGTERM, a drain, their exit.
      for (const old of [oldA, oldB, oldE] as Instance[]) {
        assert.is(await old.process.stop('SIGTERM'), 0, old.process.output())
        mark(`${old.label} drained and stopped`)
        await served(c, SERVED)
      }

      // 4. A second instance of this version, and the load a while longer.
      const newD = await start('new d')
      const d = lb.add(newD.url)
      await waitFor('the second new instance ready at the balancer', () => lb.ready[d], { timeoutMs: 30_000 })
      await Promise.all([served(c, SERVED), served(d, SERVED)])
      mark('load through both new instances')
      const [load] = await Promise.all([creates.stop(), updates.stop(), reads.stop()])

      // Every acknowledged write, read back through the new version.
      const stored = await responsesThrough(lb.url, key, surveyId)
      const markers = new Map<string, number>()
      for (const response of stored.values()) {
        const marker = String(response.data.q1)
        if (marker.startsWith('up-')) markers.set(marker, (markers.get(marker) ?? 0) + 1)
      }
      const figures = reconcile(markers, load)
      const updatesLost = [...updated].filter(
        ([id, marker]) => stored.get(id)?.data.q2 !== `second answer of ${marker}` || stored.get(id)?.finished !== true,
      )

      const statuses = mergeCounts(
        new Map([...load.statuses].map(([status, count]) => [String(status), count])),
        updates.statuses,
        reads.statuses,
        new Map([
          ['no answer', load.noAnswer],
          ['timed out', load.timedOut],
        ]),
      )
      const failures = [...load.failureTimes, ...updates.failureTimes, ...reads.failureTimes].sort((x, y) => x - y)
      const windowMs = failures.length > 0 ? (failures.at(-1) as number) - (failures[0] as number) : 0
      const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0)
      for (const change of lb.changes)
        mark(`instance ${change.index} ${change.ready ? 'ready' : `not ready (${change.failed})`}`, change.at)
      for (const refusal of lb.refusals) mark(`the balancer answered 502: ${refusal.reason}`, refusal.at)
      console.log(
        `  upgrade under load, ${((performance.now() - started) / 1000).toFixed(1)} s:\n    ${timeline.sort(bySeconds).join('\n    ')}`,
      )
      console.log(
        `  requests ${requests} (${JSON.stringify(Object.fromEntries(statuses))}), 5xx or no answer ${failures.length}, window ${windowMs} ms; ` +
          `creates acknowledged ${figures.acknowledged}, lost ${figures.lost}, duplicated ${figures.duplicated}; updates acknowledged ${updated.size}, lost ${updatesLost.length}; ` +
          `forwarded ${JSON.stringify(lb.forwarded)}`,
      )

      if (failures.length > 0) {
        for (const instance of instances) {
          const lines = instance.process.output().split('\n')
          const first = lines.findIndex((line) => /error/i.test(line))
          if (first >= 0) console.log(`  ${instance.label} logged errors, the first:\n    ${lines.slice(first, first + 12).join('\n    ')}`)
        }
      }
      assert.is(figures.lost, 0, 'no acknowledged create is lost')
      assert.is(figures.duplicated, 0, 'no create is stored twice')
      assert.is(figures.foreign, 0)
      assert.equal(updatesLost, [], 'every acknowledged update is there with its data')
      assert.ok(figures.acknowledged >= 4 * SERVED && updated.size > 0, 'writes were made through every step')
      assert.is(failures.length, 0, `no 5xx and no request without an answer (window ${windowMs} ms)`)
      // The old instances served on the schema this version migrated: ready until their drain, never `schema`.
      for (const index of [0, 1, e]) {
        const downs = lb.changes.filter((change) => change.index === index && !change.ready).map((change) => change.failed)
        assert.equal(downs, ['draining'], `old instance ${index}: not ready only for its drain`)
      }
      for (const index of [c, d]) {
        const downs = lb.changes.filter((change) => change.index === index && !change.ready)
        assert.equal(downs, [], `new instance ${index} stayed ready`)
      }
    } finally {
      await balancer?.close()
      await Promise.all(instances.map((instance) => instance.process.stop('SIGKILL')))
      await Promise.all(instances.map((instance) => rm(instance.dataDir, { recursive: true, force: true })))
      await database.release()
    }
  })

test.run()

/** The environment of the key, and a survey of two open questions made in it through the balancer. */
function surveyThrough(url: string, key: string): Promise<{ environmentId: string; surveyId: string }> {
  return surveyThroughApi(url, key, 'Upgrade', [question('q1'), { ...question('q2'), required: false }])
}

interface StoredResponse {
  id: string
  finished: boolean
  data: Record<string, unknown>
}

/** Every response of the survey, by id, through the management API's pages (`Link`'s cursor). */
async function responsesThrough(url: string, key: string, surveyId: string): Promise<Map<string, StoredResponse>> {
  const found = new Map<string, StoredResponse>()
  let next: string | undefined = `/api/v1/management/responses?surveyId=${surveyId}&limit=1000`
  while (next !== undefined) {
    const page: Response = await fetch(new URL(next, url), { headers: { 'x-api-key': key } })
    assert.is(page.status, 200, await page.clone().text())
    for (const response of ((await page.json()) as { data: StoredResponse[] }).data) found.set(response.id, response)
    next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1]
  }
  return found
}

function bySeconds(a: string, b: string): number {
  return Number.parseFloat(a) - Number.parseFloat(b)
}

function mergeCounts(...maps: Map<string, number>[]): Map<string, number> {
  const merged = new Map<string, number>()
  for (const map of maps) for (const [key, count] of map) if (count > 0) merged.set(key, (merged.get(key) ?? 0) + count)
  return merged
}
