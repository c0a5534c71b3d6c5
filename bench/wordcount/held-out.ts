import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

// The held-out part of a folder, decided before any fix was made (issue 56, 28 November 2026):
// the documents whose SHA-256 starts with 0, 1, 2 or 3, about a quarter of every format, chosen by
// their bytes rather than their names. A fix is made on the rest and proves itself on these.
export const isHeldOut = (file: string) => /^[0-3]/.test(createHash('sha256').update(readFileSync(file)).digest('hex'))
