/**
 * `GET /health`: `{"status":"ok"}` while the database answers, else 503 with `Retry-After`, for load balancers
 * and orchestrators.
 */
import { SERVICE_UNAVAILABLE_RETRY_AFTER } from '@canvass/core'
import type { Storage } from '@canvass/core'

/** The health answer of a server on `storage`. */
export async function healthAnswer(storage: Pick<Storage, 'ping'>): Promise<Response> {
  const healthy = await storage.ping().catch(() => false)
  // The same safe headers as every API answer: never sniffed into HTML, never kept by a cache.
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }
  if (!healthy) headers['retry-after'] = String(SERVICE_UNAVAILABLE_RETRY_AFTER)
  return Response.json({ status: healthy ? 'ok' : 'unavailable' }, { status: healthy ? 200 : 503, headers })
}
