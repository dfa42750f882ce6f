import { spawn } from 'node:child_process'
import { once } from 'node:events'

/**
 * Runs `script` with the bench's own node in a process of its own, with `env` on top of the bench's, and
 * resolves to the JSON it prints on stdout. Throws with the end of its stderr if it exits with another code
 * than 0.
 */
export async function runJsonChild<T>(script: string, env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${err.slice(-2000)}`)
  return JSON.parse(out) as T
}
