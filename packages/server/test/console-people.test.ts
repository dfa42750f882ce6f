/**
 * The console's people on the standalone server (docs/console-accounts.md, "People on the standalone server"),
 * with real processes: `canvass users add`, `users list` and `console-link` on Postgres (a database of its own,
 * while the server runs) and on PGlite with the server stopped, and on PGlite while the server runs, where the
 * command goes through the data folder's lock socket into the server; the link a command prints opens its
 * sign-in page on the server. The first start prints a first-owner link, once for instances started together
 * on one database. `CANVASS_CONSOLE=off` turns the console off.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { skipSuiteUnless } from '@canvass/test-bed'
import { TEST_NODE_FLAGS } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { lockDataDir, sendLockCommand } from '../src/data-dir-lock'
import { e2eBackends } from './backends'
import { emptyDatabaseInto, spawnServer } from './processes'
import type { ServerProcess } from './processes'
import { startServer } from './server'
import type { RunningServer } from './server'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))

interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** The built CLI as a real process on `env` (and the PATH only), with `input` on its stdin. */
function cli(env: Record<string, string>, args: string[], input = ''): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...TEST_NODE_FLAGS, CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    )
    child.stdin?.end(input)
  })
}

/** The one-time link a command printed: the whole address on the line of its own. */
function printedLink(stdout: string): string {
  const link = /^ {2}(http\S+\/console\/link\/[A-Za-z0-9_-]+)$/m.exec(stdout)?.[1]
  assert.ok(link, `a link is printed:\n${stdout}`)
  return link
}

/** The heading of the page a link opens, and its status. */
async function linkPage(link: string): Promise<{ status: number; heading: string }> {
  const response = await fetch(link)
  const html = await response.text()
  return { status: response.status, heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? html.slice(0, 200) }
}

/** Waits until the server's output holds a line matching `pattern` (lines after "listening" come a moment later). */
async function outputLine(output: () => string, pattern: RegExp): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const line = output()
      .split('\n')
      .find((l) => pattern.test(l))
    if (line) return line
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}

