import type { Cli } from './cli-context'
import { print } from './output'
import { withCanvass } from './with-canvass'

/** `canvass project create <name>`: a project with its production and development environments. */
export function addProjectCommand(cli: Cli): void {
  cli.program
    .command('project')
    .description('Create a project with its production and development environments')
    .command('create')
    .argument('<name>', 'name of the project')
    .option('--organization <name>', 'name of its organization (default: the project name)')
    .action((name: string, options: { organization?: string }) =>
      withCanvass(cli, async (canvass) => {
        const project = await canvass.admin.createProject({ name, organizationName: options.organization })
        print(`Created project ${project.projectName} (${project.projectId})`)
        print(`  production environment:  ${project.environments.production}`)
        print(`  development environment: ${project.environments.development}`)
      }),
    )
}
