import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/backups'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { FieldInput } from '#app/components/admin/fields.tsx'
import { Table } from '#app/components/ui/table.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { requireAdmin } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import type { Field } from '#app/models/records/definition.ts'
import {
	BackupScheduleSchema,
	backupSchedule,
	latestBackups,
	saveBackupSchedule,
	type BackupRecord,
} from '#app/models/backup/schedule.server.ts'
import { dateTimeFormat } from '#app/utils/format.ts'
import { intlLocale } from '#app/utils/locales.ts'

const FIELDS: Field[] = [
	{ name: 'backupTime', kind: 'text', label: 'fields.backupTime', required: true, hint: 'hints.backupTime' },
	{ name: 'backupKeepDaily', kind: 'number', label: 'fields.backupKeepDaily', required: true },
	{ name: 'backupKeepWeekly', kind: 'number', label: 'fields.backupKeepWeekly', required: true },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(request, context)
	const db = getDb(context)
	const control = getServices(context).backups
	const [schedule, records] = await Promise.all([backupSchedule(db), latestBackups(db, control?.backupDir ?? null)])
	return {
		schedule: Object.fromEntries(Object.entries(schedule).map(([name, value]) => [name, String(value)])),
		records,
		running: control?.isRunning() ?? false,
		available: Boolean(control),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireAdmin(request, context)
	const form = await readForm(request)
	const services = getServices(context)
	if (form.get('intent') === 'backup') {
		const started = await services.backups?.start()
		return redirectWithFlash(context, '/admin/backups', {
			kind: started?.started ? 'success' : 'error',
			key: started?.started ? 'backups.flash.started' : 'backups.error.busy',
		})
	}
	const values = Object.fromEntries(FIELDS.map((field) => [field.name, form.get(field.name) ?? '']))
	const parsed = BackupScheduleSchema.safeParse(values)
	if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), values }, { status: 422 })
	await saveBackupSchedule(services, staff, parsed.data)
	return redirectWithFlash(context, '/admin/backups', { kind: 'success', key: 'flash.settingsSaved' })
}

export default function Backups() {
	const { schedule, records, running, available } = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>()
	const { t } = useAdminI18n()
	const busy = useNavigation().state === 'submitting'
	const errors: Record<string, string | undefined> = result?.errors ?? {}
	const shown: Record<string, unknown> = { ...schedule, ...result?.values }
	return (
		<section className="space-y-8" data-controller="backups">
			<title>{`${t('backups.title')} · Tolk admin`}</title>
			<h1 className="text-2xl font-bold text-slate-900">{t('backups.title')}</h1>
			<p className="max-w-prose text-slate-700">{t('backups.lead')}</p>
			<Form method="post">
				<AuthenticityTokenInput />
				<Button type="submit" name="intent" value="backup" disabled={busy || running || !available}>
					{running ? t('backups.running') : t('backups.now')}
				</Button>
			</Form>
			<BackupTable records={records} />
			<Form method="post" noValidate className="space-y-4 rounded-md border border-slate-300 bg-white p-5">
				<AuthenticityTokenInput />
				<h2 className="text-lg font-bold">{t('backups.schedule')}</h2>
				{result?.errors && (
					<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
						{t('form.hasErrors', { count: Object.keys(result.errors).length })}
					</p>
				)}
				<div className="grid gap-5 md:grid-cols-3">
					{FIELDS.map((field) => (
						<FieldInput
							key={field.name}
							field={field}
							value={String(shown[field.name] ?? '')}
							error={errors[field.name]}
						/>
					))}
				</div>
				<Button type="submit" name="intent" value="schedule" disabled={busy}>
					{t('actions.save')}
				</Button>
			</Form>
		</section>
	)
}

function BackupTable({ records }: { records: BackupRecord[] }) {
	const { locale, t } = useAdminI18n()
	const format = dateTimeFormat(locale)
	const size = new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
	if (records.length === 0) return <p className="text-slate-700">{t('backups.empty')}</p>
	return (
		<Table
			caption={t('backups.latest')}
			columns={[
				{ label: t('backups.started') },
				{ label: t('backups.trigger') },
				{ label: t('backups.state') },
				{ label: t('backups.size') },
				{ label: t('backups.verified') },
			]}
		>
			{records.map((record) => (
				<tr key={record.id} data-backup={record.name}>
					<td className="px-3 py-2 whitespace-nowrap">
						<time dateTime={record.startedAt}>{format.format(new Date(record.startedAt))}</time>
						<span className="block text-xs text-slate-600">{record.name}</span>
					</td>
					<td className="px-3 py-2">{t(`backups.triggers.${record.trigger}`)}</td>
					<td className="px-3 py-2">
						{t(`backups.states.${record.status}`)}
						{record.status === 'done' && !record.kept && (
							<span className="block text-xs text-slate-600">{t('backups.removed')}</span>
						)}
						{record.problem && (
							<span className="block text-sm text-red-800" data-backup-problem={record.problemKind ?? 'failed'}>
								{t(`backups.problems.${record.problemKind ?? 'failed'}`)}
								<span className="block text-xs text-slate-600">
									{t('backups.problemDetail', { problem: record.problem })}
								</span>
							</span>
						)}
					</td>
					<td className="px-3 py-2 whitespace-nowrap">
						{record.sizeBytes === null ? '–' : size.format(record.sizeBytes / 1_000_000)}
					</td>
					<td className="px-3 py-2">
						{record.verified === null ? '–' : record.verified ? t('backups.yes') : t('backups.no')}
					</td>
				</tr>
			))}
		</Table>
	)
}
