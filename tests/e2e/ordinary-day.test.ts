import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import { CLEAR_OF_MIDNIGHT_MS, clearOfMidnightInDenmark, logInAt, setupBrowserTests } from '#tests/setup/browser.ts'
import { setupSmtpPeer, waitForMail } from '#tests/setup/smtp.ts'

const smtp = setupSmtpPeer()
const session = setupBrowserTests(Object.assign(smtp.env, ADMIN_ENV))

const LETTER = 'Dear customer, thank you for your letter of the tenth. We reply below. '.repeat(10)
const WRONG = 'This file was chosen by mistake and must not be translated. '.repeat(5)

describe('an ordinary day with an order', () => {
	test(
		'the customer takes out a wrong file; the project manager downloads the document, moves the order on with a message the customer reads and gets by mail, and cancelling must be confirmed',
		{ timeout: 120_000 + CLEAR_OF_MIDNIGHT_MS },
		async () => {
			await clearOfMidnightInDenmark()
			const page = await session.open('/en/order')
			await page.getByLabel('Choose documents').setInputFiles([
				{ name: 'letter.txt', mimeType: 'text/plain', buffer: Buffer.from(LETTER) },
				{ name: 'wrong-file.txt', mimeType: 'text/plain', buffer: Buffer.from(WRONG) },
			])
			const files = page.getByRole('list', { name: 'Your documents' })
			await files.getByRole('button', { name: 'Remove wrong-file.txt' }).click()
			await expect.poll(() => files.getByRole('listitem').count()).toBe(1)
			const quote = page.getByRole('region', { name: 'Your quote' })
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByText(/^130 words at/).waitFor({ timeout: 20_000 })
			expect(await quote.getByText('wrong-file.txt').count()).toBe(0)
			// Gone for good: a reload does not bring it back.
			await page.reload()
			await files.getByRole('button', { name: 'Remove letter.txt' }).waitFor()
			expect(await page.getByText('wrong-file.txt').count()).toBe(0)

			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
			await page.getByRole('link', { name: 'Accept and order' }).click()
			const form = page.locator('[data-controller="accept-order"]')
			await form.getByLabel('Name').fill('Karen Blixen')
			await form.getByLabel('Email').fill('karen@example.dk')
			// A private person sees the price with VAT first; a business abroad, without Danish VAT.
			const pay = form.locator('[data-controller="price-to-pay"]')
			expect(await pay.locator('[data-price-private]').isVisible()).toBe(true)
			expect(await pay.locator('[data-price-private] [data-vat="incl"]').textContent()).toMatch(
				/^DKK\s[\d,.]+\s+incl\. VAT$/,
			)
			expect(await pay.locator('[data-price-company]').isVisible()).toBe(false)
			await form.getByLabel('My business is in another EU country').check()
			expect(await pay.locator('[data-price-foreign]').isVisible()).toBe(true)
			expect(await pay.locator('[data-price-private]').isVisible()).toBe(false)
			await form.getByLabel('My business is in another EU country').uncheck()
			await form.getByLabel(/I accept the terms of business/).check()
			await form.getByRole('button', { name: 'Accept and order' }).click()
			await page.waitForURL(/\/en\/orders\/[\w-]{32}$/)
			const heading = page.getByRole('heading', { level: 1, name: /^Order [0-9A-Z]{4}-[0-9A-Z]{4}$/ })
			const reference = (await heading.textContent())!.replace('Order ', '')
			const confirmation = (await waitForMail(smtp, 2)).find((mail) => mail.to.includes('karen@example.dk'))
			expect(confirmation!.text).toContain('What you ordered:')
			expect(confirmation!.text).toContain('letter.txt (130 words)')

			// The project manager opens the order and takes the customer's document for the translator.
			const admin = await logInAt(session, '/admin/orders')
			await admin.getByRole('link', { name: reference }).click()
			const documents = admin.getByRole('region', { name: "The customer's documents" })
			await documents.getByText('130 words').waitFor()
			const [download] = await Promise.all([
				admin.waitForEvent('download'),
				documents.getByRole('link', { name: 'letter.txt' }).click(),
			])
			expect(readFileSync(await download.path(), 'utf8')).toBe(LETTER)
			expect(download.suggestedFilename()).toBe('letter.txt')

			// The form says where the order is and offers the usual next step first.
			const status = admin.getByRole('region', { name: 'Status' })
			expect(await status.locator('[data-current-status]').textContent()).toBe('Received')
			const next = status.getByLabel('New status')
			expect(await next.inputValue()).toBe('in_progress')
			await status.getByLabel(/^Message to the customer/).fill('Your translator starts tomorrow morning.')
			await status.getByRole('button', { name: 'Change status' }).click()
			await admin.getByText('The status is changed.').waitFor()
			await status.locator('[data-current-status="in_progress"]').waitFor()
			expect(await status.getByLabel(/^Message to the customer/).inputValue()).toBe('')
			expect(await next.inputValue()).toBe('delivered')

			// The customer's open page shows the message, and it is in their mail.
			await page.getByText('Your translator starts tomorrow morning.').waitFor()
			const mails = await waitForMail(smtp, 3)
			const update = mails.find((mail) => mail.subject.includes('News about your order'))!
			expect(update.to).toEqual(['karen@example.dk'])
			expect(update.text).toContain('Status: In progress')
			expect(update.text).toContain('Your translator starts tomorrow morning.')

			// Cancelling asks first and says what it does; unconfirmed, nothing happens.
			await next.selectOption({ label: 'Cancelled' })
			const confirm = status.getByRole('checkbox', { name: /Yes, cancel the order/ })
			await confirm.waitFor()
			expect(await status.locator('[data-cancel-confirm]').textContent()).toContain('karen@example.dk')
			await status.getByRole('button', { name: 'Cancel the order' }).click()
			expect(await confirm.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true)
			expect(await status.locator('[data-current-status]').textContent()).toBe('In progress')
			await confirm.check()
			await status.getByRole('button', { name: 'Cancel the order' }).click()
			await status.locator('[data-current-status="cancelled"]').waitFor()
			await page.locator('[data-status="cancelled"]').waitFor()
		},
	)
})

