/**
 * `GET /health`: `{"status":"ok","version":…}` while the database answers, else 503 with `Retry-After`, for load balancers
 * and orchestrators. When webhook deliveries wait longer than they should (docs/deploying.md, "Health and
 * shutdown"), the answer says so under `webhooks`, still with 200 (the instance itself serves, and taking it out
 * of a load balancer would not send a webhook): `behind` while deliveries are being sent, `stalled` when none is,
 * with how many are being sent and, for the webhooks waiting longest, how many of their deliveries are due and
 * since when. The route takes no key, so no webhook or environment is named.
 */
import { SERVICE_UNAVAILABLE_RETRY_AFTER } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { SERVER_VERSION } from './server-version'

/** The health answer of a server running `canvass`. */
export async function healthAnswer(canvass: Pick<Canvass, 'health'>): Promise<Response> {
  const health = await canvass.health()
  const healthy = health.database === 'ok'
  // The same safe headers as every API answer: never sniffed into HTML, never kept by a cache.
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }
  if (!healthy) headers['retry-after'] = String(SERVICE_UNAVAILABLE_RETRY_AFTER)
  const body: Record<string, unknown> = { status: healthy ? 'ok' : 'unavailable', version: SERVER_VERSION }
  const { webhooks } = health
  if (webhooks.status !== 'ok') {
    body.webhooks = {
      status: webhooks.status,
      oldestDueAt: webhooks.oldestDueAt,
      background: health.background,
      ...(webhooks.sending === undefined ? {} : { sending: webhooks.sending }),
      ...(webhooks.waiting === undefined
        ? {}
        : { waiting: webhooks.waiting.map(({ due, pending, oldestDueAt }) => ({ due, pending, oldestDueAt })) }),
    }
  }
  return Response.json(body, { status: healthy ? 200 : 503, headers })
}