for (const backend of e2eBackends()) {
  const test = suite(`${backend.label}: canvass users add, users list, console-link`)
  test('add people, list them, print links that open their sign-in page; usage errors in words', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-people-'))
    const env: Record<string, string> = { DATA_DIR: dataDir, ...(await backend.env()) }
    const embedded = !env.DATABASE_URL
    if (embedded) await emptyDatabaseInto(dataDir)
    let server: RunningServer | undefined
    try {
      // A first start makes the project; on PGlite the commands below run with the server stopped.
      server = await startServer(env)
      const publicUrl = server.url
      if (embedded) assert.is(await server.stop(), 0)
      const withUrl = { ...env, PUBLIC_URL: publicUrl }

      const added = await cli(withUrl, ['users', 'add', 'Ada@Example.com', '--role', 'owner'])
      assert.is(added.code, 0, added.stderr)
      assert.match(added.stdout, /^Added ada@example\.com to the console of project \S+ as owner$/m)
      const adaLink = printedLink(added.stdout)
      assert.ok(adaLink.startsWith(`${publicUrl}/console/link/`))

      const viewer = await cli(
        withUrl,
        ['users', 'add', 'viv@example.com', '--role', 'viewer', '--password-stdin'],
        'a long enough password\n',
      )
      assert.is(viewer.code, 0, viewer.stderr)

      const list = await cli(withUrl, ['users', 'list'])
      assert.is(list.code, 0, list.stderr)
      const rows = list.stdout.trim().split('\n')
      assert.match(rows[0] as string, /^EMAIL\s+ROLE\s+PROJECT\s+PASSWORD\s+ADDED$/)
      assert.match(list.stdout, /^viv@example\.com\s+viewer\s+Default project \(\S+\)\s+yes\s/m)
      assert.match(list.stdout, /^ada@example\.com\s+owner\s+Default project \(\S+\)\s+no\s/m)

      const again = await cli(withUrl, ['console-link', 'ADA@example.com'])
      assert.is(again.code, 0, again.stderr)
      assert.match(again.stdout, /^One-time sign-in link for ada@example\.com:$/m)
      const secondLink = printedLink(again.stdout)
      assert.is.not(secondLink, adaLink)

      // Mistakes: one line in words, exit 1, nothing made.
      const mistakes: [string[], RegExp][] = [
        [['users', 'add', 'x@example.com', '--role', 'boss'], /^canvass: --role is owner, editor, viewer, not "boss"$/m],
        [['users', 'add', 'x@example.com'], /required option '--role <role>' not specified/],
        [['users', 'add', 'not-an-email', '--role', 'viewer'], /^canvass: Not an email address: "not-an-email"$/m],
        [
          ['users', 'add', 'ada@example.com', '--role', 'viewer'],
          /^canvass: A person of project \S+ has the email ada@example\.com already$/m,
        ],
        [['users', 'add', 'x@example.com', '--role', 'viewer', '--project', 'nope'], /^canvass: Project nope does not exist$/m],
        [['users', 'add', 'x@example.com', '--role', 'viewer', '--password-stdin'], /^canvass: --password-stdin: stdin gave no password$/m],
        [['console-link', 'nobody@example.com'], /^canvass: No person of the console has this email$/m],
      ]
      for (const [args, message] of mistakes) {
        const result = await cli(withUrl, args)
        assert.is(result.code, 1, `${args.join(' ')}: ${result.stdout}`)
        assert.match(result.stderr, message, args.join(' '))
      }

      // One email in two projects: one account, listed once per project; console-link needs no --project.
      const second = await cli(withUrl, ['project', 'create', 'Second'])
      assert.is(second.code, 0, second.stderr)
      const secondId = /^Created project Second \((\S+)\)$/m.exec(second.stdout)?.[1] as string
      assert.ok(secondId, second.stdout)
      const withPassword = await cli(
        withUrl,
        ['users', 'add', 'ada@example.com', '--role', 'viewer', '--project', secondId, '--password-stdin'],
        'a long enough password\n',
      )
      assert.is(withPassword.code, 1, withPassword.stdout)
      assert.match(
        withPassword.stderr,
        /^canvass: ada@example\.com has an account already, with its own password: add them without --password-stdin$/m,
      )
      const twice = await cli(withUrl, ['users', 'add', 'ada@example.com', '--role', 'viewer', '--project', secondId])
      assert.is(twice.code, 0, `her account joins the second project: ${twice.stderr}`)
      assert.match(
        twice.stdout,
        /^Added ada@example\.com to the console of project \S+ as viewer \(their account, which has a project already\)$/m,
      )
      const both = await cli(withUrl, ['users', 'list'])
      assert.match(both.stdout, /^ada@example\.com\s+owner\s+Default project \(\S+\)\s+no\s/m)
      assert.match(both.stdout, /^ada@example\.com\s+viewer\s+Second \(\S+\)\s+no\s/m)
      const which = await cli(withUrl, ['console-link', 'ada@example.com'])
      assert.is(which.code, 0, which.stderr)
      const named = await cli(withUrl, ['console-link', 'ada@example.com', '--project', secondId])
      assert.is(named.code, 0, named.stderr)
      const otherAdaLink = printedLink(named.stdout)
      const nobody = await cli(withUrl, ['console-link', 'viv@example.com', '--project', secondId])
      assert.is(nobody.code, 1)
      assert.match(nobody.stderr, /^canvass: No person of the console has this email$/m)

      if (embedded) server = await startServer(env)
      // Ada's link made with --project: it opens her page (her account's).
      assert.equal(await linkPage(otherAdaLink.replace(publicUrl, server.url)), { status: 200, heading: 'Sign in to Canvass' })
      // The links open on the server: Ada's newest one and the first one (each is good once, until used).
      assert.equal(await linkPage(secondLink.replace(publicUrl, server.url)), { status: 200, heading: 'Sign in to Canvass' })
      assert.equal(await linkPage(adaLink.replace(publicUrl, server.url)), { status: 200, heading: 'Sign in to Canvass' })
      assert.is((await linkPage(`${server.url}/console/link/${randomBytes(32).toString('base64url')}`)).status, 404)
    } finally {
      await server?.stop()
      await backend.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
  test.run()
}

{
  const test = suite('pglite: the commands while the server runs go through the lock socket')
  test('users add, users list and console-link run in the server and print the same', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-people-live-'))
    await emptyDatabaseInto(dataDir)
    const server = await startServer({ DATA_DIR: dataDir })
    try {
      const env = { DATA_DIR: dataDir }
      const added = await cli(env, ['users', 'add', 'live@example.com', '--role', 'editor', '--password-stdin'], 'correct horse battery\n')
      assert.is(added.code, 0, added.stderr)
      assert.match(added.stderr, /is in use by a running Canvass server: the command runs in that server/)
      // Without a PUBLIC_URL of its own, the CLI prints the server's address.
      const link = printedLink(added.stdout)
      assert.ok(link.startsWith(`${server.url}/console/link/`), link)
      assert.equal(await linkPage(link), { status: 200, heading: 'Sign in to Canvass' })

      const list = await cli(env, ['users', 'list'])
      assert.match(list.stdout, /^live@example\.com\s+editor\s+Default project \(\S+\)\s+yes\s/m)
      // A PUBLIC_URL given to the command is where it prints the link.
      const again = await cli({ ...env, PUBLIC_URL: 'https://surveys.example.com' }, ['console-link', 'live@example.com'])
      assert.is(again.code, 0, again.stderr)
      assert.match(printedLink(again.stdout), /^https:\/\/surveys\.example\.com\/console\/link\//)
      // The server's answer to a mistake is the same words as without it.
      const taken = await cli(env, ['users', 'add', 'live@example.com', '--role', 'viewer'])
      assert.is(taken.code, 1)
      assert.match(taken.stderr, /^canvass: A person of project \S+ has the email live@example\.com already$/m)
      const badPassword = await cli(env, ['users', 'add', 'short@example.com', '--role', 'viewer', '--password-stdin'], 'short\n')
      assert.is(badPassword.code, 1)
      assert.match(badPassword.stderr, /^canvass: .*password/im)

      // The socket itself: an unknown command and a line that is not one are refused in words; a second server
      // on the folder is still refused by the lock (the probe reads the pid line only).
      assert.equal(await sendLockCommand(dataDir, { command: 'drop everything', args: {} }), {
        ok: false,
        error: 'No command is called "drop everything"',
      })
      assert.equal(await sendLockCommand(dataDir, { command: 'users add', args: { email: 'x@example.com', role: 42 } }), {
        ok: false,
        error: 'role must be text',
      })
      const refused = await lockDataDir(dataDir).then(
        () => 'locked',
        (error: Error) => error.name,
      )
      assert.is(refused, 'DataDirLockedError')
    } finally {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
  test.run()
}

{
  const test = suite('pglite: the first start prints a first-owner link')
  test('printed at the first start, not again while it is valid, none once the console has a person; off with CANVASS_CONSOLE=off; Secure cookies behind an https PUBLIC_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-first-owner-'))
    await emptyDatabaseInto(dataDir)
    const env = { DATA_DIR: dataDir }
    let server = await startServer(env)
    try {
      const line = await outputLine(server.output, /first owner/)
      const link = /^Open (http\S+) to create the console's first owner$/.exec(line ?? '')?.[1]
      assert.ok(link, `the first start prints a link:\n${server.output()}`)
      assert.ok(link.startsWith(`${server.url}/console/link/`))
      assert.equal(await linkPage(link), { status: 200, heading: 'Become the first owner' })
      // Cookies are not Secure on plain http without an https PUBLIC_URL (below, with one, they are).
      const signIn = await fetch(`${server.url}/console/sign-in`)
      assert.is(signIn.status, 200)
      assert.match(signIn.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict$/)
      assert.is(await server.stop(), 0)

      // A restart while the link is still good: no second link, a line saying where to find one.
      server = await startServer(env)
      assert.match(
        (await outputLine(server.output, /console has no people/)) ?? server.output(),
        /^The console has no people yet: the first-owner link another start printed works until \S+Z, or run `canvass users add <email> --role owner`$/,
      )
      assert.not.match(server.output(), /to create the console's first owner/)
      assert.is(await server.stop(), 0)

      assert.is((await cli(env, ['users', 'add', 'owner@example.com', '--role', 'owner'])).code, 0)
      server = await startServer({ ...env, CANVASS_CONSOLE: 'off' })
      assert.is((await fetch(`${server.url}/console/sign-in`)).status, 404)
      assert.is(await server.stop(), 0)
      server = await startServer({ ...env, PUBLIC_URL: 'https://surveys.example.com' })
      await new Promise((resolve) => setTimeout(resolve, 300))
      assert.not.match(server.output(), /first owner|console has no people/)
      const secure = await fetch(`${server.url}/console/sign-in`)
      assert.match(secure.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict; Secure$/)
    } finally {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
  test.run()
}

const serverUrl = process.env.TEST_DATABASE_URL
const together = skipSuiteUnless(
  suite('postgres: instances started together on an empty database print one first-owner link'),
  serverUrl ? undefined : 'TEST_DATABASE_URL is unset: the instances share a Postgres server',
)
together('three instances at once: one link, the others say it was printed', async () => {
  const name = `canvass_first_owner_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl as string)
  url.pathname = `/${name}`
  const dataRoot = await mkdtemp(join(tmpdir(), 'canvass-first-owner-together-'))
  let servers: ServerProcess[] = []
  try {
    servers = Array.from({ length: 3 }, (_, i) => spawnServer({ DATABASE_URL: url.href, DATA_DIR: join(dataRoot, `instance-${i}`) }))
    await Promise.all(servers.map((server) => server.listening))
    const lines = await Promise.all(servers.map((server) => outputLine(server.output, /first owner|console has no people/)))
    assert.is(lines.filter((line) => /^Open \S+ to create the console's first owner$/.test(line ?? '')).length, 1, lines.join('\n'))
    assert.is(lines.filter((line) => /another start printed/.test(line ?? '')).length, 2, lines.join('\n'))
  } finally {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')))
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await rm(dataRoot, { recursive: true, force: true })
  }
})
together.run()
