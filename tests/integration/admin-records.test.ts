import { describe, expect, test } from 'vitest'
import { setupStaffServer } from '#tests/setup/admin.ts'
import { textOf, visit } from '#tests/setup/http.ts'

const session = setupStaffServer()

const PIXEL_PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
	'base64',
)

async function listText(resource: string) {
	return textOf(await (await session.admin.get(`/admin/${resource}`)).text())
}

async function idFromList(resource: string, label: string): Promise<number> {
	const html = await (await session.admin.get(`/admin/${resource}`)).text()
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	const match = new RegExp(`href="/admin/${resource}/(\\d+)"[^>]*>${escaped}<`).exec(html)
	if (!match) throw new Error(`"${label}" is not in /admin/${resource}`)
	return Number(match[1])
}

function flashOf(response: Response): string | undefined {
	return response.headers.getSetCookie().find((cookie) => cookie.startsWith('tolk_flash='))
}

type Case = {
	resource: string
	valid: Record<string, string | string[]>
	label: string
	invalid: Record<string, string>
	error: string
	edit: Record<string, string>
	// What the public site shows of the new record.
	shown?: { path: string; text: string }
}

const CASES: Case[] = [
	{
		resource: 'faq',
		valid: {
			questionDa: 'Kan I oversætte skøder?',
			questionEn: 'Can you translate deeds?',
			answerDa: '<p>Ja.</p>',
			answerEn: '<p>Yes.</p>',
		},
		label: 'Kan I oversætte skøder?',
		shown: { path: '/en/faq', text: 'Can you translate deeds? Yes.' },
		invalid: { questionDa: '', questionEn: 'Only English', answerDa: 'x', answerEn: 'y' },
		error: 'Skal udfyldes.',
		edit: { questionDa: 'Kan I oversætte tinglysningsdokumenter?' },
	},
	{
		resource: 'faq-categories',
		valid: { nameDa: 'Juridisk', nameEn: 'Legal' },
		label: 'Juridisk',
		invalid: { nameDa: 'Medicinsk', nameEn: '' },
		error: 'Skal udfyldes.',
		edit: { nameDa: 'Jura' },
	},
	{
		resource: 'team',
		valid: {
			name: 'Sofie Holm',
			titleDa: 'Translatør',
			titleEn: 'Translator',
			bioDa: '',
			bioEn: '',
			photoUrl: '',
			pairs: ['1-12', '12-1'],
		},
		label: 'Sofie Holm',
		shown: { path: '/en/about', text: 'Sofie Holm Translator Danish → Japanese Japanese → Danish' },
		invalid: { name: 'Ny', titleDa: 'x', titleEn: 'y', photoUrl: 'javascript:alert(1)' },
		error: 'Ugyldig værdi.',
		edit: { titleDa: 'Statsautoriseret translatør' },
	},
	{
		resource: 'languages',
		valid: { code: 'PT-BR', nameDa: 'Portugisisk (Brasilien)', nameEn: 'Portuguese (Brazil)', active: 'on' },
		label: 'pt-br',
		invalid: { code: 'portuguese!', nameDa: 'x', nameEn: 'y' },
		error: 'Skal være en sprogkode som da eller pt-br.',
		edit: { nameDa: 'Brasiliansk portugisisk' },
	},
	{
		resource: 'pages',
		valid: {
			titleDa: 'Vilkår',
			titleEn: 'Terms',
			slugDa: 'vilkaar-for-tolkning',
			slugEn: 'interpreting-terms',
			bodyDa: '<p>Vores vilkår.</p>',
			bodyEn: '<p>Our terms.</p>',
			published: 'on',
		},
		label: 'Vilkår',
		invalid: { titleDa: 'x', titleEn: 'y', slugDa: 'Med Mellemrum', slugEn: 'ok', bodyDa: 'x', bodyEn: 'y' },
		error: 'Kun små bogstaver, tal og bindestreger.',
		edit: { titleDa: 'Handelsbetingelser' },
	},
	{
		resource: 'users',
		valid: { name: 'Rikke Redaktør', email: 'rikke@tolk.example', role: 'editor', password: 'rikke-password-1' },
		label: 'Rikke Redaktør',
		invalid: { name: 'Kort', email: 'kort@tolk.example', role: 'editor', password: 'short' },
		error: 'Mindst 12 tegn.',
		edit: { name: 'Rikke R.', password: '' },
	},
]

