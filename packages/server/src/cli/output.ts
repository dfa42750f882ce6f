/** What the commands print: lines on stdout, and tables of aligned columns. */

export function print(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** Rows under a header, each column as wide as its widest cell. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)))
  for (const row of [header, ...rows])
    print(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
}
