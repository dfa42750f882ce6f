/**
 * `1,234` and `1,234.5`: a number's digits grouped by thousands, as `toLocaleString('en-US')` writes an integer or
 * a number of one decimal, without it: its first call makes Node read megabytes of its built-in ICU data (~4 MB
 * in the standalone server), which then stay in the process's resident memory, for a comma.
 */
export function groupDigits(value: number): string {
  const [whole = '', fraction] = String(value).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
