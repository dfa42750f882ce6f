/**
 * What `/js/console.js` serves where the server is put together without the console's bundle (`@canvass/console`,
 * which `start()` reads; the Deno server has none): a module that says so in the page. The people, the sign-in and
 * the CLI work all the same.
 */
export const CONSOLE_BUNDLE_MISSING = `const root = document.getElementById('canvass-console')
if (root) {
  const message = document.createElement('p')
  message.setAttribute('role', 'alert')
  message.textContent = "This server is started without the console's bundle (@canvass/console): the console's screens are not here."
  root.replaceChildren(message)
}
`
