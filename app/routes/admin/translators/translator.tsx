import { data, Form, useActionData, useLoaderData } from 'react-router'
import { invitedAtOf } from '#app/models/staff/invitation.server.ts'
import { InviteAgain } from '#app/components/admin/invite-again.tsx'
import type { Route } from './+types/translator'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input, inputClass } from '#app/components/ui/input.tsx'
import { DetailHeader } from '#app/components/admin/section.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { recordIdOf } from '#app/http/records.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { fieldErrorsOf } from '#app/models/records/form.ts'
import {
	EmailTaken,
	findTranslator,
	readTranslatorForm,
	saveTranslator,
	teamMemberOptions,
	TranslatorSchema,
} from '#app/models/vendor/translators.server.ts'
import { listLanguageOptions } from '#app/models/vendor/languages.server.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'

import { ratingsOfTranslator } from '#app/models/order/after-delivery.server.ts'
import { formatNumber, formatPercent } from '#app/utils/format.ts'
import { getSettings } from '#app/models/site.server.ts'
import { REPETITION_RULES } from '#database/enums.ts'

const BLANK_ROWS = 3

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const db = getDb(context)
	const id = params.id === undefined ? null : recordIdOf(params.id)
	const translator = id ? await findTranslator(db, id) : null
	if (params.id !== undefined && !translator) throw notFound()
	const [members, languages, ratings, invitedAt, { repetitionPercent }] = await Promise.all([
		teamMemberOptions(db),
		listLanguageOptions(db),
		translator ? ratingsOfTranslator(db, translator.id) : null,
		translator ? invitedAtOf(db, translator.userId) : null,
		getSettings(db),
	])
	return {
		translator,
		members,
		languages,
		ratings,
		invitedAt: invitedAt?.toISOString() ?? null,
		customerRepetition: repetitionPercent,
	}
}

// POST: the translator and their login saved together; the form again with every error and
// everything typed (but the password) when something is wrong.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const id = params.id === undefined ? null : recordIdOf(params.id)
	if (params.id !== undefined && !id) throw notFound()
	const raw = readTranslatorForm(await readForm(request))
	const values = { ...raw, password: '' }
	const parsed = TranslatorSchema.safeParse(raw)
	if (!parsed.success) {
		return data({ errors: fieldErrorsOf(parsed.error), values }, { status: 422 })
	}
	try {
		const saved = await saveTranslator(getServices(context), staff, id, parsed.data)
		return redirectWithFlash(context, `/admin/translators/${saved}`, {
			kind: 'success',
			key: 'translators.flash.saved',
		})
	} catch (error) {
		if (error instanceof EmailTaken) return data({ errors: { email: 'errors.taken' }, values }, { status: 422 })
		throw error
	}
}

type Values = ReturnType<typeof readTranslatorForm>

