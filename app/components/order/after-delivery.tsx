import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, Input, inputClass } from '#app/components/ui/input.tsx'
import { formatDay } from '#app/utils/format.ts'

export type AfterDelivery = {
	accepted: string | null
	mayAccept: boolean
	mayRevise: boolean
	reviseUntil: string | null
	mayRate: boolean
	rating: { rating: number; comment: string } | null
}
export type AfterDeliveryAnswer = {
	intent: 'accept' | 'revision' | 'rate'
	ok: boolean
	message: string
	errors?: Record<string, string>
	values?: Record<string, string>
}

const BOX = 'mb-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'

// After a delivery: accept it, or ask for a revision (with a reason) within the days the agency
// gives; and rate the order. Plain forms, so they work without script.
export function AfterDeliverySection({ state, answer }: { state: AfterDelivery; answer: AfterDeliveryAnswer | null }) {
	const { locale, t } = useI18n()
	// An answer stays in sight after the request it answered took the form away.
	if (!state.mayAccept && !state.mayRevise && !state.mayRate && !answer) return null
	const values = answer && !answer.ok ? (answer.values ?? {}) : {}
	return (
		<section aria-labelledby="after-delivery" data-controller="after-delivery" className={BOX}>
			<h2 id="after-delivery" className="mb-3 text-xl font-semibold">
				{t('orderPage.after.title')}
			</h2>
			<FormAnswer answer={answer} />
			{state.mayAccept && (
				<Form method="post" className="mb-6">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="accept" />
					<Text as="p" k="orderPage.after.acceptLead" className="mb-2 text-slate-700" />
					<Button type="submit">{t('orderPage.after.accept')}</Button>
				</Form>
			)}
			{state.mayRevise && state.reviseUntil && (
				<Form method="post" noValidate className="mb-6">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="revision" />
					<label htmlFor="revision-reason" className="mb-1 block font-medium">
						{t('orderPage.after.reason')}
					</label>
					<textarea
						id="revision-reason"
						name="reason"
						rows={4}
						maxLength={2000}
						defaultValue={values.reason ?? ''}
						aria-invalid={answer?.errors?.reason ? true : undefined}
						aria-describedby="revision-reason-hint"
						className={inputClass}
					/>
					<p id="revision-reason-hint" className="mt-1 mb-2 text-sm text-slate-600">
						{t('orderPage.after.reasonHint', { date: formatDay(state.reviseUntil, locale) })}
					</p>
					<Button
						variant="bare"
						type="submit"
						className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50"
					>
						{t('orderPage.after.revise')}
					</Button>
				</Form>
			)}
			{state.mayRate && (
				<RatingForm state={state} values={values} errors={answer?.intent === 'rate' ? answer.errors : undefined} />
			)}
		</section>
	)
}

function RatingForm({
	state,
	values,
	errors,
}: {
	state: AfterDelivery
	values: Record<string, string>
	errors?: Record<string, string>
}) {
	const { t } = useI18n()
	const current = values.rating ?? String(state.rating?.rating ?? '')
	return (
		<Form method="post" noValidate>
			<AuthenticityTokenInput />
			<Hidden name="intent" value="rate" />
			<fieldset className="mb-3" aria-describedby={errors?.rating ? 'rating-error' : undefined}>
				<legend className="mb-1 font-medium">
					{t(state.rating ? 'orderPage.after.rated' : 'orderPage.after.rate')}
				</legend>
				<div className="flex flex-wrap gap-3">
					{[1, 2, 3, 4, 5].map((value) => (
						<label key={value} className="flex items-center gap-1">
							<Input
								variant="bare"
								type="radio"
								name="rating"
								value={value}
								defaultChecked={current === String(value)}
								className="size-4"
							/>
							{t('orderPage.after.stars', { count: String(value) })}
						</label>
					))}
				</div>
				{errors?.rating && (
					<p id="rating-error" className="mt-1 text-sm font-medium text-red-800">
						{errors.rating}
					</p>
				)}
			</fieldset>
			<label htmlFor="rating-comment" className="mb-1 block font-medium">
				{t('orderPage.after.comment')}
			</label>
			<textarea
				id="rating-comment"
				name="comment"
				rows={3}
				maxLength={2000}
				defaultValue={values.comment ?? state.rating?.comment ?? ''}
				aria-invalid={errors?.comment ? true : undefined}
				aria-describedby={errors?.comment ? 'rating-comment-error rating-comment-hint' : 'rating-comment-hint'}
				className={inputClass}
			/>
			<p id="rating-comment-hint" className="mt-1 text-sm text-slate-600">
				{t('orderPage.after.commentHint')}
			</p>
			{errors?.comment && (
				<p id="rating-comment-error" className="mt-1 text-sm font-medium text-red-800">
					{errors.comment}
				</p>
			)}
			<Button type="submit" className="mt-2">
				{t('orderPage.after.send')}
			</Button>
		</Form>
	)
}
