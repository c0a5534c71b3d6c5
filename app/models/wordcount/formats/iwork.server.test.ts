import { zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { OverBudgetError } from '#app/models/wordcount/budget.server.ts'
import { extractIworkArchive } from '#app/models/wordcount/formats/iwork.server.ts'
import { archive, field, iwaChunk, literal, number, text } from '#tests/setup/iwa.ts'

// A Numbers package whose one string list holds the given entries (TST.TableDataList, type 6005).
function numbersWith(entries: { text: string; references: number }[]) {
	const list = [
		...number(1, 1),
		...entries.flatMap((entry, key) =>
			field(3, [...number(1, key + 1), ...number(2, entry.references), ...field(3, text(entry.text))]),
		),
	]
	const body = archive([{ type: 6005, payload: list }])
	return zipSync({ 'Index/Tables/DataList.iwa': iwaChunk(literal(body)) })
}

describe('iWork 2013 tables', () => {
	test('a string counts as often as cells refer to it', () => {
		expect(
			extractIworkArchive(
				numbersWith([
					{ text: 'Hej verden', references: 3 },
					{ text: 'Tak', references: 1 },
				]),
			)?.parts.body,
		).toEqual(['Hej verden', 'Hej verden', 'Hej verden', 'Tak'])
	})

	test('a reference count the file cannot mean (a string in two billion cells) is refused as too large, not repeated', () => {
		expect(() => extractIworkArchive(numbersWith([{ text: 'ord', references: 2_000_000_000 }]))).toThrow(
			OverBudgetError,
		)
	})
})
