/**
 * Whether a survey with `displayPercentage` (0.01 to 100, or none) is shown this time; `random` is a uniform
 * draw from [0, 1), so that a survey at 30 is shown for 30 % of draws.
 */
export function passesDisplayPercentage(percentage: number | null | undefined, random: number): boolean {
  if (percentage === null || percentage === undefined) return true
  return random * 100 < percentage
}

/** A uniform draw from [0, 1) from the browser's cryptographic generator (`Math.random` is predictable). */
export function secureRandom(): number {
  const buffer = new Uint32Array(1)
  crypto.getRandomValues(buffer)
  return (buffer[0] as number) / 2 ** 32
}
