import type { ResourceCounts } from '@canvass/core'
import { print } from './output'

const FRAMES = ['|', '/', '-', '\\']

/** One line per resource on a terminal (stderr), redrawn after every page, else a plain line per page (stdout), with the rate. */
export function progressPrinter() {
  const tty = process.stderr.isTTY === true
  const started = new Map<string, number>()
  let current = ''
  let frame = 0
  const line = (counts: ResourceCounts) => {
    const seconds = Math.max((Date.now() - (started.get(counts.resource) ?? Date.now())) / 1000, 0.001)
    const rate = Math.round(counts.read / seconds)
    return `${counts.resource}: ${counts.read} read, ${counts.created} created, ${counts.already} already there, ${counts.refused} refused (${rate}/s)`
  }
  return {
    update(counts: ResourceCounts) {
      if (!started.has(counts.resource)) {
        // The first word on a resource, before its first page: where its rate is counted from.
        started.set(counts.resource, Date.now())
        if (counts.read === 0) return
      }
      if (!tty) return print(line(counts))
      if (current !== '' && current !== counts.resource) process.stderr.write('\n')
      current = counts.resource
      // The source's v1 lists say nothing of their length: the line turns with each page instead of filling up.
      frame = (frame + 1) % FRAMES.length
      process.stderr.write(`\r${FRAMES[frame]} ${line(counts)}\x1b[K`)
    },
    note(text: string) {
      if (tty) process.stderr.write(`\n${text}\n`)
      else print(text)
    },
    done() {
      if (tty && current !== '') process.stderr.write('\n')
    },
  }
}
