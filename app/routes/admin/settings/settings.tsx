import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/settings'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { FieldInput } from '#app/components/admin/fields.tsx'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { SETTINGS_FIELDS, SettingsSchema, saveSettings } from '#app/models/settings.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import { forbidden, requireStaff } from '#app/http/access.server.ts'
import { mayEditSettings, type SettingsGroup } from '#app/models/staff/roles.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import type { Field } from '#app/models/records/definition.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { Button } from '#app/components/ui/button.tsx'

type AdminKey = Parameters<ReturnType<typeof useAdminI18n>['t']>[0]

type FieldOptions = Pick<Field, 'required' | 'hint'>
type SettingName = (typeof SETTINGS_FIELDS)[number]

// A setting's field: its label is fields.<name> (checked to be a key the admin texts have); a number
// is required unless said otherwise.
const field =
	(kind: Field['kind']) =>
	(name: SettingName, options: FieldOptions = {}): Field => {
		const label: Field['label'] = `fields.${name}`
		return { name, kind, label, ...options }
	}
const number = (name: SettingName, options: FieldOptions = {}) => field('number')(name, { required: true, ...options })
const text = field('text')
const email = field('email')
const checkbox = field('checkbox')

const GROUPS: {
	key: SettingsGroup
	title: AdminKey
	fields: Field[]
	note?: { text: AdminKey; link: string; label: AdminKey }
}[] = [
	{
		key: 'agency',
		title: 'settings.agency',
		fields: [
			text('agencyName', { required: true }),
			email('email', { required: true }),
			text('phone', { required: true }),
			text('address', { required: true }),
			text('cvr', { required: true }),
		],
	},
	{
		key: 'calculator',
		title: 'settings.calculator',
		// The price per word lives in one place: with the pairs' own prices.
		note: { text: 'settings.pricesElsewhere', link: '/admin/prices', label: 'settings.pricesLink' },
		fields: [number('calculatorMinWords'), number('calculatorMaxWords')],
	},
	{
		key: 'orders',
		title: 'settings.orders',
		fields: [
			number('minDeliveryDays'),
			number('wordsPerDay'),
			number('expressSurcharge1Day', { hint: 'hints.percent' }),
			number('expressSurcharge2Days', { hint: 'hints.percent' }),
			number('certifiedCopyPrice', { hint: 'hints.exclVat' }),
			number('certifiedPagePrice', { hint: 'hints.certifiedPage' }),
			number('certifiedPdfPrice', { hint: 'hints.exclVat' }),
			number('vatPercent'),
			number('pricePerMinute', { hint: 'hints.exclVat' }),
			number('repetitionPercent', { hint: 'hints.repetitionPercent' }),
			number('documentRetentionDays'),
			number('uploadLimitMib'),
			number('offerExpiryHours', { hint: 'hints.offerExpiryHours' }),
			checkbox('copyAgencyOnJobMail', { hint: 'hints.copyAgencyOnJobMail' }),
			checkbox('countSpeakerNotes', { hint: 'hints.countSpeakerNotes' }),
			checkbox('countHiddenSlides', { hint: 'hints.countHiddenSlides' }),
		],
	},
	{
		key: 'invoicing',
		title: 'settings.invoicing',
		fields: [
			number('paymentTermsDays', { hint: 'hints.paymentTermsDays' }),
			text('bankName'),
			text('bankRegNo'),
			text('bankAccount'),
			text('iban'),
			text('bic'),
			text('fiCreditor', { hint: 'hints.fiCreditor' }),
			number('reminderGraceDays', { hint: 'hints.reminderGraceDays' }),
			number('reminderFee', { hint: 'hints.reminderFee' }),
			number('reminderInterestPercent', { hint: 'hints.reminderInterest' }),
			number('deliveryRetentionDays'),
			number('revisionDays', { hint: 'hints.revisionDays' }),
		],
	},
	{
		key: 'editor',
		title: 'settings.editor',
		fields: [checkbox('editorAutosave')],
	},
]

// The groups this role edits; the others are neither shown nor taken.
const groupsFor = (role: string) => GROUPS.filter((group) => mayEditSettings(role, group.key))

export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const settings = await getSettings(getDb(context))
	const fields = groupsFor(staff.role).flatMap((group) => group.fields.map((field) => field.name))
	return {
		role: staff.role,
		values: Object.fromEntries(fields.map((name) => [name, String(settings[name as keyof typeof settings])])),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const editable = groupsFor(staff.role).flatMap((group) => group.fields)
	const posted = [...(await readForm(request))].filter(([name]) => (SETTINGS_FIELDS as string[]).includes(name))
	// A field of a group this role does not edit (an editor's IBAN) is refused outright.
	if (posted.some(([name]) => !editable.some((field) => field.name === name)))
		throw data({ error: forbidden('settings') }, { status: 403 })
	const settings = await getSettings(getDb(context))
	const values: Record<string, unknown> = Object.fromEntries(SETTINGS_FIELDS.map((name) => [name, settings[name]]))
	// An unticked box is not posted: off, when it is one of this role's.
	for (const field of editable) if (field.kind === 'checkbox') values[field.name] = ''
	Object.assign(values, Object.fromEntries(posted))
	const parsed = SettingsSchema.safeParse(values)
	if (!parsed.success)
		return data({ errors: fieldErrorsOf(parsed.error), values: Object.fromEntries(posted) }, { status: 422 })
	await saveSettings(getServices(context), staff, parsed.data)
	return redirectWithFlash(context, '/admin/settings', { kind: 'success', key: 'flash.settingsSaved' })
}

export default function Settings() {
	const { role, values } = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>()
	const { t } = useAdminI18n()
	const isSaving = useNavigation().state === 'submitting'
	const errors: Record<string, string | undefined> = result?.errors ?? {}
	const shown: Record<string, unknown> = { ...values, ...result?.values }
	return (
		<section>
			<title>{`${t('settings.title')} · Tolk admin`}</title>
			<h1 className="mb-4 text-2xl font-bold text-slate-900">{t('settings.title')}</h1>
			{result?.errors && (
				<p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
					{t('form.hasErrors', { count: Object.keys(result.errors).length })}
				</p>
			)}
			<Form method="post" noValidate className="space-y-6">
				<AuthenticityTokenInput />
				{groupsFor(role).map((group) => (
					<fieldset key={group.title} className="rounded-md border border-slate-300 bg-white p-5">
						<legend className="px-1 text-lg font-bold">{t(group.title)}</legend>
						{group.note && (
							<p className="mb-4 text-sm text-slate-700">
								{t(group.note.text)}{' '}
								<Link to={group.note.link} className="font-semibold text-teal-800 underline">
									{t(group.note.label)}
								</Link>
							</p>
						)}
						<div className="grid gap-5 md:grid-cols-2">
							{group.fields.map((field) => (
								<FieldInput
									key={field.name}
									field={field}
									value={
										field.kind === 'checkbox'
											? ['true', 'on'].includes(String(shown[field.name]))
											: String(shown[field.name] ?? '')
									}
									error={errors[field.name]}
								/>
							))}
						</div>
					</fieldset>
				))}
				<Button type="submit" disabled={isSaving}>
					{t('actions.save')}
				</Button>
			</Form>
		</section>
	)
}