export default function TranslatorForm() {
	const { translator, members, languages, ratings, invitedAt, customerRepetition } = useLoaderData<typeof loader>()
	const posted = useActionData<typeof action>()
	const { locale, t } = useAdminI18n()
	const errors: Record<string, string> = posted?.errors ?? {}
	const values: Partial<Values> = posted?.values ?? {}
	const value = (name: keyof Values, saved: unknown) => String(values[name] ?? saved ?? '')
	const pairs =
		values.pairs ??
		translator?.pairs.map((pair) => ({
			from: pair.from,
			to: pair.to,
			ratePerWord: String(pair.ratePerWord),
			ratePerMinute: pair.ratePerMinute === null ? '' : String(pair.ratePerMinute),
		})) ??
		[]
	const rows = [
		...pairs,
		...Array.from({ length: BLANK_ROWS }, () => ({ from: '', to: '', ratePerWord: '', ratePerMinute: '' })),
	]
	const field = (name: string, label: AdminMessageKey, props: React.InputHTMLAttributes<HTMLInputElement>) => (
		<label className="block text-sm font-medium">
			{t(label)}
			<Input
				name={name}
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={errors[name] ? `${name}-error` : undefined}
				{...props}
			/>
			{errors[name] && (
				<span id={`${name}-error`} className="block text-red-800">
					{t(errors[name] as AdminMessageKey)}
				</span>
			)}
		</label>
	)
	const title = translator ? translator.name : t('translators.new')
	return (
		<section className="max-w-3xl space-y-4" data-controller="translator-form">
			<title>{`${title} · Tolk admin`}</title>
			<DetailHeader back={{ to: '/admin/translators', label: t('translators.back') }} title={title} />
			<Form method="post" className="space-y-4" noValidate>
				<AuthenticityTokenInput />
				{field('name', 'fields.name', {
					defaultValue: value('name', translator?.name),
					required: true,
					maxLength: 120,
				})}
				{field('email', 'fields.email', {
					type: 'email',
					defaultValue: value('email', translator?.email),
					required: true,
				})}
				{field('password', 'fields.password', { type: 'password', autoComplete: 'new-password' })}
				<p className="text-sm text-slate-600">{t(translator ? 'hints.password' : 'translators.passwordHint')}</p>
				<label className="block text-sm font-medium">
					{t('translators.teamMember')}
					<select
						name="teamMemberId"
						defaultValue={value('teamMemberId', translator?.teamMemberId)}
						className={inputClass}
					>
						<option value="">{t('translators.noTeamMember')}</option>
						{members.map((member) => (
							<option key={member.id} value={member.id}>
								{member.name}
							</option>
						))}
					</select>
				</label>
				{field('dailyCapacity', 'translators.capacityLabel', {
					inputMode: 'numeric',
					defaultValue: value('dailyCapacity', translator?.dailyCapacity ?? 2500),
				})}
				<label className="flex items-center gap-2 text-sm font-medium">
					<Input
						variant="bare"
						type="checkbox"
						name="active"
						defaultChecked={values.active === undefined ? (translator?.active ?? true) : values.active === 'on'}
					/>
					{t('translators.activeLabel')}
				</label>
				<fieldset className="space-y-2" aria-describedby={errors.pairs ? 'pairs-error' : undefined}>
					<legend className="font-semibold">{t('translators.pairsLabel')}</legend>
					{errors.pairs && (
						<p id="pairs-error" className="text-sm text-red-800">
							{t(errors.pairs as AdminMessageKey)}
						</p>
					)}
					{rows.map((row, index) => (
						<div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-pair-row={index}>
							{(['from', 'to'] as const).map((side) => (
								<label key={side} className="text-sm">
									{t(`translators.${side}`)}
									<select name={`pairs.${index}.${side}`} defaultValue={row[side]} className={inputClass}>
										<option value="">–</option>
										{languages.map((language) => (
											<option key={language.code} value={language.code}>
												{locale === 'da' ? language.nameDa : language.nameEn}
											</option>
										))}
									</select>
								</label>
							))}
							<label className="text-sm">
								{t('translators.ratePerWord')}
								<Input name={`pairs.${index}.ratePerWord`} inputMode="decimal" defaultValue={row.ratePerWord} />
							</label>
							<label className="text-sm">
								{t('translators.ratePerMinute')}
								<Input name={`pairs.${index}.ratePerMinute`} inputMode="decimal" defaultValue={row.ratePerMinute} />
							</label>
						</div>
					))}
				</fieldset>
				<fieldset className="space-y-2">
					<legend className="font-semibold">{t('translators.reviewLabel')}</legend>
					<p className="text-sm text-slate-600">{t('translators.reviewHint')}</p>
					<label className="block text-sm font-medium">
						{t('translators.reviewRule')}
						<select
							name="reviewFeeRule"
							defaultValue={value('reviewFeeRule', translator?.reviewFeeRule ?? 'share')}
							className={inputClass}
						>
							<option value="share">{t('translators.reviewRule.share')}</option>
							<option value="hourly">{t('translators.reviewRule.hourly')}</option>
						</select>
					</label>
					<div className="grid gap-2 sm:grid-cols-2">
						{field('reviewSharePercent', 'translators.reviewShare', {
							inputMode: 'numeric',
							defaultValue: value('reviewSharePercent', translator?.reviewSharePercent ?? 40),
						})}
						{field('hourlyRate', 'translators.hourlyRate', {
							inputMode: 'decimal',
							defaultValue: value('hourlyRate', translator?.hourlyRate),
						})}
					</div>
				</fieldset>
				<fieldset className="space-y-2">
					<legend className="font-semibold">{t('translators.repetitionLabel')}</legend>
					<p className="text-sm text-slate-600">
						{t('hints.repetitionRule', { percent: formatPercent(customerRepetition, locale) })}
					</p>
					<div className="grid gap-2 sm:grid-cols-2">
						<label className="block text-sm font-medium">
							{t('translators.repetitionRule')}
							<select
								name="repetitionRule"
								defaultValue={value('repetitionRule', translator?.repetitionRule ?? 'customer')}
								className={inputClass}
							>
								{REPETITION_RULES.map((rule) => (
									<option key={rule} value={rule}>
										{t(`translators.repetition.${rule}`)}
									</option>
								))}
							</select>
						</label>
						{field('repetitionOwnPercent', 'translators.repetitionOwnPercent', {
							inputMode: 'numeric',
							defaultValue: value('repetitionOwnPercent', translator?.repetitionOwnPercent),
						})}
					</div>
				</fieldset>
				<Button type="submit">{t('translators.save')}</Button>
			</Form>
			{translator && <InviteAgain userId={translator.userId} invitedAt={invitedAt} />}
			{ratings && <TranslatorRatings ratings={ratings} />}
		</section>
	)
}

// What customers said of the orders this translator worked on.
function TranslatorRatings({ ratings }: { ratings: NonNullable<Awaited<ReturnType<typeof loader>>['ratings']> }) {
	const { locale, t } = useAdminI18n()
	return (
		<section aria-labelledby="translator-ratings" data-controller="translator-ratings" className="space-y-2">
			<h2 id="translator-ratings" className="text-lg font-semibold">
				{t('translators.ratings')}
			</h2>
			{ratings.average === null ? (
				<p className="text-sm">{t('translators.ratingsNone')}</p>
			) : (
				<p className="text-sm">
					{t('translators.ratingsSummary', {
						average: formatNumber(Math.round(ratings.average * 10) / 10, locale),
						count: ratings.count,
					})}
				</p>
			)}
			<ul className="divide-y divide-slate-200 text-sm">
				{ratings.latest.map((row) => (
					<li key={row.orderId} className="py-1">
						<a href={`/admin/orders/${row.orderId}`} className="underline">
							{row.reference}
						</a>
						: {t('orders.ratingValue', { rating: String(row.rating) })}
						{row.comment ? ` · ${row.comment}` : ''}
					</li>
				))}
			</ul>
		</section>
	)
}
