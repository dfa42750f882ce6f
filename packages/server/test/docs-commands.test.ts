/**
 * Every `canvass …` command line the documentation shows is one the CLI takes (issue 69, item 12: docs/surveys.md
 * gave `canvass survey new` options `--data-dir`, `--database-url` and `--public-url` that no command had, and
 * the CLI answered `error: unknown option`). The command lines are read from the README, `docs/*.md` and the
 * packages' and examples' READMEs: inline code that is a command, and the lines of shell blocks. Each one's
 * command is looked up in the built CLI's `--help` (`dist/cli.js`, as `npx canvass` runs it), word by word, and
 * each option it gives must be one that command's `--help` lists.
 */
import { execFile } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

/** The pages a user reads: the README, docs/, and each package's and example's README. */
function pages(): string[] {
  const readmes = ['packages', 'examples'].flatMap((group) =>
    readdirSync(join(ROOT, group))
      .map((folder) => join(group, folder, 'README.md'))
      .filter((path) => {
        try {
          return readFileSync(join(ROOT, path)).length > 0
        } catch {
          return false
        }
      }),
  )
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name))
  return ['README.md', ...docs, ...readmes]
}

/** A command line: `canvass` after what runs it (`npx`, `pnpm --silent`, variables), and its words. */
const COMMAND =
  /^(?:\$ )?(?:[A-Z_]+=\S* )*(?:npx (?:--yes |--no-install )?|npx --yes pnpm@[\d.]+ (?:--silent )?|pnpm (?:--silent )?)?canvass(?: (.*))?$/

interface Shown {
  page: string
  line: string
  words: string[]
}

/** Every command line of a page: inline code that is one, and each command of a shell block's lines. */
function commandsOf(page: string): Shown[] {
  const text = readFileSync(join(ROOT, page), 'utf8')
  const found: Shown[] = []
  const take = (candidate: string) => {
    const match = COMMAND.exec(candidate.trim())
    if (match) found.push({ page, line: candidate.trim(), words: wordsOf(match[1] ?? '') })
  }
  const blocks = /^```([a-z]*)\n([\s\S]*?)^```/gm
  for (const block of text.matchAll(blocks)) {
    if (!['sh', 'bash', 'shell', 'console', ''].includes(block[1] ?? '')) continue
    // A line continued with a backslash counts as one; a comment is not a command.
    for (const line of (block[2] ?? '').replace(/\\\n\s*/g, ' ').split('\n')) {
      for (const part of line.replace(/\s#.*$/, '').split(/&&|;|\|\|/)) take(part)
    }
  }
  // Inline code may run over a line break.
  for (const span of text.replace(blocks, '').matchAll(/`([^`]+)`/g)) take((span[1] ?? '').replace(/\s*\n\s*/g, ' '))
  return found
}

/** Options named alone in inline code (`--data-dir`, `--environment <id>`): each must be one some command takes. */
function optionsNamedAlone(page: string): { page: string; option: string }[] {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[a-z]*\n[\s\S]*?^```/gm, '')
  return [...text.matchAll(/`(--?[a-zA-Z][\w-]*)(?:[ =][^`]*)?`/g)].map((match) => ({ page, option: match[1] as string }))
}

/** Options the pages name that belong to another program, not to `canvass`. */
const FOREIGN_OPTIONS: Record<string, string> = {
  '--allow-net': "Deno's",
  '--format': "podman build's (docs/container.md)",
  '--heap-growing-percent': "Node's",
  '--silent': "pnpm's",
  '-c': "Postgres's (-c name=value)",
  '--fid--': 'not an option: part of a stored file name',
  '-createdAt': 'not an option: the v3 `sortBy` value (newest first)',
  '-moz-binding': 'not an option: a CSS property custom CSS refuses',
}

/** Not options: the survey editor's CSS custom properties (docs/editor.md), which are written the same way. */
const CSS_PROPERTY = /^--canvass-editor-[a-z]+$/

/** The words of a command line, quotes removed: `--name "Churn, Q3"` is two words. */
function wordsOf(rest: string): string[] {
  return [...rest.matchAll(/"[^"]*"|'[^']*'|\S+/g)].map((match) => match[0].replace(/^["']|["']$/g, ''))
}

interface Help {
  commands: string[]
  options: string[]
}

const helps = new Map<string, Promise<Help>>()

/** What `canvass <path> --help` lists: its commands (with their aliases) and its options (with the global ones). */
function helpOf(path: readonly string[]): Promise<Help> {
  const key = path.join(' ')
  let help = helps.get(key)
  if (!help) {
    help = run(process.execPath, [CLI, ...path, '--help'], { env: { PATH: process.env.PATH ?? '' } }).then(({ stdout }) => {
      const lines = stdout.split('\n')
      // Rows start two spaces in; the wrapped rest of a description starts further in.
      const commands = lines
        .filter((line) => /^ {2}[a-z]/.test(line))
        .flatMap((line) => (line.trim().split(/\s/)[0] ?? '').split('|'))
        .filter((name) => name !== 'help')
      const options = lines
        .filter((line) => /^ {2}-/.test(line))
        .flatMap((line) => [...(line.trim().split(/\s{2,}/)[0] ?? '').matchAll(/--?[a-zA-Z][\w-]*/g)].map((match) => match[0]))
      return { commands, options }
    })
    helps.set(key, help)
  }
  return help
}

const test = suite('the canvass command lines of the docs')

test('the pages show command lines, among them the ones issue 69 found (the reading can fail)', () => {
  const shown = pages().flatMap(commandsOf)
  assert.ok(shown.length >= 20, `${shown.length} command lines`)
  assert.ok(
    shown.some(({ page, words }) => page === join('docs', 'surveys.md') && words.join(' ').startsWith('survey new --template')),
    'docs/surveys.md: canvass survey new --template …',
  )
})

test('each command is one of the CLI, and each option one that command takes', async () => {
  const problems: string[] = []
  for (const { page, line, words } of pages().flatMap(commandsOf)) {
    const path: string[] = []
    let rest = words
    // Words name commands while they are the current command's subcommands; the first other word is an argument.
    while (rest[0] !== undefined && !rest[0].startsWith('-') && (await helpOf(path)).commands.includes(rest[0])) {
      path.push(rest[0])
      rest = rest.slice(1)
    }
    if (path.length === 0 && rest[0] !== undefined && /^[a-z]/.test(rest[0])) {
      problems.push(`${page}: \`${line}\`: canvass has no command ${rest[0]}`)
      continue
    }
    const { options } = await helpOf(path)
    for (const word of rest.filter((candidate) => /^--?[a-zA-Z]/.test(candidate))) {
      const option = word.split('=')[0] as string
      if (!options.includes(option)) problems.push(`${page}: \`${line}\`: canvass ${path.join(' ')} takes no ${option}`)
    }
  }
  assert.equal(problems, [])
})

