import { extractPdf } from '#app/models/wordcount/formats/pdf.server.ts'
import type { Person } from '#tests/simulation/http.ts'
import type { MorningPlan } from '#tests/simulation/plan.ts'
import { notDanishIn } from '#tests/setup/danish-text.ts'
import { textOf } from '#tests/setup/http.ts'

// Every page and export staff and customers read, from the live site and from the one restored
// from its last nightly backup: the same words, once what differs per request is taken out.
export function pagesToCompare(plan: MorningPlan): string[] {
	const lists = [
		'/admin/orders?status=all',
		'/admin/invoices',
		'/admin/customers',
		'/admin/payables',
		'/admin/translators',
	]
	const exports = ['/admin/orders/export', '/admin/invoices/export', '/admin/payables/export']
	const orders = plan.orders.flatMap((order) => [
		`/admin/orders/${order.id}`,
		`${order.locale === 'en' ? '/en/orders' : '/ordre'}/${order.token}`,
		...order.jobs.map((job) => `/admin/jobs/${job.id}`),
	])
	const invoices = plan.invoices.flatMap((invoice) => [
		`/admin/invoices/${invoice.id}`,
		`/admin/invoices/${invoice.id}/pdf`,
	])
	return [...lists, ...exports, ...orders, ...invoices]
}

// What each answer carries that is the request's own, not the site's: tokens, nonces, the signed
// names of live streams, the moment a page was rendered (the job form's capacity warnings count
// from it), a PDF's creation time and ID.
export function normalise(body: string): string {
	return (
		body
			.replace(/<meta name="csrf-token" content="[^"]*"/g, '')
			.replace(/name="authenticity_token" value="[^"]*"/g, '')
			.replace(/nonce="[^"]*"/g, '')
			.replace(/data-(?:stream|streams|signed-stream-name)="[^"]*"/g, '')
			.replace(/"signedStreamName":"[^"]*"/g, '')
			// The same, in the data the page hydrates from (React Router's turbo-stream, quoted once or twice).
			.replace(/(\\*"csrfToken\\*",\\*")[\w-]+/g, '$1')
			// A live stream's signed name (its JSON in base64url, "--", its signature) wherever it stands.
			.replace(/WyJ[\w-]*--[\w-]+/g, 'stream')
			.replace(/(\\*"(?:stream|jobsStream|streamName)\\*",\\*")[\w.=-]+/g, '$1')
			.replace(/(\\*"now\\*",\\*")[\d:.TZ-]+/g, '$1')
			.replace(/\/(?:CreationDate|ModDate) \(D:[^)]*\)/g, '')
			.replace(/\/ID \[<[0-9a-fA-F]+> <[0-9a-fA-F]+>\]/g, '')
	)
}

export async function comparePages(live: Person, restored: Person, paths: string[]) {
	const differences: { path: string; live: string; restored: string }[] = []
	// The back office's pages of a month's real orders, jobs and invoices, read in Danish.
	const notDanish: { path: string; found: string[] }[] = []
	for (const path of paths) {
		const [a, b] = await Promise.all([live.send(path), restored.send(path)])
		const [bodyA, bodyB] = [await readBody(a), await readBody(b)]
		if (path.startsWith('/admin/') && a.headers.get('content-type')?.includes('text/html')) {
			const found = notDanishIn(textOf(Buffer.from(bodyA, 'latin1').toString('utf8')))
			if (found.length) notDanish.push({ path, found })
		}
		const [textA, textB] = [normalise(bodyA), normalise(bodyB)]
		if (a.status !== b.status || textA !== textB) {
			const at = [...textA].findIndex((char, index) => char !== textB[index])
			differences.push({
				path,
				live: `${a.status} …${textA.slice(Math.max(0, at - 120), at + 200)}`,
				restored: `${b.status} …${textB.slice(Math.max(0, at - 120), at + 200)}`,
			})
		}
	}
	return { compared: paths.length, differences, notDanish }
}

// A PDF is compared by its text: its bytes carry the moment it was made, in a compressed stream.
async function readBody(response: Response) {
	const bytes = new Uint8Array(await response.arrayBuffer())
	if (response.headers.get('content-type') !== 'application/pdf') return Buffer.from(bytes).toString('latin1')
	return (await extractPdf(bytes)).text
}
