import { connect } from 'node:net'
import type { Socket } from 'node:net'

/** One HTTP/1.1 request on a raw keep-alive connection, for tests of how a host ends its connections. */
export interface KeepAliveRequest {
  socket: Socket
  /** Everything received on the connection so far. */
  received(): string
  /** Resolves with what was received once `pattern` matches it; rejects if the connection closes first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>
  /** Resolves when the connection closes. */
  closed: Promise<void>
}

/** Opens a connection to 127.0.0.1:`port`, sends `GET path` with `Connection: keep-alive`, and records the answer. */
export async function keepAliveRequest(port: number, path: string): Promise<KeepAliveRequest> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(received)
        if (!match) return
        socket.off('data', check)
        resolve(match)
      }
      socket.on('data', check)
      check()
      void closed.then(() => {
        socket.off('data', check)
        const match = pattern.exec(received)
        if (match) resolve(match)
        else reject(new Error(`the connection closed before ${pattern}; received:\n${received}`))
      })
    })
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`)
  return { socket, received: () => received, waitFor, closed }
}
