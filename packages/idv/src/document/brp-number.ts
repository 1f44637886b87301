/** UK biometric residence permit numbers: two letters and seven digits (ZU1234567). */
export function isBrpNumber(text: string): boolean {
  return /^[A-Z]{2}\d{7}$/.test(text.trim().toUpperCase());
}

export function findBrpNumber(text: string): string | null {
  const match = /\b([A-Z]{2}\d{7})\b/.exec(text.toUpperCase());
  return match?.[1] ?? null;
}
