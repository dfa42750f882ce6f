/**
 * The survey widget's browser bundles as a host hands them to `createCanvass({ widget })` (`@canvass/widget`'s
 * `readWidgetBundles()` reads them). Core serves them as they are and never imports the widget package.
 */
export interface WidgetBundles {
  /** Source of `formbricks.umd.cjs`: the in-app core the `@formbricks/js` loader loads. */
  formbricks: string
  /** Source of `surveys.umd.cjs`: the survey renderer, loaded when a survey is shown and by link pages. */
  surveys: string
}
