import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import {
	CLEAR_OF_MIDNIGHT_MS,
	clearOfMidnightInDenmark,
	logInAt,
	seriousAxeViolations,
	setupBrowserTests,
} from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)

// A workbook LibreOffice made: 9 words on its sheet, 6 on a hidden sheet, a comment of 8 words.
const WORKBOOK = readFileSync(
	fileURLToPath(new URL('../fixtures/wordcount/sheets_libreoffice_comment_hidden.xlsx', import.meta.url)),
)

describe('the count explained', () => {
	test(
		'the customer opens a quote line to see what was counted; staff correct the count with a reason and the quote follows',
		{ timeout: 90_000 + CLEAR_OF_MIDNIGHT_MS },
		async () => {
			await clearOfMidnightInDenmark()
			const page = await session.open('/en/order')
			await page.getByLabel('Choose documents').setInputFiles([
				{
					name: 'prisliste.xlsx',
					mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
					buffer: WORKBOOK,
				},
			])
			const quote = page.getByRole('region', { name: 'Your quote' })
			// The quote's lines show once both languages are chosen.
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			const line = quote.getByRole('row').filter({ hasText: 'prisliste.xlsx' })
			await line.getByText(/^15 words at/).waitFor({ timeout: 20_000 })

			// Opened by keyboard: the parts and their words; the comment is shown but not priced.
			const opener = line.getByText('What was counted')
			await opener.focus()
			await page.keyboard.press('Enter')
			const breakdown = line.locator('[data-controller="count-breakdown"]')
			await expect.poll(() => breakdown.getAttribute('open')).toBe('')
			expect(
				await breakdown.locator('[data-part]').evaluateAll((parts) => parts.map((part) => part.textContent)),
			).toEqual([
				'Body text9 words',
				'Hidden sheets6 words',
				'Comments8 wordsnot in the price: we translate comments only if you ask us to',
			])
			expect(await seriousAxeViolations(page)).toEqual([])

			// Sent as a request, with its quote.
			const form = page.locator('[data-controller="leadform"]')
			await form.getByLabel('Name').fill('Astrid Lindgren')
			await form.getByLabel('Email').fill('astrid@example.se')
			await form.getByLabel(/I agree that you store my details/).check()
			await form.getByRole('button', { name: 'Send request' }).click()
			await page.getByRole('heading', { name: 'Thank you – we have your request' }).waitFor()
			const reference = (await page.getByText(/Your reference is/).textContent())!.match(
				/([0-9A-Z]{4}-[0-9A-Z]{4})/,
			)![1]!

			// Staff see the same parts in the inbox and correct the count.
			const admin = await logInAt(session, '/admin/requests')
			await admin.getByRole('link', { name: reference }).click()
			const document = admin.locator('[data-controller="request-document"]').filter({ hasText: 'prisliste.xlsx' })
			await document.getByText('Body text 9 · Hidden slides and sheets 6 · Comments (not priced) 8').waitFor()
			// …and the text it was counted from.
			await document.getByText('The counted text').click()
			await document
				.getByRole('region', { name: 'Hidden slides and sheets' })
				.getByText('Denne fane er skjult for kunden')
				.waitFor()
			const staffText = await admin.request.get(
				(await document.getByRole('link', { name: /Download the whole counted text/ }).getAttribute('href'))!,
			)
			expect(await staffText.text()).toContain('Comments (not priced)\n=====================\n\nHusk at tjekke prisen')
			expect(staffText.headers()['content-disposition']).toContain("filename*=UTF-8''prisliste.xlsx.counted.txt")
			const totalBefore = await admin.getByText(/^Total .* excl\. VAT/).textContent()
			await document.getByText('Correct the count').click()
			await document.getByLabel('Words').fill('4000')
			await document.getByLabel('Reason (kept in the audit log)').fill('The customer wants the comment translated too')
			await document.getByRole('button', { name: 'Save count and recalculate the quote' }).click()
			await admin.getByText('Count saved; the quote is recalculated.').waitFor()
			await document.getByText('Corrected by admin from 15: The customer wants the comment translated too').waitFor()
			await document.getByText('4,000 words').waitFor()
			expect(await admin.getByText(/^Total .* excl\. VAT/).textContent()).not.toBe(totalBefore)

			// The audit log keeps the reason.
			await admin.goto('/admin/audit')
			await admin
				.getByText(/Word count of prisliste\.xlsx: 15 → 4,000\. The customer wants the comment translated too/)
				.waitFor()

			// The customer's quote says 4,000 words now, and that staff counted again.
			await admin.goBack()
			await admin.goBack()
			const customerQuote = await session.open(
				(await admin.getByRole('link', { name: "Open the customer's quote" }).getAttribute('href'))!,
			)
			const quoted = customerQuote.getByRole('row').filter({ hasText: 'prisliste.xlsx' })
			await quoted.getByText(/^4,000 words at/).waitFor()
			await quoted.getByText('What was counted').click()
			await quoted.getByText('Counted again by our staff').waitFor()

			// The text the count was made of, part by part, opened from the keyboard; the whole as a .txt.
			await quoted.getByText('Show the text we counted').focus()
			await customerQuote.keyboard.press('Enter')
			const counted = quoted.locator('[data-controller="counted-text"]')
			await counted
				.getByRole('region', { name: 'Body text' })
				.getByText(/Oversættelse af kontrakter/)
				.waitFor()
			expect(await counted.getByRole('region', { name: 'Hidden sheets' }).textContent()).toBe(
				'Denne fane er skjult for kunden',
			)
			expect(await counted.getByRole('region', { name: 'Comments' }).textContent()).toContain('Husk at tjekke prisen')
			expect(await seriousAxeViolations(customerQuote)).toEqual([])
			const textPath = (await counted
				.getByRole('link', { name: /Download the whole counted text/ })
				.getAttribute('href'))!
			expect(textPath).toMatch(/^\/quotes\/[\w-]{32}\/documents\/[\w-]{36}\/text\?lang=en$/)
			const download = await fetch(session.server.url + textPath)
			expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8')
			expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''prisliste.xlsx.counted.txt")
			expect(await download.text()).toContain('Body text\n=========\n\nOversættelse af kontrakter\n1350')
			// In Danish when asked for: its name and the parts' names.
			const danish = await fetch(session.server.url + textPath.replace('lang=en', 'lang=da'))
			expect(danish.headers.get('content-disposition')).toContain("filename*=UTF-8''prisliste.xlsx.optalt.txt")
			expect(await danish.text()).toContain('Skjulte ark\n===========\n\nDenne fane er skjult for kunden')
			// Only a document of this quote: another quote's key does not open it.
			const otherQuote = textPath.replace(/^\/quotes\/[\w-]{32}/, `/quotes/${'x'.repeat(32)}`)
			expect((await fetch(session.server.url + otherQuote)).status).toBe(404)

			// Its PDF lists the parts too.
			const pdfPath = await customerQuote.getByRole('link', { name: 'Download the quote as PDF' }).getAttribute('href')
			const bytes = new Uint8Array(await (await fetch(session.server.url + pdfPath)).arrayBuffer())
			const { extractText, getDocumentProxy } = await import('unpdf')
			const { text } = await extractText(await getDocumentProxy(bytes, { verbosity: 0 }), { mergePages: true })
			expect(text).toContain('Hidden sheets: 6 words')
			expect(text).toContain('Comments: 8 words (not in the price: we translate comments only if you ask us to)')
			expect(text).toContain('Counted again by our staff')
		},
	)
})
