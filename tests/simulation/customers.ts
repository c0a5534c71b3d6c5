import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import { pathFor, UPLOAD_PATHS } from '#app/utils/locales.ts'
import type { ReceivedMail } from '#tests/setup/smtp-peer.ts'
import { expectStatus, person, type Person } from '#tests/simulation/http.ts'
import type { MorningPlan } from '#tests/simulation/plan.ts'
import { habitFor, type Customer, type CustomerKind, type World } from '#tests/simulation/world.ts'

type Day = { url: string; today: CalendarDate; mails: ReceivedMail[] }

const NAMES = ['Ida Holm', 'Jonas Berg', 'Maja Lund', 'Emil Dahl', 'Sofie Krog', 'Oskar Vinther', 'Clara Munk']

// One customer's visit: new, or returning (half of them through their account), uploads real
// documents (sometimes a wrong file first), saves a quote, and orders or walks away.
export async function customerVisit(world: World, day: Day) {
	const { random } = world
	const returning = world.customers.length > 3 && random.chance(0.35)
	const customer = returning ? random.pick(world.customers) : newCustomer(world)
	const visitor = person(day.url)
	if (returning && random.chance(0.5)) await signIn(world, visitor, customer, day)
	await visitor.page(pathFor('order', customer.locale))
	if (random.chance(0.1)) await wrongFile(world, visitor, customer)
	const uploaded = []
	for (let count = random.int(1, 2); count > 0; count--) {
		const url = await upload(visitor, customer, random.pick(world.documents))
		if (url) uploaded.push(url)
		else world.counts.wrongFiles++
	}
	if (!uploaded.length) return void world.counts.abandoned++
	const counted = await Promise.all(uploaded.map((url) => countedDocument(visitor, url)))
	// A document only a person can count waits for the agency: this customer does not.
	if (counted.some((document) => document.status !== 'counted')) return void world.counts.abandoned++
	const from = random.chance(0.7) ? 'da' : 'en'
	const quote = await visitor.post(pathFor('order', customer.locale), {
		intent: 'save-quote',
		from_language: from,
		to_language: from === 'da' ? 'en' : 'da',
		delivery_date: '',
		copies: random.chance(0.2) ? '1' : '0',
	})
	world.counts.quotes++
	if (quote.status !== 302) throw new Error(`the quote was not saved: ${quote.status}\n${quote.text.slice(0, 800)}`)
	if (random.chance(0.15)) return void world.counts.abandoned++
	const orderPath = `${quote.location!}/${customer.locale === 'da' ? 'bestil' : 'order'}`
	await visitor.page(orderPath)
	const accepted = await visitor.post(orderPath, await acceptFields(visitor, customer, world))
	expectStatus(`accepting ${quote.location}`, accepted, 302)
	const token = accepted.location!.split('/').at(-1)!
	world.habits.set(token, habitFor(random))
	world.counts.orders++
}

function newCustomer(world: World): Customer {
	const { random } = world
	const name = random.pick(NAMES)
	const kind = random.pick<CustomerKind>(['private', 'private', 'company', 'company', 'public', 'eu'])
	const customer = {
		name,
		email: `${name.toLowerCase().replace(/\W+/g, '.')}.${world.customers.length + 1}@kunde.example`,
		kind,
		locale: kind === 'eu' || random.chance(0.2) ? ('en' as const) : ('da' as const),
		account: false,
	}
	world.customers.push(customer)
	return customer
}

async function signIn(world: World, visitor: Person, customer: Customer, day: Day) {
	const signInPath = pathFor('accountSignIn', customer.locale)
	await visitor.page(signInPath)
	const before = day.mails.length
	expectStatus('asking for a sign-in link', await visitor.post(signInPath, { email: customer.email }), 200)
	const mail = await waitForMail(day.mails, before, customer.email)
	const link = /https?:\/\/[^\s/]+(\/(?:en\/account|konto)\/link\/[\w-]+)/.exec(mail.text)?.[1]
	if (!link) throw new Error(`no sign-in link in the mail to ${customer.email}:\n${mail.text}`)
	await visitor.page(link)
	expectStatus('following the sign-in link', await visitor.post(link, {}), 302)
	const account = await visitor.page(pathFor('account', customer.locale))
	expectStatus('the account page', account, 200)
	customer.account = true
	world.counts.signIns++
}

