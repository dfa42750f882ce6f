import { SETTING_OPTIONS } from '../setting-options'
import type { Cli } from './cli-context'

/**
 * `canvass start`, listed for --help: the command is dispatched before the others are parsed (cli.ts, with
 * `startCommandAt`), so that its arguments reach the server's own checks as given.
 */
export function addStartCommand(cli: Cli): void {
  cli.program
    .command('start')
    .description(
      `Run the server (other settings are environment variables: ${cli.installation.cliCommand} start --help lists the common ones)`,
    )
}

/** Where `start` is in the arguments, when it is the command: first, or after the options of every command. */
export function startCommandAt(args: readonly string[]): number | undefined {
  let i = 0
  while (i < args.length) {
    const arg = args[i] as string
    const option = SETTING_OPTIONS.find(({ flag }) => arg === flag || arg.startsWith(`${flag}=`))
    if (!option) break
    i += arg === option.flag ? 2 : 1
  }
  return args[i] === 'start' ? i : undefined
}
