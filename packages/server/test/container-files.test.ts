/**
 * The root `Dockerfile` and `compose.yaml` (issue 87, item 2) agree with the server they run, read as files: the
 * settings they give are ones docs/configuration.md documents, the paths and commands are the package's, and the
 * compose file's instances share what docs/deploying.md says every instance must share. `pnpm test:container`
 * (scripts/test-container.mjs, not part of `pnpm test`) builds the image and runs it with podman.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const manifest = JSON.parse(read('packages/server/package.json')) as { bin: Record<string, string>; engines: { node: string } }

/** The Dockerfile's instructions, a line each (continuations joined), without comments. */
function instructions(): { keyword: string; rest: string }[] {
  return read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => {
      const [, keyword = '', rest = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? []
      return { keyword: keyword.toUpperCase(), rest: rest.trim() }
    })
}

/** The instructions of the last stage (from its FROM on). */
function finalStage() {
  const all = instructions()
  const from = all.map((instruction) => instruction.keyword).lastIndexOf('FROM')
  return all.slice(from)
}

/** Names in backticks in the section of docs/configuration.md on the standalone servers: the settings documented. */
function documentedSettings(): Set<string> {
  const text = read('docs/configuration.md')
  const start = text.indexOf('## The standalone servers')
  const section = text.slice(start, text.indexOf('\n## ', start + 1))
  return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1] as string))
}

/** `ENV A=1 B=2` as name → value. */
function envOf(stage: { keyword: string; rest: string }[]): Map<string, string> {
  const env = new Map<string, string>()
  for (const { rest } of stage.filter((instruction) => instruction.keyword === 'ENV')) {
    for (const match of rest.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env.set(match[1] as string, match[2] as string)
  }
  return env
}

const dockerfile = suite('the Dockerfile')

dockerfile('two stages from the Node.js image of the build ARG, whose default is the Node.js the server needs', () => {
  const all = instructions()
  const arg = all.find((instruction) => instruction.keyword === 'ARG')
  assert.is(arg?.rest, 'NODE_IMAGE=node:22-bookworm-slim')
  const major = /^>=\s*(\d+)/.exec(manifest.engines.node)?.[1]
  assert.ok(arg?.rest.includes(`node:${major}-`), `the default image is Node.js ${major}, the server's engines`)
  assert.equal(
    all.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.rest),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ${…}, not a template's
    ['${NODE_IMAGE} AS build', '${NODE_IMAGE}'],
  )
})

dockerfile('the final stage takes only what the build stage made, and runs as a user that is not root', () => {
  const stage = finalStage()
  const copies = stage.filter((instruction) => instruction.keyword === 'COPY')
  assert.ok(copies.length > 0)
  for (const copy of copies) assert.match(copy.rest, /^--from=build\b/, `COPY ${copy.rest}`)
  assert.not.ok(
    stage.some((instruction) => instruction.keyword === 'RUN'),
    'no RUN: a base without a shell serves',
  )
  const user = stage.filter((instruction) => instruction.keyword === 'USER').pop()?.rest
  assert.ok(user && !/^(root|0)(:|$)/.test(user), `USER ${user}`)
  const build = instructions().slice(0, instructions().length - stage.length)
  for (const copy of build.filter((instruction) => instruction.keyword === 'COPY')) {
    assert.match(copy.rest, /^\.image\/ /, 'the build stage copies what `pnpm image:context` laid out')
  }
  assert.equal(
    read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
    ['*', '!.image/'],
  )
})

dockerfile('its settings are documented, and its volume is the data folder', () => {
  const env = envOf(finalStage())
  const documented = documentedSettings()
  for (const name of env.keys()) assert.ok(documented.has(name), `${name} is documented in docs/configuration.md`)
  const volume = finalStage().find((instruction) => instruction.keyword === 'VOLUME')?.rest
  assert.equal(JSON.parse(volume ?? 'null'), [env.get('DATA_DIR')])
  assert.is(finalStage().find((instruction) => instruction.keyword === 'WORKDIR')?.rest, env.get('DATA_DIR'))
  assert.is(finalStage().find((instruction) => instruction.keyword === 'EXPOSE')?.rest, env.get('PORT'))
})

