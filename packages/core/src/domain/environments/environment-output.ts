import type { EnvironmentRecord } from '../../ports/storage/index'

/**
 * The API form of an environment, as `GET /api/v1/me` answers it (unwrapped); `GET, PUT
 * /api/v1/management/environment` answer the same fields with `responseRetentionDays`, in `data`. Its project
 * is also its `product` and `workspace`, the reference's earlier and current names for it.
 */
export function environmentOutput(environment: EnvironmentRecord) {
  const project = { id: environment.projectId, name: environment.projectName }
  return {
    id: environment.id,
    createdAt: environment.createdAt.toISOString(),
    updatedAt: environment.updatedAt.toISOString(),
    type: environment.type,
    product: project,
    project,
    workspace: project,
    widgetSetupCompleted: environment.appSetupCompleted || environment.websiteSetupCompleted,
    appSetupCompleted: environment.appSetupCompleted,
    websiteSetupCompleted: environment.websiteSetupCompleted,
  }
}

/** The environment as the management route answers it: `environmentOutput` and the retention default. */
export function managedEnvironmentOutput(environment: EnvironmentRecord) {
  return { ...environmentOutput(environment), responseRetentionDays: environment.responseRetentionDays }
}
