/**
 * For tests of the `canvass` command on a Postgres database of their own: the built CLI run as a real process
 * with only the environment given (and the PATH), and a small Kysely of the test's own on the same database.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { TEST_NODE_FLAGS } from '@canvass/test-utils'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs `canvass <args>` with `env` and the PATH (nothing else of this process's); never throws for an exit code. */
export async function runCli(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...TEST_NODE_FLAGS, CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as CliRun
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/**
 * A Kysely of two connections on `url`. The CLI's runs and the database's release end sessions this pool may
 * still hold (57P01): that is not the test's failure, and does not crash its process.
 */
export function testKysely(url: string): Kysely<unknown> {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(error)
  })
  return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
}
