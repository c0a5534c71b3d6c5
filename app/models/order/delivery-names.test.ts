import { describe, expect, test } from 'vitest'
import { deliveryName, documentOfFile, stateOfFile, uniqueNames } from '#app/models/order/delivery-names.ts'

const sources = [
	{ id: 'a', name: 'Krav til leverandør.docx' },
	{ id: 'b', name: 'krav.docx' },
	{ id: 'c', name: 'Bilag 1.pdf' },
]

describe('which document a delivered file is a version of', () => {
	test("the translator's own naming still finds the source, the longest name winning", () => {
		expect(documentOfFile('krav_en_v3.docx', sources)).toBe('b')
		expect(documentOfFile('Krav-til-leverandør EN final.docx', sources)).toBe('a')
		expect(documentOfFile('EN - bilag 1.pdf', sources)).toBe('c')
	})

	test('a file that fits no document is its own; a job on one document needs no match', () => {
		expect(documentOfFile('glossary.xlsx', sources)).toBeNull()
		expect(documentOfFile('glossary.xlsx', [sources[0]!])).toBeNull()
		expect(documentOfFile('final.docx', [sources[0]!], true)).toBe('a')
	})
})

describe('the name the customer sees', () => {
	test('the source name, the target language and the delivered extension', () => {
		expect(deliveryName('krav.docx', 'en', 'krav_en_v3.DOCX')).toBe('krav.en.docx')
		expect(deliveryName('Bilag 1.pdf', 'de', 'bilag-1-de.docx')).toBe('Bilag 1.de.docx')
		expect(deliveryName('README', null, 'readme')).toBe('README')
	})

	test('two files of one delivery never share a name', () => {
		expect(uniqueNames(['krav.en.docx', 'Krav.en.docx', 'krav.en.pdf', 'krav.en.docx'])).toEqual([
			'krav.en.docx',
			'Krav.en (2).docx',
			'krav.en.pdf',
			'krav.en (3).docx',
		])
	})
})

test("a file's place: withdrawn and deleted first, then superseded, delivered, left out or waiting", () => {
	const none = { withdrawnAt: null, deletedAt: null, supersededAt: null, deliveredAt: null, held: false }
	const at = new Date()
	expect(stateOfFile(none)).toBe('waiting')
	expect(stateOfFile({ ...none, held: true })).toBe('held')
	expect(stateOfFile({ ...none, deliveredAt: at })).toBe('delivered')
	expect(stateOfFile({ ...none, deliveredAt: at, supersededAt: at })).toBe('superseded')
	expect(stateOfFile({ ...none, deliveredAt: at, deletedAt: at })).toBe('deleted')
	expect(stateOfFile({ ...none, deliveredAt: at, deletedAt: at, withdrawnAt: at })).toBe('withdrawn')
})
