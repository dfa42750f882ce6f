/** What the page tells the core: the URL changed, a click, the pointer leaving the window, half-way scrolled. */
export interface PageHandlers {
  onLocationChange(): void
  onClick(target: Element): void
  onExitIntent(): void
  onHalfScroll(): void
}

/** Fired on `window` after `history.pushState` and `history.replaceState`, which fire nothing themselves. */
const LOCATION_EVENT = 'formbricks:locationchange'

let watching = false

/**
 * Listens to the page for the no-code actions, once per page. Single-page apps change the URL through
 * `history`, so its two methods are wrapped to announce it; `registerRouteChange` covers routers that do not
 * use them.
 */
export function watchPage(handlers: PageHandlers): void {
  if (watching) return
  watching = true
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method]
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args)
      window.dispatchEvent(new Event(LOCATION_EVENT))
      return result
    }
  }
  for (const event of [LOCATION_EVENT, 'popstate', 'hashchange']) window.addEventListener(event, () => handlers.onLocationChange())
  // Capture: a click the app stops from bubbling still counts.
  document.addEventListener('click', (event) => event.target instanceof Element && handlers.onClick(event.target), true)
  // The pointer leaving through the top edge of the window, towards the tabs and the address bar.
  document.addEventListener('mouseout', (event) => {
    if (!event.relatedTarget && event.clientY <= 0) handlers.onExitIntent()
  })
  let scrolledHalf = false
  window.addEventListener(
    'scroll',
    () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight
      if (window.scrollY <= 0) scrolledHalf = false
      else if (!scrolledHalf && scrollable > 0 && window.scrollY / scrollable >= 0.5) {
        scrolledHalf = true
        handlers.onHalfScroll()
      }
    },
    { passive: true },
  )
}
