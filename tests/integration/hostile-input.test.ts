import { readdirSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { visit } from '#tests/setup/http.ts'
import { setupServerTests } from '#tests/setup/server.ts'
import { setupSmtpPeer, waitForMail } from '#tests/setup/smtp.ts'

// What a probe of the running site sent, each a clear refusal or harmless, never a 500.
const smtp = setupSmtpPeer()
const server = setupServerTests(() => ({
	...ADMIN_ENV,
	...smtp.env,
	TRUST_PROXY: 'true',
	UPLOAD_FILES_PER_HOUR: '6',
	UPLOAD_FILES_PER_ORDER: '4',
}))

const serverErrors = () =>
	server
		.logs()
		.split('\n')
		.filter((line) => /"level":(50|60)/.test(line))

// A raw request, so the test decides every header (fetch would refuse some) and can stream a body.
function raw(
	method: string,
	path: string,
	headers: Record<string, string | number>,
	body?: Buffer | (() => AsyncGenerator<Buffer>),
) {
	const { port } = new URL(server.url)
	return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
		const call = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
			let text = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (text += chunk))
			response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }))
		})
		// The server may answer and close before the whole body is sent: that is the point.
		call.on('error', (error: NodeJS.ErrnoException) =>
			error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
		)
		if (typeof body === 'function') {
			void (async () => {
				for await (const chunk of body())
					if (!call.write(chunk)) await new Promise((resolve) => call.once('drain', resolve))
				call.end()
			})().catch(() => {})
		} else call.end(body)
	})
}

async function* megabytes(count: number) {
	const chunk = Buffer.alloc(1024 * 1024, 'x')
	for (let n = 0; n < count; n++) yield chunk
}

