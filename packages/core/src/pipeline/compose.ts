/**
 * One step of a request's way through Canvass, as Hono's middleware is: it answers itself, or awaits `next()`
 * and may change the answer that comes back. `call` is what the steps share about the request.
 */
export type Middleware<Call> = (call: Call, next: () => Promise<Response>) => Promise<Response>

/**
 * `middleware` around `last`, the first one outermost, as Hono's `compose` chains them. A step that calls
 * `next()` twice is a bug: the steps inside it would run twice (a write made twice), so it throws instead.
 */
export function compose<Call>(
  middleware: readonly Middleware<Call>[],
  last: (call: Call) => Promise<Response>,
): (call: Call) => Promise<Response> {
  return (call) => {
    let reached = -1
    const dispatch = (index: number): Promise<Response> => {
      if (index <= reached) return Promise.reject(new Error('next() called more than once'))
      reached = index
      const step = middleware[index]
      if (step === undefined) return last(call)
      try {
        return step(call, () => dispatch(index + 1))
      } catch (error) {
        return Promise.reject(error)
      }
    }
    return dispatch(0)
  }
}
