/**
 * Runs commands one after another in the order they were called. The loader replays calls made before
 * setup without awaiting them, and apps rarely await `setUserId` before `track`: identity must be settled
 * before an action decides which survey to show.
 */
export function createCommandQueue(): <T>(command: () => T | Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return (command) => {
    const result = tail.then(command)
    tail = result.catch(() => undefined)
    return result
  }
}
