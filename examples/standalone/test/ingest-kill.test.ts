/**
 * Response creates are written in batches: a server killed (SIGKILL) while batches are in flight loses no
 * response it acknowledged, and stores none twice. PGlite in DATA_DIR always; the Postgres server too when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { question } from './fixtures'
import { client, newKey } from './server'
import { postgresBackend } from './backends'
import { spawnServer } from './processes'

/** The built server as a child process, once it listens. */
async function start(env: Record<string, string>) {
  const server = spawnServer(env)
  return { ...server, url: await server.listening }
}

function defineKillTest(name: string, setup: () => Promise<Record<string, string>>, teardown: () => Promise<void>) {
  const kill = suite(`ingest (${name}): SIGKILL mid-load`)
  kill('every acknowledged create is stored exactly once after the server is killed mid-batch', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-kill-'))
    const key = newKey()
    const env = { ...(await setup()), DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key }
    try {
      const first = await start(env)
      const call = client(first.url)
      const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
      const survey = await call('POST', '/api/v1/management/surveys', {
        key,
        body: { environmentId, name: 'Load', status: 'inProgress', questions: [question()] },
      })
      assert.is(survey.status, 200)
      const surveyId = survey.body.data.id as string

      // Concurrent creates (so batches of several rows) until the server dies under them.
      const acknowledged: string[] = []
      let sent = 0
      let killed = false
      const worker = async () => {
        while (!killed) {
          const marker = randomUUID()
          sent++
          try {
            const response = await fetch(`${first.url}/api/v1/client/${environmentId}/responses`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ surveyId, finished: false, data: { q1: marker } }),
            })
            if (response.status === 200) acknowledged.push(marker)
            else assert.unreachable(`create answered ${response.status}: ${await response.text()}`)
          } catch {
            // The connection died with the server: not acknowledged.
            return
          }
          if (acknowledged.length >= 300 && !killed) {
            killed = true
            first.signal('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: 32 }, worker))
      await first.exited
      assert.ok(acknowledged.length >= 300)

      // The same database, opened again: reconcile the acknowledged markers against what it holds.
      const second = await start(env)
      try {
        const read = client(second.url)
        const stored = new Map<string, number>()
        for (let skip = 0; ; skip += 100) {
          const page = await read('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100&skip=${skip}`, { key })
          assert.is(page.status, 200)
          const rows = page.body.data as { data: { q1: string } }[]
          for (const row of rows) stored.set(row.data.q1, (stored.get(row.data.q1) ?? 0) + 1)
          if (rows.length < 100) break
        }
        for (const marker of acknowledged) assert.is(stored.get(marker), 1, `acknowledged ${marker} stored once`)
        for (const [marker, count] of stored) assert.is(count, 1, `${marker} stored once`)
        // Creates in flight at the kill may or may not have committed; none beyond those sent.
        assert.ok(stored.size >= acknowledged.length && stored.size <= sent)
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await teardown()
    }
  })
  kill.run()
}

defineKillTest('pglite', async () => ({}), async () => {})

const postgres = postgresBackend()
if (postgres) defineKillTest('postgres', postgres.env, postgres.dispose)