describe.each(CASES)('$resource', ({ resource, valid, label, invalid, error, edit, shown }) => {
	test('is created, shown, edited and deleted, with a flash message and an audit entry each time', async () => {
		const created = await session.admin.post(`/admin/${resource}/new`, valid)
		expect(created.status).toBe(302)
		expect(created.headers.get('location')).toBe(`/admin/${resource}`)
		expect(flashOf(created)).toBeDefined()
		const id = await idFromList(resource, label)
		if (shown)
			expect(textOf(await (await fetch(session.server.url + shown.path)).text()).replace(/\s+/g, ' ')).toContain(
				shown.text,
			)

		const edited = await session.admin.post(`/admin/${resource}/${id}`, { ...valid, ...edit })
		expect(edited.status).toBe(302)
		const form = await (await session.admin.get(`/admin/${resource}/${id}`)).text()
		for (const value of Object.values(edit).filter((value) => value && !value.includes('password')))
			expect(form).toContain(value)
		if (valid.password) expect(form).not.toContain(valid.password)

		const deleted = await session.admin.get(`/admin/${resource}/${id}`, {
			method: 'DELETE',
			headers: { 'x-csrf-token': session.admin.csrfToken },
		})
		expect(deleted.status).toBe(302)
		expect((await session.admin.get(`/admin/${resource}/${id}`)).status).toBe(404)

		const audit = textOf(await (await session.admin.get('/admin/audit')).text())
		expect(audit).toMatch(/Slettede/)
		expect(audit).toMatch(/Oprettede/)
		expect(audit).not.toContain('rikke-password-1')
	})

	test('a form with errors answers 422, shows them by their fields and keeps what was typed', async () => {
		const before = await listText(resource)
		const response = await session.admin.post(`/admin/${resource}/new`, invalid)
		expect(response.status).toBe(422)
		const html = await response.text()
		expect(textOf(html)).toContain(error)
		expect(html).toMatch(/aria-invalid="true"/)
		for (const value of Object.values(invalid).filter((value) => value.length > 2 && value !== invalid.password)) {
			expect(html).toContain(value.replace(/&/g, '&amp;'))
		}
		if (invalid.password) expect(html).not.toContain(`value="${invalid.password}"`)
		expect(await listText(resource)).toBe(before)
	})
})

describe('records that must stay unique', () => {
	test('a taken language code is reported on its field', async () => {
		const response = await session.admin.post('/admin/languages/new', {
			code: 'da',
			nameDa: 'Dansk igen',
			nameEn: 'Danish again',
		})
		expect(response.status).toBe(422)
		expect(textOf(await response.text())).toContain('Findes allerede.')
	})

	test('a language pair has one price, and never the same language twice', async () => {
		const first = await session.admin.post('/admin/prices/new', {
			fromLanguageId: '1',
			toLanguageId: '3',
			pricePerWord: '1,85',
		})
		expect(first.status).toBe(302)
		expect(await listText('prices')).toContain('Dansk → Tysk 1.85')
		const again = await session.admin.post('/admin/prices/new', {
			fromLanguageId: '1',
			toLanguageId: '3',
			pricePerWord: '2',
		})
		expect(again.status).toBe(422)
		const same = await session.admin.post('/admin/prices/new', {
			fromLanguageId: '2',
			toLanguageId: '2',
			pricePerWord: '2',
		})
		expect(textOf(await same.text())).toContain('Fra- og til-sprog skal være forskellige.')
	})

	test('staff cannot delete their own account or take away their own admin role', async () => {
		const html = await (await session.admin.get('/admin/users')).text()
		const ownId = /href="\/admin\/users\/(\d+)"[^>]*>admin</.exec(html)![1]
		const deleted = await session.admin.get(`/admin/users/${ownId}`, {
			method: 'DELETE',
			headers: { 'x-csrf-token': session.admin.csrfToken },
		})
		expect(deleted.status).toBe(422)
		const demoted = await session.admin.post(`/admin/users/${ownId}`, {
			name: 'admin',
			email: 'admin@tolk.example',
			role: 'editor',
			password: '',
		})
		expect(demoted.status).toBe(422)
		expect((await session.admin.get('/admin/users')).status).toBe(200)
	})
})

