/**
 * The webhook transport port: sends one HTTP attempt of one webhook delivery and reports what happened. It
 * knows nothing of outboxes, retries, signatures or webhooks: the dispatcher builds the request (body,
 * `webhook-*` headers) and decides from the result whether the delivery succeeded, is retried or disables
 * the webhook (docs/design.md, "Events and webhooks"). Implementations: `createFetchWebhookTransport` in core (no DNS guard, for
 * runtimes that enforce egress rules themselves) and `createNodeWebhookTransport` in `@canvass/host-node`
 * (resolves and checks every address). `testWebhookTransport` in `@canvass/test-utils` checks these rules.
 *
 * Rules every implementation MUST follow:
 * - `send` MUST NOT throw or reject for anything the receiver, the network or the request's contents cause:
 *   every failure is a `WebhookAttemptError` result. (A bug in the transport itself may still reject.)
 * - It sends exactly one `POST` to `request.url` with `request.body` (UTF-8) and every header of
 *   `request.headers` byte for byte. It sets `Host` and `Content-Length` itself; its HTTP client MAY add
 *   headers the request does not name (`user-agent`, `accept`) but MUST NOT change the ones it names.
 * - It MUST NOT follow redirects: a 3xx answer is returned as a `response` result with its status (the
 *   dispatcher counts it as a failure). It MUST NOT send a second request for any reason.
 * - It MUST give up once `timeoutMs` has passed since `send` was called, whatever phase the attempt is in
 *   (name resolution, connecting, TLS, sending, waiting for the answer), and return `timeout`. Once status
 *   and headers have arrived the answer counts: running out of time while reading the body still returns
 *   the `response`.
 * - It MUST read at most `WEBHOOK_RESPONSE_BODY_LIMIT` (64 KiB) of the receiver's body, then close the
 *   connection. The body is never part of the result: receivers are hostile, and what they answer must not
 *   reach logs or API callers.
 * - It MUST refuse URLs that are not `http:`/`https:` or carry credentials (`invalid_url`) and URLs whose
 *   host is a literal non-public IP address or a `localhost` name (`blocked_address`), unless its owner
 *   configured it to allow private addresses. A transport that resolves names itself MUST check every
 *   address it may connect to and connect only to a checked one.
 * - It MUST NOT reuse a connection across attempts (no keep-alive pool): each attempt decides anew where
 *   it connects.
 * - `message` is for the operator's logs only and MUST NOT be shown to API callers: it may name internal
 *   addresses the receiver's host name resolved to. `errorClass` and `status` are safe to show.
 */
export interface WebhookTransport {
  send(request: WebhookAttemptRequest): Promise<WebhookAttemptResult>
}

/** One attempt: always a `POST`. */
export interface WebhookAttemptRequest {
  /** Absolute `http:` or `https:` URL of the receiver, as the webhook stores it. */
  url: string
  /**
   * Header names and values to send unchanged. MUST NOT name `host`, `content-length`, `transfer-encoding`,
   * `connection`, `keep-alive`, `upgrade`, `te`, `trailer`, `expect` or `proxy-*` (the transport owns
   * them; such a request fails with `invalid_request`). Names must be HTTP tokens and values must not
   * contain CR, LF or NUL.
   */
  headers: Record<string, string>
  /** The payload, sent as UTF-8. */
  body: string
  /**
   * Milliseconds the whole attempt may take, from the call to `send` until status and headers arrive.
   * @default the transport's `timeoutMs` option, itself `WEBHOOK_TIMEOUT_MS` (15 s) by default
   */
  timeoutMs?: number
  /** Abandons the attempt (shutdown): the result is then an `aborted` error. */
  signal?: AbortSignal
}

export type WebhookAttemptResult = WebhookAttemptResponse | WebhookAttemptError

/** The receiver answered with a final status (1xx interim answers are skipped). */
export interface WebhookAttemptResponse {
  kind: 'response'
  /** The status code of the final answer, as received (3xx included: redirects are never followed). */
  status: number
  /**
   * Seconds the receiver asked to wait, from a `Retry-After` header in delta-seconds or HTTP-date form
   * (a date in the past gives 0); absent when the header is missing or malformed. Not bounded: the
   * dispatcher caps it.
   */
  retryAfter?: number
  /** Milliseconds from the call to `send` until the result. */
  durationMs: number
}

/** The attempt got no HTTP answer. */
export interface WebhookAttemptError {
  kind: 'error'
  errorClass: WebhookErrorClass
  /** What went wrong, for the operator's logs only: never shown to API callers (it may name internal addresses). */
  message: string
  /** Milliseconds from the call to `send` until the result. */
  durationMs: number
}

/**
 * Why an attempt got no answer. No request was sent for `invalid_url`, `invalid_request` and
 * `blocked_address`; the others happened on the way.
 * - `invalid_url`: not an absolute `http:`/`https:` URL, or it carries user name or password.
 * - `invalid_request`: a header the transport owns or cannot send, or an unusable `timeoutMs`.
 * - `blocked_address`: the host is, or resolves to (any of its records), a non-public address.
 * - `dns`: the host name does not resolve.
 * - `connect`: no TCP connection could be opened (refused, unreachable).
 * - `tls`: the TLS handshake failed (certificate not trusted, wrong name, protocol).
 * - `timeout`: `timeoutMs` passed before status and headers arrived.
 * - `network`: the connection broke or the answer was not valid HTTP, after connecting.
 * - `redirect`: the runtime hid a redirect answer from the transport (a browser's opaque redirect), so
 *   no status is known. Never produced on Node, Deno, Bun or Workers, which return the 3xx itself.
 * - `aborted`: the request's `signal` aborted the attempt.
 */
export type WebhookErrorClass =
  | 'invalid_url'
  | 'invalid_request'
  | 'blocked_address'
  | 'dns'
  | 'connect'
  | 'tls'
  | 'timeout'
  | 'network'
  | 'redirect'
  | 'aborted'
