import { spawn } from 'node:child_process'

/**
 * Node.js flags for the Node.js processes a test starts (servers, CLI commands, examples), given before the
 * script: `--liftoff-only` keeps WebAssembly (PGlite's Postgres) on V8's baseline compiler, as `pnpm test` does
 * for the test processes themselves (scripts/test-all.mjs) and the standalone server does once it starts. A CLI
 * command on the embedded database lives a second or two: the optimizing compiler's background work on Postgres's
 * hot functions cost it a third of its CPU and ended before it paid off. Nothing but speed differs.
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only']

/** How a process ended: its exit code, or the signal that ended it. */
export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A process started by `spawnProcess`, from the moment it is spawned. */
export interface SpawnedProcess {
  /** Its process id. */
  pid: number
  /**
   * Resolves with the URL from its `listening on <url>` line (`localhost` as `127.0.0.1`, no trailing
   * slash); rejects with its output when it exits first or says nothing within `timeoutMs`.
   */
  listening: Promise<string>
  /** Everything it printed so far, stdout and stderr together. */
  output(): string
  /** Resolves with what it printed once `pattern` shows up, or rejects after `timeoutMs` or on exit. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  /** Resolves once it exited. */
  exited: Promise<ProcessExit>
  /** Whether it has not exited yet. */
  running(): boolean
  /** Sends `signal` without waiting; nothing when it already exited. */
  signal(signal: NodeJS.Signals): void
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** A process started by `startProcess`: it already printed `listening on <url>`. */
export interface RunningProcess extends SpawnedProcess {
  /** The URL from the process's `listening on <url>` line, with `localhost` as `127.0.0.1`. */
  url: string
}

export interface SpawnProcessOptions {
  cwd?: string
  /** The whole environment of the process. @default a copy of `process.env` */
  env?: Record<string, string>
  /** How long `listening` waits for the `listening on` line. @default 60_000 */
  timeoutMs?: number
}

/**
 * Spawns a server as a real process and watches its output. `listening` settles once it prints
 * `listening on http://…`; a process that does not print it within `timeoutMs` is killed (SIGKILL).
 */
export function spawnProcess(command: string, args: string[], options: SpawnProcessOptions = {}): SpawnedProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const waiters = new Set<() => void>()
  const exited = new Promise<ProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const running = () => child.exitCode === null && child.signalCode === null
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    for (const check of [...waiters]) check()
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      let done = false
      const finish = (settle: () => void) => {
        if (done) return
        done = true
        clearTimeout(timer)
        waiters.delete(check)
        settle()
      }
      const check = () => {
        const match = pattern.exec(output)
        if (match) finish(() => resolve(match))
      }
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${output}`))), timeoutMs)
      waiters.add(check)
      check()
      // stdout and stderr may still hold the last lines when 'exit' fires; they are read before giving up.
      void exited.then(({ code, signal }) =>
        setTimeout(() => {
          check()
          finish(() => reject(new Error(`exited (${code ?? signal}) before ${pattern}; output:\n${output}`)))
        }, 50),
      )
    })
  const listening = waitFor(/listening on (http:\/\/\S+)/, options.timeoutMs).then(
    (match) => (match[1] as string).replace('//localhost', '//127.0.0.1').replace(/\/$/, ''),
    (error: unknown) => {
      if (running()) child.kill('SIGKILL')
      throw error
    },
  )
  // A caller that only waits for the exit must not see an unhandled rejection.
  listening.catch(() => {})
  return {
    pid: child.pid ?? -1,
    listening,
    output: () => output,
    waitFor,
    exited,
    running,
    signal(signal) {
      if (running()) child.kill(signal)
    },
    async stop(signal = 'SIGTERM') {
      if (running()) child.kill(signal)
      return (await exited).code
    },
  }
}

/**
 * Starts a server as a real process and resolves once it prints `listening on http://…`; rejects with its
 * output if it exits first or says nothing within `timeoutMs`.
 */
export async function startProcess(command: string, args: string[], options: SpawnProcessOptions = {}): Promise<RunningProcess> {
  const spawned = spawnProcess(command, args, options)
  return { ...spawned, url: await spawned.listening }
}
