import { readConfig } from '../config'
import { linkAddress, runConsoleCommand } from '../console-commands'
import type { ConsoleCommandName, ConsoleCommandResults, LinkResult } from '../console-commands'
import { sendLockCommand } from '../data-dir-lock'
import type { LockCommandAnswer } from '../data-dir-lock'
import type { Cli } from './cli-context'
import { print } from './output'
import { UsageError } from './usage-error'
import { withCanvass } from './with-canvass'

/**
 * Runs a console command (console-commands.ts) on the database, or, when a server holds the embedded database,
 * in that server through its lock socket. `publicUrl`: where the links are printed, this command's PUBLIC_URL
 * or else the server's.
 */
export async function consoleCommand<C extends ConsoleCommandName>(
  cli: Cli,
  command: C,
  args: Record<string, unknown>,
): Promise<{ result: ConsoleCommandResults[C]; publicUrl: string | undefined }> {
  let answer: LockCommandAnswer | undefined
  await withCanvass(
    cli,
    async (canvass, storage) => {
      answer = await runConsoleCommand({ admin: canvass.admin, storage }, { command, args })
    },
    false,
    async (locked) => {
      process.stderr.write(`DATA_DIR ${locked.dataDir} is in use by a running Canvass server: the command runs in that server\n`)
      answer = await sendLockCommand(locked.dataDir, { command, args })
    },
  )
  if (!answer) throw new Error('The command gave no answer')
  if (!answer.ok) throw new UsageError(answer.error)
  const result = answer.result as ConsoleCommandResults[C] & { publicUrl?: string }
  return { result, publicUrl: readConfig(cli.settings()).publicUrl ?? result.publicUrl }
}

/** A one-time sign-in link, whole where the public URL is known, and how to make another. */
export function printLink(link: LinkResult, publicUrl: string | undefined): void {
  print(
    `\n  ${linkAddress(link.path, publicUrl)}\n\nIt works once, until ${link.expiresAt}; \`canvass console-link <email>\` makes another.`,
  )
}
