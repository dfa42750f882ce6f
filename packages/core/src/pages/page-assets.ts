import type { Logger } from '../context'
import type { WidgetBundles } from '../widget-bundles'

/**
 * What the pages need from `@canvass/widget`, each read on first use and kept: its bundles (every link page and
 * the widget's script), and the API reference's viewer (`/api/v1/docs`), ~1 MB that a server whose reference
 * page nobody opens never holds.
 */
export interface PageAssets {
  widget(): Promise<WidgetBundles | undefined>
  apiReference(): Promise<string | undefined>
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
 * The page assets: what the options give, else what `@canvass/widget` reads when it is installed
 * (docs/embedding.md, "Pages"), each part on its first use (the bundles at `Canvass.start()` or the first request
 * for a page, the viewer at the first request for it). `false` turns a part off. A runtime that cannot load the
 * package says so in one log line and serves no pages.
 */
export function pageAssets(
  given: { widget?: WidgetBundles | false; apiReference?: string | false },
  logger: Logger,
  load: () => Promise<WidgetModule> = () => import(/* @vite-ignore */ WIDGET_PACKAGE) as Promise<WidgetModule>,
): PageAssets {
  let module: Promise<WidgetModule | undefined> | undefined
  const loadModule = async (): Promise<WidgetModule | undefined> => {
    try {
      return await load()
    } catch (error) {
      if (isNotFound(error)) {
        logger.warn(
          `Canvass: link pages (/s/{id}) and the widget (/js/…) are not served: ${WIDGET_PACKAGE} is not installed beside @canvass/core (install it, or pass widget: false to say so)`,
        )
      } else {
        logger.warn(`Canvass: link pages and the widget are not served: ${WIDGET_PACKAGE} could not be loaded here (${messageOf(error)})`)
      }
      return undefined
    }
  }
  const part = <T>(value: T | false | undefined, what: string, read: (module: WidgetModule) => Promise<T>) => {
    let kept: Promise<T | undefined> | undefined
    const readOnce = async (): Promise<T | undefined> => {
      if (value === false) return undefined
      if (value !== undefined) return value
      const widget = await (module ??= loadModule())
      return widget && readPart(what, () => read(widget), logger)
    }
    return () => (kept ??= readOnce())
  }
  return {
    widget: part(given.widget, 'its bundles', (widget) => widget.readWidgetBundles()),
    apiReference: part(given.apiReference, 'the API reference viewer', (widget) => widget.readApiReference()),
  }
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
