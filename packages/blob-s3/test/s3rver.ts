// The s3rver helper lives in @canvass/test-bed (`@canvass/test-bed/s3rver`); this re-export keeps working the
// tests elsewhere that still import it by this path, until they import it by name.
export { startS3rver } from '@canvass/test-bed/s3rver'
export type { S3rverProcess } from '@canvass/test-bed/s3rver'
