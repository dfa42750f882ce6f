import { spawn } from 'node:child_process'

/**
 * Runs one of Postgres's client programs (`pg_dump`, `pg_restore`) with `args` on the database at `databaseUrl`, its output passed on to this
 * process's stderr. Rejects with one line when the program is not installed, or with what it printed when it
 * fails (pg_dump older than the server says so and stops: "server version mismatch").
 */
export function runPostgresTool(program: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  // The password goes in the child's environment, not on its command line, which other users of the machine may see.
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env
  return new Promise((resolve, reject) => {
    let said = ''
    const child = spawn(program, [...args, `--dbname=${url.href}`], { stdio: ['ignore', 'inherit', 'pipe'], env })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      said += chunk
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${program} is not installed or not on the PATH: install the PostgreSQL client programs of the server's major version or newer (docs/backups.md)`
            : `${program} could not be run (${error.message})`,
        ),
      )
    })
    child.on('close', (code) => {
      if (code === 0) return resolve()
      const lines = said.trim().split('\n').filter(Boolean)
      const mismatch = lines.some((line) => line.includes('version mismatch'))
      reject(
        new Error(
          `${program} failed (exit code ${String(code)}): ${lines.join(' / ') || 'no message'}` +
            (mismatch ? `; install the ${program} of the server's major version or newer` : ''),
        ),
      )
    })
  })
}
