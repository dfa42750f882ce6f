import type { ConnectionInfo } from '../context'

/**
 * The client's address as rate limits count it: the last entry of `header` when one is configured and sent
 * (a trusted proxy appends it), else the address the host reports, else `unknown`.
 */
export function clientAddressOf(request: Request, info: ConnectionInfo, header: string | undefined): string {
  if (header) {
    const last = request.headers.get(header)?.split(',').pop()?.trim()
    if (last) return last
  }
  return info.clientAddress || 'unknown'
}
