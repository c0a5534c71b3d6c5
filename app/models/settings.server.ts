import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#database/client.ts'
import { settings } from '#database/schema.ts'
import { checkbox, numberField, requiredText } from '#app/models/records/form.ts'
import { getSettings } from '#app/models/site.server.ts'
import { changedFields, recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { auditText } from '#app/models/audit/text.ts'

const currency = requiredText(3)
	.transform((code) => code.toUpperCase())
	.pipe(z.string().regex(/^[A-Z]{3}$/, 'errors.currency'))

export const PriceDefaultsSchema = z.object({
	defaultPricePerWord: numberField({ min: 0.01, max: 1000 }),
	minimumOrder: numberField({ min: 0, max: 1_000_000 }),
	currency,
})

// Bank details on invoices: empty until staff fill them in.
const bankText = (max: number) => z.string().trim().max(max, 'errors.tooLong').default('')

const WORDS = numberField({ min: 1, max: 1_000_000, integer: true })

export const SettingsSchema = z
	.object({
		agencyName: requiredText(120),
		email: requiredText(254).pipe(z.email('errors.email')),
		phone: requiredText(40),
		address: requiredText(200),
		cvr: requiredText(8).pipe(z.string().regex(/^\d{8}$/, 'errors.cvr')),
		calculatorMinWords: WORDS,
		calculatorMaxWords: WORDS,
		minDeliveryDays: numberField({ min: 0, max: 365, integer: true }),
		uploadLimitMib: numberField({ min: 1, max: 1024, integer: true }),
		wordsPerDay: numberField({ min: 1, max: 100_000, integer: true }),
		expressSurcharge1Day: numberField({ min: 0, max: 1000, integer: true }),
		expressSurcharge2Days: numberField({ min: 0, max: 1000, integer: true }),
		certifiedCopyPrice: numberField({ min: 0, max: 100_000 }),
		certifiedPagePrice: numberField({ min: 0, max: 100_000 }),
		certifiedPdfPrice: numberField({ min: 0, max: 100_000 }),
		pricePerMinute: numberField({ min: 0, max: 100_000 }),
		repetitionPercent: numberField({ min: 0, max: 100, integer: true }),
		documentRetentionDays: numberField({ min: 1, max: 3650, integer: true }),
		vatPercent: numberField({ min: 0, max: 100, integer: true }),
		bankName: bankText(60),
		bankRegNo: bankText(4).pipe(z.string().regex(/^(\d{4})?$/, 'errors.regNo')),
		bankAccount: bankText(10).pipe(z.string().regex(/^(\d{1,10})?$/, 'errors.account')),
		iban: bankText(34).transform((value) => value.replace(/\s/g, '').toUpperCase()),
		bic: bankText(11).transform((value) => value.toUpperCase()),
		paymentTermsDays: numberField({ min: 0, max: 365, integer: true }),
		fiCreditor: bankText(8).pipe(z.string().regex(/^(\d{8})?$/, 'errors.fiCreditor')),
		reminderGraceDays: numberField({ min: 0, max: 365, integer: true }),
		// The Danish Interest Act (renteloven § 9 b) allows at most 100 kr. a reminder.
		reminderFee: numberField({ min: 0, max: 100 }),
		reminderInterestPercent: numberField({ min: 0, max: 50 }),
		deliveryRetentionDays: numberField({ min: 1, max: 3650, integer: true }),
		revisionDays: numberField({ min: 0, max: 365, integer: true }),
		offerExpiryHours: numberField({ min: 1, max: 720, integer: true }),
		copyAgencyOnJobMail: checkbox,
		countSpeakerNotes: checkbox,
		countHiddenSlides: checkbox,
		editorAutosave: checkbox,
	})
	.refine((values) => values.calculatorMaxWords > values.calculatorMinWords, {
		message: 'errors.maxBelowMin',
		path: ['calculatorMaxWords'],
		// Checked even when other fields have errors, so staff see every problem at once.
		when: ({ value }) => {
			const words = value as Record<string, unknown>
			return WORDS.safeParse(words.calculatorMinWords).success && WORDS.safeParse(words.calculatorMaxWords).success
		},
	})

export const SETTINGS_FIELDS = Object.keys(SettingsSchema.shape) as (keyof z.infer<typeof SettingsSchema>)[]

// Backups' schedule is saved from their own page (app/models/backup/schedule.server.ts).
type SettingsUpdate = Partial<
	z.infer<typeof SettingsSchema> &
		z.infer<typeof PriceDefaultsSchema> & { backupTime: string; backupKeepDaily: number; backupKeepWeekly: number }
>

// Returns the names of the settings that changed, for the audit log.
export async function updateSettings(db: Database, update: SettingsUpdate): Promise<string[]> {
	const before = await getSettings(db)
	await db
		.update(settings)
		.set({ ...update, updatedAt: new Date() })
		.where(eq(settings.id, 1))
	return changedFields(before, update)
}

type Actor = Pick<Staff, 'id' | 'name'>

// Staff save the settings page: the change and the audit log, with the names of what changed.
export async function saveSettings(services: AuditServices, staff: Actor, update: SettingsUpdate): Promise<void> {
	const changed = await updateSettings(services.db, update)
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'settings',
		summary: changed.join(', ') || '-',
		text: auditText('settingsChanged', {
			fields: changed.length ? { list: changed.map((field) => ({ field })) } : '–',
		}),
		changes: { fields: changed },
	})
}

// The price list's defaults (price per word, minimum order, currency) are settings too.
export async function savePriceDefaults(services: AuditServices, staff: Actor, update: SettingsUpdate): Promise<void> {
	const changed = await updateSettings(services.db, update)
	await recordAudit(services, staff, {
		action: 'update',
		subjectType: 'prices',
		summary: 'defaults',
		text: auditText('priceDefaults', { fields: changed.length ? { list: changed.map((field) => ({ field })) } : '–' }),
		changes: { fields: changed },
	})
}
