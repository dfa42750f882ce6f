import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createServer as createTcpServer } from 'node:net'
import { buffer } from 'node:stream/consumers'

/** What a test receiver saw of one request. */
export interface ReceivedRequest {
  method: string
  /** Path and query, as sent. */
  target: string
  /** Header names (as sent) and values, in order, decoded as Latin-1 so that every byte is kept. */
  rawHeaders: [string, string][]
  body: Buffer
}

/** A webhook receiver listening on 127.0.0.1, started by a test; never anything but loopback. */
export interface TestReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string
  port: number
  requests: ReceivedRequest[]
  /** TCP connections accepted so far. */
  connections: () => number
  /** Resolves when every accepted connection has closed (at once when there was none). */
  allClosed: () => Promise<void>
  close: () => Promise<void>
}

/**
 * A receiver on 127.0.0.1 that records each request (method, target, raw headers, whole body) and then
 * hands it to `answer`, which may answer, hang, or break the connection.
 */
export async function startReceiver(
  answer: (request: ReceivedRequest, res: ServerResponse, req: IncomingMessage) => void,
): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    void buffer(req).then(
      (body) => {
        const rawHeaders: [string, string][] = []
        for (let i = 0; i < req.rawHeaders.length; i += 2) rawHeaders.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? ''])
        const request = { method: req.method ?? '', target: req.url ?? '', rawHeaders, body }
        requests.push(request)
        answer(request, res, req)
      },
      // The sender broke the connection mid-body: nothing to record or answer.
      () => {},
    )
  })
  return track(server, requests)
}

/** A TCP listener on 127.0.0.1 that is not HTTP: `onConnection` gets each raw socket. */
export async function startTcpReceiver(onConnection: (socket: Socket) => void): Promise<TestReceiver> {
  return track(createTcpServer(onConnection), [])
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function track(
  server: ReturnType<typeof createServer> | ReturnType<typeof createTcpServer>,
  requests: ReceivedRequest[],
): Promise<TestReceiver> {
  const open = new Set<Socket>()
  let accepted = 0
  let idle: (() => void)[] = []
  server.on('connection', (socket: Socket) => {
    accepted += 1
    open.add(socket)
    socket.on('close', () => {
      open.delete(socket)
      if (open.size === 0) for (const resolve of idle.splice(0)) resolve()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => accepted,
    allClosed: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        idle = []
        server.close(() => resolve())
      }),
  }
}
