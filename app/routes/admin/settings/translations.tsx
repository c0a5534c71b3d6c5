import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/translations'
import { Hidden, Input, inputClass } from '#app/components/ui/input.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import {
	editTranslation,
	findTranslations,
	isTranslationKey,
	restoreTranslation,
	type TranslationRow,
} from '#app/models/translation.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { wantsJson } from '#app/utils/request-headers.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import { LOCALES } from '#app/utils/locales.ts'
import { areaOf, groupTextsByPage } from '#app/models/text/pages.ts'
import { readForm, readJson } from '#app/http/request-body.server.ts'
import { safeLocalPath } from '#app/utils/safe-redirect.ts'
import { ScrollBox } from '#app/components/ui/table.tsx'
import { Button } from '#app/components/ui/button.tsx'

const MAX_VALUE = 5000
const Key = z.string().refine(isTranslationKey, 'translations.error.key')
const Value = z.string().max(MAX_VALUE, 'translations.error.tooLong')

// The spec's call from a text edited in place: {translation: {locale, key, value}}, value being
// the element's HTML.
const PatchSchema = z.object({
	translation: z.object({
		locale: z.enum(LOCALES),
		key: Key,
		value: Value.refine((value) => value.trim() !== '', 'translations.error.empty'),
	}),
})

// PATCH /admin/translations (JSON) from the public pages; people use the page below.
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		if (request.method !== 'PATCH') return next()
		const staff = requireStaff(request, context)
		if (!wantsJson(request)) return Response.json({ error: 'Send JSON.' }, { status: 406 })
		const parsed = PatchSchema.safeParse(await readJson(request))
		if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 422 })
		const { locale, key, value } = parsed.data.translation
		const stored = await editTranslation(getServices(context), staff, { locale, key, value })
		return Response.json({ translation: { locale, key, value: stored } }, { headers: { 'Cache-Control': 'no-store' } })
	},
]

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const { searchParams } = new URL(request.url)
	const query = searchParams.get('q') ?? ''
	return findTranslations(getDb(context), { query, onlyMissing: searchParams.get('missing') === '1' })
}