test("each option named alone in inline code is one a canvass command takes, or another program's", async () => {
  const every = new Set<string>()
  const walk = async (path: string[]): Promise<void> => {
    const help = await helpOf(path)
    for (const option of help.options) every.add(option)
    // `start` lists the server's own usage, which names no further commands.
    for (const command of new Set(help.commands)) if (!path.includes(command)) await walk([...path, command])
  }
  await walk([])
  assert.ok(every.has('--template') && every.has('--mapping-file'), 'the walk reaches every command')
  const unknown = pages()
    .flatMap(optionsNamedAlone)
    .filter(({ option }) => !every.has(option) && FOREIGN_OPTIONS[option] === undefined && !CSS_PROPERTY.test(option))
    .map(({ page, option }) => `${page}: ${option}`)
  assert.equal(unknown, [], 'no canvass command takes these')
})

test.run()

const documented = suite('the options of every command that opens the database')

documented(
  '--data-dir, --database-url and --public-url: docs/surveys.md and docs/configuration.md say every command takes them',
  async () => {
    const configuration = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8')
    for (const flag of ['--data-dir', '--database-url', '--public-url']) assert.ok(configuration.includes(`\`${flag}`), flag)
    for (const path of [
      ['start'],
      ['migrate'],
      ['backup'],
      ['restore'],
      ['environments'],
      ['project', 'create'],
      ['survey', 'new'],
      ['keys', 'create'],
      ['keys', 'list'],
      ['keys', 'revoke'],
      ['import', 'formbricks'],
      ['worker'],
    ]) {
      const { options } = await helpOf(path)
      for (const flag of ['--data-dir', '--database-url', '--public-url'])
        assert.ok(options.includes(flag), `canvass ${path.join(' ')} ${flag}`)
    }
  },
)

documented.run()
