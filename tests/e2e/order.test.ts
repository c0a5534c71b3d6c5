import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
	CLEAR_OF_MIDNIGHT_MS,
	clearOfMidnightInDenmark,
	seriousAxeViolations,
	setupBrowserTests,
} from '#tests/setup/browser.ts'

const session = setupBrowserTests()

// A real (silent) WAV: 8 kHz, mono, 8 bit, 90 seconds.
function wav(seconds: number): Buffer {
	const data = Buffer.alloc(8000 * seconds, 128)
	const header = Buffer.alloc(44)
	header.write('RIFF', 0)
	header.writeUInt32LE(36 + data.length, 4)
	header.write('WAVEfmt ', 8)
	header.writeUInt32LE(16, 16)
	header.writeUInt16LE(1, 20)
	header.writeUInt16LE(1, 22)
	header.writeUInt32LE(8000, 24)
	header.writeUInt32LE(8000, 28)
	header.writeUInt16LE(1, 32)
	header.writeUInt16LE(8, 34)
	header.write('data', 36)
	header.writeUInt32LE(data.length, 40)
	return Buffer.concat([header, data])
}

// A real (silent) MP3: MPEG-1 layer III frames at 128 kbit/s and 44.1 kHz, 26 ms each.
function mp3(seconds: number): Buffer {
	const frame = Buffer.alloc(417)
	frame.set([0xff, 0xfb, 0x90, 0x44])
	return Buffer.concat(Array.from({ length: Math.round((seconds * 44100) / 1152) }, () => frame))
}

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url))
const hasCorpus = existsSync(CORPUS)

