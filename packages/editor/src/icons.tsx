import type { ElementType } from './elements'

/**
 * Each element type's icon: a 24×24 outline drawn in the text's colour (`currentColor`), inline, so the editor
 * asks nothing of another origin. Decorative: the type's name is always written beside it.
 */
const PATHS: Record<ElementType, string> = {
  openText: 'M4 6h16M4 12h16M4 18h10',
  multipleChoiceSingle: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18',
  multipleChoiceMulti: 'M4 4h16v16H4zM8 12l3 3l5-6',
  nps: 'M3 17h3v3H3zM8 13h3v7H8zM13 9h3v11h-3zM18 5h3v15h-3z',
  rating: 'M12 3l2.8 5.8l6.2.9l-4.5 4.4l1.1 6.2L12 17.4l-5.6 2.9l1.1-6.2L3 9.7l6.2-.9z',
  cta: 'M4 8h16v8H4zM14 12h3M15.5 10.5L17 12l-1.5 1.5',
  consent: 'M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5l4.5-5',
  date: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  fileUpload: 'M12 16V4M7 9l5-5l5 5M4 16v4h16v-4',
  matrix: 'M3 3h18v18H3zM3 9h18M3 15h18M9 3v18M15 3v18',
  ranking: 'M9 6h12M9 12h9M9 18h6M4 5v3M3 17h3l-3 3h3',
  address: 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 6.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  contactInfo: 'M3 5h18v14H3zM9 8.5a2 2 0 1 0 0 4a2 2 0 1 0 0-4M5.5 16.5c.5-2 2-3 3.5-3s3 1 3.5 3M14 10h4M14 14h4',
  pictureSelection: 'M3 5h18v14H3zM3 16l5-5l4 4l3-3l6 6M15.5 8a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3',
  cal: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M12 13v4M10 15h4',
  csat: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M8.5 14.5c1 1.3 2.2 2 3.5 2s2.5-.7 3.5-2M9 9.5v1M15 9.5v1',
  ces: 'M4 19h16M6 19V12M10 19V9M14 19V6M18 19V3',
}

/** The icon of an element type (a plain square for a type this version does not know). */
export function TypeIcon({ type }: { type: string }) {
  const path = (PATHS as Record<string, string>)[type] ?? 'M5 5h14v14H5z'
  return (
    <svg
      class="cse-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={path} />
    </svg>
  )
}
