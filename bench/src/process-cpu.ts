import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * CPU seconds (user and system, every thread) a process has used since it started, from Linux `/proc/<pid>/stat`;
 * undefined when the process is gone or there is no `/proc`. The delta of two readings over the wall-clock
 * seconds between them is the cores the process used meanwhile.
 */
export function cpuSeconds(pid: number): number | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after its closing one. What follows
  // it is field 3 (the state); utime and stime are fields 14 and 15, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond()
}

let ticks: number | undefined
/** The kernel's clock ticks a second (`getconf CLK_TCK`: 100 on every Linux the bench runs on). */
function ticksPerSecond(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
    } catch {
      ticks = 100
    }
  }
  return ticks
}
