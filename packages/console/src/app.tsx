/**
 * The console's shell: the header (project, or the switcher of a person of several, environment, who is signed in), the navigation from the screen
 * registry, the current screen and one live region for short messages.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { Api } from './api'
import type { Boot } from './boot'
import { atLeast } from './boot'
import type { ConsoleContext } from './context'
import { Console } from './context'
import { parseHash } from './route'
import { SCREENS } from './screens'
import { NotFoundScreen } from './screens/not-found'
import { ConfirmDialog, focusHeading } from './ui'
import { ProjectSwitcher } from './project-switcher'
import { useGuardedHash } from './leave-guard'

/** How long a notice stays before it closes itself (an error, longer: it may need reading twice). */
const NOTICE_MS = { ok: 6000, error: 12000 }

export function App({ boot, api }: { boot: Boot; api: Api }) {
  const { hash, leaving, stay, leave, navigate } = useGuardedHash()
  const [environmentId, setEnvironmentId] = useState(api.environmentId())
  const [notice, setNotice] = useState<{ message: string; tone: 'ok' | 'error' } | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS[notice.tone])
    return () => clearTimeout(timer)
  }, [notice])
  const route = useMemo(() => parseHash(hash), [hash])
  // On narrow screens the navigation folds behind a Menu button (styles.ts); a change of screen folds it again.
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  useEffect(() => setMenuOpen(false), [hash])
  const closeMenu = () => {
    setMenuOpen(false)
    menuButton.current?.focus()
  }
  const screens = SCREENS.filter((screen) => atLeast(boot.role, screen.minRole) && (!screen.accountsOnly || boot.accounts))
  const current = route.notFound ? undefined : (screens.find((screen) => screen.hash === (route.parts[0] ?? '')) ?? screens[0])
  const context: ConsoleContext = {
    boot,
    api,
    route,
    environmentId,
    navigate,
    notify: (message, tone = 'ok') => setNotice({ message, tone }),
  }
  // A new screen: its heading takes the focus, so a keyboard or screen reader user knows where they are.
  useEffect(focusHeading, [current?.id, route.parts.join('/'), route.notFound])
  const Screen = route.notFound ? NotFoundScreen : current?.component
  return (
    <Console.Provider value={context}>
      <div class="cv-console">
        {/* A button, not a link to #cv-main: the hash is the console's route. */}
        <button type="button" class="cv-skip" onClick={focusHeading}>
          Skip to content
        </button>
        <header class="cv-header">
          <button
            type="button"
            class="cv-menu-button"
            ref={menuButton}
            aria-expanded={menuOpen}
            aria-controls="cv-nav"
            onClick={() => setMenuOpen(!menuOpen)}
            onKeyDown={(event) => event.key === 'Escape' && menuOpen && closeMenu()}
          >
            Menu
          </button>
          <span class="cv-brand">Canvass</span>
          {(boot.projects?.length ?? 0) > 1 ? <ProjectSwitcher boot={boot} /> : <span class="cv-project">{boot.project.name}</span>}
          {boot.environments.length > 1 && (
            <EnvironmentPicker
              boot={boot}
              value={environmentId}
              onChange={(id) => {
                api.setEnvironment(id)
                setEnvironmentId(id)
              }}
            />
          )}
          <span class="cv-person">
            {boot.person?.name ?? 'Signed in'} <span class="cv-role">{boot.role}</span>
          </span>
          {boot.signOut && (
            <form method="post" action={boot.signOut}>
              <button type="submit" class="cv-button">
                Sign out
              </button>
            </form>
          )}
        </header>
        <nav
          id="cv-nav"
          class={`cv-nav${menuOpen ? ' cv-nav-open' : ''}`}
          aria-label="Console"
          onKeyDown={(event) => event.key === 'Escape' && menuOpen && closeMenu()}
        >
          <ul>
            {screens.map((screen) => (
              <li key={screen.id}>
                <a href={`#/${screen.hash}`} aria-current={screen === current ? 'page' : undefined}>
                  {screen.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="cv-main" class="cv-main">
          {Screen ? <Screen key={`${current?.id ?? 'not-found'}:${environmentId}`} /> : <p>There is nothing here for your role.</p>}
        </main>
        <div class={`cv-notice${notice ? ` cv-notice-${notice.tone}` : ''}`}>
          <p role="status" aria-live="polite">
            {notice?.message ?? ''}
          </p>
          {notice && (
            <button type="button" class="cv-notice-close" aria-label="Close the notice" onClick={() => setNotice(null)}>
              ×
            </button>
          )}
        </div>
        <ConfirmDialog
          open={leaving !== null}
          title="Leave without saving?"
          confirm="Leave without saving"
          cancel="Stay"
          safeFocus
          onCancel={stay}
          onConfirm={leave}
        >
          <p>The survey has unsaved changes. They are lost if you leave now.</p>
        </ConfirmDialog>
      </div>
    </Console.Provider>
  )
}

/** The environment the console shows (production or development), when the project has more than one. */
function EnvironmentPicker({ boot, value, onChange }: { boot: Boot; value: string; onChange(id: string): void }) {
  return (
    <label class="cv-environment">
      Environment{' '}
      <select value={value} onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}>
        {boot.environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {environment.type === 'production' ? 'Production' : 'Development'}
          </option>
        ))}
      </select>
    </label>
  )
}
