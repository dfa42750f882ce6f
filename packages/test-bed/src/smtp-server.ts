import type { BackgroundOptions, MailSenderSettings } from '@canvass/core'
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

// The child: an SMTP server (smtp-server, no TLS, any credentials accepted) on a loopback port that writes each
// mail it takes, parsed by mailparser, as a JSON file into the folder; prints {"port":N} once it listens, and
// stops when its parent closes stdin, so it never outlives the test that started it. Recipients named in
// `reject` get the reply code given there. (Inline: a child needs no file of its own.)
const CHILD = `
const { pathToFileURL } = await import('node:url')
const { writeFileSync, renameSync } = await import('node:fs')
const { join } = await import('node:path')
const [smtpPath, parserPath, directory, portText, rejectText] = process.argv.slice(1)
const smtp = await import(pathToFileURL(smtpPath).href)
const parser = await import(pathToFileURL(parserPath).href)
const SMTPServer = smtp.SMTPServer ?? smtp.default.SMTPServer
const simpleParser = parser.simpleParser ?? parser.default.simpleParser
const reject = JSON.parse(rejectText)
let count = 0
const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, session, callback) { callback(null, { user: auth.username }) },
  onRcptTo(address, session, callback) {
    const code = reject[address.address.toLowerCase()]
    if (code === undefined) return callback()
    const error = new Error(code + ' refused by the test server')
    error.responseCode = code
    callback(error)
  },
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      const file = join(directory, Date.now() + '-' + process.pid + '-' + String(count++).padStart(6, '0'))
      const record = {
        to: session.envelope.rcptTo.map((to) => to.address),
        from: mail.from?.text ?? null,
        envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        user: session.user ?? null,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        messageId: mail.messageId ?? null,
        headers: Object.fromEntries([...mail.headers.keys()].map((key) => [key, String(mail.headers.get(key))])),
        receivedAt: new Date().toISOString(),
      }
      writeFileSync(file + '.tmp', JSON.stringify(record))
      renameSync(file + '.tmp', file + '.json')
      callback()
    }, callback)
  },
})
server.on('error', (error) => { process.stderr.write('test SMTP server: ' + error.message + '\\n') })
server.listen(Number(portText), '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: server.server.address().port }) + '\\n')
})
process.stdin.on('end', () => server.close(() => process.exit(0)))
process.stdin.resume()
`

/** A mail the test server took, as mailparser read it. */
export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[]
  /** The `From` header as text. */
  from: string | null
  /** The envelope's sender (`MAIL FROM`). */
  envelopeFrom: string | null
  /** The user name the client signed in with, or null. */
  user: string | null
  subject: string
  text: string
  html: string
  /** With its angle brackets, as sent. */
  messageId: string | null
  /** Every header, lowercased names, values as text. */
  headers: Record<string, string>
  receivedAt: string
}

export interface StartSmtpServerOptions {
  /** @default a free port, kept across `stop()` and `start()` */
  port?: number
  /** Recipients (lowercased addresses) refused with the reply code given (`{ 'gone@example.com': 550 }`). */
  reject?: Record<string, number>
}

export interface TestSmtpServer {
  port: number
  /** `smtp://127.0.0.1:<port>` */
  url: string
  /** Starts the server again on the same port after `stop()`; the mails taken before stay. */
  start(): Promise<void>
  /** Stops the server process: connections are refused until `start()`. */
  stop(): Promise<void>
  /** The mails taken so far, oldest first. */
  mails(): Promise<ReceivedMail[]>
  /** Stops the server and deletes its folder. */
  close(): Promise<void>
}

/**
 * Starts a real SMTP server in a child process on loopback (`smtp-server`, mails parsed by `mailparser`) that
 * writes each mail it takes into a temporary folder; `mails()` reads them back.
 */
export async function startSmtpServer(options: StartSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const directory = await mkdtemp(join(tmpdir(), 'canvass-smtp-'))
  const require = createRequire(import.meta.url)
  const paths = [require.resolve('smtp-server'), require.resolve('mailparser')]
  const reject = JSON.stringify(Object.fromEntries(Object.entries(options.reject ?? {}).map(([to, code]) => [to.toLowerCase(), code])))
  let port = options.port ?? 0
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()

  async function start(): Promise<void> {
    if (child) return
    const started = spawn(process.execPath, ['--input-type=module', '-e', CHILD, ...paths, directory, String(port), reject], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    child = started
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()))
    const lines = createInterface({ input: started.stdout as NonNullable<typeof started.stdout> })
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the test SMTP server did not start within 30 s')), 30_000)
      started.once('exit', (code) => reject(new Error(`the test SMTP server exited with ${code} before listening`)))
      lines.once('line', (line) => {
        clearTimeout(timer)
        resolve((JSON.parse(line) as { port: number }).port)
      })
    })
  }

  async function stop(): Promise<void> {
    const running = child
    if (!running) return
    child = undefined
    running.stdin?.end()
    const timer = setTimeout(() => running.kill(), 10_000)
    await exited
    clearTimeout(timer)
  }

  await start()
  return {
    get port() {
      return port
    },
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    start,
    stop,
    async mails() {
      const names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort()
      return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(directory, name), 'utf8')) as ReceivedMail))
    },
    async close() {
      await stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/**
 * `background` options that run only the mail sender, with `sender`'s settings (a short poll, a shortened retry
 * schedule): for tests of mail that want no other background work.
 */
export function onlyMailSender(sender: MailSenderSettings): BackgroundOptions {
  return {
    webhooks: false,
    retention: false,
    blobJanitor: false,
    auditLogPurge: false,
    quotaScreening: false,
    summaryKeeper: false,
    mail: sender,
  }
}
