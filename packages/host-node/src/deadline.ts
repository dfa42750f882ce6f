/** One timer for the whole attempt, plus the caller's signal; `stopped` tells which fired first. */
export function startDeadline(timeoutMs: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  let stopped: 'timeout' | 'aborted' | undefined
  const stop = (why: 'timeout' | 'aborted') => {
    stopped ??= why
    controller.abort(new Error(`attempt ${why === 'timeout' ? 'timed out' : 'aborted'}`))
  }
  const timer = setTimeout(() => stop('timeout'), timeoutMs)
  const onAbort = () => stop('aborted')
  if (outer?.aborted) onAbort()
  else outer?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    stopped: () => stopped,
    dispose: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (the work itself cannot always be cancelled). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