dockerfile('exec forms: the CLI is process 1 and starts the server; the health check asks /health/live with Node', () => {
  const stage = finalStage()
  const form = (keyword: string) => JSON.parse(stage.find((instruction) => instruction.keyword === keyword)?.rest ?? 'null')
  assert.equal(form('ENTRYPOINT'), ['node', `/app/${manifest.bin.canvass?.replace(/^\.\//, '')}`])
  assert.equal(form('CMD'), ['start'])
  const healthcheck = stage.find((instruction) => instruction.keyword === 'HEALTHCHECK')?.rest ?? ''
  const command = JSON.parse(/\bCMD\s+(\[.*\])$/.exec(healthcheck)?.[1] ?? 'null') as string[] | null
  assert.is(command?.[0], 'node', 'the health check runs Node (slim images have no curl)')
  assert.match(command?.join(' ') ?? '', /\/health\/live/)
  assert.match(read('packages/server/src/start.ts'), /'\/health\/live'/, 'the server answers /health/live')
})

dockerfile.run()

interface Service {
  image?: string
  command?: string[]
  environment?: Record<string, string>
  volumes?: string[]
  ports?: string[]
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  stop_grace_period?: string
}

const compose = suite('compose.yaml')
const services = () => (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }).services
const instancesOf = (all: Record<string, Service>) =>
  Object.entries(all).filter(([, service]) => service.image === 'canvass' && service.command === undefined)

compose('Postgres with a health check, a migrate service that waits for it, two instances that wait for that', () => {
  const all = services()
  const postgres = all.postgres
  assert.ok(postgres?.image?.startsWith('postgres:'), 'a Postgres service')
  const major = Number(/^postgres:(\d+)/.exec(postgres?.image ?? '')?.[1])
  assert.ok(major >= 15, 'PostgreSQL 15 or newer (docs/deploying.md)')
  assert.ok(postgres?.healthcheck?.test.includes('pg_isready'))
  assert.equal(all.migrate?.command, ['migrate'])
  assert.match(read('packages/server/src/cli/migrate.ts'), /\.command\('migrate'\)/, 'canvass migrate is a command')
  assert.equal(all.migrate?.depends_on, { postgres: { condition: 'service_healthy' } })
  const instances = instancesOf(all)
  assert.ok(instances.length >= 2, `${instances.length} instances`)
  for (const [name, service] of instances) {
    assert.equal(service.depends_on, { migrate: { condition: 'service_completed_successfully' } }, name)
    // Longer than the drain's default (5 s) and the shutdown's 10 s for requests in flight.
    assert.ok(Number.parseInt(service.stop_grace_period ?? '0', 10) > 15, `${name}: stop_grace_period`)
  }
})

compose("the settings are documented, and the database is the Postgres service's", () => {
  const all = services()
  const documented = documentedSettings()
  for (const [name, service] of Object.entries(all).filter(([, service]) => service.image === 'canvass')) {
    for (const setting of Object.keys(service.environment ?? {})) assert.ok(documented.has(setting), `${name}: ${setting}`)
    const url = new URL(service.environment?.DATABASE_URL ?? '')
    const postgres = all.postgres?.environment ?? {}
    assert.equal(
      [url.hostname, url.username, url.password, url.pathname.slice(1)],
      ['postgres', postgres.POSTGRES_USER, postgres.POSTGRES_PASSWORD, postgres.POSTGRES_DB],
      `${name}: DATABASE_URL`,
    )
  }
})

compose('the instances share what docs/deploying.md says every instance needs the same, and one uploads volume', () => {
  const deploying = read('docs/deploying.md')
  const start = deploying.indexOf('Every instance needs the same:')
  const table = deploying.slice(start, deploying.indexOf('\n\n', deploying.indexOf('|', start)))
  const shared = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1] as string)
  assert.ok(shared.includes('DATABASE_URL') && shared.includes('CANVASS_SECRET'), `the table: ${shared.join(', ')}`)
  const instances = instancesOf(services())
  for (const setting of ['DATABASE_URL', 'CANVASS_SECRET', 'PUBLIC_URL']) {
    assert.ok(shared.includes(setting), setting)
    const values = new Set(instances.map(([, service]) => service.environment?.[setting]))
    assert.is(values.size, 1, `${setting}: one value`)
    assert.ok([...values][0], `${setting} is set`)
  }
  const dataDir = envOf(finalStage()).get('DATA_DIR')
  for (const [name, service] of instances) {
    assert.ok(service.volumes?.includes(`uploads:${dataDir}/uploads`), `${name} mounts the uploads volume at DATA_DIR/uploads`)
  }
  const ports = instances.map(([, service]) => service.ports?.[0]?.split(':')[1])
  assert.equal(new Set(ports), new Set([envOf(finalStage()).get('PORT')]), "each instance publishes the image's PORT")
})

compose.run()
