/**
 * @module
 * Canvass's design tokens, one set for the editor, the console and the shared results page
 * (`@canvass/core/design-tokens`, free of everything else in core so that a browser bundle takes only this):
 * colours (each text colour keeps a contrast of at least 4.5:1 on `background` and `surface`), spacing,
 * radius and type. `designTokenProperties()` writes them as CSS custom properties (`--canvass-accent`, …) for
 * a surface's root rule, where its own properties read them.
 */

export const DESIGN_TOKENS = {
  color: {
    /** Links, focus rings, primary buttons (white text on it: 6.1:1). */
    accent: '#1f5fbf',
    accentInk: '#ffffff',
    accentSoft: '#e8eefa',
    text: '#1c2430',
    muted: '#4f5b6b',
    /** Borders of controls (3:1 on white, as non-text contrast asks). */
    border: '#8a94a3',
    /** Lines between parts, not controls. */
    line: '#d5dbe3',
    background: '#ffffff',
    surface: '#f4f6f9',
    danger: '#b3261e',
    warning: '#8a4b00',
    ok: '#1b6e3a',
  },
  space: { xs: '4px', s: '8px', m: '12px', l: '16px', xl: '24px' },
  radius: { s: '6px', m: '8px', l: '12px' },
  type: {
    font: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
    size: '15px',
    small: '13px',
    lineHeight: '1.5',
  },
} as const

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/**
 * The tokens as declarations of custom properties, for a root rule: `--canvass-accent:#1f5fbf;…`,
 * `--canvass-space-m:12px`, `--canvass-radius-s:6px`, `--canvass-font:…` (colours without a group prefix).
 */
export function designTokenProperties(): string {
  const { color, space, radius, type } = DESIGN_TOKENS
  return [
    ...Object.entries(color).map(([name, value]) => `--canvass-${kebab(name)}:${value}`),
    ...Object.entries(space).map(([name, value]) => `--canvass-space-${name}:${value}`),
    ...Object.entries(radius).map(([name, value]) => `--canvass-radius-${name}:${value}`),
    ...Object.entries(type).map(([name, value]) => `--canvass-${name === 'font' ? 'font' : `text-${kebab(name)}`}:${value}`),
  ].join(';')
}
