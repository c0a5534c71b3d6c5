import { eq, inArray } from 'drizzle-orm'
import { documents, languages, requests } from '#database/schema.ts'
import { getSettings } from '#app/models/site.server.ts'
import { customerSignoff, mailText } from '#app/models/mail-text.server.ts'
import type { AppServices } from '#app/models/services.ts'
import { formatDay } from '#app/utils/format.ts'
import { pathFor, type Locale } from '#app/utils/locales.ts'

// Two mails per new request: one to the agency (in Danish, with a link to the inbox) and a
// confirmation to the customer in the language of the page they used.
export async function sendRequestMails(
	services: Pick<AppServices, 'db' | 'sendMail' | 'publicUrl'>,
	requestId: number,
): Promise<void> {
	const { db, sendMail, publicUrl: origin } = services
	const [row] = await db.select().from(requests).where(eq(requests.id, requestId))
	if (!row) return
	const settings = await getSettings(db)
	const files = await db.select({ name: documents.name }).from(documents).where(eq(documents.requestId, requestId))
	const codes = [row.fromLanguage, row.toLanguage].filter((code) => code !== null)
	const names = codes.length ? await db.select().from(languages).where(inArray(languages.code, codes)) : []
	const locale = row.locale as Locale

	const summary = (lang: Locale) => {
		const languageName = (code: string | null) =>
			names.find((language) => language.code === code)?.[lang === 'da' ? 'nameDa' : 'nameEn'] ?? code
		const label = lang === 'da' ? LABELS_DA : LABELS_EN
		const lines: [string, string | null][] = [
			[label.name, row.name],
			[label.email, row.email],
			[label.phone, row.phone || null],
			[
				label.company,
				row.companyName
					? `${row.companyName} (CVR ${row.companyCvr})${row.companyAddress ? `, ${row.companyAddress}` : ''}`
					: null,
			],
			[label.ean, row.ean],
			[
				label.languages,
				row.fromLanguage || row.toLanguage
					? `${languageName(row.fromLanguage) ?? '?'} → ${languageName(row.toLanguage) ?? '?'}`
					: null,
			],
			[label.deliveryDate, row.deliveryDate ? formatDay(row.deliveryDate, lang) : null],
			[label.copies, row.copies ? String(row.copies) : null],
			[label.documents, files.length ? files.map((file) => file.name).join(', ') : null],
			[label.message, row.message || null],
		]
		return lines
			.filter((line): line is [string, string] => line[1] !== null)
			.map(([name, value]) => `${name}: ${value}`)
			.join('\n')
	}
	const quoteUrl = row.quoteId ? `${origin}${pathFor('quote', locale, { id: row.quoteId })}` : null

	sendMail({
		to: settings.email,
		replyTo: row.email,
		subject: mailText('da', 'mail.request.agencySubject', { reference: row.reference, name: row.name }),
		text: [summary('da'), quoteUrl && `Tilbud: ${quoteUrl}`, `${origin}/admin/requests/${row.id}`]
			.filter(Boolean)
			.join('\n\n'),
	})
	sendMail({
		to: row.email,
		replyTo: settings.email,
		subject: mailText(locale, 'mail.request.customerSubject', { reference: row.reference }),
		text: [
			mailText(locale, 'mail.request.greeting', { name: row.name }),
			mailText(locale, 'mail.request.received', { reference: row.reference }),
			`${mailText(locale, 'mail.request.summary')}\n${summary(locale)}`,
			quoteUrl && mailText(locale, 'mail.request.quote', { url: quoteUrl }),
			customerSignoff(origin, locale, settings.agencyName),
		]
			.filter(Boolean)
			.join('\n\n'),
	})
}

const LABELS_EN = {
	name: 'Name',
	email: 'Email',
	phone: 'Phone',
	company: 'Company',
	ean: 'EAN',
	languages: 'Languages',
	deliveryDate: 'Delivery date',
	copies: 'Certified copies',
	documents: 'Documents',
	message: 'Message',
}
const LABELS_DA = {
	name: 'Navn',
	email: 'E-mail',
	phone: 'Telefon',
	company: 'Virksomhed',
	ean: 'EAN',
	languages: 'Sprog',
	deliveryDate: 'Leveringsdato',
	copies: 'Bekræftede kopier',
	documents: 'Dokumenter',
	message: 'Besked',
}
