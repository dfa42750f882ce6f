import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/** Resident and peak resident memory of a process, in bytes (Linux `/proc`, else `ps`). */
export function memory(pid: number): { rss: number; peak: number } {
  const status = `/proc/${pid}/status`
  if (existsSync(status)) {
    const text = readFileSync(status, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024
    return { rss: kb('VmRSS'), peak: kb('VmHWM') }
  }
  const rss =
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  return { rss, peak: rss }
}

/** Resets the kernel's peak-RSS mark of a process to its current RSS (`/proc/<pid>/clear_refs`, Linux). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}