describe('settings and default prices', () => {
	test('settings are validated, saved and used by the public pages', async () => {
		const bad = await session.admin.post('/admin/settings', {
			agencyName: 'Tolk',
			wordsPerDay: 'mange',
			calculatorMinWords: '500',
			calculatorMaxWords: '100',
		})
		expect(bad.status).toBe(422)
		const text = textOf(await bad.text())
		expect(text).toContain('Skal være et tal.')
		expect(text).toContain('Skal være større end det mindste antal ord.')
		const form = await (await session.admin.get('/admin/settings')).text()
		const values = Object.fromEntries(
			[...form.matchAll(/name="(\w+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
		)
		const saved = await session.admin.post('/admin/settings', { ...values, certifiedCopyPrice: '195' })
		expect(saved.status).toBe(302)
		expect(textOf(await (await fetch(`${session.server.url}/priser`)).text())).toContain('195,00 kr. uden moms')
		// The price per word is not a setting: it lives with the prices, once.
		expect(form).not.toContain('name="pricePerWord"')
		expect(textOf(form)).toContain('Prisen pr. ord, mindste ordre og valuta står ét sted: under Priser')
	})

	test('the default price and minimum order are kept with the prices', async () => {
		const response = await session.admin.post('/admin/prices/defaults', {
			defaultPricePerWord: '1.6',
			minimumOrder: '450',
			currency: 'dkk',
		})
		expect(response.status).toBe(302)
		const html = await (await session.admin.get('/admin/prices')).text()
		expect(html).toContain('value="1.6"')
		expect(html).toContain('value="450"')
		expect(html).toContain('value="DKK"')
	})
})

describe('images', () => {
	async function postSlide(file: Blob, filename: string) {
		const form = new FormData()
		form.append('authenticity_token', session.admin.csrfToken)
		form.append('imageUrlFile', file, filename)
		for (const [name, value] of Object.entries({
			imageUrl: '',
			textDa: 'Hurtigt og præcist',
			textEn: 'Fast and precise',
			altDa: '',
			altEn: '',
			linkDa: '/priser',
			linkEn: '/en/prices',
		})) {
			form.append(name, value)
		}
		return session.admin.get('/admin/slides/new', { method: 'POST', body: form })
	}

	test('a real image is stored and served; anything else is refused whatever its name says', async () => {
		const fake = await postSlide(new Blob(['<svg onload="alert(1)"></svg>'], { type: 'image/png' }), 'evil.png')
		expect(fake.status).toBe(422)
		expect(textOf(await fake.text())).toContain('Filen er ikke et billede')

		const real = await postSlide(new Blob([PIXEL_PNG], { type: 'image/png' }), 'pixel.png')
		expect(real.status).toBe(302)
		const list = await (await session.admin.get('/admin/slides')).text()
		const src = /src="(\/uploads\/images\/[\w-]+\.png)"/.exec(list)![1]!
		const image = await fetch(session.server.url + src)
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toBe('image/png')
		expect(Buffer.from(await image.arrayBuffer()).equals(PIXEL_PNG)).toBe(true)
	})
})

describe('PATCH /admin/position', () => {
	async function publicFaqQuestions() {
		const html = await (await fetch(`${session.server.url}/en/faq`)).text()
		return [...html.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((match) => textOf(match[1]!).trim())
	}
	async function faqIds() {
		const html = await (await session.admin.get('/admin/faq')).text()
		return [...html.matchAll(/data-id="(\d+)"/g)].map((match) => Number(match[1]))
	}

	test('writes the new order, which the public page shows', async () => {
		const ids = await faqIds()
		const before = await publicFaqQuestions()
		expect(ids.length).toBeGreaterThan(2)
		const reversed = [...ids].reverse()
		const response = await session.admin.call('PATCH', '/admin/position', { model: 'faq_item', items: reversed })
		expect(response.status).toBe(200)
		expect(await faqIds()).toEqual(reversed)
		expect(await publicFaqQuestions()).toEqual([...before].reverse())
	})

	test('a list that misses items (added meanwhile by someone else) puts them after, in their old order', async () => {
		const ids = await faqIds()
		const response = await session.admin.call('PATCH', '/admin/position', {
			model: 'faq_item',
			items: [ids[2], ids[0]],
		})
		expect(response.status).toBe(200)
		expect(await faqIds()).toEqual([ids[2], ids[0], ids[1], ...ids.slice(3)])
	})

	test('refuses unknown models, foreign ids and duplicates, and changes nothing', async () => {
		const ids = await faqIds()
		const refused = [
			{ model: 'users', items: [1] },
			{ model: 'faq_item', items: [...ids, 99999] },
			{ model: 'faq_item', items: [ids[0], ids[0]] },
			{ model: 'faq_item', items: 'all' },
			{ items: ids },
		]
		for (const body of refused) {
			const response = await session.admin.call('PATCH', '/admin/position', body)
			expect(response.status, JSON.stringify(body)).toBe(422)
			expect(await response.json()).toHaveProperty('error')
		}
		expect(await faqIds()).toEqual(ids)
		expect((await session.admin.call('POST', '/admin/position', { model: 'faq_item', items: ids })).status).toBe(405)
	})
})

describe('the admin speaks the staff member’s language', () => {
	test('Danish by default, English once chosen', async () => {
		expect(textOf(await (await session.admin.get('/admin')).text())).toContain('Oversigt')
		const chosen = await session.admin.post('/admin/language', { locale: 'en', redirectTo: '/admin/faq' })
		expect(chosen.status).toBe(302)
		expect(chosen.headers.get('location')).toBe('/admin/faq')
		const cookie = chosen.headers.getSetCookie()[0]!.split(';')[0]
		const english = await session.admin.get('/admin', { headers: { cookie: `${session.admin.cookie}; ${cookie}` } })
		const html = await english.text()
		expect(html).toContain('<html lang="en"')
		expect(textOf(html)).toContain('Dashboard')
	})

	test('the public site is not affected by the admin language', async () => {
		const visitor = await visit(session.server.url, '/')
		expect(visitor.html).toContain('<html lang="da"')
	})
})
