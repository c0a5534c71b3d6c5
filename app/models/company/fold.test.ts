import { describe, expect, test } from 'vitest'
import { companySearchName, companySearchQuery, foldText } from '#app/models/company/fold.ts'
import { cvrCheckDigit, isValidCvr, isValidEan, parseCvrQuery } from '#app/models/company/cvr.ts'

describe('folding names the way the Danish address service does', () => {
	test('å, æ and ø meet their double-letter spellings', () => {
		expect(foldText('Åbenrå')).toBe('aabenraa')
		expect(foldText('Aabenraa')).toBe('aabenraa')
		expect(foldText('ÆBLEGÅRDEN')).toBe('aeblegaarden')
		expect(foldText('Søndergaard & Søn')).toBe('soendergaard soen')
		expect(foldText('Müller Café')).toBe('muller cafe')
	})

	test('punctuation becomes single spaces', () => {
		expect(foldText('  H&M  Hennes/Mauritz.  ')).toBe('h m hennes mauritz')
	})

	test('legal forms are left out at either end, so they do not drown the search', () => {
		expect(companySearchName('Novo Nordisk A/S')).toBe('novo nordisk')
		expect(companySearchName('MAGENTA ApS')).toBe('magenta')
		expect(companySearchName('ApS KBIL 17 NR. 1179')).toBe('kbil 17 nr 1179')
		expect(companySearchName('Hansen & Jensen I/S')).toBe('hansen jensen')
		expect(companySearchName('Fælleskøkkenet A.m.b.A.')).toBe('faelleskoekkenet')
		// A name that is nothing but a legal form keeps it rather than becoming empty.
		expect(companySearchName('ApS')).toBe('aps')
	})

	test('a legal form being typed at the end of a query is dropped', () => {
		expect(companySearchQuery('Novo Nordisk A')).toBe('novo nordisk')
		expect(companySearchQuery('Novo Nordisk A/')).toBe('novo nordisk')
		expect(companySearchQuery('magenta ap')).toBe('magenta')
		expect(companySearchQuery('magenta')).toBe('magenta')
		expect(companySearchQuery('ApS')).toBe('')
		expect(companySearchQuery('I/S')).toBe('')
	})
})

describe('CVR and EAN numbers', () => {
	test('modulus 11 decides a valid CVR number', () => {
		expect(isValidCvr('25052943')).toBe(true) // MAGENTA ApS
		expect(isValidCvr('21265837')).toBe(true)
		expect(isValidCvr('25052944')).toBe(false)
		expect(isValidCvr('0505294')).toBe(false)
		expect(cvrCheckDigit('2505294')).toBe(3)
	})

	test('a CVR query may have spaces or a DK prefix', () => {
		expect(parseCvrQuery('25052943')).toBe(25052943)
		expect(parseCvrQuery('25 05 29 43')).toBe(25052943)
		expect(parseCvrQuery('DK25052943')).toBe(25052943)
		expect(parseCvrQuery('dk-25 05 29 43')).toBe(25052943)
		expect(parseCvrQuery('2505294')).toBeNull()
		expect(parseCvrQuery('magenta')).toBeNull()
	})

	test('an EAN number has 13 digits and a GS1 check digit', () => {
		expect(isValidEan('4006381333931')).toBe(true)
		expect(isValidEan('5798000000001')).toBe(true)
		expect(isValidEan('5798000000002')).toBe(false)
		expect(isValidEan('400638133393')).toBe(false)
	})
})
