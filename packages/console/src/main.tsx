/**
 * @module
 * The console's browser entry: reads the page's boot JSON and mounts the app into `#canvass-console`, with its
 * styles in a `<style>` that carries the page's CSP nonce.
 */
import { render } from 'preact'
import { App } from './app'
import { createApi } from './api'
import { readBoot } from './boot'
import { CONSOLE_STYLES } from './styles'

const root = document.getElementById('canvass-console')
if (root) {
  try {
    const boot = readBoot()
    const style = document.createElement('style')
    style.nonce = boot.nonce
    style.textContent = CONSOLE_STYLES
    document.head.append(style)
    render(<App boot={boot} api={createApi(boot)} />, root)
  } catch (error) {
    root.textContent = error instanceof Error ? error.message : String(error)
  }
}
