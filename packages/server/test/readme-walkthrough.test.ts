/**
 * The README's "Walk-through with curl" runs as written: the `sh` block is taken from README.md, only its port
 * and its `KEY=` line are filled in, and bash runs it against the built standalone server on embedded PGlite.
 * The walk-through's webhook targets https://example.com, a real host, so the server runs with
 * `CANVASS_WEBHOOK_DISPATCHER=off`: it writes the delivery but never sends it.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { client, startServer } from './server'

const README = fileURLToPath(new URL('../../../README.md', import.meta.url))
const KEY_LINE = /^KEY=cvs_\.\.\..*$/m
/** Prints a newline after each curl, so that every answer is a line of its own; nothing else changes. */
const PRELUDE = `curl() { command curl -w '\\n' "$@"; }\n`
const EPILOGUE = `\nprintf 'VARS %s %s %s %s\\n' "$ENV" "$SURVEY" "$HOOK" "$RESPONSE"\n`

/** The `sh` block under "## Walk-through with curl". */
function walkThrough(readme: string): string {
  const block = /^## Walk-through with curl\n+```sh\n([\s\S]*?)\n```/m.exec(readme)?.[1]
  if (!block) throw new Error('README.md has no ```sh block under "## Walk-through with curl"')
  return block
}

function run(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // A clean environment: no HOME (so no ~/.curlrc) and no proxy variables; node (for `node -pe`) on PATH.
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

const test = suite('README walk-through with curl (PGlite)')

test('the walk-through block runs as written with bash -euo pipefail, and each step did its part', async () => {
  try {
    execFileSync('bash', ['-c', 'command -v curl'], { stdio: 'ignore' })
  } catch {
    throw new Error('curl is not on PATH: the README walk-through needs it (e.g. apt-get install curl)')
  }
  const script = walkThrough(await readFile(README, 'utf8'))
  assert.is(script.match(new RegExp(KEY_LINE, 'gm'))?.length, 1, 'one KEY=cvs_... line')
  assert.ok((script.match(/localhost:3000\b/g)?.length ?? 0) >= 8, 'the steps call localhost:3000')
  assert.not.match(script, /localhost:(?!3000\b)/, 'no other port')
  // Only the webhook's target may name another host, and it is never contacted (dispatcher off).
  assert.equal(script.match(/\w+:\/\/[^\s'"]+/g), ['https://example.com/hook'], 'no URL but the webhook target')

  const server = await startServer({ CANVASS_WEBHOOK_DISPATCHER: 'off' })
  try {
    const key = /\b(cvs_[0-9A-Za-z]{43})\b/.exec(server.output())?.[1]
    assert.ok(key, `the server printed a key:\n${server.output()}`)
    const port = new URL(server.url).port
    const runnable = PRELUDE + script.replace(KEY_LINE, `KEY=${key}`).replaceAll('localhost:3000', `localhost:${port}`) + EPILOGUE
    const { code, stdout, stderr } = await run(runnable)
    assert.is(code, 0, `bash exited ${code}\nstdout:\n${stdout}\nstderr:\n${stderr}`)
    assert.is(stderr, '')

    const lines = stdout.trimEnd().split('\n')
    const vars = lines.pop()?.split(' ') ?? []
    assert.is(vars[0], 'VARS')
    const [envId, surveyId, hookId, responseId] = vars.slice(1)
    for (const id of [envId, surveyId, hookId, responseId]) assert.match(id ?? '', /^[a-z0-9]{20,}$/, `an id: ${id}`)
    const call = client(server.url)
    assert.is((await call('GET', '/api/v1/me', { key })).body.id, envId, 'ENV is the key’s environment')

    // The webhook's secret, then one line per curl whose answer is printed: the PUT, both reads, and the
    // attribute class create and list.
    assert.is(lines.length, 6, stdout)
    const secret = lines.shift()
    assert.match(secret ?? '', /^whsec_[A-Za-z0-9+/]{43}=$/, 'the walk-through shows the signing secret')
    const [put, responses, deliveries, createdClass, classes] = lines.map((line) => JSON.parse(line))
    assert.equal(put, { data: { id: responseId } }, 'the response was finished')
    const response = responses.data.find((item: { id: string }) => item.id === responseId)
    assert.ok(response, 'the list shows the response')
    assert.equal([response.surveyId, response.finished, response.data], [surveyId, true, { q1: 'Great' }])
    assert.equal(
      deliveries.data.map(({ webhookId, responseId, event, status, attemptCount }: Record<string, unknown>) => ({
        webhookId,
        responseId,
        event,
        status,
        attemptCount,
      })),
      [{ webhookId: hookId, responseId, event: 'responseFinished', status: 'pending', attemptCount: 0 }],
      'one delivery written for the finish, never sent',
    )
    assert.equal([createdClass.data.name, createdClass.data.type, createdClass.data.environmentId], ['plan', 'code', envId])
    assert.equal(classes.data.map((item: { name: string }) => item.name).sort(), ['email', 'language', 'plan', 'userId'])

    const hook = await call('GET', `/api/v1/webhooks/${hookId}`, { key })
    assert.equal([hook.body.data.url, hook.body.data.triggers], ['https://example.com/hook', ['responseFinished']])
    const survey = await call('GET', `/api/v1/management/surveys/${surveyId}`, { key })
    assert.equal([survey.body.data.name, survey.body.data.status], ['Feedback', 'inProgress'])
  } finally {
    assert.is(await server.stop(), 0)
  }
})

test.run()
