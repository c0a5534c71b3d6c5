import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { zipSync } from 'fflate'
import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { textOf, visit, type Visitor } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'
import { postFile } from '#tests/setup/upload.ts'

const server = setupServerTests(ADMIN_ENV)
let visitor: Visitor
beforeAll(async () => {
	visitor = await visit(server.url, '/en/order')
})

const upload = (name: string, content: Uint8Array | string, path = '/en/order/documents') =>
	postFile(visitor, path, name, content)

type DocumentJson = {
	id: string
	name: string
	size: number
	status: string
	url: string
	words: number | null
	manual_reason: string | null
}

async function analysed(url: string): Promise<DocumentJson> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const { document } = (await (await fetch(server.url + url)).json()) as { document: DocumentJson }
		if (document.status !== 'pending') return document
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${url} was never analysed`)
}

describe('where documents are kept', () => {
	test('DATA_DIR, documents and mail are the site user’s alone: folders 700, files 600', async () => {
		const response = await upload('private.txt', 'Fortrolig kontrakt mellem parterne.')
		expect(response.status).toBe(201)
		const { document } = (await response.json()) as { document: DocumentJson }
		await analysed(document.url)
		const dataDir = server.database.dataDir
		const modeOf = (file: string) => statSync(file).mode & 0o777
		expect(modeOf(dataDir)).toBe(0o700)
		const documents = path.join(dataDir, 'documents')
		expect(modeOf(documents)).toBe(0o700)
		const stored = readdirSync(documents, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
		expect(stored.length).toBeGreaterThan(0)
		for (const entry of stored) expect(modeOf(path.join(entry.parentPath, entry.name)), entry.name).toBe(0o600)
		// A sign-in link goes to the mail folder (no SMTP here): the mail is as private.
		const signIn = await visit(server.url, '/en/account/sign-in')
		expect(
			(
				await signIn.get('/en/account/sign-in', {
					method: 'POST',
					body: new URLSearchParams({ authenticity_token: signIn.csrfToken, email: 'private@example.dk' }),
				})
			).status,
		).toBe(200)
		const mailDir = path.join(dataDir, 'mail')
		await expect.poll(() => readdirSync(mailDir).length).toBeGreaterThan(0)
		expect(modeOf(mailDir)).toBe(0o700)
		for (const name of readdirSync(mailDir)) expect(modeOf(path.join(mailDir, name)), name).toBe(0o600)
	})
})

describe('uploading a document', () => {
	test('answers {document} at once, and its address answers the word count once the background analysis is done', async () => {
		const text = 'Kontrakten er underskrevet af begge parter. Den træder i kraft den 1. januar 2027.'
		const response = await upload('kontrakt.txt', text)
		expect(response.status).toBe(201)
		const { document } = (await response.json()) as { document: DocumentJson }
		expect(document).toMatchObject({
			name: 'kontrakt.txt',
			size: Buffer.byteLength(text),
			status: 'pending',
			url: `/documents/${document.id}`,
		})
		expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('tolk_order='))).toBe(true)
		expect(await analysed(document.url)).toMatchObject({ status: 'counted', words: 14 })
	})

	test('refuses types outside the list, and content that is not what its name says, in the page language', async () => {
		const exe = await upload('setup.exe', 'MZ')
		expect(exe.status).toBe(415)
		expect(await exe.json()).toEqual({ error: "You can't upload files of this type." })
		const renamed = await upload(
			'faktura.pdf',
			Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(1024)]),
			'/bestil/dokumenter',
		)
		expect(renamed.status).toBe(422)
		expect(await renamed.json()).toEqual({ error: 'Filens indhold passer ikke til dens filtype.' })
	})

	test('a zip bomb named .docx is refused from its own directory, never inflated', async () => {
		const bomb = zipSync({ 'word/document.xml': new Uint8Array(300 * 1024 * 1024) }, { level: 9 })
		const response = await upload('bomb.docx', bomb)
		expect(response.status).toBe(422)
		expect(await response.json()).toEqual({ error: 'The file unpacks to far more than its size and cannot be taken.' })
	})

	test('a file over the limit is refused from its declared size, with the sizes in the message, and memory stays flat', async () => {
		const admin = await logIn(server.url)
		const form = await (await admin.get('/admin/settings')).text()
		const values = Object.fromEntries(
			[...form.matchAll(/name="(\w+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
		)
		expect((await admin.post('/admin/settings', { ...values, uploadLimitMib: '100' })).status).toBe(302)

		const rssBefore = rss(server.process.pid!)
		const size = 150 * 1024 * 1024
		let sent = 0
		const body = new Readable({
			read() {
				if (sent >= size) return this.push(null)
				const chunk = Buffer.alloc(Math.min(1024 * 1024, size - sent))
				sent += chunk.length
				this.push(chunk)
			},
		})
		const boundary = 'tolkboundary'
		const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stor.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
		const tail = `\r\n--${boundary}--\r\n`
		const response = await fetch(`${server.url}/en/order/documents`, {
			method: 'POST',
			duplex: 'half',
			body: Readable.toWeb(
				Readable.from(
					(async function* () {
						yield Buffer.from(head)
						yield* body
						yield Buffer.from(tail)
					})(),
				),
			) as ReadableStream,
			headers: {
				cookie: visitor.cookie,
				'x-csrf-token': visitor.csrfToken,
				accept: 'application/json',
				'content-type': `multipart/form-data; boundary=${boundary}`,
				'content-length': String(head.length + size + tail.length),
			},
		} as RequestInit)
		expect(response.status).toBe(413)
		expect(await response.json()).toEqual({ error: 'File is too big (150MiB). Max filesize: 100MiB.' })
		// Holding the 150 MiB anywhere would show; the margin is for the collector's timing.
		expect(rss(server.process.pid!) - rssBefore).toBeLessThan(100 * 1024 * 1024)
	})

	test('a crafted run of 300,000 letters and a megabyte of Chinese are counted, and the site answers meanwhile', async () => {
		const letters = (await (await upload('crafted.txt', 'a'.repeat(300_000))).json()) as { document: DocumentJson }
		const chinese = (await (await upload('合同.txt', '我们翻译文件和合同'.repeat(38_837))).json()) as {
			document: DocumentJson
		}
		const pages = await Promise.all([fetch(`${server.url}/en`), fetch(`${server.url}/businesses?query=holding`)])
		expect(pages.map((page) => page.status)).toEqual([200, 200])
		expect(await analysed(letters.document.url)).toMatchObject({ status: 'counted', words: 1 })
		expect(await analysed(chinese.document.url)).toMatchObject({ status: 'counted', words: 38_837 * 9 })
	})

	test('a document that does not exist is a 404', async () => {
		expect((await fetch(`${server.url}/documents/00000000-0000-0000-0000-000000000000`)).status).toBe(404)
		expect((await fetch(`${server.url}/documents/..%2F..%2Fsecret_key`)).status).toBe(404)
	})
})

function rss(pid: number): number {
	return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
}

describe('a saved quote', () => {
	let draftCookie = ''

	test('has its own page behind an unguessable link, and a PDF in the customer’s language', async () => {
		const response = await upload('brev.txt', 'Dear customer, thank you for your order. We will deliver on time.')
		const { document } = (await response.json()) as { document: DocumentJson }
		await analysed(document.url)
		// The documents belong to the order in progress named by this cookie.
		draftCookie = `${visitor.cookie}; ${
			response.headers
				.getSetCookie()
				.find((cookie) => cookie.startsWith('tolk_order='))!
				.split(';')[0]
		}`
		const saved = await visitor.get('/en/order', {
			method: 'POST',
			headers: { cookie: draftCookie },
			body: new URLSearchParams({
				authenticity_token: visitor.csrfToken,
				intent: 'save-quote',
				from_language: 'en',
				to_language: 'da',
				delivery_date: '',
				copies: '2',
			}),
		})
		expect(saved.status).toBe(302)
		const location = saved.headers.get('location')!
		expect(location).toMatch(/^\/en\/quote\/[\w-]{32}$/)

		const page = await fetch(server.url + location)
		expect(page.headers.get('x-robots-tag')).toBe('noindex')
		const text = (await page.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
		expect(text).toContain('English → Danish')
		expect(text).toContain('brev.txt')
		expect(text).toContain('2 certified copies')
		expect(text).toMatch(/Total incl\. VAT DKK [\d,.]+/)

		const id = location.split('/').at(-1)
		const pdf = await fetch(`${server.url}/quotes/${id}/pdf?lang=da`)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		const bytes = new Uint8Array(await pdf.arrayBuffer())
		expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
		const { extractText, getDocumentProxy } = await import('unpdf')
		const { text: pdfText } = await extractText(await getDocumentProxy(bytes, { verbosity: 0 }), { mergePages: true })
		expect(pdfText).toContain('Tilbud')
		expect(pdfText).toContain('I alt med moms')
		expect(pdfText).toContain('2 certificerede kopier')
	})

	test('is refused without documents, with the same language twice or too early, and the order page says why and keeps everything typed', async () => {
		const stranger = await visit(server.url, '/en/order')
		const none = await stranger.get('/en/order', {
			method: 'POST',
			body: new URLSearchParams({ authenticity_token: stranger.csrfToken, intent: 'save-quote', name: 'Ada' }),
		})
		expect(none.status).toBe(422)
		const noneText = textOf(await none.text())
		expect(noneText).toContain('Upload at least one document first.')
		expect(noneText).not.toContain('Quote DKK')

		const save = (fields: Record<string, string>) =>
			visitor.get('/en/order', {
				method: 'POST',
				headers: { cookie: draftCookie },
				body: new URLSearchParams({
					authenticity_token: visitor.csrfToken,
					intent: 'save-quote',
					name: 'Karen Blixen',
					message: 'By Friday, please.',
					copies: '3',
					...fields,
				}),
			})
		const same = await save({ from_language: 'da', to_language: 'da' })
		expect(same.status).toBe(422)
		const sameHtml = await same.text()
		expect(textOf(sameHtml)).toContain('The quote was not saved. Choose two different languages.')
		expect(sameHtml).toMatch(/<select[^>]*id="request-to-language"[^>]*aria-invalid="true"/)
		// Nothing typed is lost: the choices and the request form's fields come back as sent.
		expect(sameHtml).toMatch(/<option value="da" selected="">Danish<\/option>/)
		expect(sameHtml).toMatch(/<input[^>]*name="copies"[^>]*value="3"/)
		expect(sameHtml).toMatch(/<input[^>]*id="request-name"[^>]*value="Karen Blixen"/)
		expect(sameHtml).toContain('By Friday, please.</textarea>')

		const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10)
		const early = await save({ from_language: 'en', to_language: 'da', delivery_date: yesterday })
		expect(early.status).toBe(422)
		expect(textOf(await early.text())).toContain('We cannot deliver that soon. Choose a later date.')
		const unknown = await save({ from_language: 'xx', to_language: 'da' })
		expect(textOf(await unknown.text())).toContain('Choose a language from the list.')
		// A date that is no day at all is a mistake to correct, not a server error.
		for (const delivery_date of ['soon', '2031-02-30']) {
			const malformed = await save({ from_language: 'en', to_language: 'da', delivery_date })
			expect(malformed.status, delivery_date).toBe(422)
			expect(textOf(await malformed.text())).toContain('Choose a date in the calendar.')
		}
		expect((await fetch(`${server.url}/en/quote/${'x'.repeat(32)}`)).status).toBe(404)
	})
})
