/**
 * A standalone server with uploads configured (a folder store, and S3 on s3rver) stops cleanly on SIGTERM: a
 * process is what this tests. The upload routes themselves are tested on the test bed, in
 * packages/core/test/uploads-routes.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startS3rver } from '@canvass/test-bed/s3rver'
import * as assert from 'uvu/assert'
import type { Backend } from './fixtures'
import { startBackend } from './fixtures'
import { httpBackend } from './backends'
import type { E2eBackend } from './backends'
import { suitesWithServer } from './suite-server'

const SECRET = 'e2e-upload-secret-0123456789abcdef'
const MAX_BYTES = 256 * 1024

function defineSuites(label: string, database: () => E2eBackend, s3 = false) {
  const servers = suitesWithServer(database, async (env): Promise<Backend> => {
    const blobDir = s3 ? undefined : await mkdtemp(join(tmpdir(), 'canvass-e2e-blobs-'))
    const started = await startBackend({
      ...env,
      ...(blobDir ? { BLOB_DIR: blobDir } : {}),
      CANVASS_SECRET: SECRET,
      CANVASS_UPLOAD_MAX_BYTES: String(MAX_BYTES),
    })
    return {
      ...started,
      async stop() {
        const code = await started.stop()
        if (blobDir) await rm(blobDir, { recursive: true, force: true })
        return code
      },
    }
  })

  const shutdown = servers.suite(`${label}: uploads shutdown`)
  shutdown('SIGTERM stops the server cleanly', async () => {
    assert.is(await servers.server().stop(), 0)
  })
  shutdown.run()
}

const http = httpBackend()
defineSuites(http.label, http.database)

// The blob store is what this file tests: the same suites on S3 (s3rver), on the same database as above.
defineSuites(
  `${http.label} on S3`,
  () => {
    const database = http.database()
    let s3rver: Awaited<ReturnType<typeof startS3rver>> | undefined
    return {
      label: `${http.label} on S3`,
      async env() {
        s3rver = await startS3rver(['canvass-e2e'])
        return {
          ...(await database.env()),
          S3_BUCKET: 'canvass-e2e',
          S3_ENDPOINT: s3rver.endpoint,
          S3_REGION: 'us-east-1',
          S3_FORCE_PATH_STYLE: '1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        }
      },
      async dispose() {
        await s3rver?.stop()
        await database.dispose()
      },
    }
  },
  true,
)
