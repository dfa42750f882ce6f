import type { CanvassContext } from '../../context'
import { deliveredCustomCss } from '../css/workspace-custom-css'
import { widgetProject } from '../environments/environment-state'

/**
 * The project as a renderer reads it (the environment state's `project`, a link page's, a preview's): the widget's
 * settings, the workspace's theme over the reference's default `{allowStyleOverwrite: true}`, its logo when it has
 * one, and its compiled custom CSS when it serves some (docs/api.md, "Workspace styling").
 */
export async function deliveredProject(ctx: CanvassContext, projectId: string): Promise<Record<string, unknown>> {
  const base = widgetProject(projectId)
  if (projectId === '') return base
  const [look, customCss] = await Promise.all([ctx.storage.projects.getStyling(projectId), deliveredCustomCss(ctx, projectId)])
  return {
    ...base,
    styling: { ...base.styling, ...(look?.styling ?? {}) },
    ...(look?.logo ? { logo: look.logo } : {}),
    ...(customCss ? { customCss } : {}),
  }
}
