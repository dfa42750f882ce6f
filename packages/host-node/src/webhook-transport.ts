import { checkWebhookRequest, isPublicAddress, parseRetryAfter, WEBHOOK_RESPONSE_BODY_LIMIT, WEBHOOK_TIMEOUT_MS } from '@canvass/core'
import type { WebhookAttemptRequest, WebhookAttemptResult, WebhookErrorClass, WebhookTransport } from '@canvass/core'
import { lookup } from 'node:dns/promises'
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { connect as netConnect, isIP } from 'node:net'
import type { Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import type { ConnectionOptions } from 'node:tls'
import { startDeadline, untilAborted } from './deadline'

export interface NodeWebhookTransportOptions {
  /**
   * Lets attempts reach loopback, private, link-local and every other non-public address (local development,
   * tests). Never set it where users can create webhooks on a server inside a private network.
   * @default false
   */
  allowPrivateAddresses?: boolean
  /**
   * Returns every address a host name has. The transport checks all of them and connects only to one of them,
   * so the answer must be what the machine would really connect to.
   * @default `dns.lookup(hostname, { all: true, order: 'verbatim' })`: the system resolver (getaddrinfo), as
   * every Node client uses it, so `/etc/hosts` and the system's DNS settings apply.
   */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /**
   * Opens the TCP connection to a checked address and resolves once it is connected. TLS, when the URL is
   * `https:`, runs over the socket it returns. Tests inject this to keep every packet on loopback.
   * @default `net.connect({ host: address, port })`
   */
  connect?: (target: ConnectTarget) => Promise<Socket>
  /**
   * Milliseconds an attempt may take when the request names none: resolving, connecting, TLS, sending and
   * waiting for status and headers together.
   * @default WEBHOOK_TIMEOUT_MS (15 000)
   */
  timeoutMs?: number
  /**
   * Certificates trusted for `https:` receivers, in place of Node's root store (a private CA, tests).
   * @default Node's root certificates
   */
  ca?: ConnectionOptions['ca']
}

/** One address of a host name. */
export interface ResolvedAddress {
  address: string
  family: number
}

/** Where `connect` must open the TCP connection: a checked address, never a name. */
export interface ConnectTarget {
  /** An IP address, already checked. */
  address: string
  family: 4 | 6
  port: number
  /** The URL's host name, for logs only: do not resolve it. */
  hostname: string
  /** Aborts when the attempt gives up; the socket is destroyed then anyway. */
  signal: AbortSignal
}

/**
 * A `WebhookTransport` for Node with an SSRF guard: at every attempt it resolves the host name, refuses the
 * attempt (`blocked_address`) if ANY of its addresses is not public (`isPublicAddress` of `@canvass/core`:
 * loopback, private, CGNAT, link-local and metadata, unique-local, multicast, reserved, and the IPv4-mapped,
 * NAT64, 6to4 and Teredo forms), then connects to a checked address itself, so a second DNS answer (DNS
 * rebinding) can never redirect the connection. TLS uses the host name for SNI and for the certificate check.
 *
 * Each attempt uses a fresh connection (`connection: close`, no agent, no pool), never follows redirects,
 * gives up after `timeoutMs` in any phase, and reads at most 64 KiB of the answer body before destroying the
 * socket. Nothing is cached between attempts.
 *
 * ```ts
 * const transport = createNodeWebhookTransport()
 * const result = await transport.send({ url, headers, body })
 * ```
 */
export function createNodeWebhookTransport(options: NodeWebhookTransportOptions = {}): WebhookTransport {
  const { allowPrivateAddresses = false, resolve = lookupAll, connect = connectTcp, timeoutMs = WEBHOOK_TIMEOUT_MS, ca } = options
  return {
    async send(request): Promise<WebhookAttemptResult> {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      const check = checkWebhookRequest(request, { allowPrivateAddresses, timeoutMs })
      if (!check.ok) return { kind: 'error', errorClass: check.errorClass, message: check.message, durationMs: elapsed() }
      const { target } = check

      const deadline = startDeadline(check.timeoutMs, request.signal)
      const { signal } = deadline
      const sockets: Socket[] = []
      try {
        let addresses: ResolvedAddress[]
        if (target.isIpAddress) addresses = [{ address: target.hostname, family: isIP(target.hostname) }]
        else {
          try {
            addresses = dedupe(await untilAborted(resolve(target.hostname), signal))
          } catch (error) {
            throw new AttemptFailure('dns', `${target.hostname} did not resolve: ${describe(error)}`)
          }
          if (addresses.length === 0) throw new AttemptFailure('dns', `${target.hostname} has no address`)
          const unusable = addresses.filter(({ address }) => isIP(address) === 0)
          if (unusable.length > 0)
            throw new AttemptFailure(
              'dns',
              `${target.hostname} resolved to ${unusable.map((a) => JSON.stringify(a.address)).join(', ')}, not IP addresses`,
            )
          const blocked = allowPrivateAddresses ? [] : addresses.filter(({ address }) => !isPublicAddress(address))
          if (blocked.length > 0) {
            throw new AttemptFailure(
              'blocked_address',
              `${target.hostname} resolves to non-public ${blocked.map((a) => a.address).join(', ')} (allowed for local development by webhooks: { allowPrivateAddresses: true }, or CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1 on the server)`,
            )
          }
        }

        let socket = await openConnection(addresses, target.port, target.hostname, connect, signal, sockets)
        if (target.url.protocol === 'https:') {
          const secure = tlsConnect({
            socket,
            // SNI carries names only; the certificate is checked against `host` (the name, or the literal IP).
            servername: target.isIpAddress ? undefined : target.hostname,
            host: target.hostname,
            ALPNProtocols: ['http/1.1'],
            ...(ca === undefined ? {} : { ca }),
          })
          sockets.push(secure)
          secure.on('error', () => {})
          try {
            await once(secure, 'secureConnect', { signal })
          } catch (error) {
            throw new AttemptFailure('tls', `TLS with ${target.hostname} failed: ${describe(error)}`)
          }
          socket = secure
        }

        const answer = await exchange(socket, target.url, request, signal)
        return {
          kind: 'response',
          status: answer.status,
          ...(answer.retryAfter === undefined ? {} : { retryAfter: answer.retryAfter }),
          durationMs: elapsed(),
        }
      } catch (error) {
        const stopped = deadline.stopped()
        const failure =
          stopped === 'timeout'
            ? new AttemptFailure('timeout', `no answer within ${check.timeoutMs} ms`)
            : stopped === 'aborted'
              ? new AttemptFailure('aborted', 'the attempt was aborted')
              : error instanceof AttemptFailure
                ? error
                : new AttemptFailure('network', describe(error))
        return { kind: 'error', errorClass: failure.errorClass, message: failure.message, durationMs: elapsed() }
      } finally {
        deadline.dispose()
        for (const socket of sockets) socket.destroy()
      }
    },
  }
}

/** Why an attempt failed; turned into the error result, never thrown out of `send`. */
class AttemptFailure extends Error {
  constructor(
    readonly errorClass: WebhookErrorClass,
    message: string,
  ) {
    super(message)
  }
}

/** Tries the checked addresses in the resolver's order until one accepts; every socket goes to `sockets`. */
async function openConnection(
  addresses: ResolvedAddress[],
  port: number,
  hostname: string,
  connect: (target: ConnectTarget) => Promise<Socket>,
  signal: AbortSignal,
  sockets: Socket[],
): Promise<Socket> {
  const failures: string[] = []
  for (const { address } of addresses) {
    const family = isIP(address) === 6 ? 6 : 4
    // Through a promise, so that a connect that throws at once is a connect failure like any other.
    const pending = Promise.resolve().then(() => connect({ address, family, port, hostname, signal }))
    // A connection that completes after the attempt gave up must still be closed.
    pending.then(
      (socket) => (signal.aborted ? socket.destroy() : undefined),
      () => {},
    )
    try {
      const socket = await untilAborted(pending, signal)
      sockets.push(socket)
      // Errors after this point surface through TLS or the HTTP request; an unheard 'error' would crash Node.
      socket.on('error', () => {})
      return socket
    } catch (error) {
      if (signal.aborted) throw error
      failures.push(`${family === 6 ? `[${address}]` : address}:${port}: ${describe(error)}`)
    }
  }
  throw new AttemptFailure('connect', `could not connect to ${hostname}: ${failures.join('; ')}`)
}

/**
 * Sends the request over the connected socket and waits for the final status. Once status and headers have
 * arrived the answer counts: at most 64 KiB of body is read (until its end, the limit or the deadline), then
 * the caller destroys the socket.
 */
function exchange(
  socket: Socket,
  url: URL,
  request: WebhookAttemptRequest,
  signal: AbortSignal,
): Promise<{ status: number; retryAfter: number | undefined }> {
  return new Promise((resolve, reject) => {
    let answered: (() => void) | undefined
    const onAbort = () => (answered ? answered() : reject(signal.reason))
    signal.addEventListener('abort', onAbort, { once: true })
    const settle =
      <T>(fn: (value: T) => void) =>
      (value: T) => {
        signal.removeEventListener('abort', onAbort)
        fn(value)
      }
    const fail = settle(reject)
    // A Buffer body also makes Node write the header block as Latin-1 (with a string body it would write it as
    // UTF-8), so that values above U+007F arrive as the same octets fetch sends.
    const body = Buffer.from(request.body, 'utf8')
    let req: ReturnType<typeof httpRequest>
    try {
      req = httpRequest({
        method: 'POST',
        path: url.pathname + url.search,
        setHost: false,
        headers: { ...request.headers, host: url.host, 'content-length': String(body.length), connection: 'close' },
        // No agent: this socket serves this one request and is never pooled.
        createConnection: () => socket,
        insecureHTTPParser: false,
      })
    } catch (error) {
      fail(new AttemptFailure('invalid_request', describe(error)))
      return
    }
    req.on('error', (error) => fail(new AttemptFailure('network', describe(error))))
    req.on('response', (res) => {
      const answer = { status: res.statusCode ?? 0, retryAfter: parseRetryAfter(res.headers['retry-after']) }
      let read = 0
      let done = false
      answered = () => {
        if (done) return
        done = true
        res.removeAllListeners('data')
        settle(resolve)(answer)
      }
      res.on('data', (chunk: Buffer) => {
        read += chunk.length
        if (read >= WEBHOOK_RESPONSE_BODY_LIMIT) answered?.()
      })
      res.on('end', answered)
      res.on('close', answered)
      res.on('error', answered)
    })
    req.end(body)
  })
}

async function lookupAll(hostname: string): Promise<ResolvedAddress[]> {
  return lookup(hostname, { all: true, order: 'verbatim' })
}

function connectTcp({ address, port, signal }: ConnectTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // `host` is an IP address, so net.connect does not resolve anything.
    const socket = netConnect({ host: address, port, signal, noDelay: true })
    socket.once('error', reject)
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(socket)
    })
  })
}

function dedupe(addresses: ResolvedAddress[]): ResolvedAddress[] {
  const seen = new Set<string>()
  return addresses.filter(({ address }) => !seen.has(address) && seen.add(address) !== undefined)
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === 'string' && !error.message.includes(code) ? `${code} ${error.message}` : error.message
  }
  return String(error)
}
