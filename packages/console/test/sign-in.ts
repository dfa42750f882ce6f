/**
 * Signs a person into the console as a person does: core's accounts mode (the test bed's default), its sign-in
 * page, the session cookie it sets. The console's calls are then the server's to check (the session, the CSRF
 * token, the environment, the role), as in production.
 */
import type { TestCanvass } from '@canvass/test-bed'
import type { BrowserContext } from 'playwright-core'

const PASSWORD = 'a long enough password'

/** Adds a person with `role` to the bed's project, with a password `signIn` knows. */
export async function addPerson(bed: TestCanvass, email: string, role: 'viewer' | 'editor' | 'owner'): Promise<void> {
  await bed.canvass.admin.addConsolePerson({ email, role, projectId: bed.projectId, password: PASSWORD })
}

/** Signs the person `email` (made by `addPerson`) in within the browser profile `context`, on its sign-in page. */
export async function signIn(url: string, context: BrowserContext, email: string): Promise<void> {
  const page = await context.newPage()
  await page.goto(`${url}/console/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await Promise.all([page.waitForURL(`${url}/console`), page.keyboard.press('Enter')])
  await page.close()
}
