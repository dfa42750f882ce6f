import { CONSOLE_ROLES } from '../console-commands'
import type { Cli } from './cli-context'
import { consoleCommand, printLink } from './console-command'
import { print, table } from './output'
import { UsageError } from './usage-error'

/** `canvass users add|list`: the console's people, also while the server runs (console-command.ts). */
export function addUsersCommand(cli: Cli): void {
  const users = cli.program
    .command('users')
    .alias('user')
    .description("The console's people (/console): add them and list them; also while the server runs")

  users
    .command('add')
    .description(
      "Add a person to a project's console with a role (their account, made when the email has none); prints a one-time sign-in link for them",
    )
    .argument('<email>', "the person's email, with which they sign in")
    .requiredOption('--role <role>', `owner (everything, people and keys included), editor (surveys and results) or viewer (results only)`)
    .option('--project <id>', 'the project (default: the only one; needed when there are several)')
    .option('--password-stdin', 'read a password for a new account from stdin (else they sign in by one-time links)')
    .action(async (email: string, options: { role: string; project?: string; passwordStdin?: boolean }) => {
      if (!CONSOLE_ROLES.includes(options.role as (typeof CONSOLE_ROLES)[number]))
        throw new UsageError(`--role is ${CONSOLE_ROLES.join(', ')}, not ${JSON.stringify(options.role)}`)
      const password = options.passwordStdin ? await passwordFromStdin() : undefined
      const args = {
        email,
        role: options.role,
        ...(options.project ? { projectId: options.project } : {}),
        ...(password ? { password } : {}),
      }
      const { result, publicUrl } = await consoleCommand(cli, 'users add', args)
      const whose = result.accountCreated ? '' : ' (their account, which has a project already)'
      print(`Added ${result.email} to the console of project ${result.projectId} as ${result.role}${whose}`)
      printLink(result.link, publicUrl)
    })

  users
    .command('list')
    .description(
      "List the console's people, one line per project they belong to: email, role, project, whether they have a password, when added",
    )
    .action(async () => {
      const { result } = await consoleCommand(cli, 'users list', {})
      if (result.people.length === 0) return print('No people in the console yet: add one with `canvass users add <email> --role owner`.')
      table(
        ['EMAIL', 'ROLE', 'PROJECT', 'PASSWORD', 'ADDED'],
        result.people.map((p) => [p.email, p.role, `${p.projectName} (${p.projectId})`, p.password ? 'yes' : 'no', p.createdAt]),
      )
    })
}

/** A password given on stdin (`--password-stdin`): everything read, without the line's end. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (the input is shown; end it with Enter, then Ctrl-D): ')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length
    // core bounds a password far below this; more is not a password.
    if (size > 64 * 1024) throw new UsageError('--password-stdin: the input is too long for a password')
    chunks.push(chunk)
  }
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
  if (password === '') throw new UsageError('--password-stdin: stdin gave no password')
  return password
}