describe('a certified translation', () => {
	test(
		'a photo of a birth certificate is priced at once per page, with the signed PDF and paper copies apart',
		{ timeout: 60_000 },
		async () => {
			const { default: sharp } = await import('sharp')
			const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#f4f1e8' } })
				.jpeg()
				.toBuffer()
			const page = await session.open('/en/order')
			await page
				.getByLabel('Choose documents')
				.setInputFiles([{ name: 'birth-certificate.jpg', mimeType: 'image/jpeg', buffer: photo }])
			const quote = page.getByRole('region', { name: 'Your quote' })
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByText('Manual quote').first().waitFor({ timeout: 20_000 })
			await quote.getByRole('checkbox', { name: 'Certified, priced per page' }).check()
			await quote.getByLabel('Pages in scans and pictures').fill('2')
			await quote.getByRole('checkbox', { name: /Also as a digitally signed PDF/ }).check()
			await quote.getByText('2 pages in scans and pictures at DKK 450.00').waitFor()
			const row = (name: RegExp) => quote.getByRole('row', { name })
			expect((await row(/^Total excl\. VAT/).textContent())!.replace(/\s+/g, ' ')).toContain('DKK 1,000.00')
			expect(await quote.getByText('Files with a manual quote').count()).toBe(0)
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
			await page.getByRole('heading', { level: 1, name: 'Quote' }).waitFor()
			expect(
				(await page.getByRole('row', { name: /^Total excl\. VAT/ }).textContent())!.replace(/\s+/g, ' '),
			).toContain('DKK 1,000.00')
			await page.getByRole('rowheader', { name: 'Digitally signed PDF' }).waitFor()
		},
	)
})
