import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import * as assert from 'uvu/assert'
import type { Call } from './test-canvass'
import type { ReceiverAnswer } from './webhook-receiver'

/** How a verifying receiver answers: verifies (`ok`), is not there (`refuse`), or answers 503 (`fail`). */
export type VerifyingReceiverMode = 'ok' | 'refuse' | 'fail'

/** A webhook the receiver verified with `standardwebhooks`. */
export interface VerifiedWebhook {
  /** `webhook-id`. */
  id: string
  payload: any
  /** `webhook-timestamp`, in seconds. */
  timestamp: number
}

/**
 * What a webhook consumer sees, kept apart from how requests reach it: the bed's in-process receiver
 * (`bed.receiver.answer(verifying.answer)`) or a server on loopback that passes each request to `answer`.
 */
export interface VerifyingReceiver {
  /** Requests verified with the webhook's secret, in order. */
  got: VerifiedWebhook[]
  /** Why each request that failed verification failed. */
  invalid: string[]
  /** How many requests were answered 503 in `fail` mode. */
  failed(): number
  /** The secret requests are verified with (the webhook's, as its creation answered it). */
  setSecret(secret: string): void
  setMode(mode: VerifyingReceiverMode): void
  /** Answers one request as the mode says: 204 when it verifies, 400 when not, 503 in `fail`, no answer in `refuse`. */
  answer(request: { body: string; headers: Record<string, string> }): ReceiverAnswer
}

export function createVerifyingReceiver(): VerifyingReceiver {
  const got: VerifiedWebhook[] = []
  const invalid: string[] = []
  let failed = 0
  let secret = ''
  let mode: VerifyingReceiverMode = 'ok'
  return {
    got,
    invalid,
    failed: () => failed,
    setSecret(value) {
      secret = value
    },
    setMode(next) {
      mode = next
    },
    answer(request) {
      // `refuse`: nothing listens (the connection is refused).
      if (mode === 'refuse') return { error: 'connect' }
      if (mode === 'fail') {
        failed++
        return { status: 503 }
      }
      try {
        const payload = new Webhook(secret).verify(request.body, request.headers)
        got.push({ id: String(request.headers['webhook-id']), payload, timestamp: Number(request.headers['webhook-timestamp']) })
        return { status: 204 }
      } catch (error) {
        invalid.push(String(error))
        return { status: 400 }
      }
    },
  }
}

/** A loopback HTTP server that passes every request to a verifying receiver; `url` is its `/hook`. */
export interface VerifyingServer {
  url: string
  close(): Promise<void>
}

/**
 * Serves `verifying` on a free loopback port, for tests whose webhooks leave the process over a real socket
 * (a real transport, a server or worker process). An answer without a status is a 500 here.
 */
export async function listenVerifying(verifying: Pick<VerifyingReceiver, 'answer'>): Promise<VerifyingServer> {
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const answer = verifying.answer({ body, headers: req.headers as Record<string, string> })
      res.writeHead('status' in answer ? answer.status : 500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Creates a webhook to `url` through the API with `key` (every response trigger unless `body` names others) and
 * has `receiver` verify with its secret; answers the created webhook.
 */
export async function createVerifiedWebhook(
  call: Call,
  key: string,
  receiver: Pick<VerifyingReceiver, 'setSecret'>,
  url: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await call('POST', '/api/v1/webhooks', {
    key,
    body: { url, triggers: ['responseCreated', 'responseUpdated', 'responseFinished'], ...body },
  })
  assert.is(res.status, 200, res.text)
  receiver.setSecret(res.body.data.secret)
  return res.body.data
}

/** A webhook's deliveries (the first 100), through the API with `key`. */
export async function webhookDeliveries(call: Call, key: string, hookId: string): Promise<any[]> {
  const res = await call('GET', `/api/v1/webhooks/${hookId}/deliveries?limit=100`, { key })
  assert.is(res.status, 200, res.text)
  return res.body.data
}
