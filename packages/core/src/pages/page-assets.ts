import type { Logger } from '../context'
import type { WidgetBundles } from '../widget-bundles'

/** What the pages need from `@canvass/widget`: its bundles, and the API reference's viewer. */
export interface PageAssets {
  widget: WidgetBundles | undefined
  apiReference: string | undefined
}

/** The part of `@canvass/widget` core reads, looked up at run time (core does not depend on the package). */
interface WidgetModule {
  readWidgetBundles(): Promise<WidgetBundles>
  readApiReference(): Promise<string>
}

/**
 * The widget's name in a variable: bundlers and type checkers leave the import alone, so that core builds and
 * runs without the package; an application that installs it beside core gets the pages.
 */
const WIDGET_PACKAGE = '@canvass/widget'

/**
 * The page assets, read once on first use (`Canvass.start()` or the first request for a page): what the options
 * give, else what `@canvass/widget` reads when it is installed (docs/embedding.md, "Pages"). `false` turns a
 * part off. A runtime that cannot load the package says so in one log line and serves no pages.
 */
export function pageAssets(
  given: { widget?: WidgetBundles | false; apiReference?: string | false },
  logger: Logger,
  load: () => Promise<WidgetModule> = () => import(/* @vite-ignore */ WIDGET_PACKAGE) as Promise<WidgetModule>,
): () => Promise<PageAssets> {
  let assets: Promise<PageAssets> | undefined
  const read = async (): Promise<PageAssets> => {
    const wantWidget = given.widget === undefined
    const wantReference = given.apiReference === undefined
    const fixed: PageAssets = {
      widget: given.widget === false ? undefined : given.widget,
      apiReference: given.apiReference === false ? undefined : given.apiReference,
    }
    if (!wantWidget && !wantReference) return fixed
    let module: WidgetModule
    try {
      module = await load()
    } catch (error) {
      if (isNotFound(error)) {
        logger.warn(
          `Canvass: link pages (/s/{id}) and the widget (/js/…) are not served: ${WIDGET_PACKAGE} is not installed beside @canvass/core (install it, or pass widget: false to say so)`,
        )
      } else {
        logger.warn(`Canvass: link pages and the widget are not served: ${WIDGET_PACKAGE} could not be loaded here (${messageOf(error)})`)
      }
      return fixed
    }
    const [widget, apiReference] = await Promise.all([
      wantWidget ? readPart('its bundles', () => module.readWidgetBundles(), logger) : fixed.widget,
      wantReference ? readPart('the API reference viewer', () => module.readApiReference(), logger) : fixed.apiReference,
    ])
    return { widget, apiReference }
  }
  return () => (assets ??= read())
}

async function readPart<T>(what: string, read: () => Promise<T>, logger: Logger): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    logger.warn(`Canvass: ${WIDGET_PACKAGE} is installed but ${what} could not be read here (${messageOf(error)}); not served`)
    return undefined
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true
  return error instanceof Error && /cannot find (module|package)|not found|could not resolve/i.test(error.message)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
