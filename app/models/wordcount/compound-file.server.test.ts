import CFB from 'cfb'
import { describe, expect, test } from 'vitest'
import { Budget, OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { checkCompoundFile, CompoundFileError } from '#app/models/wordcount/compound-file.server.ts'
import { compoundFileSharingChain } from '#tests/setup/bombs.ts'

describe("a compound file's sector chains are walked before a reader follows them", () => {
	test('a file made by a writer passes, paying for its streams once', () => {
		const container = CFB.utils.cfb_new()
		CFB.utils.cfb_add(container, 'Workbook', Buffer.alloc(20_000, 0x41))
		const file = CFB.write(container, { type: 'buffer' }) as Buffer
		const budget = new Budget(1_000_000)
		checkCompoundFile(file, budget)
		expect(1_000_000 - budget.left).toBeGreaterThanOrEqual(20_000)
		expect(1_000_000 - budget.left).toBeLessThan(file.length)
	})

	test('entries sharing one long chain are paid for each time (cfb copied 600 MB out of 1 MB)', () => {
		const file = compoundFileSharingChain(2_000, 600)
		expect(file.length).toBeLessThan(1_200_000)
		expect(() => checkCompoundFile(file, new Budget())).toThrow(OverBudgetError)
	})

	test('a chain that comes round to itself is a broken file, found at once', () => {
		// Three entries along ten data sectors (after two FAT sectors and one directory sector).
		const file = compoundFileSharingChain(10, 3)
		file.writeInt32LE(3, 512 + 12 * 4)
		expect(() => checkCompoundFile(file, new Budget())).toThrow(CompoundFileError)
	})
})
