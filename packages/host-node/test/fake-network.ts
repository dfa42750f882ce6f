import type { Socket } from 'node:net'
import { connect as netConnect } from 'node:net'
import * as assert from 'uvu/assert'
import type { ConnectTarget, ResolvedAddress } from '../src'

/** A public-looking address that no test ever reaches: the fake network routes it to a loopback listener. */
export const PUBLIC_V4 = '93.184.216.34'
export const PUBLIC_V4_B = '93.184.216.35'
export const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946'

/**
 * An injected resolver and socket connection that keep every packet on loopback, even if the transport under
 * test is broken: names resolve only from `records`, and `connect` opens a socket only to a loopback
 * listener the test started, either directly (`allowLoopback`) or for a fake public address (`route`).
 * Anything else is recorded as a violation and refused, and `assertClean` fails the test.
 */
export function fakeNetwork() {
  const records = new Map<string, () => string[]>()
  const routes = new Map<string, number>()
  const loopbackPorts = new Set<number>()
  const resolved: string[] = []
  const connects: ConnectTarget[] = []
  const violations: string[] = []
  return {
    resolved,
    connects,
    violations,
    /** `hostname` resolves to `addresses` (a function answers anew at each lookup). */
    record(hostname: string, addresses: string[] | (() => string[])) {
      records.set(hostname, typeof addresses === 'function' ? addresses : () => addresses)
    },
    /** A connection to `address:port` goes to 127.0.0.1:`loopbackPort` instead. */
    route(address: string, port: number, loopbackPort: number) {
      routes.set(`${address}|${port}`, loopbackPort)
    },
    allowLoopback(port: number) {
      loopbackPorts.add(port)
    },
    resolve: async (hostname: string): Promise<ResolvedAddress[]> => {
      resolved.push(hostname)
      const answer = records.get(hostname)
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
      return answer().map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    },
    connect: (target: ConnectTarget): Promise<Socket> => {
      connects.push(target)
      const routed = routes.get(`${target.address}|${target.port}`)
      const port = routed ?? (target.address === '127.0.0.1' && loopbackPorts.has(target.port) ? target.port : undefined)
      if (port === undefined) {
        violations.push(`connect to ${target.address}:${target.port}`)
        return Promise.reject(new Error(`test network: refusing to connect to ${target.address}:${target.port}`))
      }
      return new Promise((resolve, reject) => {
        const socket = netConnect({ host: '127.0.0.1', port })
        socket.once('error', reject)
        socket.once('connect', () => {
          socket.off('error', reject)
          resolve(socket)
        })
      })
    },
    assertClean() {
      assert.equal(violations, [], 'the transport asked to connect only where the test allowed')
    },
  }
}