const FormSchema = z.object({
	intent: z.enum(['save', 'revert']),
	key: Key,
	locale: z.enum(LOCALES),
	value: Value.optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const form = Object.fromEntries(await readForm(request))
	const parsed = FormSchema.safeParse(form)
	if (!parsed.success) {
		return data(
			{
				key: String(form.key ?? ''),
				locale: String(form.locale ?? ''),
				value: String(form.value ?? ''),
				error: parsed.error.issues[0]!.message as AdminMessageKey,
			},
			{ status: 422 },
		)
	}
	const { intent, key, locale, value = '' } = parsed.data
	const back = new URL(request.url)
	back.searchParams.delete('edit')
	const to = `${safeLocalPath(back.pathname + back.search, { under: '/admin/translations' })}#${encodeURIComponent(key)}`
	if (intent === 'revert') {
		await restoreTranslation(getServices(context), staff, { locale, key })
		return redirectWithFlash(context, to, { kind: 'success', key: 'translations.flash.reverted', vars: { key } })
	}
	if (value.trim() === '')
		return data(
			{ key, locale: locale as string, value, error: 'translations.error.empty' as AdminMessageKey },
			{ status: 422 },
		)
	await editTranslation(getServices(context), staff, { locale, key, value })
	return redirectWithFlash(context, to, { kind: 'success', key: 'translations.flash.saved', vars: { key } })
}

export default function Translations() {
	const { rows, total, missingCount } = useLoaderData<typeof loader>()
	const [params] = useSearchParams()
	const { t } = useAdminI18n()
	const editing = params.get('edit')
	return (
		<section>
			<title>{`${t('translations.title')} · Tolk admin`}</title>
			<h1 className="mb-2 text-2xl font-bold text-slate-900">{t('translations.title')}</h1>
			<p className="mb-4 max-w-3xl text-slate-700">{t('translations.lead')}</p>
			<Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
				<div>
					<label htmlFor="translations-q" className="mb-1 block text-sm font-medium">
						{t('translations.search')}
					</label>
					<Input id="translations-q" name="q" type="search" defaultValue={params.get('q') ?? ''} />
				</div>
				<label className="flex items-center gap-2 pb-2 text-sm">
					<Input
						variant="bare"
						type="checkbox"
						name="missing"
						value="1"
						defaultChecked={params.get('missing') === '1'}
						className="h-4 w-4 accent-teal-800"
					/>
					{t('translations.onlyMissing', { count: missingCount })}
				</label>
				<Button variant="secondary" type="submit">
					{t('translations.filter')}
				</Button>
			</Form>
			<p role="status" className="mb-2 text-sm text-slate-600">
				{t('translations.count', { shown: rows.length, total })}
			</p>
			<ScrollBox>
				<table className="w-full min-w-[40rem] table-fixed border-collapse rounded-md border border-slate-300 bg-white text-sm">
					<caption className="sr-only">{t('translations.title')}</caption>
					<thead>
						<tr className="border-b border-slate-300 text-left">
							<th scope="col" className="w-1/4 px-3 py-2">
								{t('translations.key')}
							</th>
							<th scope="col" className="px-3 py-2">
								Dansk
							</th>
							<th scope="col" className="px-3 py-2">
								English
							</th>
						</tr>
					</thead>
					{groupTextsByPage(rows).map((group) => (
						<tbody key={group.page} aria-labelledby={`texts-${group.page}`}>
							<tr className="border-b border-slate-300 bg-slate-100">
								<th
									id={`texts-${group.page}`}
									colSpan={3}
									scope="colgroup"
									className="px-3 py-2 text-left text-base font-bold text-slate-900"
								>
									{t(`translations.page.${group.page}`)}
								</th>
							</tr>
							{group.rows.map((row) => (
								<TranslationRowView key={row.key} row={row} isEditing={editing === row.key} />
							))}
						</tbody>
					))}
				</table>
			</ScrollBox>
		</section>
	)
}

function TranslationRowView({ row, isEditing }: { row: TranslationRow; isEditing: boolean }) {
	const { t } = useAdminI18n()
	const [params] = useSearchParams()
	const result = useActionData<typeof action>()
	const isSaving = useNavigation().state === 'submitting'
	// A refused save comes back to its own field with what was typed.
	const failed = result?.key === row.key ? result : null
	const editLink = new URLSearchParams(params)
	editLink.set('edit', row.key)
	return (
		<tr id={row.key} className="border-b border-slate-200 align-top">
			<th scope="row" className="px-3 py-2 text-left font-normal">
				<span className="block font-semibold text-slate-900">{t(`translations.area.${areaOf(row.key)}`)}</span>
				<span className="block font-mono text-xs break-all text-slate-600">{row.key}</span>
				{!isEditing && (
					<Link
						to={`?${editLink}#${encodeURIComponent(row.key)}`}
						className="mt-1 block font-sans text-sm text-teal-800 underline"
					>
						{t('translations.edit')}
						<span className="sr-only"> {row.key}</span>
					</Link>
				)}
			</th>
			{LOCALES.map((locale) => {
				const cell = row.values[locale]
				return (
					<td key={locale} lang={locale} className="px-3 py-2">
						{isEditing ? (
							<Form method="post" className="grid gap-2">
								<AuthenticityTokenInput />
								<Hidden name="key" value={row.key} />
								<Hidden name="locale" value={locale} />
								<label htmlFor={`${row.key}-${locale}`} className="sr-only">
									{t('translations.valueIn', { key: row.key, language: locale === 'da' ? 'Dansk' : 'English' })}
								</label>
								<textarea
									id={`${row.key}-${locale}`}
									name="value"
									rows={3}
									defaultValue={failed?.locale === locale ? failed.value : cell.value}
									aria-invalid={failed?.locale === locale ? true : undefined}
									aria-describedby={failed?.locale === locale ? `${row.key}-${locale}-error` : undefined}
									className={inputClass}
								/>
								{failed?.locale === locale && (
									<p id={`${row.key}-${locale}-error`} role="alert" className="text-sm text-red-700">
										{t(failed.error)}
									</p>
								)}
								<div className="flex flex-wrap gap-2">
									<Button variant="small" type="submit" name="intent" value="save" disabled={isSaving}>
										{t('actions.save')}
									</Button>
									{cell.isOverridden && (
										<Button variant="secondarySmall" type="submit" name="intent" value="revert">
											{t('translations.revert')}
										</Button>
									)}
								</div>
							</Form>
						) : cell.isMissing ? (
							<span className="font-medium text-red-700">{t('translations.missing')}</span>
						) : (
							<>
								<span className="break-words whitespace-pre-wrap">{cell.value}</span>
								{cell.isOverridden && (
									<span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
										{t('translations.changed')}
									</span>
								)}
							</>
						)}
					</td>
				)
			})}
		</tr>
	)
}
