// s3rver (an S3-compatible server) for the upload bench, in its own process like the bench's other servers:
// listens on HOST:PORT, keeps objects under S3RVER_DIR, and serves the bucket S3RVER_BUCKET.
import { createRequire } from 'node:module'

const S3rver = createRequire(import.meta.url)('s3rver')
const server = new S3rver({
  address: process.env.HOST,
  port: Number(process.env.PORT),
  silent: true,
  directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
})
await server.run()
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close().finally(() => process.exit(0)))
