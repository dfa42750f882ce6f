/**
 * `canvass backup` and `canvass restore` (docs/backups.md), as real processes on each database: a server makes a
 * survey, responses, an uploaded file and a webhook through the API, with the API key its first start made;
 * `canvass backup` runs while that server keeps running; the database and the uploads are wiped; `canvass
 * restore` puts them back, and a new server answers the same surveys, responses, file bytes and webhooks to the
 * same key. A second restore over the restored data is refused without --force; a damaged backup, and one of a
 * newer Canvass or manifest format, are refused with one line. The Postgres suite needs TEST_DATABASE_URL (it
 * drops the schema of a test database of its own), and checks first that a missing pg_dump is said in one line.
 * The same story with uploads in S3 (s3rver on loopback) copies the bucket into the backup and restores it into
 * another bucket, which a folder configuration refuses and --force replaces.
 */
import { createS3BlobStore } from '@canvass/blob-s3'
import { createPostgresTestDatabase, skipSuiteUnless, uploadFile } from '@canvass/test-bed'
import { startS3rver } from '@canvass/test-bed/s3rver'
import { closedPort } from '@canvass/test-utils'
import type { Call } from '@canvass/test-bed'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
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

/** One backup-and-restore story: where the data is, how it is wiped, and what it checks besides. */
interface Story {
  /** The settings of the first server and the backup (the data folder is added). */
  env: Record<string, string>
  /** The settings of the restore and of the server after it. @default env */
  restoreEnv?: Record<string, string>
  /** Empties the database (the data folder is removed besides) and the bucket, if any. */
  wipe: () => Promise<void>
  /** Files in `blobs/`: the upload the story makes, and any object a story put in the bucket besides. @default 1 */
  blobCount?: number
  /** Checks after the first server's answers were read back from the restored data, the restored server stopped. */
  afterwards: (done: Done) => Promise<void>
}

/** What a story's `afterwards` is given: the backup, its manifest, the restore's settings and what the backup printed. */
interface Done {
  backup: string
  manifest: Manifest
  settings: Record<string, string>
  printed: string
}

interface Manifest {
  format: number
  blobs: Record<string, unknown>
  database: { migrations: string[] }
  files: Record<string, string>
}

/**
 * A server makes the data, the backup runs beside it, the database and uploads are wiped, the restore puts
 * them back, and a new server answers the same to the same key.
 */
async function roundTrip(story: Story): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'canvass-backup-'))
  const dataDir = join(scratch, 'data')
  const backup = join(scratch, 'backup')
  const key = newKey()
  const common = { DATA_DIR: dataDir, CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: 'true' }
  const settings = { ...story.env, ...common }
  const restoreSettings = { ...(story.restoreEnv ?? story.env), ...common }
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
    const manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8')) as Manifest
    assert.is(manifest.format, 1)
    assert.is(manifest.blobs.count, story.blobCount ?? 1)
    assert.ok(manifest.database.migrations.length > 0)

    await story.wipe()
    await rm(dataDir, { recursive: true, force: true })
    const restored = await runCli(restoreSettings, 'restore', backup)
    assert.is(restored.code, 0, restored.stderr)

    // No key given this time: the one the first server made must still open the door.
    server = await startServer(restoreSettings)
    try {
      assert.equal(await snapshot(client(server.url), key, made), before)
    } finally {
      await server.stop()
    }
    await story.afterwards({ backup, manifest, settings: restoreSettings, printed: backedUp.stdout })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * A restore over restored data is refused without --force; a damaged backup, and a newer one, with one line.
 * (The backup is checked before the database is looked at: the stories on other databases check only the first.)
 */
async function refusals(done: Done): Promise<void> {
  const { backup, manifest, settings } = done
  await refusesOverData(done)
  await refusesDamaged({ backup, manifest, settings })
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
}

async function refusesOverData({ backup, settings }: Done): Promise<void> {
  const again = await runCli(settings, 'restore', backup)
  assert.is.not(again.code, 0, 'a restore over data needs --force')
  assert.match(again.stderr, /already holds .*--force/)
}

/** One changed byte of the upload in `blobs/` stops a forced restore before it writes anything. */
async function refusesDamaged({ backup, manifest, settings }: Pick<Done, 'backup' | 'manifest' | 'settings'>): Promise<void> {
  const path = Object.keys(manifest.files).find((name) => name.startsWith('blobs/') && name.includes('/kept'))
  assert.ok(path, 'the upload is in the manifest')
  await appendFile(join(backup, path), 'x')
  const damaged = await runCli(settings, 'restore', '--force', backup)
  assert.is.not(damaged.code, 0)
  assert.match(damaged.stderr, /The backup is damaged: blobs\/.* does not match its checksum/)
}

const embedded = suite('canvass backup and restore: the embedded database')
embedded('back up while the server runs, wipe, restore: the same surveys, responses, file, webhooks and key', async () => {
  await roundTrip({ env: {}, wipe: async () => {}, afterwards: refusals })
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
    await roundTrip({
      env: { DATABASE_URL: database.url },
      wipe: async () => {
        await sql`drop schema canvass cascade`.execute(db)
      },
      afterwards: refusesOverData,
    })
  } finally {
    await db.destroy()
    await database.release()
  }
})
postgres.run()

