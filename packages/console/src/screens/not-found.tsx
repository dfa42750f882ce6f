/** What an address the console cannot read shows, inside the console: a plain notice and a way back. */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>This address does not lead to a page of the console. It may be mistyped or cut short.</p>
      <p>
        <a href="#/surveys">Go to the surveys</a>
      </p>
    </section>
  )
}