async function waitForMail(mails: ReceivedMail[], after: number, to: string) {
	for (let attempt = 0; attempt < 200; attempt++) {
		const found = mails.slice(after).find((mail) => mail.to.includes(to))
		if (found) return found
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error(`no mail to ${to}`)
}

async function wrongFile(world: World, visitor: Person, customer: Customer) {
	const form = new FormData()
	form.append('file', new Blob([Buffer.from('MZ\x90\x00 not a document')]), 'faktura.exe')
	const refused = await visitor.upload(UPLOAD_PATHS[customer.locale], form)
	// Refused with a reason in the page's language; nothing is kept.
	expectStatus('a wrong file', refused, 415, 422)
	if (!/"error"/.test(refused.text)) throw new Error(`a wrong file was refused without a reason: ${refused.text}`)
	world.counts.wrongFiles++
}

async function upload(visitor: Person, customer: Customer, file: string) {
	const form = new FormData()
	form.append('file', new Blob([readFileSync(file)]), path.basename(file))
	const response = await visitor.upload(UPLOAD_PATHS[customer.locale], form)
	// A real document the site will not take (its content is not what its name says) is refused
	// with the reason, as the page shows it; anything else is a breach.
	if (response.status === 422 && /"error":"[^"]+"/.test(response.text)) return null
	expectStatus(`uploading ${path.basename(file)}`, response, 201)
	return (JSON.parse(response.text) as { document: { url: string } }).document.url
}

async function countedDocument(visitor: Person, url: string) {
	for (let attempt = 0; attempt < 600; attempt++) {
		const { document } = await visitor.json<{ document: { status: string; words: number | null } }>(url)
		if (document.status !== 'pending') return document
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${url} was not counted within a minute`)
}

async function acceptFields(visitor: Person, customer: Customer, world: World) {
	const base = { name: customer.name, email: customer.email, phone: '+45 20 30 40 50', terms: 'on' }
	if (customer.kind === 'private') return { ...base, customer_kind: 'private' }
	if (customer.kind === 'eu')
		return {
			...base,
			customer_kind: 'company',
			foreign: 'on',
			foreign_name: 'Müller & Söhne GmbH',
			foreign_address: 'Hauptstr. 1, 10115 Berlin, Deutschland',
			vat_number: 'DE136695976',
		}
	const company = await findCompany(visitor, world)
	return {
		...base,
		customer_kind: 'company',
		company_cvr: company.vat_number,
		company_query: company.name,
		...(customer.kind === 'public'
			? { ean: '5798000416604', purchase_order: `REK-${world.random.int(1000, 9999)}`, buyer_reference: 'Indkøb 4411' }
			: {}),
	}
}

async function findCompany(visitor: Person, world: World) {
	const names = ['jensen', 'nielsen', 'hansen', 'pedersen', 'holding', 'aps']
	for (const query of [world.random.pick(names), ...names]) {
		// As the picker reads an answer: its CVR is the business's `vat_number`.
		const { businesses } = await visitor.json<{ businesses: { vat_number: string; name: string }[] }>(
			`/businesses?query=${encodeURIComponent(query)}`,
		)
		if (businesses.length) return world.random.pick(businesses)
	}
	throw new Error('the business search found no company')
}

// The day's other customer steps: a revision asked for after a delivery, and payments made as each
// customer pays, for the amount their order page shows (with any reminder's fee).
export async function customersAfterDelivery(world: World, day: Day, plan: MorningPlan) {
	for (const order of plan.orders) {
		if (order.status !== 'delivered' || !world.random.chance(0.06)) continue
		if (order.jobs.some((job) => job.kind !== 'translation')) continue
		const visitor = person(day.url)
		const page = pathFor('orderStatus', order.locale as 'da' | 'en', { token: order.token })
		await visitor.page(page)
		const asked = await visitor.post(page, { intent: 'revision', reason: 'Afsnit 3 mangler i oversættelsen.' })
		if (asked.status === 200) world.counts.revisions++
	}
}
