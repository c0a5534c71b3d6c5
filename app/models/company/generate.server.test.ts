import { describe, expect, test } from 'vitest'
import { isValidCvr } from '#app/models/company/cvr.ts'
import { generateCompanies } from '#app/models/company/generate.server.ts'

describe('the synthetic registry', () => {
	const companies = [...generateCompanies({ count: 20_000, seed: 7 })]

	test('has unique, valid CVR numbers', () => {
		expect(new Set(companies.map((company) => company.cvr)).size).toBe(companies.length)
		expect(companies.every((company) => isValidCvr(String(company.cvr)))).toBe(true)
	})

	test('is about 40% active, with legal forms in realistic proportions', () => {
		const share = (test: (company: (typeof companies)[number]) => boolean) =>
			companies.filter(test).length / companies.length
		expect(share((company) => company.isActive)).toBeCloseTo(0.4, 1)
		expect(share((company) => company.legalForm === 'ApS')).toBeCloseTo(0.38, 1)
		expect(share((company) => company.legalForm === 'A/S')).toBeGreaterThan(0.03)
		expect(share((company) => company.legalForm === null)).toBeCloseTo(0.4, 1)
		expect(
			companies.filter((company) => company.legalForm).every((company) => company.name.includes(company.legalForm!)),
		).toBe(true)
	})

	test('gives every company a street with a number and a four-digit postcode', () => {
		for (const company of companies.slice(0, 500)) {
			expect(company.street).toMatch(/\S \d+[A-C]?$/)
			expect(company.postcode).toMatch(/^\d{4}$/)
			expect(company.city).not.toBe('')
		}
	})

	test('is the same for the same seed', () => {
		const again = [...generateCompanies({ count: 50, seed: 7 })]
		expect(again).toEqual(companies.slice(0, 50))
	})
})
