import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }

// Every model that writes the audit log, read as text: the keys its events name.
function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sources(full)
		return /\.server\.ts$/.test(entry.name) ? [full] : []
	})
}

const code = sources(path.resolve('app/models')).map((file) => readFileSync(file, 'utf8'))
// The first argument of auditText(…): one key, or a choice between keys.
const named = code.flatMap((text) =>
	[...text.matchAll(/auditText\(\s*([^,)]+)/g)].flatMap((call) =>
		[...call[1]!.matchAll(/'([\w.-]+)'/g)].map((key) => `audit.text.${key[1]}`),
	),
)
const nested = code.flatMap((text) => [...text.matchAll(/textOf\('([\w.-]+)'/g)].map((key) => key[1]!))

describe('the audit log in words', () => {
	test('the models name their events by texts', () => {
		// Order, job, payment and account events at the least.
		expect(named.length).toBeGreaterThan(45)
	})

	test.each([
		['Danish', adminDa],
		['English', adminEn],
	] as const)('every text an event names exists in %s', (_, messages) => {
		const missing = [...new Set([...named, ...nested])].filter((key) => !(key in messages))
		expect(missing).toEqual([])
	})
})