const SOURCE = 'canvass-backed-up'
const TARGET = 'canvass-restored'
// What S3 adds does not depend on the database: this story runs on the HTTP suites' one backend (Postgres
// when TEST_DATABASE_URL is set, where processes start in a fraction of PGlite's time).
const backend = httpBackend()
const s3Suite = suite(`canvass backup and restore: uploads in S3, on ${backend.label}`)
s3Suite(
  'every object of the bucket into blobs/, database and bucket wiped, restored into another bucket: the same answers and files',
  async () => {
    const database = backend.database()
    const databaseEnv = await database.env()
    const db = databaseEnv.DATABASE_URL ? testKysely(databaseEnv.DATABASE_URL) : undefined
    const s3 = await startS3rver([SOURCE, TARGET])
    const settingsOf = (bucket: string) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })
    const storeOf = (bucket: string) =>
      createS3BlobStore({
        bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      })
    const keys = async (bucket: string) => {
      const all: string[] = []
      for await (const key of storeOf(bucket).listKeys()) all.push(key)
      return all.sort()
    }
    // Besides the story's upload: binary bodies with their content types under keys with spaces, a plus and
    // non-ASCII, and a console's folder marker (no upload: PUT as such, as s3rver takes unsigned requests).
    const extra = new Map([
      ['envx/public/résumé final (2).pdf', { contentType: 'application/pdf', bytes: new Uint8Array(randomBytes(70_000)) }],
      ['envx/private/a+b ü 🎉.bin', { contentType: 'application/octet-stream', bytes: new Uint8Array(randomBytes(1_000)) }],
    ])
    const marker = `${s3.endpoint}/${SOURCE}/photos/`
    try {
      for (const [key, { contentType, bytes }] of extra)
        await storeOf(SOURCE).put(key, new Blob([bytes]).stream(), { contentType, maxBytes: bytes.length })
      assert.is((await fetch(marker, { method: 'PUT' })).status, 200)
      await roundTrip({
        env: { ...databaseEnv, ...settingsOf(SOURCE) },
        restoreEnv: { ...databaseEnv, ...settingsOf(TARGET) },
        blobCount: 1 + extra.size,
        async wipe() {
          if (db) await sql`drop schema canvass cascade`.execute(db)
          for (const key of await keys(SOURCE)) if (key !== 'photos/') await storeOf(SOURCE).delete(key)
          await (await fetch(marker, { method: 'DELETE' })).body?.cancel()
          assert.equal(await keys(SOURCE), [])
        },
        async afterwards({ backup, manifest, settings, printed }) {
          assert.equal(manifest.blobs, {
            kind: 's3',
            bucket: SOURCE,
            region: 'us-east-1',
            endpoint: s3.endpoint,
            count: 3,
            bytes: manifest.blobs.bytes,
          })
          assert.not.match(await readFile(join(backup, 'manifest.json'), 'utf8'), /S3RVER/, 'no credential in the manifest')
          assert.match(
            printed,
            /with 3 uploaded files \(\d+ bytes\) from S3 bucket canvass-backed-up at http:\/\/127\.0\.0\.1:\d+, copied in [\d.]+ s/,
          )
          assert.match(printed, /Left out 1 object whose key is no upload's \(docs\/backups\.md\): photos\/$/m)
          const restored = await keys(TARGET)
          assert.is(restored.length, 3)
          for (const [key, { contentType, bytes }] of extra) {
            const object = await storeOf(TARGET).get(key)
            assert.ok(object, key)
            assert.is(object.contentType, contentType)
            assert.equal(new Uint8Array(await new Response(object.body).arrayBuffer()), bytes)
          }

          // A folder configuration cannot take the bucket's backup, and says so before it changes anything.
          const { S3_BUCKET: _, ...folderSettings } = settings
          const intoFolder = await runCli(folderSettings, 'restore', backup)
          assert.is.not(intoFolder.code, 0)
          assert.match(
            intoFolder.stderr,
            /^canvass: The backup's uploads came from S3 bucket canvass-backed-up at .* keeps uploads in a folder/,
          )
          assert.is(intoFolder.stderr.trim().split('\n').length, 1, intoFolder.stderr)
          // A bucket that holds objects needs --force, which also deletes the objects the backup does not hold.
          const again = await runCli(settings, 'restore', backup)
          assert.match(again.stderr, /^canvass: S3 bucket canvass-restored at .* already holds objects: .* add --force/)
          await storeOf(TARGET).put('envx/public/later.txt', new Blob(['later']).stream(), { contentType: 'text/plain', maxBytes: 5 })
          const forced = await runCli(settings, 'restore', '--force', backup)
          assert.is(forced.code, 0, forced.stderr)
          assert.match(forced.stdout, /the backup's came from S3 bucket canvass-backed-up .*deleted its 1 other object/)
          assert.equal(await keys(TARGET), restored)
          await refusesDamaged({ backup, manifest, settings })
          // A store that cannot be reached stops a backup in one line, before the database is dumped, and leaves no folder.
          const nowhere = join(backup, '..', 'unreachable')
          const unreachable = await runCli({ ...settings, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }, 'backup', nowhere)
          assert.match(
            unreachable.stderr,
            /^canvass: S3 bucket canvass-restored at http:\/\/127\.0\.0\.1:\d+ cannot be reached \(ECONNREFUSED\)/,
          )
          assert.is(unreachable.stderr.trim().split('\n').length, 1, unreachable.stderr)
          assert.not.ok(existsSync(nowhere))
        },
      })
    } finally {
      await s3.stop()
      await db?.destroy()
      await database.dispose()
    }
  },
)
s3Suite.run()