describe('the order page', () => {
	test.runIf(hasCorpus)(
		'a docx, a pdf and an mp3: words, minutes and an express total appear and change without a reload',
		async () => {
			const page = await session.open('/en/order')
			await page.getByLabel('Choose documents').setInputFiles([
				{
					name: 'vertrag.docx',
					mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
					buffer: readFileSync(`${CORPUS}docx_poi_stress008_de.docx`),
				},
				{ name: 'krav.pdf', mimeType: 'application/pdf', buffer: readFileSync(`${CORPUS}pdf_os2forms_krav_da.pdf`) },
				{ name: 'interview.mp3', mimeType: 'audio/mpeg', buffer: mp3(90) },
			])
			const files = page.getByRole('list', { name: 'Your documents' })
			for (const name of ['vertrag.docx', 'krav.pdf'])
				await files
					.getByRole('listitem')
					.filter({ hasText: name })
					.getByText(/^[\d,]+ words$/)
					.waitFor({ timeout: 20_000 })
			await files
				.getByRole('listitem')
				.filter({ hasText: 'interview.mp3' })
				.getByText('1.5 min')
				.waitFor({ timeout: 20_000 })

			const quote = page.getByRole('region', { name: 'Your quote' })
			const total = () => quote.getByRole('row', { name: /^Total excl\. VAT/ }).textContent()
			await quote.getByLabel('From').selectOption({ label: 'German' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			const standard = await total()
			// Some 56,000 words take weeks: the earliest date costs the one-day surcharge.
			await quote.getByRole('button', { name: 'Delivery by' }).click()
			// The days that cost extra say so before one is picked.
			await page
				.getByRole('dialog')
				.getByRole('button', { disabled: false })
				.filter({ hasText: /^\d+\+100/ })
				.first()
				.click()
			await quote.getByText('Express surcharge (+100%)').waitFor()
			const express = await total()
			expect(express).not.toBe(standard)
			await quote.getByRole('button', { name: 'More' }).click()
			await quote.getByRole('button', { name: 'More' }).click()
			await quote.getByText('2 certified copies').waitFor()
			expect(await total()).not.toBe(express)
		},
	)

	test('fills in the count even when no live update can reach the page', async () => {
		const page = await session.open()
		// The socket is refused: the page has to find out by asking.
		await page.routeWebSocket(/\/cable/, (socket) => socket.close())
		await page.goto('/en/order')
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		await page
			.getByLabel('Choose documents')
			.setInputFiles([{ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Three short words.') }])
		const memo = page
			.getByRole('list', { name: 'Your documents' })
			.getByRole('listitem')
			.filter({ hasText: 'memo.txt' })
		await memo.getByText('3 words').waitFor({ timeout: 15_000 })
		// The refused socket is logged by the browser itself; nothing else may be.
		page.problems = page.problems.filter(
			(problem) => !/^WebSocket connection to 'ws:\/\/[^']+\/cable' failed/.test(problem),
		)
	})

	test(
		'uploads documents one at a time and fills in words and minutes without a reload',
		{ timeout: 60_000 + CLEAR_OF_MIDNIGHT_MS },
		async () => {
			await clearOfMidnightInDenmark()
			const page = await session.open('/en/order')
			expect(await seriousAxeViolations(page)).toEqual([])
			const text = 'The contract is signed by both parties. It enters into force on 1 January 2027.'
			await page.getByLabel('Choose documents').setInputFiles([
				{ name: 'contract.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
				{ name: 'interview.wav', mimeType: 'audio/wav', buffer: wav(90) },
				{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
			])
			await page.getByRole('alert').filter({ hasText: "setup.exe: You can't upload files of this type." }).waitFor()
			const files = page.getByRole('list', { name: 'Your documents' })
			const contract = files.getByRole('listitem').filter({ hasText: 'contract.txt' })
			const interview = files.getByRole('listitem').filter({ hasText: 'interview.wav' })
			await contract.getByText('15 words').waitFor()
			await interview.getByText('1.5 min').waitFor()
			expect(await files.getByRole('listitem').count()).toBe(2)

			// Choices change the quote at once: a pair with its own price, the earliest date (express), two copies.
			const quote = page.getByRole('region', { name: 'Your quote' })
			await quote.getByLabel('From').selectOption({ label: 'Danish' })
			// A refused save says why beside the choice and in the form's error area, and keeps what was typed.
			await page.getByLabel('Name', { exact: true }).fill('Karen Blixen')
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			const refused = page.getByRole('alert').filter({ hasText: 'The quote was not saved.' })
			await refused.waitFor()
			expect(await refused.textContent()).toContain('Choose two different languages.')
			expect(await quote.getByLabel('To').getAttribute('aria-invalid')).toBe('true')
			expect(new URL(page.url()).pathname).toBe('/en/order')
			expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Karen Blixen')
			expect(await quote.getByLabel('From').inputValue()).toBe('da')
			page.problems = page.problems.filter((problem) => !problem.includes('422'))
			await quote.getByLabel('To').selectOption({ label: 'Japanese' })
			await quote.getByText('15 words at DKK 2.40').waitFor()
			await quote.getByText('1.5 min at DKK 30.00').waitFor()
			// 15 × 2.40 + 1.5 × 30 = 81, below the minimum order of 500.
			await quote.getByText('Minimum order').waitFor()
			await quote.getByRole('button', { name: 'Delivery by' }).click()
			await page
				.getByRole('dialog')
				.getByRole('button', { disabled: false })
				.filter({ hasText: /^\d+$/ })
				.first()
				.click()
			await quote.getByRole('button', { name: 'More' }).click()
			await quote.getByRole('button', { name: 'More' }).click()
			await quote.getByText('2 certified copies').waitFor()
			// Earliest delivery of work that takes one day: no surcharge; 500 + 2 × 150 = 800, plus 25% VAT.
			await quote.getByRole('row', { name: 'Total excl. VAT DKK 800.00' }).waitFor()
			await quote.getByRole('row', { name: 'Total incl. VAT DKK 1,000.00' }).waitFor()

			// Saved, the quote has its own page with the same total and a PDF.
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
			await page.getByRole('heading', { level: 1, name: 'Quote' }).waitFor()
			await page.getByRole('row', { name: 'Total incl. VAT DKK 1,000.00' }).waitFor()
			expect(await page.getByRole('link', { name: 'Download the quote as PDF' }).getAttribute('href')).toMatch(
				/^\/quotes\/[\w-]{32}\/pdf\?lang=en$/,
			)
			expect(await seriousAxeViolations(page)).toEqual([])
			await page.goBack()

			// The documents belong to this visitor's order and are still there after a reload.
			await page.reload()
			await page.getByRole('list', { name: 'Your documents' }).getByText('15 words').waitFor()
			page.problems = page.problems.filter((problem) => !problem.startsWith('Upload failed'))
		},
	)

	test('a file the server refuses is removed and the customer is told why, in Danish on Danish pages', async () => {
		const page = await session.open('/bestil')
		await page.getByLabel('Vælg dokumenter').setInputFiles([
			{
				name: 'faktura.pdf',
				mimeType: 'application/pdf',
				buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]),
			},
		])
		await page
			.getByRole('alert')
			.filter({ hasText: 'faktura.pdf: Filens indhold passer ikke til dens filtype.' })
			.waitFor()
		expect(await page.getByRole('list', { name: 'Dine dokumenter' }).count()).toBe(0)
		expect(page.problems.some((problem) => problem.startsWith('Upload failed'))).toBe(true)
		page.problems = page.problems.filter((problem) => !problem.startsWith('Upload failed') && !problem.includes('422'))
	})
})
