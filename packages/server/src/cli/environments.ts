import type { Cli } from './cli-context'
import { print, table } from './output'
import { withCanvass } from './with-canvass'

/** `canvass environments`: every project with its environments and their ids. */
export function addEnvironmentsCommand(cli: Cli): void {
  cli.program
    .command('environments')
    .alias('envs')
    .description('List every project with its environments and their ids')
    .action(() =>
      withCanvass(cli, async (canvass) => {
        const projects = await canvass.admin.listProjects()
        if (projects.length === 0) return print('No projects yet: start the server once, or run `canvass project create <name>`.')
        table(
          ['PROJECT', 'TYPE', 'ENVIRONMENT ID'],
          projects.flatMap((p) => [
            [p.projectName, 'production', p.environments.production],
            [p.projectName, 'development', p.environments.development],
          ]),
        )
      }),
    )
}
