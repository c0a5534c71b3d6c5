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

const CONTRACT = 'This agreement is made between the parties named below and takes effect on signature. '.repeat(20)
const TRANSLATION = 'Denne aftale indgås mellem parterne nedenfor og træder i kraft ved underskrift.\n'.repeat(20)

describe('from accepted quote to delivered translation', () => {
	test(
		'the customer accepts a quote; staff assign, upload and deliver; the open order page follows live and the file downloads',
		{ timeout: 120_000 + CLEAR_OF_MIDNIGHT_MS },
		async () => {
			await clearOfMidnightInDenmark()
			// The customer uploads, prices and saves a quote.
			const page = await session.open('/en/order')
			await page
				.getByLabel('Choose documents')
				.setInputFiles([{ name: 'agreement.txt', mimeType: 'text/plain', buffer: Buffer.from(CONTRACT) }])
			const quote = page.getByRole('region', { name: 'Your quote' })
			await quote.getByLabel('From').selectOption({ label: 'English' })
			await quote.getByLabel('To').selectOption({ label: 'Danish' })
			await quote.getByText(/^280 words at/).waitFor({ timeout: 20_000 })
			await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
			await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
			const total = (await page.getByRole('row', { name: /^Total incl\. VAT/ }).textContent())!
				.replace('Total incl. VAT', '')
				.replace(/\s+/g, ' ')
				.trim()

			// Accept and order: a refusal keeps what was typed; then the order page.
			await page.getByRole('link', { name: 'Accept and order' }).click()
			await page.getByRole('heading', { level: 1, name: 'Accept and order' }).waitFor()
			await page.getByText(/We start on the first working day after your order and deliver by/).waitFor()
			expect(await seriousAxeViolations(page)).toEqual([])
			const form = page.locator('[data-controller="accept-order"]')
			await form.getByLabel('Name').fill('Karen Blixen')
			await form.getByLabel('Email').fill('karen@example.dk')
			await form.getByLabel(/Your order or requisition number/).fill('PO-1937')
			await form.getByRole('button', { name: 'Accept and order' }).click()
			const refused = page.getByRole('alert').filter({ hasText: 'The order was not sent.' })
			await refused.waitFor()
			expect(await refused.textContent()).toContain('Please accept the terms of business to order.')
			expect(await form.getByLabel('Name').inputValue()).toBe('Karen Blixen')
			page.problems = page.problems.filter((problem) => !problem.includes('422'))
			await form.getByLabel(/I accept the terms of business/).check()
			await form.getByRole('button', { name: 'Accept and order' }).click()
			await page.waitForURL(/\/en\/orders\/[\w-]{32}$/)
			const heading = page.getByRole('heading', { level: 1, name: /^Order [0-9A-Z]{4}-[0-9A-Z]{4}$/ })
			await heading.waitFor()
			const reference = (await heading.textContent())!.replace('Order ', '')
			const status = page.locator('[data-status]')
			expect(await status.textContent()).toBe('Received')
			expect(
				(await page.getByRole('row', { name: /^Total incl\. VAT/ }).textContent())!.replace(/\s+/g, ' '),
			).toContain(total)
			expect(await seriousAxeViolations(page)).toEqual([])
			const orderUrl = new URL(page.url()).pathname

			// Staff find it by due date, assign a translator, upload the translation and deliver.
			const admin = await logInAt(session, '/admin/orders')
			await admin.getByRole('link', { name: reference }).click()
			await admin.getByRole('heading', { level: 1, name: new RegExp(`Order ${reference}`) }).waitFor()
			const translator = admin.getByLabel('Assign')
			const firstTranslator = await translator.locator('option').nth(1).getAttribute('value')
			await translator.selectOption(firstTranslator!)
			await admin.getByRole('button', { name: 'Save translator' }).click()
			await admin.getByText('The translator is saved.').waitFor()
			// A colleague's note shows on this open page at once, and this page's message stays.
			const colleague = await logInAt(session, new URL(admin.url()).pathname)
			await colleague.getByLabel('Note', { exact: true }).fill('Glossary from the customer is in the shared folder')
			await colleague.getByRole('button', { name: 'Add note' }).click()
			await colleague.getByText('The note is added.').waitFor()
			await admin.getByText(/Glossary from the customer is in the shared folder/).waitFor()
			expect(await admin.getByText('The translator is saved.').count()).toBe(1)
			await admin.getByLabel('New status').selectOption({ label: 'In progress' })
			await admin.getByRole('button', { name: 'Change status' }).click()
			await admin.getByText('The status is changed.').waitFor()
			await status.filter({ hasText: 'In progress' }).waitFor()

			await admin
				.getByLabel('Upload a translated file')
				.setInputFiles([{ name: 'aftale.txt', mimeType: 'text/plain', buffer: Buffer.from(TRANSLATION) }])
			await admin.getByRole('button', { name: 'Upload', exact: true }).click()
			await admin.getByText('aftale.txt is uploaded.').waitFor()
			// Not delivered yet: the customer sees no file.
			expect(await page.getByRole('link', { name: 'aftale.txt' }).count()).toBe(0)
			await admin.getByLabel('New status').selectOption({ label: 'Delivered' })
			await admin.getByRole('button', { name: 'Change status' }).click()
			await admin.getByText('The status is changed.').waitFor()
			await admin.getByText(/^Invoice \d+/).waitFor()

			// The customer's open page changed by itself, and the file downloads.
			await status.filter({ hasText: 'Delivered' }).waitFor()
			const link = page.getByRole('link', { name: 'aftale.txt' })
			await link.waitFor()
			const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
			const saved = await download.path()
			const { readFileSync } = await import('node:fs')
			expect(readFileSync(saved, 'utf8')).toBe(TRANSLATION)
			// Staff's open page shows the download, and they can send the delivery mail again.
			await admin.getByText(/^Downloaded by the customer once, /).waitFor()
			await admin.getByRole('button', { name: 'Send the delivery e-mail again' }).click()
			await admin.getByText('The delivery e-mail is sent.').waitFor()
			expect(await admin.getByText('delivery e-mail sent to karen@example.dk').count()).toBe(2)
			// The customer's page, loaded afresh, has no trace of the staff-only mail record.
			await page.reload()
			await status.filter({ hasText: 'Delivered' }).waitFor()
			expect(await page.getByText('karen@example.dk').count()).toBe(0)

			// The invoice's PDF says what was quoted, with the customer's reference.
			const pdfHref = await admin.getByRole('link', { name: 'PDF' }).getAttribute('href')
			const pdf = await admin.request.get(pdfHref!)
			expect(pdf.headers()['content-type']).toBe('application/pdf')
			const { extractText, getDocumentProxy } = await import('unpdf')
			const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body()), { verbosity: 0 }), {
				mergePages: true,
			})
			expect(text).toMatch(/Invoice \d+/)
			expect(text).toContain('Your reference: PO-1937')
			expect(text).toContain('Karen Blixen')
			expect(text.replace(/\s/g, ' ')).toContain(`Total incl. VAT ${total}`)
			expect(text).toContain('Tolk Oversættelser ApS')
			expect(text).toContain('IBAN DK5030000012345678')

			// Another visitor without the link finds nothing; the file needs the order's key too.
			const stranger = await session.open()
			const guessed = await stranger.goto(orderUrl.replace(/[\w-]{32}$/, 'A'.repeat(32)))
			expect(guessed!.status()).toBe(404)
			const fileHref = (await link.getAttribute('href'))!
			const wrongKey = await stranger.request.get(
				session.server.url + fileHref.replace(/orders\/[\w-]{32}/, `orders/${'B'.repeat(32)}`),
			)
			expect(wrongKey.status()).toBe(404)
			stranger.problems = stranger.problems.filter((problem) => !problem.includes('404'))
		},
	)

	// PGlite belongs to the server process alone, so the quote is aged on PostgreSQL; the model's
	// test refuses an expired quote on both databases.
	test.runIf(process.env.DATABASE_URL)(
		'an expired quote cannot be accepted and offers a fresh one',
		{ timeout: 60_000 },
		async () => {
			const page = await savedQuotePage(
				{ name: 'letter.txt', mimeType: 'text/plain', buffer: Buffer.from('A short letter to translate. '.repeat(10)) },
				/^50 words at/,
			)
			const id = new URL(page.url()).pathname.split('/').at(-1)!
			const { default: pg } = await import('pg')
			const client = new pg.Client({ connectionString: session.server.database.databaseUrl })
			await client.connect()
			await client.query(
				`update quotes set valid_until = to_char(now() - interval '2 days', 'YYYY-MM-DD') where id = $1`,
				[id],
			)
			await client.end()
			await page.getByRole('link', { name: 'Accept and order' }).click()
			await page.getByText(/This quote expired on .* and can no longer be accepted/).waitFor()
			expect(await page.locator('[data-controller="accept-order"]').count()).toBe(0)
			await page.getByRole('link', { name: 'Get a fresh quote' }).click()
			await page.waitForURL((url) => url.pathname === '/en/order')
		},
	)

	test(
		'a quote with a document still waiting for a person cannot be accepted yet, and says why',
		{ timeout: 60_000 },
		async () => {
			const { default: sharp } = await import('sharp')
			const scan = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
				.png()
				.toBuffer()
			const page = await savedQuotePage({ name: 'scan.png', mimeType: 'image/png', buffer: scan }, /Manual quote/)
			await page.getByRole('link', { name: 'Accept and order' }).click()
			await page.getByText('Part of this quote is still waiting for a price from us.', { exact: false }).waitFor()
			expect(await page.locator('[data-controller="accept-order"]').count()).toBe(0)
			expect(await seriousAxeViolations(page)).toEqual([])
		},
	)
})

// A visitor's saved quote for one uploaded file, English to Danish.
async function savedQuotePage(file: { name: string; mimeType: string; buffer: Buffer }, counted: RegExp) {
	const page = await session.open('/en/order')
	await page.getByLabel('Choose documents').setInputFiles([file])
	const quote = page.getByRole('region', { name: 'Your quote' })
	// The quote's lines show once both languages are chosen (before, a "from" price).
	await quote.getByLabel('From').selectOption({ label: 'English' })
	await quote.getByLabel('To').selectOption({ label: 'Danish' })
	await quote.getByText(counted).first().waitFor({ timeout: 20_000 })
	await quote.getByRole('button', { name: 'Save the quote and get a link' }).click()
	await page.waitForURL(/\/en\/quote\/[\w-]{32}$/)
	return page
}
