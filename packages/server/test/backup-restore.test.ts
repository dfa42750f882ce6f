/**
 * `canvass backup` and `canvass restore` (docs/backups.md), as real processes on each database: a server makes a
 * survey, responses, an uploaded file and a webhook through the API, with the API key its first start made;
 * `canvass backup` runs while that server keeps running; the database and the uploads are wiped; `canvass
 * restore` puts them back, and a new server answers the same surveys, responses, file bytes and webhooks to the
 * same key. A second restore over the restored data is refused without --force; a damaged backup, and one of a
 * newer Canvass or manifest format, are refused with one line. The Postgres suite needs TEST_DATABASE_URL (it
 * drops the schema of a test database of its own), and checks first that a missing pg_dump is said in one line.
 */
import { createPostgresTestDatabase, skipSuiteUnless, uploadFile } from '@canvass/test-bed'
import type { Call } from '@canvass/test-bed'
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { runCli, testKysely } from './cli-on-database'
import { client, newKey, startServer } from './server'

/** What the API answers about everything the test made, to compare before the backup and after the restore. */
interface Snapshot {
  surveys: unknown
  responses: unknown
  webhooks: unknown
  file: string
}

async function populate(call: Call, key: string): Promise<{ filePath: string; surveyId: string }> {
  const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: {
      environmentId,
      name: 'Kept',
      status: 'inProgress',
      questions: [
        { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false, inputType: 'text' },
        { id: 'doc', type: 'fileUpload', headline: { default: 'A file' }, required: false, allowMultipleFiles: false },
      ],
    },
  })
  assert.is(survey.status, 200, survey.text)
  const surveyId = survey.body.data.id as string
  const { presigned, upload } = await uploadFile(call, {
    environmentId,
    surveyId,
    elementId: 'doc',
    fileName: 'kept.txt',
    text: 'the bytes of a kept file\n',
  })
  assert.is(upload.status, 200, upload.text)
  for (const [q1, doc] of [
    ['first', [presigned.fileUrl]],
    ['second', undefined],
  ] as const) {
    const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
      body: { surveyId, finished: true, data: { q1, ...(doc ? { doc } : {}) } },
    })
    assert.is(response.status, 200, response.text)
  }
  const webhook = await call('POST', '/api/v1/webhooks', {
    key,
    body: { name: 'CRM', url: 'http://127.0.0.1:9/hook', triggers: ['responseFinished'], surveyIds: [surveyId] },
  })
  assert.is(webhook.status, 200, webhook.text)
  return { filePath: new URL(presigned.fileUrl, 'http://any').pathname, surveyId }
}

async function snapshot(call: Call, key: string, made: { filePath: string; surveyId: string }): Promise<Snapshot> {
  const read = async (path: string) => {
    const answer = await call('GET', path, { key })
    assert.is(answer.status, 200, `${path}: ${answer.text}`)
    return answer
  }
  return {
    surveys: (await read('/api/v1/management/surveys')).body.data,
    responses: (await read(`/api/v1/management/responses?surveyId=${made.surveyId}`)).body.data,
    webhooks: (await read('/api/v1/webhooks')).body.data,
    file: (await read(made.filePath)).text,
  }
}

/** The whole story on one database: `env` names it, `wipe` empties it (the data folder is removed besides). */
async function roundTrip(env: Record<string, string>, wipe: () => Promise<void>): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'canvass-backup-'))
  const dataDir = join(scratch, 'data')
  const backup = join(scratch, 'backup')
  const key = newKey()
  const settings = { ...env, DATA_DIR: dataDir, CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: 'true' }
  try {
    let server = await startServer({ ...settings, CANVASS_INIT_API_KEY: key })
    const made = await populate(client(server.url), key)
    const before = await snapshot(client(server.url), key, made)
    assert.is(before.file, 'the bytes of a kept file\n')
    assert.is((before.responses as unknown[]).length, 2)
    // While the server runs.
    const backedUp = await runCli(settings, 'backup', backup)
    assert.is(backedUp.code, 0, backedUp.stderr)
    await server.stop()
    const manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8'))
    assert.is(manifest.format, 1)
    assert.equal(manifest.blobs.count, 1)
    assert.ok(manifest.database.migrations.length > 0)

    await wipe()
    await rm(dataDir, { recursive: true, force: true })
    const restored = await runCli(settings, 'restore', backup)
    assert.is(restored.code, 0, restored.stderr)

    // No key given this time: the one the first server made must still open the door.
    server = await startServer(settings)
    try {
      assert.equal(await snapshot(client(server.url), key, made), before)
    } finally {
      await server.stop()
    }

    const again = await runCli(settings, 'restore', backup)
    assert.is.not(again.code, 0, 'a restore over data needs --force')
    assert.match(again.stderr, /already holds .*--force/)
    await appendFile(join(backup, 'blobs', manifestBlob(manifest)), 'x')
    const damaged = await runCli(settings, 'restore', '--force', backup)
    assert.is.not(damaged.code, 0)
    assert.match(damaged.stderr, /The backup is damaged: blobs\/.* does not match its checksum/)
    for (const [change, refusal] of [
      [{ canvassVersion: '999.0.0' }, /^canvass: The backup was made by Canvass 999\.0\.0, newer than this one/],
      [{ format: 2 }, /^canvass: The backup's format is 2, newer than this version reads/],
    ] as const) {
      await writeFile(join(backup, 'manifest.json'), JSON.stringify({ ...manifest, ...change }))
      const newer = await runCli(settings, 'restore', '--force', backup)
      assert.is.not(newer.code, 0)
      assert.match(newer.stderr, refusal)
      assert.is(newer.stderr.trim().split('\n').length, 1, newer.stderr)
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** The path of the one upload in the manifest, under `blobs/`. */
function manifestBlob(manifest: { files: Record<string, string> }): string {
  const path = Object.keys(manifest.files).find((name) => name.startsWith('blobs/'))
  assert.ok(path, 'the upload is in the manifest')
  return path.slice('blobs/'.length)
}

const embedded = suite('canvass backup and restore: the embedded database')
embedded('back up while the server runs, wipe, restore: the same surveys, responses, file, webhooks and key', async () => {
  await roundTrip({}, async () => {})
})
embedded.run()

const postgres = skipSuiteUnless(
  suite('canvass backup and restore: Postgres'),
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the Postgres backup needs a database of its own',
)
postgres('pg_dump while the server runs, drop the schema, pg_restore: the same surveys, responses, file, webhooks and key', async () => {
  const database = await createPostgresTestDatabase()
  const db = testKysely(database.url)
  try {
    await sql`drop schema if exists canvass cascade`.execute(db)
    // Without pg_dump on the PATH (only node's folder), the backup says so in one line and leaves no folder.
    const scratch = await mkdtemp(join(tmpdir(), 'canvass-no-pg-dump-'))
    try {
      assert.is((await runCli({ DATABASE_URL: database.url }, 'migrate')).code, 0)
      const missing = await runCli({ DATABASE_URL: database.url, PATH: dirname(process.execPath) }, 'backup', join(scratch, 'backup'))
      assert.is.not(missing.code, 0)
      assert.match(missing.stderr, /^canvass: pg_dump is not installed or not on the PATH/, missing.stderr)
      assert.equal(await readdir(scratch), [])
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
    await roundTrip({ DATABASE_URL: database.url }, async () => {
      await sql`drop schema canvass cascade`.execute(db)
    })
  } finally {
    await db.destroy()
    await database.release()
  }
})
postgres.run()
