import { execFileSync } from 'node:child_process'
import { availableParallelism, platform } from 'node:os'

/**
 * Where each side of a load test runs. On a machine with few cores, a server and the load generator that
 * float between the same cores take each other's turn at random, and the same server measures 30 % apart
 * from one run to the next. Pinned (Linux `taskset`), each server process runs on `serverCpu` and this
 * process (the load generator) on `loadCpu`, so every server of a comparison gets the same conditions.
 * Postgres is not pinned.
 */
export interface Pinning {
  serverCpu: number
  loadCpu: number
}

/**
 * The pinning the bench uses: `BENCH_PIN=0` turns it off; it is off anyway without `taskset` (not Linux) or
 * with fewer than two cores.
 */
export function benchPinning(env: NodeJS.ProcessEnv = process.env): Pinning | undefined {
  if (env.BENCH_PIN === '0' || platform() !== 'linux' || availableParallelism() < 2) return undefined
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  return { serverCpu: 0, loadCpu: 1 }
}

/** Moves every thread of this process to the load generator's core. */
export function pinLoadGenerator(pinning: Pinning): void {
  execFileSync('taskset', ['-a', '-c', '-p', String(pinning.loadCpu), String(process.pid)], { stdio: 'ignore' })
}

/** The command that runs `command args` on the server core (the process keeps its pid: taskset execs). */
export function onServerCpu(pinning: Pinning | undefined, command: string, args: string[]): [string, string[]] {
  return pinning ? ['taskset', ['-c', String(pinning.serverCpu), command, ...args]] : [command, args]
}

export const describePinning = (pinning: Pinning | undefined): string =>
  pinning ? `servers pinned to cpu ${pinning.serverCpu}, load generator to cpu ${pinning.loadCpu}` : 'no CPU pinning'
