import { spawn } from 'node:child_process'

export interface RunningProcess {
  /** The URL from the process's `listening on <url>` line, with `localhost` as `127.0.0.1`. */
  url: string
  /** Everything it printed so far, stdout and stderr together. */
  output(): string
  /** Resolves with what it printed once `pattern` shows up, or rejects after `timeoutMs` or on exit. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  /** Resolves with the exit code once it exited. */
  exited: Promise<number | null>
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts a server as a real process and resolves once it prints `listening on http://…`; rejects with its
 * output if it exits first or says nothing within `timeoutMs`.
 */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const waiters = new Set<() => void>()
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
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
      void exited.then(() => setTimeout(() => finish(() => reject(new Error(`exited before ${pattern}; output:\n${output}`))), 50))
    })
  const match = await waitFor(/listening on (http:\/\/\S+)/, options.timeoutMs).catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url: (match[1] as string).replace('//localhost', '//127.0.0.1').replace(/\/$/, ''),
    output: () => output,
    waitFor,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
