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
export function createClientEnvironmentResolver(storage: Storage): (pathId: string) => Promise<string> {
  const named = new Map<string, string>()
  return async (pathId) => {
    const known = named.get(pathId)
    if (known !== undefined) return known
    const resolved = await storage.environments.resolve(decoded(pathId))
    if (resolved === null) return pathId
    // Bounded: ids sent by clients are many only where most name nothing, and those are never kept.
    if (named.size >= REMEMBERED) named.clear()
    named.set(pathId, resolved)
    return resolved
  }
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
