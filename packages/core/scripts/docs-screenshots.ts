/**
 * `pnpm docs:screenshots`: the pictures of the pages Canvass serves that the docs show, drawn in headless Chromium
 * (`@canvass/test-bed/chromium`) from Canvass served over loopback HTTP by the test bed: the link page at desktop and
 * phone widths (docs/link-page-*.png) and the shared results page at both widths, light and dark
 * (docs/images/share-*.png). The pages' browser tests (test/link-page-browser.test.ts,
 * test/share-page-browser.test.ts) check them; this only draws them. Runs on the built packages (`pnpm build`).
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { callAt, createTestCanvass, seedSharedSurvey } from '@canvass/test-bed'
import type { Call } from '@canvass/test-bed'
import { launchChromium, releaseChromium } from '@canvass/test-bed/chromium'
import type { Browser } from 'playwright-core'
import { AMBER_PNG, BLUE_PNG, everyTypeSurvey, uploadPicture } from '../test/link-page-fixtures'

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url))
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
/** How much of the shared results page a picture shows, from the top: the name, the filters, the first charts. */
const SHOT_HEIGHT = { desktop: 3000, phone: 2400 }
/** Responses of the shared survey: a few hundred, as the page's test seeds. */
const RESPONSES = 300

const bed = await createTestCanvass()
const browser = await launchChromium()
try {
  const url = await bed.listen()
  const call = callAt(url)
  await linkPage(browser, url, call, bed.keyA, bed.envA)
  await sharePage(browser, url, call, bed)
} finally {
  await releaseChromium()
  await browser.close()
  await bed.close()
}

/** The survey with every question type, at its fifth card (a 0–10 scale), after three answers given. */
async function linkPage(browser: Browser, url: string, call: Call, key: string, environmentId: string): Promise<void> {
  const pictures: string[] = []
  for (const [base64, name] of [
    [BLUE_PNG, 'blue.png'],
    [AMBER_PNG, 'amber.png'],
  ] as const)
    pictures.push((await uploadPicture(call, key, base64, name)).url)
  const survey = await call('POST', '/api/v1/management/surveys', { key, body: everyTypeSurvey(environmentId, pictures) })
  if (survey.status !== 200) throw new Error(`creating the survey: ${survey.status} ${survey.text}`)
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP })
  const page = await context.newPage()
  const card = (text: string) => page.locator('h2.cv-headline', { hasText: text }).waitFor()
  await page.goto(`${url}/s/${survey.body.data.id}?suid=docs-1`)
  await card('Welcome')
  await page.getByRole('button', { name: 'Start' }).click()
  await card('Your email?')
  await page.getByRole('textbox').fill('grace@example.com')
  await page.getByRole('button', { name: 'Next' }).click()
  await card('Which colour, grace@example.com?')
  await page.getByRole('radio', { name: 'Blue' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card('Which tools?')
  await page.getByRole('checkbox', { name: 'Beta' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await card('Would you recommend us?')
  await page.screenshot({ path: join(DOCS, 'link-page-desktop.png') })
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: join(DOCS, 'link-page-phone.png') })
  await context.close()
}

/** A survey of a few hundred responses, shared: the top of its page, desktop and phone, light and dark. */
async function sharePage(browser: Browser, url: string, call: Call, bed: Awaited<ReturnType<typeof createTestCanvass>>): Promise<void> {
  const { surveyId } = await seedSharedSurvey(bed, RESPONSES, { name: 'Product feedback', hostile: false, origin: url })
  const shared = await call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: bed.keyA })
  if (shared.status !== 200) throw new Error(`sharing the survey: ${shared.status} ${shared.text}`)
  const folder = join(DOCS, 'images')
  await mkdir(folder, { recursive: true })
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP })
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await context.newPage()
      await page.goto(`${url}/share/${shared.body.data.resultShareKey}`)
      await page.emulateMedia({ colorScheme })
      await page.setViewportSize(viewport)
      const height = Math.min(SHOT_HEIGHT[name], await page.evaluate(() => document.documentElement.scrollHeight))
      await page.screenshot({
        path: join(folder, `share-${name}-${colorScheme}.png`),
        fullPage: true,
        clip: { x: 0, y: 0, width: viewport.width, height },
      })
      await page.close()
    }
  }
  await context.close()
}