describe('bodies have a size limit by route', () => {
	test('a 64 MiB multipart field to the contact form is a 413 before it is read, in the page language', async () => {
		const visitor = await visit(server.url, '/en/contact')
		const boundary = 'probe'
		const head = Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="authenticity_token"\r\n\r\n${visitor.csrfToken}\r\n--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`,
		)
		const headers = {
			cookie: visitor.cookie,
			'content-type': `multipart/form-data; boundary=${boundary}`,
			'transfer-encoding': 'chunked',
			accept: 'text/html',
		}
		const answer = await raw('POST', '/en/contact', headers, async function* () {
			yield head
			yield* megabytes(64)
		})
		expect(answer.status).toBe(413)
		expect(answer.headers.connection).toBe('close')
		expect(answer.text).toContain('What was sent is too large')
		const { 'transfer-encoding': _chunked, ...declared } = headers
		const danish = await raw('POST', '/kontakt', { ...declared, 'content-length': 300 * 1024 * 1024 }, Buffer.alloc(0))
		expect(danish.status).toBe(413)
		expect(danish.text).toContain('Det sendte er for stort')
	})

	test('a 32 MiB JSON body to the analytics endpoint is a 413 in JSON', async () => {
		const visitor = await visit(server.url, '/en')
		const answer = await raw(
			'POST',
			'/analytics/events',
			{
				cookie: visitor.cookie,
				'x-csrf-token': visitor.csrfToken,
				'content-type': 'application/json',
				accept: 'application/json',
				'transfer-encoding': 'chunked',
			},
			() => megabytes(32),
		)
		expect(answer.status).toBe(413)
		expect(JSON.parse(answer.text)).toEqual({
			error: 'Det sendte er for stort. Gør teksten kortere, og send den igen.',
		})
	})

	test('ordinary forms and uploads above the form limit still get through', async () => {
		const staff = await logIn(server.url)
		// Two answers near their 50,000 characters, Danish letters each six bytes once encoded: over 400 KB.
		const body = `<p>${'æøå '.repeat(11_000)}</p>`
		const saved = await staff.post('/admin/faq/new', {
			questionDa: 'Lang?',
			questionEn: 'Long?',
			answerDa: body,
			answerEn: body,
		})
		expect(saved.status).toBe(302)
		const upload = await customer('/en/order', '198.51.100.200')
		expect((await upload('stor.txt', 'ord '.repeat(200_000))).status).toBe(201)
		expect(serverErrors()).toEqual([])
	})
})

// A customer on the order page: keeps the order's cookie once the first upload sets it.
async function customer(page: string, from: string) {
	const visitor = await visit(server.url, page)
	let cookie = visitor.cookie
	const uploadPath = page === '/bestil' ? '/bestil/dokumenter' : '/en/order/documents'
	const scripted = () => ({
		cookie,
		'x-csrf-token': visitor.csrfToken,
		accept: 'application/json',
		'x-requested-with': 'XMLHttpRequest',
		'x-forwarded-for': from,
	})
	const upload = async (name: string, content: string, filenameStar?: string) => {
		const headers = {
			cookie,
			'x-csrf-token': visitor.csrfToken,
			accept: 'application/json',
			'x-requested-with': 'XMLHttpRequest',
			'x-forwarded-for': from,
		}
		let body: FormData | string
		if (filenameStar) {
			const boundary = 'name-probe'
			body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${filenameStar}\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`
			Object.assign(headers, { 'content-type': `multipart/form-data; boundary=${boundary}` })
		} else {
			body = new FormData()
			body.append('file', new Blob([content]), name)
		}
		const response = await fetch(server.url + uploadPath, { method: 'POST', body, headers })
		const order = response.headers.getSetCookie().find((header) => header.startsWith('tolk_order='))
		if (order) cookie = `${cookie}; ${order.split(';')[0]}`
		return {
			status: response.status,
			json: (await response.json()) as { error?: string; document?: { id: string; name: string } },
		}
	}
	// Takes a file out of the order again, as the page's Remove button does.
	const remove = async (id: string) =>
		(await fetch(`${server.url}/documents/${id}`, { method: 'DELETE', headers: scripted() })).status
	return Object.assign(upload, { remove })
}

describe('uploads have a quota', () => {
	test('per order and per address per hour, refused in the spec’s words and the page language', async () => {
		const upload = await customer('/en/order', '198.51.100.10')
		const first = []
		for (let n = 0; n < 5; n++) first.push(await upload(`brev-${n}.txt`, 'Et kort brev.'))
		expect(first.map(({ status }) => status)).toEqual([201, 201, 201, 201, 429])
		// Which limit, and the way round it: remove a file, or mail the documents.
		expect(first[4]!.json).toEqual({
			error:
				'You can not upload any more files. This order holds as many files as one order can. Remove a file you do not need – or mail your documents to kontakt@tolk.example.',
		})

		// A new order from the same address: two more files fill the address's hour.
		const again = await customer('/bestil', '198.51.100.10')
		const more = []
		const before = Date.now()
		for (let n = 0; n < 3; n++) more.push(await again(`igen-${n}.txt`, 'Et brev.'))
		expect(more.map(({ status }) => status)).toEqual([201, 201, 429])
		// The address's hour opens again an hour after its first upload, said in Copenhagen's time.
		const opens = new Intl.DateTimeFormat('da-DK', { timeStyle: 'short', timeZone: 'Europe/Copenhagen' })
		const times = [-60_000, 0, 60_000].map((skew) => opens.format(new Date(before + skew + 3_600_000)))
		const error = more[2]!.json.error!
		expect(error).toMatch(
			/^Du kan ikke uploade flere filer\. Du har uploadet så mange filer, som vi tager imod fra én forbindelse på en time\. Du kan uploade igen kl\. \d\d[.:]\d\d – eller sende dine dokumenter til kontakt@tolk\.example\.$/,
		)
		expect(times.some((time) => error.includes(`kl. ${time} `))).toBe(true)
	})
})

describe('a wrong file can be taken out', () => {
	test('by its uploader only: the row and the stored file go, and the order has room again', async () => {
		const upload = await customer('/en/order', '198.51.100.30')
		const ids = []
		for (let n = 0; n < 4; n++) ids.push((await upload(`brev-${n}.txt`, `Brev nummer ${n}.`)).json.document!.id)
		expect((await upload('one-too-many.txt', 'Et brev.')).status).toBe(429)
		const stored = (id: string) =>
			readdirSync(path.join(server.database.dataDir, 'documents')).filter((name) => name.startsWith(id))
		// The file itself (and, once it is counted, its sentences beside it).
		expect(stored(ids[0]!)).toContain(`${ids[0]}.txt`)

		const stranger = await customer('/en/order', '198.51.100.31')
		expect(await stranger.remove(ids[0]!)).toBe(404)
		expect(await upload.remove(ids[0]!)).toBe(200)
		expect(stored(ids[0]!)).toEqual([])
		expect((await fetch(`${server.url}/documents/${ids[0]}`)).status).toBe(404)
		expect(await upload.remove(ids[0]!)).toBe(404)
		expect((await upload('the-right-one.txt', 'Det rigtige brev.')).status).toBe(201)
		expect(serverErrors()).toEqual([])
	})
})

describe('file names', () => {
	test('a NUL in a file name is dropped and the upload is stored, row and file, rather than a 500', async () => {
		const upload = await customer('/en/order', '198.51.100.20')
		const response = await upload('', 'Et brev.', 'orphan%00.txt')
		expect(response.status).toBe(201)
		const document = response.json.document!
		expect(document.name).toBe('orphan.txt')
		const stored = readdirSync(path.join(server.database.dataDir, 'documents')).filter((name) =>
			name.startsWith(document.id),
		)
		expect(stored).toContain(`${document.id}.txt`)
		expect(serverErrors()).toEqual([])
	})
})

describe('methods and headers', () => {
	test('TRACE and WebDAV verbs get 405 and 501, and a Referer or Host that is no address is ignored', async () => {
		expect((await raw('TRACE', '/en', {})).status).toBe(405)
		expect((await raw('PROPFIND', '/en', {})).status).toBe(501)
		const options = await raw('OPTIONS', '/en', {})
		expect([options.status, options.headers.allow]).toEqual([204, 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'])
		const visitor = await visit(server.url, '/en/faq')
		const dismissed = await raw('POST', '/banner', {
			cookie: visitor.cookie,
			'x-csrf-token': visitor.csrfToken,
			referer: '::bad',
			'content-length': 0,
		})
		expect(dismissed.status).toBe(302)
		expect(dismissed.headers.location).toBe('/')
		expect((await raw('GET', '/en/faq', { host: '::bad' })).status).toBe(200)
		expect(serverErrors()).toEqual([])
	})
})

describe('mail links', () => {
	test('name the configured address, not the Host the request came with', async () => {
		const before = smtp.messages.length
		const visitor = await visit(server.url, '/en/contact')
		const sent = await raw(
			'POST',
			'/en/contact',
			{
				host: 'evil.example',
				cookie: visitor.cookie,
				'content-type': 'application/x-www-form-urlencoded',
				'x-forwarded-for': '198.51.100.30',
			},
			Buffer.from(
				new URLSearchParams({
					authenticity_token: visitor.csrfToken,
					name: 'Karen Blixen',
					email: 'karen@rungstedlund.dk',
					message: 'Please translate.',
					consent: 'on',
				}).toString(),
			),
		)
		expect(sent.status).toBe(200)
		const mails = (await waitForMail(smtp, before + 2)).slice(before)
		const toAgency = mails.find((mail) => mail.to.includes('kontakt@tolk.example'))!
		expect(toAgency.text).toMatch(new RegExp(`${server.publicUrl}/admin/requests/\\d+`))
		expect(mails.map((mail) => mail.text).join('\n')).not.toContain('evil.example')
	})
})
