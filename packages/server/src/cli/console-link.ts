import type { Cli } from './cli-context'
import { consoleCommand, printLink } from './console-command'
import { print } from './output'

/** `canvass console-link <email>`: a one-time sign-in link to the console, also while the server runs. */
export function addConsoleLinkCommand(cli: Cli): void {
  cli.program
    .command('console-link')
    .description("Print a one-time sign-in link to the console for a person's account (see `users add`); also while the server runs")
    .argument('<email>', "the person's email")
    .option('--project <id>', 'only when the person belongs to this project (any of their projects will do without it)')
    .action(async (email: string, options: { project?: string }) => {
      const { result, publicUrl } = await consoleCommand(cli, 'console-link', {
        email,
        ...(options.project ? { projectId: options.project } : {}),
      })
      print(`One-time sign-in link for ${result.email}:`)
      printLink(result.link, publicUrl)
    })
}
