import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CalendarDate } from '#app/models/calendar/working-days.ts'
import type { Random } from '#tests/simulation/random.ts'

const SHARED = process.env.CORPUS_DIR
	? path.join(process.env.CORPUS_DIR, '..')
	: fileURLToPath(new URL('../../../shared/', import.meta.url))
const EXTENSIONS = /\.(pdf|docx|doc|txt|rtf|odt|xlsx|xls|ods|pptx|ppt|srt|vtt)$/i
// Small enough that a simulated day is a minute: real documents, each counted by the real workers.
const MAX_BYTES = 120 * 1024

// The real documents customers send, from both corpora, in a fixed order for the seed to pick from;
// where the machine has neither (../shared is not beside this clone), a few letters of plain text.
export function corpusDocuments(): string[] {
	const found = ['corpus/files', 'corpus-pool/files']
		.filter((folder) => existsSync(path.join(SHARED, folder)))
		.flatMap((folder) =>
			readdirSync(path.join(SHARED, folder))
				.filter((name) => EXTENSIONS.test(name))
				.map((name) => path.join(SHARED, folder, name))
				.filter((file) => statSync(file).size <= MAX_BYTES)
				.sort(),
		)
	if (found.length) return found
	console.warn(`*** no corpus under ${SHARED}: the simulation's customers send letters of plain text ***`)
	const folder = mkdtempSync(path.join(tmpdir(), 'tolk-letters-'))
	return [1, 2, 3].map((index) => {
		const file = path.join(folder, `brev-${index}.txt`)
		writeFileSync(file, `Kære kunde. Tak for jeres henvendelse nummer ${index}. `.repeat(20 * index))
		return file
	})
}

export type CustomerKind = 'private' | 'company' | 'public' | 'eu'
// How a customer pays: on time, after a reminder, twice, too little, with the reference in the
// wrong column of the bank's statement, or not at all within the month.
export type PayHabit = 'prompt' | 'late' | 'twice' | 'short' | 'wrong-column' | 'never'
export type Customer = { email: string; name: string; kind: CustomerKind; locale: 'da' | 'en'; account: boolean }
export type BankEntry = { bookedOn: CalendarDate; text: string; amount: number; saldo: string; invoiceNumber: number }

// What the simulation remembers between days that the site does not tell it: who its customers
// are and how each pays, what they paid (the bank's side), and the day's counts.
export function newWorld(random: Random) {
	return {
		random,
		documents: corpusDocuments(),
		customers: [] as Customer[],
		habits: new Map<string, PayHabit>(),
		// Customer payments per invoice number, as the customer made them.
		paid: new Map<number, number>(),
		bank: [] as BankEntry[],
		// Mails the customers received, by reference: deliveries counted against the delivery events.
		counts: newCounts(),
	}
}
export type World = ReturnType<typeof newWorld>

export const newCounts = () => ({
	quotes: 0,
	abandoned: 0,
	wrongFiles: 0,
	orders: 0,
	signIns: 0,
	revisions: 0,
	jobsOffered: 0,
	jobsAccepted: 0,
	jobsDeclined: 0,
	handedIn: 0,
	fewerFiles: 0,
	returned: 0,
	approved: 0,
	delivered: 0,
	cancelled: 0,
	credited: 0,
	payments: 0,
	bankLines: 0,
	bankMatched: 0,
	bankByHand: 0,
	reminders: 0,
	payouts: 0,
})
export type Counts = ReturnType<typeof newCounts>

export const habitFor = (random: Random): PayHabit =>
	random.pick([
		'prompt',
		'prompt',
		'prompt',
		'prompt',
		'prompt',
		'late',
		'late',
		'twice',
		'short',
		'wrong-column',
		'never',
	])
