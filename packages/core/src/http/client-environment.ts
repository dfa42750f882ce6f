import type { Storage } from '../ports/storage'

/** How many path ids a resolver remembers before it starts over. */
const REMEMBERED = 10_000

/**
 * Turns the id in a client path into the environment it names (`EnvironmentStore.resolve`): an environment's
 * id stays as it is, a project's (the reference's current clients send a workspace id) becomes its
 * production environment's. What an id names never changes (environments and projects are neither deleted
 * nor moved over HTTP), so each id is read once and remembered: after that a request pays one map lookup.
 * An id that names nothing is not remembered (it may name a project created later) and is returned as sent,
 * for the route to answer its 404. The storage is read on the first request, not before.
 */
export function createClientEnvironmentResolver(storage: Storage): ClientEnvironmentResolver {
  const named = new Map<string, string>()
  const known = (pathId: string): string => named.get(pathId) ?? pathId
  const resolve = async (pathId: string): Promise<string> => {
    const remembered = named.get(pathId)
    if (remembered !== undefined) return remembered
    const resolved = await storage.environments.resolve(decoded(pathId))
    if (resolved === null) return pathId
    // Bounded: ids sent by clients are many only where most name nothing, and those are never kept.
    if (named.size >= REMEMBERED) named.clear()
    named.set(pathId, resolved)
    return resolved
  }
  return { resolve, known }
}

export interface ClientEnvironmentResolver {
  /** The environment a client path's id names (read once per id), or the id as sent when it names none. */
  resolve(pathId: string): Promise<string>
  /**
   * Without reading: the environment the id is known to name, else the id as sent. The rate limits count a
   * client request under it before any route runs, so that both names of an environment share its budget
   * (from the second request by a workspace's id on) and a made-up id costs no read before it is counted.
   */
  known(pathId: string): string
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
