import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readdirSync, readlinkSync, realpathSync, symlinkSync, unlinkSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The folder under `DATA_DIR` that holds the lock sockets. */
const LOCK_FOLDER = 'lock'
/** How long a check of another server's socket may take before it counts as not answering. */
const PROBE_TIMEOUT_MS = 2_000
/** A socket file name as `listenOnNewSocket` makes them. */
const SOCKET_NAME_EXAMPLE = `${'0'.repeat(12)}.sock`
/** A Unix socket path longer than this does not fit in `sockaddr_un` (104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 103
/** How long the holder waits for a command after its pid line: a probe reads the line and hangs up at once. */
const COMMAND_WAIT_MS = 2_000
/** The longest command line the holder reads (a command is an email, a role, a project id, a password). */
const MAX_COMMAND_BYTES = 16 * 1024
/** The longest answer the CLI reads (`users list` of a few thousand people fits). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024
/** How long a command sent to the holder may take, its answer included (a password is hashed with scrypt). */
const COMMAND_TIMEOUT_MS = 30_000

/** A command sent to the server that holds the lock, on one line after its pid (`sendLockCommand`). */
export interface LockCommand {
  command: string
  args: Record<string, unknown>
}

/** The holder's answer to a command: its result, or what went wrong in words. */
export type LockCommandAnswer = { ok: true; result: unknown } | { ok: false; error: string }

/** What runs the commands that come through the lock socket; set once the server's Canvass exists. */
export type LockCommandHandler = (command: LockCommand) => Promise<LockCommandAnswer>

let commandHandler: LockCommandHandler | undefined

/**
 * Makes this process's lock sockets answer commands (`canvass users add` and the like while the server runs on
 * the embedded database): the server calls it once its Canvass exists; until then a command is answered with
 * an error saying the server is starting.
 */
export function answerLockCommands(handler: LockCommandHandler): void {
  commandHandler = handler
}

