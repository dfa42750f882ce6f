import type { WebhookAttemptRequest, WebhookAttemptResult, WebhookTransport } from '@canvass/core'

/** One webhook attempt as the receiver got it. */
export interface ReceivedWebhook {
  url: string
  headers: Record<string, string>
  body: string
  /** `body` parsed as JSON (undefined when it is not JSON). */
  json: any
}

/** What the receiver answers an attempt: a status (and `Retry-After` seconds), or a failure without an answer. */
export type ReceiverAnswer = { status: number; retryAfter?: number } | { error: 'timeout' | 'connect' | 'network' }

/**
 * A webhook receiver in this process: a `WebhookTransport` that records every attempt and answers as the test
 * says, without a socket. The dispatcher of a test bed sends through it; the Node transport's own behaviour
 * (addresses, TLS, timeouts on a real connection) is tested in `@canvass/host-node`.
 */
export interface TestWebhookReceiver {
  transport: WebhookTransport
  /** Every attempt so far, in order. */
  received: ReceivedWebhook[]
  /** How the next attempts are answered: a fixed answer, or a function of the attempt. Default: 200. */
  answer(answer: ReceiverAnswer | ((request: ReceivedWebhook) => ReceiverAnswer)): void
  /** Forgets what was received. */
  clear(): void
}

export function createTestWebhookReceiver(): TestWebhookReceiver {
  const received: ReceivedWebhook[] = []
  let answer: (request: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 200 })
  return {
    received,
    answer(next) {
      answer = typeof next === 'function' ? next : () => next
    },
    clear() {
      received.length = 0
    },
    transport: {
      async send(request: WebhookAttemptRequest): Promise<WebhookAttemptResult> {
        let json: unknown
        try {
          json = JSON.parse(request.body)
        } catch {}
        const got: ReceivedWebhook = { url: request.url, headers: { ...request.headers }, body: request.body, json }
        received.push(got)
        const result = answer(got)
        if ('error' in result) return { kind: 'error', errorClass: result.error, message: `test receiver: ${result.error}`, durationMs: 0 }
        return {
          kind: 'response',
          status: result.status,
          ...(result.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
          durationMs: 0,
        }
      },
    },
  }
}
