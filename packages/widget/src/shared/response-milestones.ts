/** What one save of a shown survey's response reached. */
export interface Milestones {
  /** The first save of this showing, whatever it holds: the response has begun. */
  started: boolean
  /** The save of the finished response. */
  finished: boolean
}

/**
 * What the saves of one shown survey report, as the reference's renderer and SDKs report them (see
 * docs/widget.md, "Events and tag managers"): the first save starts the response, the finished one finishes it,
 * each once; the saves of the pages between report nothing. A one-page survey reaches both with one save.
 */
export function responseMilestones(): (finished: boolean) => Milestones {
  let started = false
  let done = false
  return (finished) => {
    const reached = { started: !started, finished: finished && !done }
    started = true
    done ||= finished
    return reached
  }
}