export class DataDirLockedError extends Error {
  /** The process that holds the lock, when it said. */
  readonly pid: number | null
  constructor(
    readonly dataDir: string,
    holder: { pid: number | null },
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Canvass server (${holder.pid === null ? 'pid unknown' : `pid ${holder.pid}`}); ` +
        'stop it or start this one with another DATA_DIR',
    )
    this.name = 'DataDirLockedError'
    this.pid = holder.pid
  }
}

/**
 * Locks `dataDir` for this process, so that two servers never open one embedded database: PGlite has no
 * lock of its own, and two writers on one folder lose each other's writes.
 *
 * The lock is a Unix domain socket that this process listens on, `dataDir/lock/<random>.sock`. It is
 * an OS-level lock that dies with the process: the kernel stops answering on a socket whose process is
 * gone (even after SIGKILL), so a left-over file is told apart by a refused connect and removed. A
 * holder answers each connect with its pid, which the refusal names.
 *
 * Each server binds a socket of its own name first and only then looks for live sockets of others, so
 * of two servers starting at once at least one sees the other (whichever looks last) and refuses; no
 * server ever removes a file that another process could still be listening on, because names are
 * never reused and only refused ones are removed. (A Linux abstract socket would need no file but works
 * only within one network namespace, and not on macOS; `flock` needs a native addon.)
 *
 * Resolves once the lock is held; rejects with `DataDirLockedError` when another live server holds it.
 * The socket does not keep the process alive; its file is removed when the process exits normally. When
 * `dataDir` is too long a path for a socket address, the sockets are reached through a short symbolic link in
 * the temporary folder.
 */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const lockFolder = join(dataDir, LOCK_FOLDER)
  mkdirSync(lockFolder, { recursive: true })
  const folder = shortPathTo(lockFolder)
  const { server, path } = await listenOnNewSocket(folder)
  const removeOwn = () => {
    try {
      unlinkSync(path)
    } catch {}
  }
  process.once('exit', removeOwn)
  const release = async () => {
    process.off('exit', removeOwn)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    removeOwn()
  }

  for (const name of readdirSync(folder)) {
    const other = join(folder, name)
    if (other === path || !name.endsWith('.sock')) continue
    const answer = await probe(other)
    if (answer === 'gone') {
      // Nobody listens there any more: a server that was killed. Its name is never bound again.
      try {
        unlinkSync(other)
      } catch {}
      continue
    }
    await release()
    throw new DataDirLockedError(dataDir, answer)
  }
  return { release }
}

async function listenOnNewSocket(folder: string): Promise<{ server: Server; path: string }> {
  for (let attempt = 0; ; attempt++) {
    const path = join(folder, `${randomBytes(6).toString('hex')}.sock`)
    if (path.length > MAX_SOCKET_PATH) throw new Error(`The lock socket path ${path} is too long`)
    const server = createServer((socket) => {
      socket.on('error', () => {})
      socket.write(`${JSON.stringify({ pid: process.pid })}\n`)
      readOneCommand(socket)
    })
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen({ path, exclusive: true }, () => {
          server.off('error', reject)
          resolve()
        })
      })
      server.on('error', () => {})
      server.unref()
      // Whoever may connect may run the commands: the owner of the data folder only (as the database's files).
      chmodSync(path, 0o600)
      return { server, path }
    } catch (error) {
      // The same random name twice is next to impossible; anything else is a real problem with the folder.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error
    }
  }
}

/**
 * `folder` itself when a socket path in it fits in `sockaddr_un`; else a symbolic link to it in the
 * temporary folder, named by a hash of the folder's real path, so every server on that folder uses the same
 * link (the socket files still live in `folder`: the kernel follows the link).
 */
function shortPathTo(folder: string): string {
  if (join(folder, SOCKET_NAME_EXAMPLE).length <= MAX_SOCKET_PATH) return folder
  const target = realpathSync(folder)
  const link = join(tmpdir(), `canvass-lock-${createHash('sha256').update(target).digest('hex').slice(0, 16)}`)
  try {
    symlinkSync(target, link, 'dir')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // Named by the hash of its target, an existing link points to this folder; anything else is refused.
    if (readlinkSync(link) !== target) throw new Error(`${link} exists and is not a link to ${target}`)
  }
  return link
}

/** Connects to another server's lock socket: its pid when it answers, 'gone' when nobody listens. */
function probe(path: string): Promise<{ pid: number | null } | 'gone'> {
  return new Promise((resolve) => {
    let data = ''
    let settled = false
    const done = (value: { pid: number | null } | 'gone') => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(value)
    }
    const socket = createConnection({ path })
    // A live server that does not answer in time still holds the lock.
    const timer = setTimeout(() => done({ pid: null }), PROBE_TIMEOUT_MS)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      data += chunk
      if (data.includes('\n')) done({ pid: parsePid(data) })
    })
    socket.on('end', () => done({ pid: parsePid(data) }))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: a socket file without a listener. Missing: removed meanwhile by its owner or a prober.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') done('gone')
      else done({ pid: parsePid(data) })
    })
  })
}

function parsePid(text: string): number | null {
  try {
    const pid = (JSON.parse(text.trim()) as { pid?: unknown }).pid
    return typeof pid === 'number' && Number.isInteger(pid) ? pid : null
  } catch {
    return null
  }
}

/**
 * After the pid line: one JSON command line, read within `COMMAND_WAIT_MS` and `MAX_COMMAND_BYTES`, answered
 * with one JSON line (`LockCommandAnswer`). A probe hangs up after the pid line, and nothing is run.
 */
function readOneCommand(socket: Socket): void {
  let data = ''
  let done = false
  let running = false
  const finish = (answer?: LockCommandAnswer) => {
    if (done) return
    done = true
    clearTimeout(timer)
    socket.removeAllListeners('data')
    if (answer) socket.end(`${JSON.stringify(answer)}\n`)
    else socket.end()
  }
  const timer = setTimeout(() => finish(), COMMAND_WAIT_MS)
  timer.unref()
  socket.setEncoding('utf8')
  // A caller that stops writing after its command still gets the answer.
  socket.on('end', () => {
    if (!running) finish()
  })
  socket.on('data', (chunk: string) => {
    data += chunk
    const newline = data.indexOf('\n')
    if (newline < 0 && data.length <= MAX_COMMAND_BYTES) return
    if (newline < 0 || newline > MAX_COMMAND_BYTES) return finish({ ok: false, error: 'The command is too long' })
    clearTimeout(timer)
    running = true
    const line = data.slice(0, newline)
    socket.removeAllListeners('data')
    runCommand(line).then(finish, (error: unknown) => finish({ ok: false, error: error instanceof Error ? error.message : String(error) }))
  })
}

async function runCommand(line: string): Promise<LockCommandAnswer> {
  let command: unknown
  try {
    command = JSON.parse(line)
  } catch {
    return { ok: false, error: 'The command is not JSON' }
  }
  const { command: name, args } = (command ?? {}) as { command?: unknown; args?: unknown }
  if (typeof name !== 'string' || typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { ok: false, error: 'A command is {"command": "…", "args": {…}}' }
  }
  if (!commandHandler) return { ok: false, error: 'The server is starting: try again in a moment' }
  return commandHandler({ command: name, args: args as Record<string, unknown> })
}

/**
 * Sends `command` to the server that holds the lock on `dataDir` (the one `DataDirLockedError` named) and
 * resolves with its answer. Rejects when no server answers, or its answer is not one.
 */
export async function sendLockCommand(dataDir: string, command: LockCommand): Promise<LockCommandAnswer> {
  const folder = shortPathTo(join(dataDir, LOCK_FOLDER))
  const problems: string[] = []
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.sock')) continue
    try {
      return await sendTo(join(folder, name), command)
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  throw new Error(`No running Canvass server answered on ${folder}${problems.length ? ` (${problems.join('; ')})` : ''}`)
}

function sendTo(path: string, command: LockCommand): Promise<LockCommandAnswer> {
  return new Promise((resolve, reject) => {
    let data = ''
    let sent = false
    const socket = createConnection({ path })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('the server did not answer in time'))
    }, COMMAND_TIMEOUT_MS)
    const fail = (error: Error) => {
      clearTimeout(timer)
      socket.destroy()
      reject(error)
    }
    socket.setEncoding('utf8')
    socket.on('error', fail)
    socket.on('data', (chunk: string) => {
      data += chunk
      if (data.length > MAX_ANSWER_BYTES) return fail(new Error('the answer is too long'))
      const lines = data.split('\n')
      if (!sent && lines.length > 1) {
        sent = true
        socket.write(`${JSON.stringify(command)}\n`)
      }
      if (sent && lines.length > 2) {
        clearTimeout(timer)
        socket.destroy()
        try {
          const answer = JSON.parse(lines[1] as string) as LockCommandAnswer
          if (typeof answer?.ok !== 'boolean') throw new Error('not an answer')
          resolve(answer)
        } catch {
          reject(new Error('the server gave no answer to the command'))
        }
      }
    })
    socket.on('end', () => fail(new Error('the server hung up without an answer')))
  })
}
