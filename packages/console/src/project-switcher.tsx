/**
 * The header's project switcher, for a person of two projects or more (docs/console-accounts.md, "People and
 * roles"): a plain form that opens `/console?project=<id>`, that project's console in its production
 * environment. A form with an Open button rather than a select that navigates on change, so that going
 * through the projects with the arrow keys opens none of them.
 */
import { useState } from 'preact/hooks'
import type { Boot } from './boot'

const ROLE_WORDS = { viewer: 'viewer', editor: 'editor', owner: 'owner' } as const

export function ProjectSwitcher({ boot }: { boot: Boot }) {
  const [chosen, setChosen] = useState(boot.project.id)
  return (
    <form class="cv-project-switch" method="get" action={`${boot.basePath}/console`}>
      <label>
        Project{' '}
        <select name="project" value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
          {boot.projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name} ({ROLE_WORDS[project.role]})
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" class="cv-button">
        Open
      </button>
    </form>
  )
}
